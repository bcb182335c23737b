import { expect, test } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { Loupe } from './pages/Loupe';

// What a load leaves out is said in words above the timeline: a line past the line limit, a gzip file that inflates
// past its limit. The limits are the CLI's, set on the page URL as the CLI sets them with flags.

const init = JSON.stringify({
  type: 'system',
  subtype: 'init',
  cwd: '/repo',
  model: 'claude-sonnet-4-5-20250929',
  tools: [],
  session_id: 's1',
  uuid: 'u1',
});
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

/** A user line of about 1 KB whose text is marked `mark<i>z`, for a filter to find. */
const filler = (i: number): string =>
  JSON.stringify({
    type: 'user',
    session_id: 's1',
    uuid: `f${i}`,
    message: { role: 'user', content: `mark${i}z ${'y'.repeat(1000 + (i % 7))}` },
  });

/** Appends filler lines (numbered from `from`) to a file of `bytes` bytes until it holds `limit`; its new size. */
function fillTo(lines: string[], bytes: number, limit: number, from = 0): number {
  let size = bytes;
  for (let i = from; size < limit; i++) {
    const l = filler(i);
    lines.push(l);
    size += l.length + 1;
  }
  return size;
}

test('a file big enough for the reader worker: its lines keep their numbers and byte offsets across its slices', async ({
  page,
}, info) => {
  // 24 MiB: read by the reader worker in 4 MiB slices after a 256 KiB first one. A line past the limit, 20 MiB in,
  // is named with the line number and byte range it has in the file.
  const lines = [init];
  const bytes = fillTo(lines, init.length + 1, 20 * 1024 * 1024);
  const long = `{"type":"user","message":{"role":"user","content":"${'x'.repeat(2 * 1024 * 1024)}"}}`;
  const longAt = bytes;
  const longLine = lines.length + 1;
  lines.push(long);
  fillTo(lines, bytes, 24 * 1024 * 1024, lines.length);
  lines.push(result);
  const file = info.outputPath('big.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const app = new Loupe(page);
  await page.goto('/?maxLineBytes=1MB');
  // Through the file input: a drop's DataTransfer is built in the page from base64, slow for 24 MiB.
  await page.getByLabel('Choose files').setInputFiles(file);
  await app.waitForWorkbench();
  const note = page.getByRole('region', { name: 'Not loaded' });
  await expect(note.getByRole('listitem')).toHaveText([
    `big.jsonl: line ${longLine} is 2 MiB (bytes ${longAt}–${longAt + long.length}): longer than the 1 MiB line limit, skipped`,
  ]);
  // The lines after it are there, the file's last too.
  await app.setFilter(`mark${lines.length - 2}z`);
  await expect(app.events.locator('[data-kind=event]')).toHaveCount(1);
});

test('a file past the heap a load may fill: reading stops at a line end, the page says what it left out', async ({
  page,
}, info) => {
  // 24 MiB of 1 KB lines (read by the reader worker in 4 MiB slices), under a memory limit of 2 MiB set on the URL:
  // the limit every tab has (half its JS heap) lowered, so that a small file reaches it. The lines read work as any.
  const lines = [init];
  fillTo(lines, init.length + 1, 24 * 1024 * 1024);
  const file = info.outputPath('big.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const app = new Loupe(page);
  await page.goto('/?maxHeapBytes=2MB');
  await page.getByLabel('Choose files').setInputFiles(file);
  await app.waitForWorkbench();
  await expect(page).toHaveURL(/\/view\?local=.*maxHeapBytes=2MB/);
  const note = page.getByRole('region', { name: 'Not loaded' });
  await expect(note.getByRole('listitem')).toHaveText([
    /^big\.jsonl: reading stopped after [\d.]+ [KM]iB of 24 MiB, because more would not fit in this tab's memory \(the memory limit set is 2 MiB\); the rest of the file is not loaded: run `npx loupe stats` on it for the whole file$/,
  ]);
  // What was read is there, its last line whole (no line cut off): the filter finds the first lines, not the last.
  await app.setFilter('mark0z');
  await expect(app.events.locator('[data-kind=event]')).toHaveCount(1);
  await app.setFilter(`mark${lines.length - 2}z`);
  await expect(app.events.locator('[data-kind=event]')).toHaveCount(0);
  await note.getByRole('button', { name: 'Diagnostics' }).click();
  const diagnostics = page.getByRole('region', { name: 'Diagnostics panel' });
  await expect(diagnostics).toContainText('memory-limit');
  await expect(diagnostics).not.toContainText('truncated-last-line');
  // A link carries whole files: sharing one read in part is refused, in words.
  await page.getByRole('button', { name: 'Share…' }).click();
  await expect(page.getByRole('dialog', { name: 'Share trace' })).toContainText(
    "big.jsonl was not loaded whole (more would not fit in this tab's memory), so this trace cannot be shared",
  );
  // A refusal, not a failed scan: said as it is, with no Retry that could not help.
  const dialog = page.getByRole('dialog', { name: 'Share trace' });
  await expect(dialog.getByRole('alert')).not.toContainText('Could not scan');
  await expect(dialog.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});

test('a line past the line limit set on the URL is named with its size and byte range, after a reload too', async ({
  page,
}, info) => {
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

test('a gzip bomb of newlines stops at 200x its compressed size, and the page says so naming the file', async ({
  page,
}, info) => {
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

test('an unsound token count: the call stays in the timeline, the note and Explain say why it is not counted', async ({
  page,
}, info) => {
  const env = (uuid: string) => ({
    parentUuid: null,
    isSidechain: false,
    sessionId: 's1',
    uuid,
    timestamp: '2026-01-01T00:00:00.000Z',
    type: 'assistant',
  });
  const call = (id: string, uuid: string, usage: Record<string, unknown>) => ({
    ...env(uuid),
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5-20250929',
      content: [{ type: 'text', text: id }],
      stop_reason: 'end_turn',
      usage,
    },
  });
  const file = info.outputPath('numbers.jsonl');
  writeFileSync(
    file,
    [
      call('msg_bad', 'u1', { input_tokens: -2000000, output_tokens: 10 }),
      call('msg_good', 'u2', { input_tokens: 1000, output_tokens: 100 }),
    ]
      .map((l) => JSON.stringify(l))
      .join('\n') + '\n',
  );
  const app = new Loupe(page);
  await app.home();
  await app.drop([{ name: 'numbers.jsonl', path: file }]);
  await app.waitForWorkbench();
  await expect(page.getByRole('region', { name: 'Not loaded' })).toContainText(
    'numbers.jsonl: line 1: message.usage.input_tokens is -2000000: negative, not a token count; this model call stays in the timeline, its usage is not counted in the totals',
  );
  await expect(page.getByLabel('Model calls')).toHaveText('1 model call');
  // Both calls are in the timeline.
  await expect(app.option(/msg_bad/)).toBeVisible();
  await expect(app.option(/msg_good/)).toBeVisible();
  await page.getByRole('tab', { name: 'Stats & verdict' }).click();
  const stats = page.getByRole('region', { name: 'Stats' });
  await stats.getByRole('button', { name: 'Explain Input' }).click();
  const explain = page.getByRole('complementary', { name: 'Explain' });
  await expect(explain.getByTestId('explain-total')).toHaveText('1,000');
  await expect(explain.getByRole('list', { name: 'Explain rows' }).locator('> li[data-counted=false]')).toContainText(
    'usage not counted: line 1: message.usage.input_tokens is -2000000: negative',
  );
});
