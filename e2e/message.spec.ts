import { expect, test } from '@playwright/test';
import { Loupe } from './pages/Loupe';

// The Message tab of a line with no view of its own (here Claude Code's turn_duration system line, under the Meta
// chip): what the line says and the fields it has, readable, not the model's record of it.

test('a system line reads as its summary and its fields, with the time in UTC', async ({ page }) => {
  await page.goto('/view?sample=cc-2-1');
  const app = new Loupe(page);
  await app.waitForWorkbench();
  await app.chip('Meta').click();
  await app.pick('kind:system', /turn_duration/);
  await app.tab('Message').click();
  const fields = app.detailsPanel.getByLabel('event fields');
  await expect(app.detailsPanel).toContainText('turn_duration · 658000 ms');
  await expect(fields).toContainText('time2026-11-30T10:11:00.420Z');
  await expect(fields).toContainText('durationMs658000');
  // None of the model's bookkeeping, and no field shown as "undefined".
  await expect(fields).not.toContainText('undefined');
  await expect(fields).not.toContainText('seq');
  await expect(fields).not.toContainText('1795');
});

test('a command and its output read as a terminal showed them, not as a user prompt (deep-manifest)', async ({
  page,
}) => {
  await page.goto('/view?sample=deep-manifest');
  const app = new Loupe(page);
  await app.waitForWorkbench();
  await expect(app.option(/^command: \/context/)).toBeVisible();
  await app.option(/^command output: Context Usage/).click();
  await app.tab('Message').click();
  const output = app.detailsPanel.getByLabel('command output', { exact: true });
  await expect(app.detailsPanel.getByRole('heading', { name: /^Command output/ })).toBeVisible();
  // Its lines kept, no tags, no terminal colour codes.
  await expect(output).toContainText(/^\s*Context Usage\n/);
  await expect(output).toContainText('claude-sonnet-4-5-20250929 · 66k/200k tokens (33%)');
  await expect(output).not.toContainText('local-command-stdout');
  expect(await output.textContent()).not.toContain('\u001b');
});
