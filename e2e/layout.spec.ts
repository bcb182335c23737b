import { expect, test } from '@playwright/test';
import path from 'node:path';
import { FIXTURES, Loupe } from './pages/Loupe';

// The workbench holds from 900 to 1920 px: no sideways page scroll, tabs on one line, the Stats pane using its width,
// and dollars precise enough to audit.

const SAMPLES = ['tour', 'cc-2-1', 'eval-failed', 'deep-manifest', 'claude-p', 'structured-output', 'short'];

test.describe('at 900 px', () => {
  test.use({ viewport: { width: 900, height: 760 } });

  for (const id of SAMPLES) {
    test(`the ${id} sample never scrolls the page sideways`, async ({ page }) => {
      const app = new Loupe(page);
      await page.goto(`/view?sample=${id}`);
      await app.waitForWorkbench();
      await app.eventRows().first().click();
      expect(await app.pageScrollsSideways()).toBe(false);
      await app.setFilter('kind:bogus status:nope');
      await expect(app.filterWarnings).toBeVisible();
      expect(await app.pageScrollsSideways()).toBe(false);
      await page.getByRole('tab', { name: 'Stats & verdict' }).click();
      await expect(page.getByRole('region', { name: 'Stats' })).toBeVisible();
      expect(await app.pageScrollsSideways()).toBe(false);
    });
  }

  test('real transcripts dropped as files and as a folder never scroll the page sideways', async ({ page }) => {
    const app = new Loupe(page);
    await app.home();
    await page.getByLabel('Choose a folder').setInputFiles(path.join(FIXTURES, 'project'));
    await app.waitForWorkbench();
    await app.pick('tool:Task', /Task\(/);
    await app.tab('Tool call').click();
    await expect(app.toolCall(/Task call/)).toBeVisible();
    expect(await app.pageScrollsSideways()).toBe(false);
    await app.home();
    await page.getByLabel('Choose files').setInputFiles(path.join(FIXTURES, 'claude-p.jsonl'));
    await app.waitForWorkbench();
    await app
      .option(/requires approval/)
      .first()
      .click();
    expect(await app.pageScrollsSideways()).toBe(false);
  });

  test('the details header keeps its tabs on one line and truncates the source, whole in its tooltip', async ({
    page,
  }) => {
    const app = new Loupe(page);
    await page.goto('/view?sample=cc-2-1');
    await app.waitForWorkbench();
    await app.option(/Make greet\(\) return its line/).click();
    const source = page.getByTitle(
      'cc-2-1/5f0c2a9e-7b1d-4e8a-9c3f-2d6b8e1a4c70/subagents/agent-a7c3e9f1b2d4c6e80.jsonl:4 · alice · Refactor greeting helpers',
    );
    await expect(source).toBeVisible();
    await expect(app.details.getByRole('tab')).toHaveCount(4);
    const tabs = await app.details.getByRole('tab').all();
    const tops = await Promise.all(tabs.map(async (t) => (await t.boundingBox())?.y));
    expect(new Set(tops).size).toBe(1);
    expect((await app.details.boundingBox())?.height).toBeLessThanOrEqual(28);
    // Cut short on screen (the file and line stay in view), whole in the tooltip.
    expect(await source.evaluate((el) => [...el.children].some((c) => c.scrollWidth > c.clientWidth))).toBe(true);
    await expect(source).toContainText('.jsonl:4');
  });

  test('a result frame in the Verdict reads on lines of its own, never one word per line', async ({ page }) => {
    await page.goto('/view?sample=structured-output&panel=stats');
    const results = page
      .getByRole('region', { name: 'Verdict' })
      .getByRole('listitem')
      .filter({ hasText: 'error_max_turns' });
    await expect(results).toBeVisible({ timeout: 20_000 });
    // Each piece on one line: the jump to the line, and the note that subtype and is_error disagree.
    for (const piece of [
      results.getByRole('button', { name: 'line 30' }),
      results.getByText('subtype and is_error disagree'),
    ]) {
      const box = await piece.boundingBox();
      const lineHeight = await piece.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect(box?.height ?? 0).toBeLessThan(lineHeight * 1.5);
    }
  });

  test('the Stats pane never scrolls sideways, Explain open or not: charts follow its width, wide tables scroll alone', async ({
    page,
  }) => {
    await page.goto('/view?sample=deep-manifest&panel=stats');
    const stats = page.getByRole('region', { name: 'Stats' });
    const tokens = stats.getByRole('img', { name: /Tokens per model call/ });
    await expect(tokens).toBeVisible({ timeout: 20_000 });
    const sideways = () => stats.evaluate((el) => el.scrollWidth - el.clientWidth);
    const right = async (l: typeof tokens) => {
      const box = await l.boundingBox();
      return (box?.x ?? 0) + (box?.width ?? 0);
    };
    await expect.poll(sideways).toBeLessThanOrEqual(0);
    await stats.getByRole('button', { name: 'Explain Model calls' }).click();
    await expect(page.getByRole('complementary').first()).toContainText('Total 109');
    // The pane is about half as wide now: the charts are redrawn for it, the tables keep their columns in a frame.
    await expect.poll(sideways).toBeLessThanOrEqual(0);
    const edge = await right(stats);
    await expect.poll(() => right(tokens)).toBeLessThanOrEqual(edge);
    await expect.poll(() => right(stats.getByRole('img', { name: /Tool call waterfall/ }))).toBeLessThanOrEqual(edge);
    expect(await right(stats.getByRole('region', { name: 'Verdict' }))).toBeLessThanOrEqual(edge);
    const calls = stats.getByRole('table', { name: 'Model calls' });
    expect(
      await calls.evaluate((el) => (el.parentElement?.scrollWidth ?? 0) > (el.parentElement?.clientWidth ?? 0)),
    ).toBe(true);
    // A model id in the price table stays on one line (claude-opus-4-5-20251101, never broken at its hyphens).
    const model = stats
      .getByRole('region', { name: 'Prices' })
      .getByRole('cell', { name: 'claude-opus-4-5', exact: true });
    const line = await model.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await model.boundingBox())?.height ?? 0).toBeLessThan(line * 1.5);
  });

  test('an empty Diagnostics panel is only its badge', async ({ page }) => {
    const app = new Loupe(page);
    await page.goto('/view?sample=cc-2-1');
    await app.waitForWorkbench();
    await expect(app.diagnostics).toHaveText('0');
    await expect(app.diagnostics).toBeDisabled();
    await expect(app.diagnostics).toHaveAttribute('title', /No diagnostics: every line parsed/);
    await expect(page.getByRole('region', { name: 'Diagnostics panel' })).toHaveCount(0);
    // With something to list, the badge opens the panel.
    await page.goto('/view?sample=tour');
    await app.waitForWorkbench();
    await app.diagnostics.click();
    await expect(page.getByRole('region', { name: 'Diagnostics panel' })).toContainText('stream-incomplete');
  });
});

test.describe('at 1920 px', () => {
  test.use({ viewport: { width: 1920, height: 1000 } });

  test('the Stats pane uses the width it has: totals beside the tables, charts side by side', async ({ page }) => {
    await page.goto('/view?sample=deep-manifest&panel=stats');
    const stats = page.getByRole('region', { name: 'Stats' });
    const byModel = stats.getByRole('table', { name: 'By model' });
    await expect(byModel).toBeVisible({ timeout: 20_000 });
    const total = await stats.getByRole('button', { name: 'Explain Computed' }).boundingBox();
    const table = await byModel.boundingBox();
    expect(table && total && table.x > total.x + 600).toBe(true);
    expect((table?.width ?? 0) > 700).toBe(true);
    const tokens = await stats.getByRole('img', { name: /Tokens per model call/ }).boundingBox();
    const cost = await stats.getByRole('img', { name: /Cumulative computed cost/ }).boundingBox();
    expect(
      tokens && cost && Math.abs(tokens.y + tokens.height - (cost.y + cost.height)) < 200 && cost.x > tokens.x + 600,
    ).toBe(true);
    const calls = await stats.getByRole('table', { name: 'Model calls' }).boundingBox();
    expect((calls?.width ?? 0) > 1800).toBe(true);
  });
});

test('a click anywhere in a sortable header cell sorts by it, and the cell says how', async ({ page }) => {
  await page.goto('/view?sample=tour&panel=stats');
  const stats = page.getByRole('region', { name: 'Stats' });
  const table = stats.getByRole('table', { name: 'Model calls' });
  const output = table.getByRole('columnheader', { name: /output/ });
  await expect(output).toHaveAttribute('aria-sort', 'none', { timeout: 20_000 });
  await expect(table.getByRole('columnheader', { name: /call/ }).first()).toHaveAttribute('aria-sort', 'ascending');
  // The label is at the cell's right (numbers align right): click its far left, away from the words.
  await output.click({ position: { x: 3, y: 5 } });
  await expect(output).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('row').nth(1)).toContainText('96');
  await output.click({ position: { x: 3, y: 5 } });
  await expect(output).toHaveAttribute('aria-sort', 'ascending');
});

test('dollars are shown to three significant digits everywhere: badge, toolbar, Explain, table, chart', async ({
  page,
}) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=tour');
  await app.waitForWorkbench();
  // Model call 1: 12 input × $3 + 2,100 cache write × $3.75 + 18,400 cache read × $0.30 + 96 output × $15 per million
  // tokens = $0.014871: `$0.0149`, where two decimals said `$0.01`.
  await expect(app.option(/Model call 1 /)).toContainText('$0.0149');
  await expect(app.computedCost).toHaveText(/^\$0\.0\d{3}$/);
  const computed = (await app.computedCost.textContent()) ?? '';
  await page.getByRole('tab', { name: 'Stats & verdict' }).click();
  const stats = page.getByRole('region', { name: 'Stats' });
  await expect(stats.getByRole('button', { name: 'Explain Computed' })).toHaveText(computed);
  await expect(stats.getByRole('img', { name: `Cumulative computed cost, reaching ${computed}` })).toBeVisible();
  await expect(stats.getByRole('table', { name: 'Model calls' }).getByRole('row').nth(1)).toContainText('$0.0149');
  await stats.getByRole('button', { name: 'Explain Computed' }).click();
  const explain = page.getByRole('complementary', { name: 'Explain' });
  await expect(explain.getByTestId('explain-total')).toHaveText(computed);
  await expect(explain.getByRole('list', { name: 'Explain rows' }).locator('> li').first()).toContainText('$0.0149');
});

test('an Explain row keeps to one line: a long file name cut short, whole in its tooltip, its line and value in view', async ({
  page,
}) => {
  await page.goto('/view?sample=cc-2-1&panel=stats');
  const stats = page.getByRole('region', { name: 'Stats' });
  await stats.getByRole('button', { name: 'Explain Computed' }).click({ timeout: 20_000 });
  const first = page
    .getByRole('complementary', { name: 'Explain' })
    .getByRole('list', { name: 'Explain rows' })
    .locator('> li')
    .first();
  const source = first.getByRole('button', { name: 'cc-2-1/5f0c2a9e-7b1d-4e8a-9c3f-2d6b8e1a4c70.jsonl:5' });
  await expect(source).toHaveAttribute('title', 'cc-2-1/5f0c2a9e-7b1d-4e8a-9c3f-2d6b8e1a4c70.jsonl:5');
  await expect(first).toContainText('$0.0379');
  const box = await source.boundingBox();
  const lineHeight = await source.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect(box?.height ?? 0).toBeLessThan(lineHeight * 1.5);
});

test('status badges line up in one column down the timeline, whatever duration follows them', async ({ page }) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=short');
  await app.waitForWorkbench();
  // Two requests and their two results, all denied; the results took 1.4 s and 811 ms.
  const denied = app.events.locator('[data-badge=denied]');
  await expect(denied).toHaveCount(4);
  await expect(app.option(/error: The user doesn't want to proceed/).first()).toContainText('1.4 s');
  await expect(app.option(/error: The user doesn't want to proceed/).last()).toContainText('811 ms');
  const rights = await denied.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().right)));
  expect(new Set(rights).size).toBe(1);
});

test('a Diagnostics row keeps its line number in view: a long file name cut short, whole in its tooltip', async ({
  page,
}) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=tour');
  await app.waitForWorkbench();
  await app.diagnostics.click();
  const panel = page.getByRole('region', { name: 'Diagnostics panel' });
  const source = panel.getByTitle(/^tour\/tour\.stream\.jsonl:\d+$/).first();
  const title = (await source.getAttribute('title')) ?? '';
  const line = source.getByText(`:${title.split(':').at(-1) ?? ''}`, { exact: true });
  await expect(line).toBeVisible();
  const [cell, shown] = await Promise.all([source.boundingBox(), line.boundingBox()]);
  expect((shown?.x ?? 0) + (shown?.width ?? 0)).toBeLessThanOrEqual((cell?.x ?? 0) + (cell?.width ?? 0) + 0.5);
});
