import { expect, test } from '@playwright/test';

test('Stats: explain a total, and the list adds up to it', async ({ page }) => {
  await page.goto('/view?sample=deep-manifest&panel=stats');
  const stats = page.getByRole('region', { name: 'Stats' });
  await expect(stats).toBeVisible({ timeout: 20_000 });
  // Independently derived: 32,270 output tokens over 109 model calls.
  const output = stats.getByRole('button', { name: 'Explain Output' });
  await expect(output).toHaveAttribute('aria-expanded', 'false');
  await output.click();
  const explain = page.getByRole('complementary', { name: 'Explain' });
  await expect(explain.getByTestId('explain-total')).toHaveText('32,270');
  // The button says the panel it opened is open, and which one it is.
  await expect(output).toHaveAttribute('aria-expanded', 'true');
  await expect(explain).toHaveAttribute('id', (await output.getAttribute('aria-controls')) ?? '-');
  const values = await explain
    .getByRole('list', { name: 'Explain rows' })
    .locator('> li[data-counted=true]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
  expect(values).toHaveLength(109);
  expect(values.reduce((a, b) => a + b, 0)).toBe(32_270);
  await stats.getByRole('button', { name: 'Explain Computed' }).click();
  await expect(explain.getByTestId('explain-total')).toHaveText('$6.21');
  await expect(output).toHaveAttribute('aria-expanded', 'false');
  const costs = await explain
    .getByRole('list', { name: 'Explain rows' })
    .locator('> li[data-counted=true]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
  expect(costs.reduce((a, b) => a + b, 0)).toBeCloseTo(6.213986, 5);
});

test('Stats: verdicts kept apart, cost reported beside computed with its reasons, charts drawn', async ({ page }) => {
  await page.goto('/view?sample=tour&panel=stats');
  const stats = page.getByRole('region', { name: 'Stats' });
  await expect(stats).toBeVisible({ timeout: 20_000 });
  const verdict = stats.getByRole('region', { name: 'Verdict' });
  await expect(verdict.getByTestId('protocol-status')).toHaveText('interrupted');
  await expect(verdict).toContainText('success');
  await expect(verdict).toContainText('is_error: false');
  await expect(verdict.getByTestId('task-status')).toHaveText('unknown');
  await expect(stats.getByRole('list', { name: 'Why reported and computed differ' })).toContainText(
    "1 model call came after the session's last result",
  );
  await expect(stats.getByRole('img', { name: /Tokens per model call, 7 calls/ })).toBeVisible();
  await expect(stats.getByRole('img', { name: /Cumulative computed cost, reaching \$0\.0445$/ })).toBeVisible();
  await expect(stats.getByRole('img', { name: /Tool call waterfall: 4 calls in 2 lane/ })).toBeVisible();
  await expect(stats.getByRole('table', { name: 'Per response' })).toContainText('4');
  // Sorting the per-call table by output puts the biggest first.
  await stats
    .getByRole('columnheader', { name: /output/ })
    .getByRole('button')
    .click();
  await expect(stats.getByRole('table', { name: 'Model calls' }).getByRole('row').nth(1)).toContainText('96');
});

test('Stats: a local price override changes the computed cost', async ({ page }) => {
  await page.goto('/view?sample=short&panel=stats');
  const stats = page.getByRole('region', { name: 'Stats' });
  await expect(stats.getByRole('button', { name: 'Explain Computed' })).toHaveText('$0.144', { timeout: 20_000 });
  const prices = stats.getByRole('region', { name: 'Prices' });
  await prices.getByRole('button', { name: 'Override' }).click();
  await prices.getByLabel('claude-opus-4-6 cacheWrite1h').fill('0');
  await prices.getByRole('button', { name: 'Save' }).click();
  // 13,835 1h-write tokens at $10 were $0.138; at $0 the rest is 3×5 + 13×25 + 11,515×0.5 µ$ = $0.0060975
  // (and $0.1444475 in all: three significant digits, `$0.144`).
  await expect(stats.getByRole('button', { name: 'Explain Computed' })).toHaveText('$0.0061');
  await expect(prices).toContainText('(local override)');
  await prices.getByRole('button', { name: 'Reset' }).click();
  await expect(stats.getByRole('button', { name: 'Explain Computed' })).toHaveText('$0.144');
});

test('Verdict: an evaluation artifact whose test failed after files changed is classified, with its evidence linked', async ({
  page,
}) => {
  await page.goto('/view?sample=eval-failed&panel=stats');
  const stats = page.getByRole('region', { name: 'Stats' });
  const verdict = stats.getByRole('region', { name: 'Verdict' });
  await expect(verdict.getByTestId('protocol-status')).toHaveText('clean', { timeout: 20_000 });
  await expect(verdict.getByTestId('task-status')).toHaveText('failed');
  await expect(verdict).toContainText('Files changed, but the test still failed.');
  await expect(verdict).toContainText('The test failed: 1 failed, 1 passed: tests/test_slug.py::test_punctuation');
  await expect(page.getByText('eval failed', { exact: true })).toBeVisible();
  // The evidence opens the event it names.
  await verdict.getByRole('button', { name: /Edit changed \/work\/slugs\/slug\.py/ }).click();
  await expect(
    page.getByRole('listbox', { name: 'Events' }).locator('[role=option][aria-selected=true]'),
  ).toContainText('The file /work/slugs/slug.py has been updated.');
});

test('Stats: the By agent table has the columns the By model table and the CLI have, cache writes included', async ({
  page,
}) => {
  await page.goto('/view?sample=cc-2-1&panel=stats');
  const stats = page.getByRole('region', { name: 'Stats' });
  await expect(stats).toBeVisible({ timeout: 20_000 });
  const byAgent = stats.getByRole('table', { name: 'By agent' });
  await expect(byAgent.getByRole('columnheader')).toHaveText([
    'agent',
    'calls',
    'input',
    'output',
    'cache write',
    'cache read',
    'computed',
  ]);
  // As `loupe stats public/samples/cc-2-1/` counts them: 15,836 / 3,330 / 0 tokens written to the cache.
  const cacheWrite = (agent: RegExp) => byAgent.getByRole('row', { name: agent }).getByRole('cell').nth(4);
  await expect(cacheWrite(/^main /)).toHaveText('16k');
  await expect(cacheWrite(/^alice · Refactor greeting helpers /)).toHaveText('3.3k');
  await expect(cacheWrite(/^compaction \(auto\) /)).toHaveText('0');
});

test('Stats with the keyboard: Esc or ✕ closes Explain back to its total; a line it lists opens in the focused list', async ({
  page,
}) => {
  await page.goto('/view?sample=cc-2-1&panel=stats');
  const stats = page.getByRole('region', { name: 'Stats' });
  const explain = page.getByRole('complementary', { name: 'Explain' });
  const computed = stats.getByRole('button', { name: 'Explain Computed' });
  await computed.focus();
  await page.keyboard.press('Enter');
  await expect(explain.getByTestId('explain-total')).toHaveText('$0.437');
  await page.keyboard.press('Escape');
  await expect(explain).toHaveCount(0);
  await expect(computed).toBeFocused();

  await page.keyboard.press('Enter');
  await explain.getByRole('button', { name: 'Close explain' }).press('Enter');
  await expect(explain).toHaveCount(0);
  await expect(computed).toBeFocused();

  await page.keyboard.press('Enter');
  const line = explain.getByRole('list', { name: 'Explain rows' }).getByRole('button').first();
  await line.press('Enter');
  await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  const events = page.getByRole('listbox', { name: 'Events' });
  await expect(events).toBeFocused();
  const selected = events.locator('[role=option][aria-selected=true]');
  // Line 5: the first line of model call 1, its redacted thinking.
  await expect(selected).toContainText('thinking (redacted by the API)');
  // The list goes on from the line Explain named.
  await page.keyboard.press('ArrowDown');
  await expect(selected).toContainText("I'll look at the project first.");
});

test('Stats: a By model or By agent cell explains its own part, named for it, and Explain says whose part it lists', async ({
  page,
}) => {
  await page.goto('/view?sample=cc-2-1&panel=stats');
  const stats = page.getByRole('region', { name: 'Stats' });
  const byAgent = stats.getByRole('table', { name: 'By agent' });
  const cost = byAgent.getByRole('button', { name: 'Explain the computed cost of alice · Refactor greeting helpers' });
  await expect(cost).toHaveText('$0.0677', { timeout: 20_000 });
  await cost.click();
  const explain = page.getByRole('complementary', { name: 'Explain' });
  await expect(explain).toContainText('Explain computed cost · alice · Refactor greeting helpers');
  await expect(explain.getByTestId('explain-total')).toHaveText('$0.0677');
  await expect(explain.getByRole('list', { name: 'Explain rows' }).locator('> li')).toHaveCount(8);
  await byAgent.getByRole('button', { name: 'Explain the model calls of main' }).click();
  await expect(explain).toContainText('Explain model calls · main');
  await expect(explain.getByTestId('explain-total')).toHaveText('8');
  const byModel = stats.getByRole('table', { name: 'By model' });
  await byModel.getByRole('button', { name: 'Explain the computed cost of claude-opus-4-7' }).click();
  await expect(explain).toContainText('Explain computed cost · claude-opus-4-7');
  await expect(explain.getByTestId('explain-total')).toHaveText('$0.369');
});
