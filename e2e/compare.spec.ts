import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Loupe } from './pages/Loupe';
import { writeProjects } from './helpers/projects';
import { encodeBundle, seal } from '../lib/share/seal';

// Comparing two runs of one task in the browser: picked on the home page with "Compare…", each read by a trace
// worker of its own, lined up call by call. The first divergence is selected and named; `n`/`p` step between the
// differences; the selection survives a reload and the way back from the workbench.

const RUNS = path.resolve(import.meta.dirname, 'fixtures/compare');
const GOLDEN = path.resolve(import.meta.dirname, '../test/fixtures/real/open-harness/golden');
const DOCS = path.resolve(import.meta.dirname, '../docs');

const selectedRow = (page: Page) =>
  page.getByRole('listbox', { name: 'Aligned pairs' }).locator('[aria-selected="true"]');

async function openPair(page: Page): Promise<void> {
  await page.goto('/');
  await page
    .getByLabel('Choose two files to compare')
    .setInputFiles([path.join(RUNS, 'run-a.jsonl'), path.join(RUNS, 'run-b.jsonl')]);
  await expect(page).toHaveURL(/\/compare\?a=local%3A\w+&b=local%3A\w+/);
  // Two workers start and parse at once: on a loaded two-core machine that can take a while.
  await expect(
    page.getByRole('region', { name: 'Compare' }).getByRole('listbox', { name: 'Aligned pairs' }),
  ).toBeVisible({ timeout: 30_000 });
}

test('two runs of a task: the first divergence is selected, n and p step through the differences', async ({ page }) => {
  // Four loads of both runs' workers and one of the workbench, on a shared two-core machine.
  test.setTimeout(90_000);
  await openPair(page);
  const compare = page.getByRole('region', { name: 'Compare' });
  await expect(compare.getByRole('region', { name: 'First divergence' })).toContainText(
    'response A1 / B1: B calls Grep #3 where A does not',
  );
  // What each run cost, side by side: B made two model calls more, on a dearer model.
  const totals = compare.getByRole('table', { name: 'Totals' });
  await expect(totals.getByRole('row', { name: /^Δ/ })).toContainText('+2');
  await expect(totals.getByRole('row', { name: /^A/ })).toContainText('$0.0107');
  await expect(totals.getByRole('row', { name: /^B/ })).toContainText('$0.03');

  // The first divergence is the selected row, marked, and the keyboard is in the rows.
  await expect(selectedRow(page)).toHaveAttribute('data-first', 'true');
  await expect(selectedRow(page)).toHaveAttribute('data-mark', 'only-b');
  await expect(selectedRow(page)).toContainText('Grep');
  await expect(compare.getByText('difference 1 of 4')).toBeVisible();
  const details = compare.getByLabel('Pair details');
  await expect(details.getByRole('region', { name: 'B: call chain' })).toContainText('Request: Grep');
  await expect(details.getByRole('region', { name: 'A: call chain' })).toContainText('only the other run made it');

  await page.keyboard.press('n');
  await expect(selectedRow(page)).toHaveAttribute('data-mark', 'only-b');
  await expect(selectedRow(page)).toContainText('/repo/src/cli.ts');
  await page.keyboard.press('n');
  // The same tool with another input: both chains, and a word diff of the inputs.
  await expect(selectedRow(page)).toHaveAttribute('data-mark', 'changed');
  await expect(compare.getByText('difference 3 of 4')).toBeVisible();
  const diff = details.getByRole('figure', { name: 'Diff' }).first();
  await expect(diff).toContainText('input · Edit');
  // The removed line is A's new_string, the added one B's; inside them the words that changed are marked.
  await expect(diff).toContainText('"new_string": "`Hello, ${n}`"');
  await expect(diff).toContainText(`"new_string": "'Hello, ' + n"`);
  await expect(diff.locator('del').first()).toHaveText('`');
  await expect(diff.locator('ins').first()).toHaveText("'");
  await expect(details.getByRole('region', { name: 'A: call chain' })).toContainText('Request: Edit');
  await expect(details.getByRole('region', { name: 'B: call chain' })).toContainText('Request: Edit');
  await page.keyboard.press('p');
  await expect(selectedRow(page)).toContainText('/repo/src/cli.ts');
  await page.keyboard.press('n');
  await expect(selectedRow(page)).toHaveAttribute('data-mark', 'changed');

  // Reload: both runs read again, the same row selected.
  await expect(page).toHaveURL(/&row=0\.4$/);
  await page.reload();
  await expect(selectedRow(page)).toHaveAttribute('data-mark', 'changed', { timeout: 30_000 });
  await expect(selectedRow(page)).toContainText('Edit');

  // A line link opens that run in the workbench; Back comes back to the comparison as it was.
  await details
    .getByRole('region', { name: 'B: call chain' })
    .getByRole('button', { name: /^line \d+$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/view\?local=\w+&sel=\d+/);
  await new Loupe(page).waitForWorkbench();
  await page.goBack();
  await expect(selectedRow(page)).toHaveAttribute('data-mark', 'changed', { timeout: 30_000 });
  await expect(compare.getByText('difference 3 of 4')).toBeVisible();
});

test('a response row shows its figures side by side and the prompts of both runs', async ({ page }) => {
  await openPair(page);
  // The view selects the first divergence once both runs are in (B's extra Grep): Home goes up from there.
  await expect(selectedRow(page)).toHaveAttribute('data-mark', 'only-b', { timeout: 30_000 });
  await page.keyboard.press('Home');
  const details = page.getByRole('region', { name: 'Compare' }).getByLabel('Pair details');
  await expect(details).toContainText('A1 / B1 · changed');
  await expect(details).toContainText('aligned by the same prompt');
  await expect(details.getByRole('table', { name: 'Response figures' }).getByRole('row', { name: /^Δ/ })).toContainText(
    '+2',
  );
  await expect(details.getByRole('region', { name: 'Prompt' })).toContainText('The greet test fails.');
  // Each delta opens Explain for both runs: the model calls behind the figure, each run's listed by its own worker.
  await page.getByRole('button', { name: 'Explain calls for both runs' }).click();
  await expect(page.getByRole('complementary', { name: 'Explain run A' }).getByTestId('explain-total')).toHaveText('7');
  await expect(page.getByRole('complementary', { name: 'Explain run B' }).getByTestId('explain-total')).toHaveText('9');
  await page.getByRole('button', { name: 'Explain computed for both runs' }).click();
  await expect(page.getByRole('complementary', { name: 'Explain run A' }).getByTestId('explain-total')).toHaveText(
    '$0.0107',
  );
  await page
    .getByRole('complementary', { name: 'Explain run B' })
    .getByRole('button', { name: 'Close explain' })
    .click();
  await expect(page.getByRole('complementary', { name: 'Explain run A' })).toHaveCount(0);
  // n works with the focus outside the rows too (here, on the details): the next difference is the first divergence.
  await details.getByRole('region', { name: 'Prompt' }).click();
  await page.keyboard.press('n');
  await expect(selectedRow(page)).toHaveAttribute('data-first', 'true');
});

test('two real recordings of one SDK run, dropped side by side on the compare page, do not diverge', async ({
  page,
}) => {
  await page.goto('/compare');
  await page.getByLabel('Choose files for run A').setInputFiles(path.join(GOLDEN, 'structured-output.json'));
  await expect(page).toHaveURL(/\/compare\?a=local%3A\w+$/);
  await page.getByLabel('Choose files for run B').setInputFiles(path.join(GOLDEN, 'structured-output.stream.jsonl'));
  const compare = page.getByRole('region', { name: 'Compare' });
  await expect(compare.getByRole('region', { name: 'First divergence' })).toContainText('No divergence', {
    timeout: 30_000,
  });
  await expect(compare.getByText('no differences')).toBeVisible();
  await expect(compare.getByRole('table', { name: 'Totals' }).getByRole('row', { name: /^Δ/ })).not.toContainText('+');
  // Back: run B's slot is empty again, run A still read.
  await page.goBack();
  await expect(page.getByRole('region', { name: 'Run B' })).toContainText('Drop run B here');
  await expect(page.getByRole('region', { name: 'Run A' })).toContainText('structured-output.json');
});

test('a run and a share link side by side: the trace comes from the store, its key stays in the fragment', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // A share as the Share dialog makes one: the files bundled, compressed and encrypted, only the ciphertext stored.
  const plain = encodeBundle([
    { path: 'run-b.jsonl', bytes: new Uint8Array(readFileSync(path.join(RUNS, 'run-b.jsonl'))) },
  ]);
  const { sealed, key } = await seal(plain);
  const res = await request.post('/api/traces', {
    data: Buffer.from(sealed),
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };

  await page.goto('/compare');
  await page.getByLabel('Choose files for run A').setInputFiles(path.join(RUNS, 'run-a.jsonl'));
  await page.getByLabel('Share link for run B').fill(`${new URL(page.url()).origin}/t/${id}#k=${key}`);
  await page.getByLabel('Share link for run B').press('Enter');
  const compare = page.getByRole('region', { name: 'Compare' });
  await expect(compare.getByRole('region', { name: 'First divergence' })).toContainText(
    'B calls Grep #3 where A does not',
    { timeout: 30_000 },
  );
  // The key is in the fragment only: the query the server sees names the share, not its key.
  const url = new URL(page.url());
  expect(url.searchParams.get('b')).toBe(`share:${id}`);
  expect(url.search).not.toContain(key);
  expect(new URLSearchParams(url.hash.slice(1)).get('kb')).toBe(key);
  await page.reload();
  await expect(compare.getByRole('region', { name: 'First divergence' })).toContainText(
    'B calls Grep #3 where A does not',
    { timeout: 30_000 },
  );
});

test('two sessions of the library, marked A and B with c, open side by side; Back returns to the library', async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  const folder = writeProjects(info.outputPath('gen'), {
    'projects/-repo/a0000000-0000-4000-8000-00000000000a.jsonl': readFileSync(path.join(RUNS, 'run-a.jsonl'), 'utf8'),
    'projects/-repo/b0000000-0000-4000-8000-00000000000b.jsonl': readFileSync(path.join(RUNS, 'run-b.jsonl'), 'utf8'),
  });
  await new Loupe(page).home();
  await page.getByLabel('Projects folder').setInputFiles(folder);
  await expect(page).toHaveURL(/\/library$/);
  const grid = page.getByRole('grid', { name: 'Sessions' });
  await expect(grid.getByRole('row')).toHaveCount(3);
  await grid.focus();
  await page.keyboard.press('c');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('c');
  await expect(grid.locator('[data-mark="A"]')).toHaveCount(1);
  await expect(grid.locator('[data-mark="B"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Compare A and B' }).click();
  await expect(page).toHaveURL(/\/compare\?a=local%3A\w+&b=local%3A\w+/);
  const first = page.getByRole('region', { name: 'Compare' }).getByRole('region', { name: 'First divergence' });
  // Which session is A follows the table's order (newest first): either way the runs part at the Grep.
  await expect(first).toContainText(/(B calls Grep #3 where A does not|A calls Grep #3 where B does not)/, {
    timeout: 30_000,
  });
  await page.goBack();
  await expect(page).toHaveURL(/\/library$/);
  await expect(grid.getByRole('row')).toHaveCount(3);
});

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 900]) {
    test(`the compare view reads in ${scheme} at ${width} px`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 800 });
      await openPair(page);
      // The view selects the first divergence once both runs are in; n pressed before that would be overridden.
      await expect(selectedRow(page)).toHaveAttribute('data-first', 'true', { timeout: 30_000 });
      await page.keyboard.press('n');
      await expect(page.getByRole('region', { name: 'Compare' }).getByText('difference 2 of 4')).toBeVisible();
      await page.keyboard.press('n');
      await expect(page.getByLabel('Pair details').getByRole('figure', { name: 'Diff' }).first()).toBeVisible();
      // Nothing scrolls sideways at this width: the rows and the details fit.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (!process.env.LOUPE_DOCS_SHOTS) return;
      mkdirSync(DOCS, { recursive: true });
      await page.screenshot({ path: path.join(DOCS, `compare-${scheme}${width === 1280 ? '' : `-${width}`}.png`) });
    });
  }
}
