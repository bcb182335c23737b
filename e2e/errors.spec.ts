import { expect, test } from '@playwright/test';
import { copyFileSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES, Loupe } from './pages/Loupe';

// Failures are shown where they happened, in words, with a way to try again: never "Loading…" forever, never nothing.

test('a link to an event the trace does not have says so in the details pane', async ({ page }) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=tour&sel=99999&tab=raw');
  await app.waitForWorkbench();
  const details = page.getByRole('main').getByRole('alert');
  await expect(details).toContainText(
    'Could not show event 99999: this trace has no event 99999 (its events are numbered 0 to 37).',
  );
  await expect(details.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
  // Selecting a real event replaces the error.
  await app.eventRows().first().click();
  await expect(details).toHaveCount(0);
  await expect(app.tab('Raw')).toHaveAttribute('aria-selected', 'true');
  await expect(app.detailsPanel.getByLabel('raw line')).toContainText('"type"');
});

test('a dropped file that changed on disk: the Raw tab and the Share scan say so, and Retry works once it reads again', async ({
  page,
}, info) => {
  // The file a person dropped is read again from disk for the Raw tab and for sharing. A session still being written
  // changes under the page: the browser then refuses to read it (NotReadableError), as it does here when the file's
  // modification time moves. Putting the time back makes it readable again.
  const file = info.outputPath('claude-p.jsonl');
  copyFileSync(path.join(FIXTURES, 'claude-p.jsonl'), file);
  const opened = new Date('2026-01-01T00:00:00Z');
  utimesSync(file, opened, opened);
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Choose files').setInputFiles(file);
  await app.waitForWorkbench();
  await app
    .option(/Search if claude -p can make use of WebSearch/)
    .first()
    .click();
  utimesSync(file, opened, new Date(opened.getTime() + 60_000));

  await app.tab('Raw').click();
  const error = app.detailsPanel.getByRole('alert');
  await expect(error).toContainText('Could not read the source line: claude-p.jsonl could not be read again');
  await expect(error).toContainText(
    'It may have changed or moved since it was opened: open it again to see this line.',
  );

  await page.getByRole('button', { name: 'Share…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share trace' });
  const scanError = dialog.getByRole('alert');
  await expect(scanError).toContainText('Could not scan the trace for secrets: claude-p.jsonl could not be read again');
  await expect(dialog.getByRole('button', { name: /Create link|Upload/ }).first()).toBeDisabled();

  utimesSync(file, opened, opened);
  await scanError.getByRole('button', { name: 'Retry' }).click();
  await expect(dialog.getByRole('status')).toContainText(/secrets? found|No secrets found/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(app.detailsPanel.getByLabel('raw line')).toContainText('Search if claude -p can make use of WebSearch');
  await expect(app.detailsPanel.getByRole('alert')).toHaveCount(0);
});

test('files skipped at drop time are named in the viewer with why, after a reload too, until dismissed', async ({
  page,
}) => {
  const app = new Loupe(page);
  await app.home();
  await app.drop([
    { name: 'claude-p.jsonl', path: path.join(FIXTURES, 'claude-p.jsonl') },
    { name: 'image.png', path: path.join(FIXTURES, 'image.png'), type: 'image/png' },
    { name: 'people.csv', path: path.join(FIXTURES, 'people.csv'), type: 'text/csv' },
  ]);
  await app.waitForWorkbench();
  const note = page.getByRole('region', { name: 'Skipped files' });
  await expect(note.getByRole('listitem')).toHaveText([
    'Skipped image.png: not a transcript (PNG image)',
    'Skipped people.csv: not JSONL (its first line is not JSON)',
  ]);
  await page.reload();
  await app.waitForWorkbench();
  await expect(note).toContainText('Skipped image.png: not a transcript (PNG image)');
  await note.getByRole('button', { name: 'Dismiss' }).click();
  await expect(note).toHaveCount(0);
  await expect(page.getByLabel('Model calls')).toHaveText('10 model calls');
});
