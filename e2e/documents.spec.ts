import { expect, test } from '@playwright/test';
import path from 'node:path';
import { Loupe } from './pages/Loupe';

const RECORDING = path.resolve(import.meta.dirname, '../test/fixtures/real/open-harness/golden/structured-output.json');

test('a record of a JSON document is named by its path, and Raw shows that record, not the whole document', async ({
  page,
}) => {
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Choose files').setInputFiles(RECORDING);
  await app.waitForWorkbench();
  await app.option(/result error_max_turns/).click();
  // Every record shares the document's first line: `:1` would name them all alike.
  await expect(page.getByTitle('structured-output.json · messages[29].message · main')).toBeVisible();
  await app.tab('Raw').click();
  await expect(app.detailsPanel.getByTestId('raw-location')).toContainText(
    'structured-output.json · messages[29].message · in the document, bytes',
  );
  await expect(app.detailsPanel.getByLabel('raw line')).toContainText('"subtype":"error_max_turns"');
  await expect(app.detailsPanel.getByLabel('raw line')).not.toContainText('"metadata"');

  await page.getByRole('tab', { name: 'Stats & verdict' }).click();
  const stats = page.getByRole('region', { name: 'Stats' });
  await expect(
    stats.getByRole('region', { name: 'Verdict' }).getByRole('button', { name: 'messages[29].message' }),
  ).toBeVisible();
  await expect(stats.getByRole('button', { name: '98a8d11f messages[29].message ($0.0167)' })).toBeVisible();
});

test('links to other records of a JSON document name them by path, and jump to them', async ({ page }) => {
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Choose files').setInputFiles(RECORDING);
  await app.waitForWorkbench();
  await app.option(/StructuredOutput\(/).click();
  await app.tab('Tool call').click();
  const call = app.toolCall(/StructuredOutput call/);
  await expect(
    app.chainStep(call, /Request: StructuredOutput/).getByRole('button', { name: 'messages[24].message' }),
  ).toBeVisible();
  await expect(call.getByRole('button', { name: /^line / })).toHaveCount(0);
  await app
    .chainStep(call, /Result/)
    .getByRole('button', { name: 'messages[28].message' })
    .click();
  await expect(app.selected()).toContainText('Structured output provided successfully');

  await page.getByRole('tab', { name: 'Stats & verdict' }).click();
  const stats = page.getByRole('region', { name: 'Stats' });
  await stats.getByRole('button', { name: 'Explain Model calls' }).click();
  const rows = page.getByRole('list', { name: 'Explain rows' });
  await expect(rows.getByRole('button', { name: 'structured-output.json · messages[14].message' })).toBeVisible();
  // The call's copies: each record by its path.
  await expect(rows.getByRole('button', { name: 'messages[24].message' })).toBeVisible();
  await expect(rows.getByRole('button', { name: /^line / })).toHaveCount(0);
});

test("a recording's metadata and result block are fields of its header, not another result", async ({ page }) => {
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Choose files').setInputFiles(RECORDING);
  await app.waitForWorkbench();
  await app.chip('Meta').click();
  await app.option(/Extract the person's name and age/).click();
  await app.tab('Message').click();
  const fields = app.detailsPanel;
  await expect(fields.getByRole('term').filter({ hasText: /^metadata\.scenario$/ })).toBeVisible();
  await expect(fields.getByRole('definition').filter({ hasText: /^structured-output$/ })).toBeVisible();
  await expect(fields.getByRole('term').filter({ hasText: /^result\.hasStructuredOutput$/ })).toBeVisible();
  await expect(fields.getByRole('definition').filter({ hasText: /^\["StructuredOutput"\]$/ })).toBeVisible();
  // One result row: the SDK's result frame, not the recorder's block.
  await expect(app.option(/result error_max_turns/)).toHaveCount(1);
});

test('an evaluation row shows its verdict: a failed test is marked failed, never with a check mark', async ({
  page,
}) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=eval-failed');
  await app.waitForWorkbench();
  const row = app.option(/^evaluation failed: evaluation · test failed/);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-badge=error]')).toHaveText('failed');
  await expect(row).not.toContainText('✓');
});
