import { expect, test } from '@playwright/test';
import { Loupe } from './pages/Loupe';

// Point 3 of "reads a real, current Claude Code session": one clock. Calls are numbered in start-time order across
// agents, compaction is shown as compaction at its own time, and the charts put time on the x axis.

test.use({ viewport: { width: 1280, height: 1800 } });

test('model calls are numbered in time order across agents, in the timeline and the Stats table', async ({ page }) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=cc-2-1');
  await app.waitForWorkbench();
  // Polled: the first row can be drawn before the list has all its turn rows.
  const numbers = () =>
    app.events
      .locator('[data-kind=turn]')
      .evaluateAll((els) => els.map((e) => Number(/Model call (\d+)/.exec(e.textContent ?? '')?.[1])));
  await expect.poll(numbers).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
  // The subagent's first call (10:00:31) is Model call 4, in its lane, before the main call at 10:09:55.
  const sub = app.option(/^model call: Model call 4 · claude-sonnet-4-6/);
  await expect(sub).toHaveAttribute('data-depth', '1');
  const main = app.option(/^model call: Model call 12 · claude-opus-4-7/);
  await expect(main).toHaveAttribute('data-depth', '0');
  await main.click();
  await expect(app.detailsPanel).toContainText('The subagent is done. Running the tests:');
  await app.tab('Raw').click();
  await expect(app.detailsPanel.getByLabel('raw line')).toContainText('"timestamp":"2026-11-30T10:09:55.000Z"');

  await page.getByRole('tab', { name: 'Stats & verdict' }).click();
  const table = page.getByRole('table', { name: 'Model calls' });
  const rows = table.getByRole('row');
  await expect(rows.nth(4)).toContainText(/^4\s*1\s*claude-sonnet-4-6\s*alice · Refactor greeting helpers/);
  await expect(rows.nth(12)).toContainText(/^12\s*1\s*claude-opus-4-7\s*main/);
  await expect(rows.nth(15)).toContainText(/^15\s*1\s*claude-opus-4-7\s*compaction \(auto\)/);
});

test('the compaction reads as compaction, in the main lane at 10:33:52, with its summary and its billed call', async ({
  page,
}) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=cc-2-1');
  await app.waitForWorkbench();
  const row = app.option('system: Compaction (auto) · 167,412 tokens before → 9,870 after · took 12.8 s');
  await expect(row).toHaveAttribute('data-depth', '0');
  // Its offset from the first line (10:00:00.3): 33:51.7.
  await expect(row).toContainText(/^33:51/);
  const lane = app.events.locator(`[id="row-${Number((await row.getAttribute('id'))?.slice(4)) + 1}"]`);
  await expect(lane).toHaveText(/compaction \(auto\) · the model call that wrote the summary\s*1 model call$/);
  await expect(app.events.getByText('spawning call not loaded')).toHaveCount(0);
  await expect(app.option(/^model call: Model call 15 · claude-opus-4-7/)).toContainText('compaction');

  await row.click();
  await expect(page.getByText(/5f0c2a9e-7b1d-4e8a-9c3f-2d6b8e1a4c70\.jsonl:\d+ · main/)).toBeVisible();
  const panel = app.detailsPanel;
  const facts = panel.getByRole('region', { name: 'Compaction' });
  await expect(facts).toContainText('triggerauto');
  await expect(facts).toContainText('tokens before167,412');
  await expect(facts).toContainText('tokens after9,870');
  await expect(panel.getByRole('region', { name: 'Model call that wrote the summary' })).toContainText(
    'Model call 15claude-opus-4-7169k tokens$0.119, counted in the totals',
  );
  await expect(panel.getByRole('region', { name: 'Summary', exact: true })).toContainText(
    'Still to do: the --shout flag.',
  );
  await app.tab('Raw').click();
  await expect(panel.getByLabel('raw line')).toContainText('"timestamp":"2026-11-30T10:33:52.000Z"');
});

test('charts: time on the x axis, labelled axes with ticks, a tooltip per bar and point', async ({ page }) => {
  await page.goto('/view?sample=cc-2-1&panel=stats');
  const stats = page.getByRole('region', { name: 'Stats' });
  const tokens = stats.getByRole('img', { name: /Tokens per model call, 17 calls, highest 168,824/ });
  await expect(tokens).toBeVisible({ timeout: 20_000 });
  await expect(tokens.locator('[data-axis=x]')).toHaveText('time since the first line');
  await expect(tokens.locator('[data-axis=y]')).toHaveText('tokens');
  await expect(tokens.locator('text').filter({ hasText: /^\d+:\d\d$/ })).toHaveText([
    '0:00',
    '5:00',
    '10:00',
    '15:00',
    '20:00',
    '25:00',
    '30:00',
  ]);
  await expect(tokens.locator('text').filter({ hasText: /^\d+k$|^0$/ })).toHaveText([
    '0',
    '50k',
    '100k',
    '150k',
    '200k',
  ]);

  const tip = page.getByRole('tooltip');
  await tokens.locator('[data-call="4"]').hover();
  await expect(tip).toContainText('Model call 4');
  await expect(tip).toContainText('11,061 tokens: cache read 9,800, cache write 1,200, input 3, output 58');
  await expect(tip).toContainText('started +0:22 (10:00:22 UTC), took 9.0 s');
  await expect(tip).toContainText('alice · Refactor greeting helpers · claude-sonnet-4-6');
  await tokens.locator('[data-call="15"]').hover();
  await expect(tip).toContainText('Model call 15');
  await expect(tip).toContainText('started +33:51 (10:33:51 UTC)');
  // Keyboard: focus the chart, then ←/→ step through the bars.
  await page.mouse.move(0, 0);
  await tokens.focus();
  await expect(tip).toContainText('Model call 1');
  await page.keyboard.press('ArrowRight');
  await expect(tip).toContainText('Model call 2');
  await tokens.blur();
  await expect(tip).toHaveCount(0);

  const cost = stats.getByRole('img', { name: /Cumulative computed cost, reaching \$0\.437/ });
  await expect(cost.locator('[data-axis=y]')).toHaveText('USD');
  await expect(cost.locator('text').filter({ hasText: /^\$/ }).first()).toHaveText('$0.00');
  await cost.focus();
  await page.keyboard.press('End');
  await expect(tip).toContainText('$0.437 after model call 17');
  await expect(tip).toContainText('started +34:14 (10:34:14 UTC)');

  await cost.blur();
  const wf = stats.getByRole('img', { name: /Tool call waterfall: 13 calls/ });
  await expect(wf.locator('[data-axis=x]')).toHaveText('time since the first line');
  await wf.locator('[data-call="3"]').hover();
  await expect(tip).toContainText('Agent (tool call 3)');
  await expect(tip).toContainText('9m 27s from request to result');
  await expect(tip).toContainText('requested +0:20 (10:00:20 UTC)');
});

test('a chart bar clicked as the pointer arrives opens that call, not the first one', async ({ page }) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=cc-2-1&panel=stats');
  const wf = page.getByRole('region', { name: 'Stats' }).getByRole('img', { name: /Tool call waterfall: 13 calls/ });
  await expect(wf).toBeVisible({ timeout: 20_000 });
  await page.mouse.move(0, 0);
  // Playwright moves and presses at once: the hover state is not drawn yet when the click lands.
  await wf.locator('[data-call="3"]').click();
  await expect(app.selected()).toContainText('Agent(');
  await expect(app.selected()).not.toContainText('Bash(');
});

test('where the clock steps back (the compaction lane under its boundary), the time column marks it and says why', async ({
  page,
}) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=cc-2-1');
  await app.waitForWorkbench();
  // Near the end of the list: scrolled there, the virtual list draws it.
  await app.events.evaluate((list) => (list.scrollTop = list.scrollHeight));
  const row = app.option(/Your task is to create a detailed summary/);
  await row.scrollIntoViewIfNeeded();
  const time = row.locator('[data-step-back]');
  await expect(time).toHaveText('↰33:50');
  await expect(time).toHaveAttribute(
    'title',
    /^1\.0 s earlier than the line above\. The timeline keeps the order the lines were written in/,
  );
  // The only mark: the rest of the column runs forward.
  await expect(app.events.locator('[data-step-back]')).toHaveCount(1);
});
