import { expect, test } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { Loupe } from './pages/Loupe';

// What a load leaves out is said in words above the timeline: a line past the line limit, a gzip file that inflates
// past its limit. The limits are the CLI's, set on the page URL as the CLI sets them with flags.

const init = JSON.stringify({ type: 'system', subtype: 'init', cwd: '/repo', model: 'claude-sonnet-4-5-20250929', tools: [], session_id: 's1', uuid: 'u1' });
const result = JSON.stringify({
  type: 'result',
  subtype: 'success',
  is_error: false,
  num_turns: 1,
  total_cost_usd: 0,
  result: 'done',
  session_id: 's1',
  uuid: 'u2',
});

test('a line past the line limit set on the URL is named with its size and byte range, after a reload too', async ({ page }, info) => {
  const long = `{"type":"user","message":{"role":"user","content":"${'x'.repeat(2 * 1024 * 1024)}"}}`;
  const file = info.outputPath('long.jsonl');
  writeFileSync(file, `${init}\n${long}\n${result}\n`);
  const app = new Loupe(page);
  await page.goto('/?maxLineBytes=1MB');
  await app.drop([{ name: 'long.jsonl', path: file }]);
  await app.waitForWorkbench();
  await expect(page).toHaveURL(/\/view\?local=.*maxLineBytes=1MB/);
  const note = page.getByRole('region', { name: 'Not loaded' });
  const said = `long.jsonl: line 2 is 2 MiB (bytes ${init.length + 1}–${init.length + 1 + long.length}): longer than the 1 MiB line limit, skipped`;
  await expect(note.getByRole('listitem')).toHaveText([said]);
  await page.reload();
  await app.waitForWorkbench();
  await expect(note.getByRole('listitem')).toHaveText([said]);
  await note.getByRole('button', { name: 'Diagnostics' }).click();
  await expect(page.getByRole('region', { name: 'Diagnostics panel' })).toContainText('line-too-long');
  await note.getByRole('button', { name: 'Dismiss' }).click();
  await expect(note).toHaveCount(0);
});

test('a gzip bomb of newlines stops at 200x its compressed size, and the page says so naming the file', async ({ page }, info) => {
  const bomb = gzipSync(Buffer.concat([Buffer.from(`${init}\n`), Buffer.alloc(64 * 1024 * 1024, 0x0a)]), { level: 9 });
  const file = info.outputPath('bomb.jsonl.gz');
  writeFileSync(file, bomb);
  const app = new Loupe(page);
  await app.home();
  await app.drop([{ name: 'bomb.jsonl.gz', path: file, type: 'application/gzip' }]);
  await app.waitForWorkbench();
  const note = page.getByRole('region', { name: 'Not loaded' });
  await expect(note).toContainText(
    new RegExp(
      `^bomb\\.jsonl\\.gz: reading stopped after [\\d.]+ MiB inflated, because the limit is 200x its compressed size of [\\d.]+ KiB; the rest of the file is not loaded`,
    ),
  );
});
