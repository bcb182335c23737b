import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { loadStatsParts, parseStatsPart, type PartStart, type StatsPart } from '../engine/stats-part';
import { lineReaders, type LineReaders } from '../fast/clip';
import type { Trace } from '../trace/model/types';
import type { LoadLimits } from '../trace/limits';
import { sniffDialect, type FileTask, type Machine } from './fast-node';
import { READ_CHUNK_BYTES } from './files';

// `loupe stats FILE` on a big plain file, on more cores: a worker thread parses the file's later part (from the start
// of a line on) into lean events while this thread parses the lines before it, then takes the worker's events after
// its own (lib/engine/stats-part.ts) and builds the model. The report is the one-thread load's, line for line.
//
// It pays only with a core to spare beyond the two threads: in one thread, V8's collector and compiler threads already
// keep a second core about a third busy (2.3 s of CPU in 1.7 s of wall on cc-500), and the worker adds 0.6 s of CPU
// (its start, its own JIT warm-up and wasm, the structured clone both ways) and 27 MB of peak RSS. On this project's
// two-core machine it gained no wall time (docs/performance.md), so it is used by default only on three idle cores.

/** A file smaller than this is read in one thread: a worker takes about 0.15 s to start and warm up. */
export const SPLIT_MIN_BYTES = 96 << 20;

/**
 * The share of the file this thread parses. It also takes in the worker's events (their structured clone) and starts
 * first, so it parses a little more than half.
 */
const HEAD_SHARE = 0.56;

/** Whether to split: `LOUPE_STATS_THREADS` 0 or 1 never, 2 or more always (when the file can be); else on three
 *  idle cores (see above). */
export function wantsSplit(
  size: number,
  env: Readonly<Record<string, string | undefined>>,
  machine?: Machine,
): boolean {
  const set = env['LOUPE_STATS_THREADS'];
  if (set !== undefined && set !== '') return Number(set) >= 2;
  if (size < SPLIT_MIN_BYTES) return false;
  const m = machine ?? { cores: availableParallelism(), load: loadavg()[0] ?? 0 };
  return Math.min(m.cores, Math.round(m.cores - m.load)) >= 3;
}

const LF = 0x0a;

/** The bytes of a file in `[start, end)`, read synchronously into one reused buffer (the line reader copies). */
export function* fileRange(file: string, start: number, end: number): Generator<Uint8Array> {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.allocUnsafeSlow(READ_CHUNK_BYTES);
    for (let pos = start; pos < end; ) {
      const n = readSync(fd, buf, 0, Math.min(buf.length, end - pos), pos);
      if (n <= 0) return;
      pos += n;
      yield buf.subarray(0, n);
    }
  } finally {
    closeSync(fd);
  }
}

/** Where the split goes: just after the first `\n` at or after `share` of the file (undefined: none there). */
function splitOffset(file: string, size: number, share: number): number | undefined {
  const from = Math.floor(size * share);
  let pos = from;
  for (const chunk of fileRange(file, from, size)) {
    const nl = chunk.indexOf(LF);
    if (nl >= 0) return pos + nl + 1 < size ? pos + nl + 1 : undefined;
    pos += chunk.length;
  }
  return undefined;
}

export const STATS_WORKER_TAG = 'loupe-stats-part';

/** What a worker that parses a part is started with. */
export interface StatsWorkerStart {
  readonly tag: typeof STATS_WORKER_TAG;
  readonly path: string;
  readonly size: number;
  readonly start: PartStart;
  readonly limits: LoadLimits;
}

export function isStatsWorkerStart(v: unknown): v is StatsWorkerStart {
  return typeof v === 'object' && v !== null && 'tag' in v && v.tag === STATS_WORKER_TAG;
}

type Reply = { readonly part: StatsPart } | { readonly error: string };

/** A worker's work: parses its part, replies with it. */
export async function serveStatsPart(port: { postMessage(r: Reply): void }, w: StatsWorkerStart): Promise<void> {
  try {
    const part = await parseStatsPart(
      fileRange(w.path, w.start.offset, w.size),
      { ...w.start, line: 0 },
      {
        ...(w.limits.maxLineBytes !== undefined ? { maxLineBytes: w.limits.maxLineBytes } : {}),
        ...lineReaders(true),
      },
    );
    port.postMessage({ part });
  } catch (err) {
    port.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
}

/**
 * The stats trace of one big plain file in two threads; undefined when it cannot be split (not JSON lines of a dialect
 * its start tells, no line end past the split), the caller then loads it in one.
 */
export async function loadStatsSplit(
  file: FileTask,
  workerUrl: URL,
  limits: LoadLimits,
  readers: LineReaders,
): Promise<Trace | undefined> {
  const dialect = sniffDialect(file);
  if (!dialect) return undefined;
  const offset = splitOffset(file.path, file.size, HEAD_SHARE);
  if (offset === undefined) return undefined;
  const start = { index: 0, name: file.name, offset, line: 0, dialect };
  const data: StatsWorkerStart = { tag: STATS_WORKER_TAG, path: file.path, size: file.size, start, limits };
  // Loaded only when a worker is started; `require`, as the bundle runs as a vm.Script, which has no dynamic import.
  const { Worker } = createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
  // The bundle is plain JavaScript: no loader flags of this process (tsx, in the benchmarks) are passed on.
  // A young generation of 4 MB semi-spaces (V8 sizes it at three of them): its garbage dies a line at a time.
  const worker = new Worker(workerUrl, {
    workerData: data,
    execArgv: [],
    resourceLimits: { maxYoungGenerationSizeMb: 12 },
  });
  const part = new Promise<StatsPart>((resolve, reject) => {
    worker.once('message', (r: Reply) => ('error' in r ? reject(new Error(r.error)) : resolve(r.part)));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the stats worker stopped (exit code ${code})`)));
  });
  // Awaited only once the head is parsed: should that parse throw first, the worker's end (terminated below) must not
  // be an unhandled rejection, which ends Node rather than letting the caller read the file in one thread.
  part.catch(() => undefined);
  try {
    return await loadStatsParts(fileRange(file.path, 0, offset), part, {
      name: file.name,
      ...(limits.maxLineBytes !== undefined ? { maxLineBytes: limits.maxLineBytes } : {}),
      ...readers,
    });
  } finally {
    void worker.terminate();
  }
}
