// The Node reader of the fast path: files read into one reused buffer give the same scans as the pure reader,
// whatever the chunk size (a line split across reads must be copied before the buffer is reused). Records themselves
// may differ (a call's split lines are folded into one record only where the WebAssembly reader read them, which
// depends on where reads cut lines); what they merge to may not.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileScanner, mergeScans, scanSource, type FileScan, type Merged } from '../fast';
import { memorySource } from '../engine/source';
import { defaultThreads, joinScans, scanFile, scanRange, sniffDialect } from './fast-node';

const ROOT = path.resolve(import.meta.dirname, '../../test/fixtures/real');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

describe('scanFile', () => {
  it.each(files(ROOT).filter((f) => /\.jsonl?$/.test(f)))('%s', async (file) => {
    const name = path.relative(ROOT, file);
    const want = await scanSource(memorySource(name, readFileSync(file)));
    const merged = (s: FileScan): Merged => mergeScans([{ scan: s, project: 'p' }]);
    for (const chunk of [97, 4096, 1 << 20]) {
      const { records, ...rest } = await scanFile({ path: file, name, size: statSync(file).size }, chunk);
      const { records: _, ...wantRest } = want;
      expect(rest).toEqual(wantRest);
      expect(merged({ ...rest, records })).toEqual(merged(want));
    }
  });
});

describe('scanRange', () => {
  // A one-line prompt window, so that the first range (which always holds line 1) is the only one that looks.
  const window = { lines: 1, bytes: 1 << 20, lineBytes: 1 << 20 };
  it.each(files(ROOT).filter((f) => f.endsWith('.jsonl') && statSync(f).size > 0))(
    '%s cut in ranges merges like the whole file',
    (file) => {
      const task = { path: file, name: path.relative(ROOT, file), size: statSync(file).size };
      const whole = mergeScans([
        { scan: scanRange({ ...task, start: 0, end: task.size }, 4096, { window }) ?? fail(), project: 'p' },
      ]);
      const dialect = sniffDialect(task);
      expect(dialect).toBeDefined();
      for (const parts of [2, 7, 31]) {
        const scans = Array.from(
          { length: parts },
          (_, k) =>
            scanRange(
              {
                ...task,
                start: Math.floor((task.size * k) / parts),
                end: Math.floor((task.size * (k + 1)) / parts),
                ...(dialect ? { dialect } : {}),
              },
              997,
              { window },
            ) ?? fail(),
        );
        expect(mergeScans([{ scan: joinScans(scans), project: 'p' }])).toEqual(whole);
      }
    },
  );
});

describe('sniffDialect', () => {
  /** What the whole first MiB pushed through a scanner at once decides. */
  const wholeMiB = (file: string) => {
    const scanner = new FileScanner(path.basename(file));
    scanner.push(readFileSync(file).subarray(0, 1 << 20));
    return scanner.isDocument ? undefined : scanner.fileDialect;
  };
  const sniff = (file: string) => sniffDialect({ path: file, name: path.basename(file), size: statSync(file).size });

  it.each(files(ROOT).filter((f) => /\.jsonl?$/.test(f)))('%s: as the first MiB decides', (file) => {
    expect(sniff(file)).toBe(wholeMiB(file));
  });

  it('reads on past its first pushes while no line tells, and knows a document at once', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'loupe-sniff-'));
    try {
      // 60 KiB of lines of no dialect, then an SDK stream's two kinds of line (a system line, then a stream event).
      const late = path.join(dir, 'late.jsonl');
      const rows = Array.from({ length: 600 }, (_, i) => JSON.stringify({ type: 'row', i, pad: 'x'.repeat(90) }));
      const sdk = [
        JSON.stringify({ type: 'system', subtype: 'init', session_id: 's' }),
        JSON.stringify({ type: 'stream_event', session_id: 's', event: { type: 'ping' } }),
      ];
      writeFileSync(late, [...rows, ...sdk, ''].join('\n'));
      expect(statSync(late).size).toBeGreaterThan(32 << 10);
      expect(sniff(late)).toBe('sdk-stream');
      expect(sniff(late)).toBe(wholeMiB(late));
      const doc = path.join(dir, 'doc.jsonl');
      writeFileSync(doc, `[\n${rows.join(',\n')}\n]\n`);
      expect(sniff(doc)).toBeUndefined();
      expect(wholeMiB(doc)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function fail(): never {
  throw new Error('a JSON document');
}

describe('defaultThreads', () => {
  const files = (n: number, mb: number) =>
    Array.from({ length: n }, (_, i) => ({ path: `/x/${i}.jsonl`, name: `${i}.jsonl`, size: mb << 20 }));
  const idle = (cores: number) => ({ cores, load: 0.3 });

  it('scans under 1 GiB in this thread alone, however many cores are idle', () => {
    // Measured slower with a worker on an idle two-core machine: a folder of 100 sessions of 2 MB, one 100 MB file.
    expect(defaultThreads(files(100, 2), idle(2))).toBe(0);
    expect(defaultThreads(files(1, 100), idle(2))).toBe(0);
    expect(defaultThreads(files(1, 500), { cores: 2, load: 0 })).toBe(0);
    expect(defaultThreads(files(1, 1023), idle(64))).toBe(0);
  });

  it('uses one thread per idle core from 1 GiB', () => {
    expect(defaultThreads(files(600, 2), idle(2))).toBe(2);
    expect(defaultThreads(files(1, 1100), idle(8))).toBe(8);
    expect(defaultThreads(files(600, 2), { cores: 8, load: 5.2 })).toBe(3);
  });

  it('starts no worker on one core, or when at most one core is idle', () => {
    expect(defaultThreads(files(600, 2), idle(1))).toBe(0);
    expect(defaultThreads(files(600, 2), { cores: 2, load: 0.6 })).toBe(0);
    expect(defaultThreads(files(600, 2), { cores: 2, load: 9 })).toBe(0);
    expect(defaultThreads(files(1, 4096), { cores: 2, load: 1.6 })).toBe(0);
  });
});
