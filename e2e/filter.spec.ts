import { expect, test } from '@playwright/test';
import { Loupe } from './pages/Loupe';

// The filter box on a current Claude Code session (public/samples/cc-2-1: 66 JSONL lines and one .meta.json record,
// 67 events; 24 of the lines are `"type": "assistant"` at the top level) and on a real one (deep-manifest).

test.describe('the filter box (cc-2-1 sample)', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/view?sample=cc-2-1');
    await new Loupe(page).waitForWorkbench();
  });

  test('Enter applies the phrase typed, even when its last word starts a property name', async ({ page }) => {
    const app = new Loupe(page);
    // The default chips hide hooks, progress and meta lines: 43 of the 67 events are shown.
    await expect(app.filterCount).toHaveText('43 of 67 events');
    // `status` is also a property: a completion is offered, but Enter does not take it.
    await app.filter.fill('git status');
    await expect(app.suggestions.getByRole('option')).toHaveText([/status:/]);
    await app.filter.press('Enter');
    await expect(app.filter).toHaveValue('git status');
    await expect(page).toHaveURL(/q=git\+status/);
    await expect(app.suggestions).toBeHidden();
    await expect(app.option(/Bash\(ls -la && git status --short\)/)).toBeVisible();
    await expect(app.filterCount).toHaveText(/^[1-9]\d* of 67 events$/);
    await expect(app.filterWarnings).toBeHidden();
  });

  test('the box shows how many events matched, of all events (not rows)', async ({ page }) => {
    const app = new Loupe(page);
    await app.setFilter('kind:assistant');
    await expect(app.filterCount).toHaveText('24 of 67 events');
    // Headers (responses, model calls, lanes) are rows, not events.
    // The list renders after the count: poll until it has (a one-shot count raced it).
    await expect.poll(() => app.events.getByRole('option').count()).toBeGreaterThan(24);
    await app.setFilter('-kind:assistant');
    // The chips still apply: of the 43 events they show, 19 are not assistant lines.
    await expect(app.filterCount).toHaveText('19 of 67 events');
    await app.setFilter('');
    await expect(app.filterCount).toHaveText('43 of 67 events');
  });

  test('Tab or a click accepts a completion; the arrow keys move in the list', async ({ page }) => {
    const app = new Loupe(page);
    await app.filter.fill('ki');
    await expect(app.suggestions.getByRole('option')).toHaveText([/kind:/]);
    await app.filter.press('Tab');
    await expect(app.filter).toHaveValue('kind:');
    await expect(app.filter).toBeFocused();
    const options = app.suggestions.getByRole('option');
    await expect(options.first()).toHaveText('kind:user');
    // Nothing is chosen until an arrow key chooses it; the combobox points at the chosen option.
    await expect(app.suggestions.locator('[aria-selected=true]')).toHaveCount(0);
    await app.filter.press('ArrowDown');
    await app.filter.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(app.filter).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id')) ?? '');
    await app.filter.press('ArrowUp');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await app.filter.press('ArrowUp');
    await expect(options.last()).toHaveAttribute('aria-selected', 'true');
    await app.filter.press('ArrowDown');
    await app.filter.press('ArrowDown');
    await expect(options.nth(1)).toHaveText('kind:assistant');
    await app.filter.press('Enter');
    await expect(app.filter).toHaveValue('kind:assistant');
    await expect(app.filterCount).toHaveText('24 of 67 events');
    // A click on a completion takes it too.
    await app.filter.fill('kind:assistant too');
    await app.suggestions.getByRole('option', { name: /tool:/ }).click();
    await expect(app.filter).toHaveValue('kind:assistant tool:');
    await app.suggestions.getByRole('option', { name: 'tool:Edit' }).click();
    await expect(app.filter).toHaveValue('kind:assistant tool:Edit');
    await expect(page).toHaveURL(/q=kind%3Aassistant\+tool%3AEdit/);
    // The list re-renders as the filter lands: wait for its count, then ask of the rows as they are, never a snapshot.
    await expect(app.filterCount).toHaveText(/^[1-9]\d* of 67 events$/);
    await expect(app.eventRows()).not.toHaveCount(0);
    await expect(app.eventRows().filter({ hasNotText: 'Edit(' })).toHaveCount(0);
  });

  test('an unknown value is flagged with the closest valid one, and a click puts it in place', async ({ page }) => {
    const app = new Loupe(page);
    await app.setFilter('kind:tool_result');
    await expect(app.filterWarnings).toHaveText('⚠ Unknown kind tool_result — did you mean tool-result?');
    await expect(app.filterCount).toHaveText('0 of 67 events');
    await expect(page.getByText('No events match: the filter names something this trace does not have')).toBeVisible();
    // The warning describes the box, for a screen reader too.
    await expect(app.filter).toHaveAccessibleDescription(/0 of 67 events.*Unknown kind tool_result/);
    await app.filterWarnings.getByRole('button', { name: 'tool-result' }).click();
    await expect(app.filter).toHaveValue('kind:tool-result');
    await expect(app.filterWarnings).toBeHidden();
    await expect(app.filterCount).toHaveText(/^[1-9]\d* of 67 events$/);
  });

  test('an unknown status lists the valid ones; an unknown property says it was searched as text', async ({ page }) => {
    const app = new Loupe(page);
    await app.setFilter('status:bogus tool:Edit');
    await expect(app.filterWarnings).toHaveText(
      '⚠ Unknown status bogus — one of error, ok, denied, incomplete, interrupted',
    );
    await app.filterWarnings.getByRole('button', { name: 'error' }).click();
    await expect(app.filter).toHaveValue('status:error tool:Edit');
    await expect(app.option(/String to replace not found/)).toBeVisible();
    await app.setFilter('foo:bar');
    await expect(app.filterWarnings).toContainText(
      '⚠ Unknown property foo (searched as text) — one of kind:, tool:, status:',
    );
    await app.setFilter('tool:Bahs');
    await expect(app.filterWarnings).toHaveText('⚠ No tool Bahs in this trace — did you mean Bash?');
    await app.setFilter('agent:alise');
    await expect(app.filterWarnings).toHaveText('⚠ No agent alise in this trace — did you mean alice?');
  });
});

test('Find (Ctrl+F) steps through the rows that hold the text, under the filter', async ({ page }) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=cc-2-1');
  await app.waitForWorkbench();
  await app.setFilter('kind:assistant');
  await app.events.focus();
  await page.keyboard.press('Control+f');
  const find = page.getByRole('textbox', { name: 'Find' });
  await expect(find).toBeFocused();
  await find.fill('worktree');
  const status = page.getByRole('banner').getByText(/^\d+ \/ \d+$/);
  await expect(status).toHaveText(/^0 \/ [1-9]\d*$/);
  await find.press('Enter');
  await expect(status).toHaveText(/^1 \/ [1-9]\d*$/);
  await expect(app.selected()).toHaveCount(1);
  const first = await app.selected().getAttribute('aria-label');
  // A match is a row whose label or text holds the word (an Agent call's prompt counts).
  await find.press('Enter');
  await expect(status).toHaveText(/^2 \/ [1-9]\d*$/);
  await expect(app.selected()).not.toHaveAttribute('aria-label', first ?? '');
  await expect(page).toHaveURL(/sel=\d+/);
  await find.press('Escape');
  await expect(status).toHaveCount(0);
});

test('Enter in Find right after typing goes to the first match, the matches not yet counted', async ({ page }) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=cc-2-1');
  await app.waitForWorkbench();
  const find = page.getByRole('textbox', { name: 'Find' });
  // fill then Enter at once: the step comes before the worker has counted the matches, and must not be lost.
  await find.fill('greet');
  await find.press('Enter');
  await expect(page.getByRole('banner').getByText(/^\d+ \/ \d+$/)).toHaveText(/^1 \/ [1-9]\d*$/);
  await expect(app.selected()).toHaveCount(1);
  await expect(app.selected()).toHaveAttribute('aria-label', /greet/i);
});

test('a reload with a filter active restores the selection and scrolls it into view (deep-manifest)', async ({
  page,
}) => {
  const app = new Loupe(page);
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/view?sample=deep-manifest');
  await app.waitForWorkbench();
  await app.setFilter('kind:assistant');
  await app.events.focus();
  await page.keyboard.press('End');
  const last = app.selected();
  await expect(last).toBeInViewport();
  const label = (await last.getAttribute('aria-label')) ?? '';
  expect(label).not.toBe('');
  await expect(page).toHaveURL(/sel=\d+/);
  await page.reload();
  await app.waitForWorkbench();
  await expect(app.filter).toHaveValue('kind:assistant');
  await expect(app.selected()).toHaveAttribute('aria-label', label);
  await expect(app.selected()).toBeInViewport();
  await expect(app.filterCount).toHaveText(/^\d+ of 351 events$/);
});

test('the list is marked busy in the same event that applies a filter, so no key acts on the old rows (deep-manifest)', async ({
  page,
}) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=deep-manifest');
  await app.waitForWorkbench();
  await app.filter.fill('kind:assistant');
  const list = await app.events.elementHandle();
  // Enter, then only microtasks: the address and the list must agree before any other event (a key) can run.
  const seen = await app.filter.evaluate(async (input, events) => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await Promise.resolve();
    return { search: window.location.search, busy: events?.getAttribute('aria-busy') };
  }, list);
  expect(seen.search).toContain('q=kind%3Aassistant');
  expect(seen.busy).toBe('true');
  await expect(app.events).toHaveAttribute('aria-busy', 'false');
  await expect(app.filterCount).toHaveText(/^[1-9]\d* of 351 events$/);
});

test('agent: completes an unnamed subagent by its type, with its lane label beside it (deep-manifest)', async ({
  page,
}) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=deep-manifest');
  await app.waitForWorkbench();
  await app.filter.fill('agent:');
  const explore = app.suggestions.getByRole('option', { name: /^agent:Explore/ });
  await expect(explore).toHaveText(/^agent:Explore\s*Explore · Explore ZIP processing/);
  // A word of the label finds it too.
  await app.filter.fill('agent:zip');
  await expect(app.suggestions.getByRole('option')).toHaveText([/^agent:Explore/]);
  await app.filter.press('Tab');
  await expect(app.filter).toHaveValue('agent:Explore');
  await expect(app.filterCount).toHaveText(/^[1-9]\d* of 351 events$/);
});
