// A corpus of hostile files, generated here (streamed, never committed): a 100 MB single line through gzip, a gzip
// bomb of newlines, unsound token counts, empty and blank-only files, UTF-16, a PNG renamed .jsonl. Each runs through
// the CLI (in a process of its own, so its peak memory is its own) and through the engine session the browser worker
// runs, over Blobs: no stack trace, the exit codes of `loupe check`, every line an event or a diagnostic, bounded
// time and memory.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobInput, blobKeeper } from '../../lib/engine/blob';
import { handle, sessionHandlers } from '../../lib/engine/handlers';
import { TraceSession } from '../../lib/engine/session';
import type { Trace } from '../../lib/trace/model/types';
import { cc, jsonl, sdk, text } from '../../lib/trace/testing/builders';
import type { LoadSource } from '../../lib/engine/protocol';

const dir = mkdtempSync(path.join(tmpdir(), 'loupe-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string): string => path.join(dir, name);
const MiB = 1024 * 1024;
const LONG_LINE_MIB = 100;
const BOMB_MIB = 512;

/** Writes `chunks` through gzip (level 1: the test's time goes to reading, not compressing). */
async function gzipTo(name: string, chunks: Iterable<string | Uint8Array>): Promise<void> {
  await pipeline(Readable.from(chunks), createGzip({ level: 1 }), createWriteStream(file(name)));
}

/** A 1 MiB block of pseudo-random letters from a 4-letter alphabet: gzip gets ~4x from it, far from a bomb. */
function letters(): string {
  let s = 12345;
  const out = new Array<string>(MiB);
  for (let i = 0; i < MiB; i++) {
    s = (s * 1103515245 + 12345) % 2147483648;
    out[i] = 'acgt'[s >>> 29] ?? 'a';
  }
  return out.join('');
}

function* longLine(): Generator<string> {
  yield `${JSON.stringify(sdk.init())}\n`;
  yield '{"type":"user","message":{"role":"user","content":"';
  const block = letters();
  for (let i = 0; i < LONG_LINE_MIB; i++) yield block;
  yield '"}}\n';
  yield `${JSON.stringify(sdk.result())}\n`;
}

function* newlines(): Generator<Uint8Array> {
  const block = new Uint8Array(MiB).fill(0x0a);
  for (let i = 0; i < BOMB_MIB; i++) yield block;
}

const session = (u: Record<string, string>): string =>
  jsonl([
    cc.prompt('go'),
    cc.assistant('msg_neg', [text('a')], { input: 1, output: 11 }),
    cc.assistant('msg_huge', [text('b')], { input: 1, output: 12 }),
    cc.assistant('msg_str', [text('c')], { input: 1, output: 13 }),
    cc.assistant('msg_inf', [text('d')], { input: 1, output: 14 }),
    cc.assistant('msg_ok', [text('e')], { input: 1000, output: 100 }, { stop: 'end_turn' }),
  ])
    .replace('"output_tokens":11', `"output_tokens":${u['neg'] ?? ''}`)
    .replace('"output_tokens":12', `"output_tokens":${u['huge'] ?? ''}`)
    .replace('"output_tokens":13', `"output_tokens":${u['str'] ?? ''}`)
    .replace('"output_tokens":14', `"output_tokens":${u['inf'] ?? ''}`);

/** UTF-16LE with its byte order mark, as some editors save text. */
function utf16(s: string): Uint8Array {
  const out = new Uint8Array(2 + s.length * 2);
  out[0] = 0xff;
  out[1] = 0xfe;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[2 + i * 2] = c & 0xff;
    out[3 + i * 2] = c >> 8;
  }
  return out;
}

function png(): Uint8Array {
  const out = new Uint8Array(64 * 1024);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  let s = 7;
  for (let i = 16; i < out.length; i++) {
    s = (s * 1103515245 + 12345) % 2147483648;
    out[i] = s >>> 23;
  }
  return out;
}

beforeAll(async () => {
  await gzipTo('long-line.jsonl.gz', longLine());
  await gzipTo('bomb.jsonl.gz', newlines());
  writeFileSync(file('numbers.jsonl'), session({ neg: '-2000000', huge: '1e308', str: '"12"', inf: '1e400' }));
  writeFileSync(file('empty.jsonl'), '');
  writeFileSync(file('blank.jsonl'), '\n\n   \n\t\n\r\n');
  writeFileSync(file('utf16.jsonl'), utf16(jsonl([sdk.init(), sdk.result()])));
  writeFileSync(file('image.jsonl'), png());
}, 120_000);

interface CliRun {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
  readonly maxRssBytes: number;
  readonly ms: number;
}

/** `loupe <args>` in a process of its own. */
function cli(...args: string[]): Promise<CliRun> {
  const script = path.resolve(import.meta.dirname, 'cli-rss.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: path.resolve(import.meta.dirname, '../..'),
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const at = err.lastIndexOf('\n@@ ');
      const m =
        at >= 0
          ? (JSON.parse(err.slice(at + 4)) as { maxRssBytes: number; ms: number })
          : { maxRssBytes: NaN, ms: NaN };
      resolve({ code, out, err: at >= 0 ? err.slice(0, at) : err, ...m });
    });
  });
}

/** The engine session the browser worker runs, over a file-backed Blob, with bytes kept as the worker keeps them. */
async function engine(
  name: string,
): Promise<{ trace: Trace; diagnostics: readonly { code: string; message: string }[] }> {
  const session = new TraceSession({ keep: blobKeeper });
  const open = (source: LoadSource) =>
    source.kind === 'files'
      ? Promise.all(source.files.map((f) => blobInput(f.path, f.file)))
      : Promise.reject(new Error(source.kind));
  const summary = await handle(sessionHandlers(session, open), 'load', {
    source: { kind: 'files', files: [{ path: name, file: await openAsBlob(file(name)) }] },
  });
  return { trace: session.trace(), diagnostics: summary.diagnostics };
}

/** Lines in = events + line diagnostics, per file, and the CLI never shows a stack. */
function accounted(trace: Trace): void {
  for (const [i, s] of trace.sources.entries()) {
    const events = trace.events.filter((e) => e.source === i).length;
    const lineDiags = trace.diagnostics.filter((d) => d.consumesLine && d.src?.source === i).length;
    expect(events + lineDiags, s.name).toBe(s.lines.total);
  }
}

const noStack = (r: CliRun): void => expect(r.out + r.err).not.toMatch(/\n\s+at .+:\d+:\d+/);

/** Non-blank lines of a small file, counted apart from the parser. */
const nonBlank = (name: string): number =>
  new TextDecoder()
    .decode(readFileSync(file(name)))
    .split('\n')
    .filter((l) => l.trim().length > 0).length;

describe('hostile inputs', () => {
  it('a 100 MB single line through gzip: skipped as line-too-long with its byte range, the lines after it read', async () => {
    const r = await cli('check', file('long-line.jsonl.gz'));
    noStack(r);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      /long-line\.jsonl\.gz:2: line 2 is 100(\.0)? MiB \(bytes \d+–\d+\): longer than the 64 MiB line limit, skipped/,
    );
    expect(r.maxRssBytes).toBeLessThan(400 * MiB);
    expect(r.ms).toBeLessThan(60_000);
    const { trace } = await engine('long-line.jsonl.gz');
    accounted(trace);
    expect(trace.events.map((e) => e.kind)).toEqual(['system', 'result']);
    const d = trace.diagnostics.find((x) => x.code === 'line-too-long');
    expect(d?.src).toMatchObject({ line: 2 });
    expect(d?.src?.length).toBeGreaterThan(LONG_LINE_MIB * MiB);
    // A higher limit reads it (and its 100 MB of text is a user message).
    const raised = await cli('check', file('long-line.jsonl.gz'), '--max-line-bytes', '128MB', '--json');
    expect(raised.code).toBe(0);
  }, 180_000);

  it('a gzip bomb of newlines stops at 200x its compressed size, naming the file', async () => {
    const r = await cli('check', file('bomb.jsonl.gz'));
    noStack(r);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      /\n  - bomb\.jsonl\.gz: reading stopped after [\d.]+ MiB inflated, because the limit is 200x its compressed size of [\d.]+ [KM]iB; the rest of the file is not loaded/,
    );
    expect(r.maxRssBytes).toBeLessThan(300 * MiB);
    expect(r.ms).toBeLessThan(60_000);
    const { trace, diagnostics } = await engine('bomb.jsonl.gz');
    accounted(trace);
    expect(diagnostics.map((d) => d.code)).toContain('inflate-limit');
    expect(trace.sources[0]?.lines.blank).toBeGreaterThan(0);
    // The limit is the user's to set; `stats` says in words what it did not read.
    const set = await cli('stats', file('bomb.jsonl.gz'), '--max-inflate-bytes', '1MB');
    expect(set.code).toBe(0);
    expect(set.err).toContain(
      'bomb.jsonl.gz: reading stopped after 1 MiB inflated, because the inflate limit set is 1 MiB',
    );
  }, 180_000);

  it('negative, huge, string and 1e400 token counts: each named, the calls stay, check fails', async () => {
    const r = await cli('check', file('numbers.jsonl'));
    noStack(r);
    expect(r.code).toBe(1);
    for (const [line, said] of [
      [2, 'output_tokens is -2000000: negative'],
      [3, 'output_tokens is 1e+308: too large to be exact'],
      [4, 'output_tokens is "12": not a number'],
      [5, 'output_tokens is Infinity (a number too large for a double): not finite'],
    ] as const)
      expect(r.out).toContain(`numbers.jsonl:${line}: line ${line}: message.usage.${said}`);
    const { trace } = await engine('numbers.jsonl');
    accounted(trace);
    expect(trace.sources[0]?.lines.total).toBe(nonBlank('numbers.jsonl'));
    expect(trace.turns.map((t) => t.counted)).toEqual([false, false, false, false, true]);
  }, 60_000);

  it.each([
    ['empty.jsonl', 'no events'],
    ['blank.jsonl', 'no events'],
    [
      'utf16.jsonl',
      'utf16.jsonl is UTF-16 text (it starts with a UTF-16 byte order mark): Loupe reads UTF-8 JSON lines',
    ],
    ['image.jsonl', 'image.jsonl is a PNG image, not a transcript.'],
  ])(
    '%s: check fails in words (%s), every line accounted for',
    async (name, said) => {
      const r = await cli('check', file(name));
      noStack(r);
      expect(r.code).toBe(1);
      expect(r.out).toContain(said);
      const { trace } = await engine(name);
      accounted(trace);
      expect(trace.sources[0]?.lines.total).toBe(nonBlank(name));
    },
    60_000,
  );
});
