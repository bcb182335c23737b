import { expect, test } from '@playwright/test';
import { closeSync, openSync, utimesSync, writeSync } from 'node:fs';
import { Loupe } from './pages/Loupe';

// Files of 16 MiB or more are read by a second worker, the reader, which hands the trace worker their slices (see
// lib/engine/reader.ts). What a user meets when that goes wrong: a file that changes on disk while it is read is
// named in an error with a way to try again; a reader that cannot start costs nothing but time.

/** Writes a transcript of `mib` MiB of user prompts (`markNz`, numbered from 0) ending in a result line. */
function bigFile(file: string, mib: number): number {
  const fd = openSync(file, 'w');
  let bytes = 0;
  let i = 0;
  const block = [
    `${JSON.stringify({ type: 'system', subtype: 'init', cwd: '/repo', model: 'claude-sonnet-4-5-20250929', tools: [], session_id: 's1' })}\n`,
  ];
  for (; bytes < mib * 1024 * 1024; i++) {
    const line = `${JSON.stringify({ type: 'user', session_id: 's1', uuid: `f${i}`, message: { role: 'user', content: `mark${i}z ${'y'.repeat(1000)}` } })}\n`;
    block.push(line);
    bytes += line.length;
    if (block.length === 4096) writeSync(fd, block.splice(0).join(''));
  }
  writeSync(
    fd,
    `${block.join('')}${JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result: 'done', session_id: 's1' })}\n`,
  );
  closeSync(fd);
  return i;
}

test('a big file that changes on disk while the reader reads it is named in an error, and Try again reads it', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  // 64 MiB: the reader reads eight 4 MiB slices ahead of the parser, then one each time it takes one; the file
  // changes once the first rows are parsed, before the reader has read its last slices.
  const file = info.outputPath('big.jsonl');
  const prompts = bigFile(file, 64);
  const opened = new Date('2026-01-01T00:00:00Z');
  utimesSync(file, opened, opened);
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Choose files').setInputFiles(file);
  await expect(page.getByRole('progressbar', { name: 'Parsing' })).toBeVisible();
  await page.waitForFunction(() => /[\d.]+ MB of [\d.]+ MB/.test(document.body.innerText), undefined, { polling: 10 });
  utimesSync(file, opened, new Date(opened.getTime() + 60_000));

  const error = app.alert;
  await expect(error).toContainText('big.jsonl could not be read (');
  await expect(error).toContainText('It may have changed, moved or been deleted since it was opened: open it again.');
  utimesSync(file, opened, opened);
  await page.getByRole('button', { name: 'Try again' }).click();
  await app.waitForWorkbench();
  await app.setFilter(`mark${prompts - 1}z`);
  await expect(app.eventRows()).toHaveCount(1);
});

test('a reader worker whose script fails to load once the trace worker asked it for slices: the file loads whole', async ({
  page,
  context,
}, info) => {
  test.setTimeout(60_000);
  const file = info.outputPath('big.jsonl');
  const prompts = bigFile(file, 20);
  const app = new Loupe(page);
  // The reader's script (the one that reads with FileReaderSync) is held until the trace worker has parsed the first
  // slice and waits for the reader's, then fails to load: the reader's `error` event comes in the middle of the read.
  let held = false;
  await context.route('**/_next/static/**', async (route) => {
    const res = await route.fetch();
    if (!(await res.text()).includes('FileReaderSync')) return route.fulfill({ response: res });
    held = true;
    await expect(page.getByText(/[\d.]+ MB of [\d.]+ MB/)).toBeVisible({ timeout: 20_000 });
    await route.abort();
  });
  await app.home();
  await page.getByLabel('Choose files').setInputFiles(file);
  await app.waitForWorkbench();
  expect(held).toBe(true);
  await expect(app.alert).toHaveCount(0);
  await app.setFilter(`mark${prompts - 1}z`);
  await expect(app.eventRows()).toHaveCount(1);
});
