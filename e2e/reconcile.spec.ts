import { expect, test } from '@playwright/test';
import path from 'node:path';
import { Loupe } from './pages/Loupe';

// A real `claude -p --output-format stream-json --verbose` log without partial messages (th-yoo/meta-harness): the
// assistant lines carry 4 and 2 output tokens, the result frame 307 (modelUsage) and $0.0205089.
const LOG = path.resolve(import.meta.dirname, '../test/fixtures/real/meta-harness/claude-code/success.jsonl');

test('Stats: a log with placeholder usage is reconciled with its result frame, row by row, and Explain says why', async ({ page }) => {
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Choose files').setInputFiles(LOG);
  await app.waitForWorkbench();
  await page.getByRole('tab', { name: 'Stats & verdict' }).click();
  const stats = page.getByRole('region', { name: 'Stats' });
  // The result frame's own figures: 307 output tokens, $0.0205 computed and reported alike.
  await expect(stats.getByRole('button', { name: 'Explain Output' })).toHaveText('307', { timeout: 20_000 });
  await expect(stats.getByRole('button', { name: 'Explain Computed' })).toHaveText('$0.0205');
  const section = stats.getByRole('region', { name: 'Reconciled with the result frame' });
  await expect(section).toContainText("from the result frame's usage: 288 output tokens the assistant lines did not carry");
  await expect(section).toContainText('522 input and 13 output tokens of calls outside the main loop');
  // Per model and per agent: the booked part under its row; the calls outside the main loop as a row of their own.
  await expect(stats.getByRole('table', { name: 'By model' }).getByTestId('reconciled-subrow')).toHaveCount(1);
  const byAgent = stats.getByRole('table', { name: 'By agent' });
  await expect(byAgent).toContainText('other calls (result frame)');
  await expect(byAgent.getByTestId('reconciled-subrow')).toContainText('288');
  // The cost chart draws the calls; its caption says what the result frame added (288 × $5 + 522 × $1 + 13 × $5 µ$).
  await expect(stats).toContainText('Cumulative computed cost of the model calls (without the $0.00203 booked from the result frame)');
  // Each placeholder figure reads as a lower bound.
  const calls = stats.getByRole('table', { name: 'Model calls' });
  await expect(calls.getByRole('row').nth(1)).toContainText('≥ 4');
  await expect(stats.getByRole('table', { name: 'Per response' })).toContainText('≥ 6');
  // Explain lists the two calls and the reconciled rows, which add up to the total.
  await stats.getByRole('button', { name: 'Explain Output' }).click();
  const explain = page.getByRole('complementary', { name: 'Explain' });
  await expect(explain.getByTestId('explain-total')).toHaveText('307');
  await expect(explain.getByTestId('explain-sum')).toHaveText('307');
  const rows = explain.getByRole('list', { name: 'Reconciled rows' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('because 2 of the 2 model calls before that result carried placeholder usage');
  const values = await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
  expect(values.reduce((a, b) => a + b, 0)).toBe(301);
  // The row's line opens the result frame.
  await rows.first().getByRole('button').first().click();
  await expect(page.getByTitle(/success\.jsonl:22/).first()).toBeVisible();
});
