import { expect, test } from '@playwright/test';
import path from 'node:path';
import { FIXTURES, Loupe } from './pages/Loupe';

// Keyboard use: every tab stop is something the user can see is focused; no stop lands on a hidden input.

test('the home page file pickers show where the keyboard is', async ({ page }) => {
  const app = new Loupe(page);
  await app.home();
  for (const name of ['Choose files', 'Choose a folder']) {
    const input = page.getByLabel(name, { exact: true });
    // Reached with Tab, as a keyboard user would.
    for (let i = 0; i < 12 && !(await input.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(input).toBeFocused();
    const ring = await input.evaluate((el) => getComputedStyle(el.closest('label') ?? el).boxShadow);
    expect(ring, name).not.toBe('none');
  }
});

test('the filter and find boxes show a focus ring, not only a border colour', async ({ page }) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=cc-2-1');
  await app.waitForWorkbench();
  const ring = (el: Element): string => getComputedStyle(el).boxShadow;
  await page.keyboard.press('/');
  await expect(app.filter).toBeFocused();
  expect(await app.filter.evaluate((el) => getComputedStyle(el.parentElement ?? el).boxShadow)).not.toBe('none');
  const find = page.getByRole('textbox', { name: 'Find' });
  await find.focus();
  expect(await find.evaluate(ring)).not.toBe('none');
  // Not before: the ring is the focus's own.
  await app.events.focus();
  expect(await find.evaluate(ring)).toBe('none');
});

test('the panel and details tabs show a focus ring when the keyboard reaches them', async ({ page }) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=cc-2-1');
  await app.waitForWorkbench();
  const ring = (el: Element): string => getComputedStyle(el).boxShadow;
  // An event's row (Enter on a header folds it): Enter takes the keyboard to the details' tabs.
  await app.option(/^user prompt: Refactor the greeter/).click();
  await expect(app.events).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(app.tab('Message')).toBeFocused();
  expect(await app.tab('Message').evaluate(ring)).not.toBe('none');
  const timeline = page.getByRole('tab', { name: 'Timeline' });
  await timeline.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Stats & verdict' })).toBeFocused();
  expect(await page.getByRole('tab', { name: 'Stats & verdict' }).evaluate(ring)).not.toBe('none');
});

test('the workbench toolbar: Tab goes from Reload… to Share…, not to the hidden file input behind Reload…', async ({
  page,
}) => {
  const app = new Loupe(page);
  await app.home();
  await app.drop([{ name: 'claude-p.jsonl', path: path.join(FIXTURES, 'claude-p.jsonl') }]);
  await app.waitForWorkbench();
  await page.getByRole('button', { name: 'Reload…' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Share…' })).toBeFocused();
});

test('the panel tabs: arrows, Home and End take the focus to the tab they show, whose panel it labels', async ({
  page,
}) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=cc-2-1');
  await app.waitForWorkbench();
  const panels = page.getByRole('tablist', { name: 'Panels' });
  const timeline = panels.getByRole('tab', { name: 'Timeline' });
  const stats = panels.getByRole('tab', { name: 'Stats & verdict' });
  await timeline.focus();
  await page.keyboard.press('ArrowRight');
  await expect(stats).toHaveAttribute('aria-selected', 'true');
  await expect(stats).toBeFocused();
  await expect(page).toHaveURL(/[?&]panel=stats/);
  await expect(
    page.getByRole('tabpanel', { name: 'Stats & verdict' }).getByRole('region', { name: 'Stats' }),
  ).toBeVisible();
  await page.keyboard.press('Home');
  await expect(timeline).toBeFocused();
  await expect(timeline).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Timeline' }).getByRole('listbox', { name: 'Events' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(stats).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(timeline).toBeFocused();
  await expect(page).not.toHaveURL(/[?&]panel=/);
});

test('Esc in an empty filter or find box goes back to the list; with text, it clears the box first', async ({
  page,
}) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=cc-2-1');
  await app.waitForWorkbench();
  await page.keyboard.press('/');
  await expect(app.filter).toBeFocused();
  await page.keyboard.type('tool:Bash');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=tool%3ABash/);
  await page.keyboard.press('Escape');
  await expect(app.filter).toHaveValue('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(app.filter).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(app.events).toBeFocused();
  // From there the list takes the keys.
  await page.keyboard.press('ArrowDown');
  await expect(app.selected()).toHaveCount(1);

  const find = page.getByRole('textbox', { name: 'Find' });
  await find.fill('greet');
  await find.press('Escape');
  await expect(find).toHaveValue('');
  await expect(find).toBeFocused();
  await find.press('Escape');
  await expect(app.events).toBeFocused();
});

test('Esc with the completion list open closes the list only; the next Esc clears the box, as in DevTools', async ({
  page,
}) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=cc-2-1&q=tool%3ABash');
  await app.waitForWorkbench();
  await app.filter.click();
  await app.filter.press('End');
  await page.keyboard.type(' mod');
  await expect(app.suggestions).toBeVisible();
  // One Esc: the list closes; what is typed stays, and so does the filter applied.
  await page.keyboard.press('Escape');
  await expect(app.suggestions).toHaveCount(0);
  await expect(app.filter).toHaveAttribute('aria-expanded', 'false');
  await expect(app.filter).toHaveValue('tool:Bash mod');
  await expect(page).toHaveURL(/[?&]q=tool%3ABash(?:&|$)/);
  await expect(app.filter).toBeFocused();
  // The next: the box is cleared, and the filter with it.
  await page.keyboard.press('Escape');
  await expect(app.filter).toHaveValue('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(app.filter).toBeFocused();
});

test('the list keys work as soon as the page opens; Enter goes to the details and Esc comes back', async ({ page }) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=cc-2-1');
  await app.waitForWorkbench();
  // Nothing has the focus yet: ↓ and j still move in the list, and leave the focus there.
  await page.keyboard.press('ArrowDown');
  await expect(app.events).toBeFocused();
  await expect(app.selected()).toContainText('Response 1');
  await page.keyboard.press('j');
  await expect(app.selected()).toContainText('Refactor the greeter');
  await page.keyboard.press('Enter');
  await expect(app.tab('Message')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(app.events).toBeFocused();
  await page.keyboard.press('j');
  await expect(app.selected()).toContainText('Model call 1');
});

test('buttons that go away when pressed leave the focus where the keyboard can go on', async ({ page }) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=cc-2-1&q=kind:hook');
  // Every hook is under the Hooks chip, which is off: no event is shown yet.
  await expect(app.computedCost).toBeVisible();
  // "Show hooks" goes with the note it sits in: the focus goes to the list that now shows them.
  const show = page.getByRole('status', { name: 'Hidden matches' }).getByRole('button', { name: 'Show hooks' });
  await show.focus();
  await page.keyboard.press('Enter');
  await expect(app.chip('Hooks')).toHaveAttribute('aria-pressed', 'true');
  await expect(show).toHaveCount(0);
  await expect(app.events).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(app.selected()).toHaveCount(1);
});

test('the diagnostics panel: a line that did not parse is quoted, not a button; closing it gives the focus back', async ({
  page,
}) => {
  const app = new Loupe(page);
  await app.home();
  const prompt = {
    type: 'user',
    uuid: 'u1',
    sessionId: 's1',
    timestamp: '2026-01-01T00:00:00Z',
    message: { role: 'user', content: 'hi' },
  };
  await page.getByLabel('Paste JSONL').fill(`${JSON.stringify(prompt)}\n{"type":"assistant", oops\n`);
  await page.getByRole('button', { name: 'Open pasted text' }).click();
  await app.waitForWorkbench();
  await expect(app.diagnostics).toHaveText('1');
  await expect(app.filterCount).toHaveText('1 event');
  await app.diagnostics.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'Diagnostics panel' });
  const item = panel.getByRole('listitem');
  await expect(item).toContainText('malformed-json');
  await expect(item).toContainText('"{\\"type\\":\\"assistant\\", oops"');
  // It made no event: there is nowhere to go, so it does not pretend to be a button; its whole line opens below it.
  const line = item.getByRole('button', { name: 'line 2' });
  await expect(item.getByRole('button')).toHaveCount(1);
  await expect(line).toHaveAttribute('aria-expanded', 'false');
  await line.press('Enter');
  await expect(line).toHaveAttribute('aria-expanded', 'true');
  await expect(item.getByLabel('Line 2 of pasted.jsonl')).toHaveText('{"type":"assistant", oops');
  await line.press('Enter');
  await expect(item.getByLabel('Line 2 of pasted.jsonl')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Close diagnostics' }).press('Enter');
  await expect(panel).toHaveCount(0);
  await expect(app.diagnostics).toBeFocused();
});
