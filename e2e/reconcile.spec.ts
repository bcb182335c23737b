import { expect, test } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jsonl, sdk, text } from '../lib/trace/testing/builders';
import { Loupe } from './pages/Loupe';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');

// A made `claude -p --output-format stream-json --verbose` log without partial messages (test/fixtures/made): the
// assistant lines carry 2, 1 and 3 output tokens; the result frame (line 9) 6,389 of sonnet-4-5 and 41 of a haiku call
// no line shows (modelUsage), 612 haiku input, and $0.150937.
const LOG = path.resolve(import.meta.dirname, '../test/fixtures/made/sdk/placeholder-output.jsonl');

test('Stats: a log with placeholder usage is reconciled with its result frame, row by row, and Explain says why', async ({
  page,
}) => {
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Choose files').setInputFiles(LOG);
  await app.waitForWorkbench();
  await page.getByRole('tab', { name: 'Stats & verdict' }).click();
  const stats = page.getByRole('region', { name: 'Stats' });
  // The result frame's own figures: 6,430 output tokens, $0.151 computed and reported alike.
  await expect(stats.getByRole('button', { name: 'Explain Output' })).toHaveText('6,430', { timeout: 20_000 });
  await expect(stats.getByRole('button', { name: 'Explain Computed' })).toHaveText('$0.151');
  const section = stats.getByRole('region', { name: 'Reconciled with the result frame' });
  await expect(section).toContainText(
    "from the result frame's usage: 6,383 output tokens the assistant lines did not carry",
  );
  await expect(section).toContainText(
    'from the result frame: 612 input and 41 output tokens the assistant lines did not carry',
  );
  // Per model and per agent: the booked part under its row; the calls outside the main loop as a row of their own.
  await expect(stats.getByRole('table', { name: 'By model' }).getByTestId('reconciled-subrow')).toHaveCount(2);
  const byAgent = stats.getByRole('table', { name: 'By agent' });
  await expect(byAgent).toContainText('other calls (result frame)');
  await expect(byAgent.getByTestId('reconciled-subrow')).toContainText('6.4k');
  // The cost chart draws the calls; its caption says what the result frame added (6,383 × $15 + 612 × $1 + 41 × $5 µ$).
  await expect(stats).toContainText(
    'Cumulative computed cost of the model calls (without the $0.0966 booked from the result frame)',
  );
  // Each placeholder figure reads as a lower bound.
  const calls = stats.getByRole('table', { name: 'Model calls' });
  await expect(calls.getByRole('row').nth(1)).toContainText('≥ 2');
  await expect(stats.getByRole('table', { name: 'Per response' })).toContainText('≥ 6');
  // Explain lists the three calls and the reconciled rows, which add up to the total.
  await stats.getByRole('button', { name: 'Explain Output' }).click();
  const explain = page.getByRole('complementary', { name: 'Explain' });
  await expect(explain.getByTestId('explain-total')).toHaveText('6,430');
  await expect(explain.getByTestId('explain-sum')).toHaveText('6,430');
  const rows = explain.getByRole('list', { name: 'Reconciled rows' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(
    'because 3 of the 3 model calls before that result carried placeholder usage',
  );
  await expect(rows.nth(1)).toContainText(
    "a model no loaded line shows, booked because the session's lines carried placeholder usage",
  );
  const values = await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
  expect(values.reduce((a, b) => a + b, 0)).toBe(6424);
  // The row's line opens the result frame.
  await rows.first().getByRole('button').first().click();
  await expect(page.getByTitle(/placeholder-output\.jsonl:9/).first()).toBeVisible();
});

// The result frame books tokens of a model with no price (claude-sonnet-5) beside a priced one: the row's cost is
// unknown, so the total reads ≥ the priced part, until a price file prices it. Sonnet 4.5: 1000 in × $3 + 100 out × $15
// = $0.0045; Sonnet 5 from the file: 1000 × $2 + 100 × $10 = $0.003, of which its reconciled 97 output $0.00097.
test('Stats: a reconciled row of an unpriced model reads —, and a price file prices it', async ({ page }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-rec-unpriced-'));
  const file = path.join(dir, 'reconciled-unpriced.jsonl');
  const mu = (input: number, output: number) => ({
    inputTokens: input,
    outputTokens: output,
    cacheReadInputTokens: 0,
    cacheCreationInputTokens: 0,
  });
  const result = {
    ...sdk.result({ cost: 0.0075, numTurns: 2 }),
    usage: { input_tokens: 2000, output_tokens: 200, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
    modelUsage: { 'claude-sonnet-4-5-20250929': mu(1000, 100), 'claude-sonnet-5': mu(1000, 100) },
  };
  writeFileSync(
    file,
    jsonl([
      sdk.init(),
      sdk.assistant('msg_a', [text('looking')], { input: 1000, output: 2 }),
      sdk.assistant('msg_n', [text('new parser')], { input: 1000, output: 3 }, { model: 'claude-sonnet-5' }),
      result,
    ]),
  );
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Choose files').setInputFiles(file);
  await app.waitForWorkbench();
  await page.getByRole('tab', { name: 'Stats & verdict' }).click();
  const stats = page.getByRole('region', { name: 'Stats' });
  const total = stats.getByRole('button', { name: 'Explain Computed' });
  await expect(total).toHaveText('≥ $0.0045', { timeout: 20_000 });
  await expect(stats.getByRole('button', { name: 'Explain Output' })).toHaveText('200');
  const section = stats.getByRole('region', { name: 'Reconciled with the result frame' });
  const row = section.getByRole('listitem').filter({ hasText: 'claude-sonnet-5' });
  await expect(row).toContainText('— (no price)');
  await expect(row).toContainText('97 output tokens the assistant lines did not carry');
  const byModel = stats.getByRole('table', { name: 'By model' });
  await expect(byModel.getByRole('button', { name: 'Explain the computed cost of claude-sonnet-5' })).toHaveText('—');
  await expect(byModel.getByTestId('reconciled-subrow').nth(1)).toContainText('—');
  await expect(stats).toContainText(
    'Cumulative computed cost of the model calls (without the ≥ $0.00147 booked from the result frame)',
  );

  await stats
    .getByRole('region', { name: 'Prices' })
    .getByLabel('Price file')
    .setInputFiles(path.join(FIXTURES, 'litellm-prices.json'));
  await expect(total).toHaveText('$0.0075');
  await expect(row).toContainText('$0.00097');
  await expect(byModel.getByRole('button', { name: 'Explain the computed cost of claude-sonnet-5' })).toHaveText(
    '$0.003',
  );
});
