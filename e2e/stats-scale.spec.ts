import { expect, test } from '@playwright/test';
import { generated } from './helpers/generated';
import { Loupe } from './pages/Loupe';

// The Stats pane of a big trace draws what is in view: the tables' rows as they scroll into view, the waterfall's
// calls merged where they are under a pixel apart, every call still counted. Drawn whole, a 2 GB trace's tables and
// waterfall held the main thread for 7 s (bench/big-load.ts --features).
test('the Stats tables draw the rows in view, and the waterfall draws every call in fewer bars', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const app = new Loupe(page);
  await app.openFile(await generated(info, 'claude-code', 20_000_000, 7));
  const stats = await app.stats();

  const responses = stats.getByRole('table', { name: 'Per response' });
  const n = Number(
    /\((\d+)\)/.exec((await stats.getByRole('heading', { name: /^Per response/ }).textContent()) ?? '')?.[1],
  );
  expect(n).toBeGreaterThan(100);
  await expect(responses).toHaveAttribute('aria-rowcount', String(n + 1));
  const drawn = responses.getByRole('rowgroup').getByRole('row');
  expect(await drawn.count()).toBeLessThan(60);
  await responses.getByRole('rowgroup').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(drawn.last().getByRole('cell').first()).toHaveText(String(n));

  const calls = stats.getByRole('table', { name: 'Model calls' });
  const turns = Number(await calls.getAttribute('aria-rowcount')) - 1;
  expect(turns).toBeGreaterThan(100);
  expect(await calls.getByRole('rowgroup').getByRole('row').count()).toBeLessThan(60);

  const wf = stats.getByRole('img', { name: /^Tool call waterfall: / });
  const label = (await wf.getAttribute('aria-label')) ?? '';
  const toolCalls = Number(/waterfall: ([\d,]+) calls/.exec(label)?.[1]?.replace(/,/g, ''));
  // The charts are drawn a frame before the tables, each at its measured width in a transition of its own: wait for
  // the bars rather than take the tables as a sign they are there.
  await expect(wf.locator('g[data-calls]').first()).toBeAttached();
  const bars = await wf
    .locator('g[data-calls]')
    .evaluateAll((gs) => gs.map((g) => Number(g.getAttribute('data-calls'))));
  expect(bars.length).toBeLessThan(toolCalls);
  expect(bars.reduce((a, b) => a + b, 0)).toBe(toolCalls);
  // A merged bar says how many calls it draws, and which one it opens.
  const merged = wf.locator('g[data-calls]:not([data-calls="1"])').first();
  await merged.hover();
  await expect(page.getByRole('tooltip')).toContainText(/\d+ tool calls here; the longest:/);
});

// A long SDK stream: a result frame per turn, a subagent per task. The Verdict's results and the By agent table draw
// their first rows and say how many there are; the rest come on request.
test('the Verdict and By agent tables of a long stream draw their first rows, the rest on request', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const app = new Loupe(page);
  // About 50 subagents.
  await app.openFile(await generated(info, 'sdk-stream', 50_000_000, 7));
  const stats = await app.stats();
  const verdict = stats.getByRole('region', { name: 'Verdict' });
  const results = verdict.getByRole('listitem').filter({ hasText: 'is_error:' });
  await expect(results).toHaveCount(12);
  const said = (await verdict.getByText(/^12 of [\d,]+ result frames shown/).textContent()) ?? '';
  const total = Number(/of ([\d,]+)/.exec(said)?.[1]?.replace(/,/g, ''));
  expect(total).toBeGreaterThan(12);
  await verdict.getByRole('button', { name: 'Show all' }).click();
  await expect(results).toHaveCount(total);

  const agents = stats.getByRole('table', { name: 'By agent' });
  const rows = agents.locator('tbody > tr:not([data-testid=reconciled-subrow])');
  const said2 = (await agents.getByText(/^20 of [\d,]+ agents shown/).textContent()) ?? '';
  const all = Number(/of ([\d,]+)/.exec(said2)?.[1]?.replace(/,/g, ''));
  expect(all).toBeGreaterThan(20);
  // The first 20 rows, and the row that says how many there are.
  await expect(rows).toHaveCount(21);
  await agents.getByRole('button', { name: 'Show all' }).click();
  await expect(rows).toHaveCount(all);
});
