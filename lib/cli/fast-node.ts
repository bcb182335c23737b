import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { sharedWasm, SIMD_CHUNK } from '../fast/scan-wasm';
import {
  FileScanner,
  PROMPT_WINDOW,
  TAIL_BYTES,
  scanDocument,
  scanSource,
  type ByteSearch,
  type FileScan,
  type ScanOptions,
} from '../fast';
import type { LoadLimits } from '../trace/limits';
import type { Dialect, SourceInput } from '../trace/parse';

// The Node side of the stats fast path: reads files from disk in chunks and spreads the work over worker_threads,
// whole files or, for big ones, line-aligned byte ranges. Everything it computes comes from lib/fast (pure), so a
// browser's Web Worker pool can do the same.

/** One file to scan: where it is, the name the reports use (relative to the folder given) and its size. */
export interface FileTask {
  readonly path: string;
  readonly name: string;
  readonly size: number;
}

/** Node's native multi-byte search, on any Uint8Array. */
export const nodeSearch: ByteSearch = (hay, needle, from) => Buffer.prototype.indexOf.call(hay, needle, from);

/** Reads of 1 MiB: half the kernel's copying time of 4 MiB ones here, and the chunk stays in cache for the search. */
const CHUNK = 1 << 20;
/** Ranges of big files are this long (`LOUPE_RANGE_MB` changes it, for tests); a file of two or more is cut. Short
 *  enough that threads finish close together (each claims the next range when free). */
function rangeBytes(): number {
  const mb = Number(process.env['LOUPE_RANGE_MB']);
  return Math.max(PROMPT_WINDOW.bytes, Number.isFinite(mb) && mb > 0 ? mb * (1 << 20) : 16 << 20);
}
const LF = 0x0a;

function fileInput(task: FileTask): SourceInput {
  return { name: task.name, size: task.size, open: () => createReadStream(task.path, { highWaterMark: 1 << 20 }) };
}

const head = Buffer.alloc(2);

function needsStream(task: FileTask, fd: number): boolean {
  if (/\.json(\.gz)?$/i.test(task.name)) return true;
  return readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/** A part of a plain (not gzip) file: the lines that start in `[start, end)`; `dialect` for parts after the first. */
export interface RangeJob extends FileTask {
  readonly start: number;
  readonly end: number;
  readonly dialect?: Dialect;
}

/** Offset just after the first `\n` at or after `from`, or the file size. */
function afterNextLine(fd: number, from: number, size: number, buf: Uint8Array): number {
  for (let pos = from; pos < size; ) {
    const n = readSync(fd, buf, 0, Math.min(buf.length, size - pos), pos);
    if (n <= 0) break;
    const nl = buf.subarray(0, n).indexOf(LF);
    if (nl >= 0) return pos + nl + 1;
    pos += n;
  }
  return size;
}

/** Scans the lines that start in a range of a plain file, read synchronously into one reused buffer. Undefined when
 *  the file turns out to be a JSON document (only the first range can tell). */
export function scanRange(job: RangeJob, chunkBytes = CHUNK, scanOpts: ScanOptions = {}): FileScan | undefined {
  const fd = openSync(job.path, 'r');
  try {
    return scanOpen(fd, job, chunkBytes, scanOpts);
  } finally {
    closeSync(fd);
  }
}

/** `scanRange` on the file open as `fd`. */
function scanOpen(fd: number, job: RangeJob, chunkBytes: number, scanOpts: ScanOptions): FileScan | undefined {
  const opts = { ...scanOpts, search: nodeSearch };
  // Read straight into the SIMD search's memory where there is one: no copy before the search.
  const simd = scanOpts.simd === false ? undefined : sharedWasm();
  const buf = simd && chunkBytes <= SIMD_CHUNK ? simd.chunk() : Buffer.allocUnsafe(chunkBytes);
  let pos = job.start;
  if (pos > 0) {
    const prev = Buffer.alloc(1);
    readSync(fd, prev, 0, 1, pos - 1);
    if (prev[0] !== LF) pos = afterNextLine(fd, pos, job.size, buf);
  }
  // The last line that starts before `end` may run past it.
  const stop = job.end >= job.size ? job.size : afterNextLine(fd, job.end - 1, job.size, buf);
  const part = { ...opts, tailFrom: job.size - TAIL_BYTES };
  const scanner = new FileScanner(
    job.name,
    job.start > 0 && job.dialect ? { ...part, continuation: { offset: pos, dialect: job.dialect } } : part,
  );
  while (pos < stop) {
    const n = readSync(fd, buf, 0, Math.min(chunkBytes, buf.length, stop - pos), pos);
    if (n <= 0) break;
    // Whole lines only, but for the last read (whose last line may have no `\n`) or a line longer than a read.
    const used = pos + n < stop ? scanner.pushLines(buf.subarray(0, n)) : 0;
    if (used === 0) scanner.push(buf.subarray(0, n));
    pos += used || n;
    if (scanner.isDocument) return undefined;
  }
  return scanner.finish();
}

/** Scans one whole file: plain files through `scanRange`, gzip and JSON documents through lib/fast's streaming path. */
export async function scanFile(task: FileTask, chunkBytes = CHUNK, limits: LoadLimits = {}): Promise<FileScan> {
  const opts = { ...limits, search: nodeSearch };
  // One open for both the sniff and the scan: a projects folder is hundreds of small files.
  const fd = openSync(task.path, 'r');
  let scan: FileScan | undefined;
  let stream: boolean;
  try {
    stream = needsStream(task, fd);
    scan = stream ? undefined : scanOpen(fd, { ...task, start: 0, end: task.size }, chunkBytes, limits);
  } finally {
    closeSync(fd);
  }
  if (stream) return scanSource(fileInput(task), opts);
  return scan ?? scanDocument(fileInput(task), opts);
}

/** The scans of a file's ranges, in order, as one. */
export function joinScans(parts: readonly FileScan[]): FileScan {
  const first = parts[0];
  if (!first || parts.length === 1)
    return first ?? { name: '', bytes: 0, records: [], parsedLines: 0, invalidLines: 0 };
  const firstSessionId = parts.find((p) => p.firstSessionId !== undefined)?.firstSessionId;
  const cwd = parts.find((p) => p.cwd !== undefined)?.cwd;
  return {
    name: first.name,
    bytes: parts.reduce((n, p) => n + p.bytes, 0),
    records: parts.flatMap((p) => p.records),
    ...(firstSessionId !== undefined ? { firstSessionId } : {}),
    parsedLines: parts.reduce((n, p) => n + p.parsedLines, 0),
    invalidLines: parts.reduce((n, p) => n + p.invalidLines, 0),
    ...(cwd !== undefined ? { cwd } : {}),
  };
}

/**
 * The dialect a big plain file's start decides (from its first MiB), so its later ranges can be scanned apart; undefined
 * when the file is not plain JSON lines or its start does not tell (it is then scanned whole).
 */
export function sniffDialect(task: FileTask): Dialect | undefined {
  const fd = openSync(task.path, 'r');
  try {
    if (needsStream(task, fd)) return undefined;
    const buf = Buffer.allocUnsafe(1 << 20);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const scanner = new FileScanner(task.name, { search: nodeSearch });
    // A little at a time: the first line that tells decides (and a file that starts as a document says so at its
    // first line), so the rest of the MiB need not go through the scanner, whose start is its slowest part (20 to
    // 30 ms of this thread's CPU for the whole MiB, every line of the prompt window parsed before the JIT is warm).
    for (
      let at = 0, step = 16 << 10;
      at < n && !scanner.isDocument && scanner.fileDialect === undefined;
      at += step, step *= 2
    ) {
      scanner.push(buf.subarray(at, Math.min(n, at + step)));
    }
    return scanner.isDocument ? undefined : scanner.fileDialect;
  } finally {
    closeSync(fd);
  }
}

export interface PoolOptions {
  /** Worker threads to use; 0 or 1 scans in this thread. */
  readonly threads: number;
  /** The script a worker runs (bin/scan-worker.cjs, which loads the CLI bundle; it starts `runScanWorker` in a worker). */
  readonly workerUrl?: URL;
  /** The line and inflate limits, as the full load applies them. */
  readonly limits?: LoadLimits;
}

/** What `defaultThreads` decides from: the machine's cores, and its load (runnable threads, averaged over a minute). */
export interface Machine {
  readonly cores: number;
  readonly load: number;
}

const thisMachine = (): Machine => ({ cores: availableParallelism(), load: loadavg()[0] ?? 0 });

/**
 * Threads worth using (this one included; 0: no worker): none under 1 GiB, else one per core the machine has idle
 * (so none on one core, or when at most one is idle). A worker costs much more than its start, and the scan is fast
 * once warm, so under 1 GiB a worker is not ready before most of the work is done. Measured per thread
 * (/proc/thread-self/schedstat) on two cores, Node 20, the CLI bundle through its code cache:
 * - Node's worker bootstrap takes 55 to 70 ms of CPU (an empty worker: 70 to 100 ms in all, this thread's part 5 to
 *   10), loading the bundle 30 to 40 more; 100 ms of wall on an idle core before the worker claims its first job.
 * - Each thread pays its own JIT warm-up: a thread's first files scan at about twice the warm rate, about 85 ms of CPU
 *   in all, then 0.6 ms per MB (a 2 MB session file in 1.3 ms). V8's background threads compile and collect for the
 *   second isolate too (+60 to 100 ms of CPU beside the 200 ms they spend in a one-thread run).
 * - This thread takes in the worker's scans (a structured clone of their records) after its own jobs, on the critical
 *   path: 20 to 30 ms for the worker's half of a 191 MB folder. (A compact typed-array encoding and JSON were tried:
 *   encoding cost the worker more than it saved here.)
 * So a worker starts useful work about 175 ms of wall after it is started, when most of a 191 MB folder of 100 sessions
 * (126 ms of warm scan) is done. Two threads against one, medians of 6 to 7 interleaved runs: near idle (load 2.7), the
 * folder took 1.12x the wall (0.65 s against 0.58 s) and 1.35x the CPU, a 100 MB file 1.35x the wall and 1.38x the CPU;
 * at load 5 to 8, the folder 1.22x the wall and 1.39x the CPU (+270 ms), the 100 MB file 1.33x and 1.39x (+190 ms), a
 * 500 MB file 1.51x and 1.47x (+380 ms). At load 8 to 11 a 382 MB folder took 3.7 s in two threads against 2.2 s in one.
 */
export function defaultThreads(tasks: readonly FileTask[], machine: Machine = thisMachine()): number {
  const bytes = tasks.reduce((n, t) => n + t.size, 0);
  if (bytes < 1 << 30 || (tasks.length < 2 && bytes < 2 * rangeBytes())) return 0;
  // Cores idle, this thread's included: a two-core machine at load 0.3 has two.
  const idle = Math.min(machine.cores, Math.round(machine.cores - machine.load));
  return idle >= 2 ? idle : 0;
}

export const WORKER_TAG = 'loupe-scan-worker';

export interface Job {
  readonly i: number;
  readonly limits: LoadLimits;
  readonly range: RangeJob | undefined;
  readonly task: FileTask;
}

/** Whole files, and big plain files cut into line-aligned ranges once their dialect is known. */
function planJobs(tasks: readonly FileTask[], threads: number, limits: LoadLimits): { jobs: Job[]; parts: number[][] } {
  const jobs: Job[] = [];
  const range = rangeBytes();
  const parts = tasks.map((task) => {
    const dialect = threads >= 2 && task.size >= 2 * range ? sniffDialect(task) : undefined;
    if (!dialect) {
      jobs.push({ i: jobs.length, limits, range: undefined, task });
      return [jobs.length - 1];
    }
    // At least one range per thread; the first spans the prompt window, where the first prompt is looked for.
    const n = Math.max(threads, Math.ceil(task.size / range));
    const cut = (k: number): number =>
      k === 0 ? 0 : k === n ? task.size : Math.max(PROMPT_WINDOW.bytes, Math.floor((task.size * k) / n));
    const ids: number[] = [];
    for (let k = 0; k < n; k++) {
      const start = cut(k);
      const end = cut(k + 1);
      ids.push(jobs.length);
      jobs.push({ i: jobs.length, limits, range: { ...task, start, end, dialect }, task });
    }
    return ids;
  });
  return { jobs, parts };
}

async function runJob(job: Job): Promise<FileScan | null> {
  return job.range ? (scanRange(job.range, CHUNK, job.limits) ?? null) : scanFile(job.task, CHUNK, job.limits);
}

/**
 * Scans every file. With threads, this thread and `threads - 1` workers take jobs from one list (biggest first)
 * through a shared counter, each claiming the next job the moment it is free: a worker is a new isolate that must
 * load the bundle and warm up its JIT, so this thread, warm or not, works too, and none waits for another to hand it
 * work (this thread cannot answer a worker while it scans).
 */
export async function scanFiles(tasks: readonly FileTask[], opts: PoolOptions): Promise<FileScan[]> {
  const threads = opts.workerUrl ? opts.threads : 0;
  const limits = opts.limits ?? {};
  const { jobs, parts } = planJobs(tasks, threads, limits);
  const results: (FileScan | null | undefined)[] = new Array(jobs.length);
  const queue = [...jobs].sort((a, b) => size(b) - size(a));
  const counter = new Int32Array(new SharedArrayBuffer(4));
  const workers = opts.workerUrl ? Math.min(threads - 1, jobs.length - 1) : 0;
  const url = opts.workerUrl;
  // Loaded only when a worker is started; `require`, as the bundle runs as a vm.Script, which has no dynamic import.
  const Worker =
    url && workers > 0
      ? (createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads')).Worker
      : undefined;
  const pool =
    url && Worker ? Array.from({ length: Math.max(0, workers) }, () => work(Worker, url, queue, counter, results)) : [];
  for (let k = Atomics.add(counter, 0, 1); k < queue.length; k = Atomics.add(counter, 0, 1)) {
    const job = queue[k];
    if (job) results[job.i] = await runJob(job);
  }
  await Promise.all(pool);
  return Promise.all(
    tasks.map(async (task, t) => {
      const scans = (parts[t] ?? []).map((j) => results[j]);
      // A first range that found a JSON document: the file is parsed whole instead.
      if (scans.some((s) => s === null || s === undefined)) return scanFile(task, CHUNK, limits);
      return joinScans(scans.filter((s): s is FileScan => s !== null && s !== undefined));
    }),
  );
}

const size = (j: Job): number => (j.range ? j.range.end - j.range.start : j.task.size);

/** What a scan worker is started with: the jobs, and the counter every thread claims the next one from. */
export interface WorkerStart {
  readonly tag: typeof WORKER_TAG;
  readonly jobs: readonly Job[];
  readonly counter: Int32Array;
}

/** Whether a worker's `workerData` is a scan worker's start (the CLI bundle runs as one only then). */
export function isWorkerStart(v: unknown): v is WorkerStart {
  return (
    typeof v === 'object' &&
    v !== null &&
    'tag' in v &&
    v.tag === WORKER_TAG &&
    'jobs' in v &&
    Array.isArray(v.jobs) &&
    'counter' in v &&
    v.counter instanceof Int32Array
  );
}

type Reply =
  | { readonly i: number; readonly scan: FileScan | null }
  | { readonly i: number; readonly error: string }
  | { readonly done: true };

function work(
  Worker: typeof import('node:worker_threads').Worker,
  url: URL,
  jobs: readonly Job[],
  counter: Int32Array,
  results: (FileScan | null | undefined)[],
): Promise<void> {
  const start: WorkerStart = { tag: WORKER_TAG, jobs, counter };
  // The bundle is plain JavaScript: no loader flags of this process (tsx, in the benchmarks) are passed on.
  const worker = new Worker(url, { workerData: start, execArgv: [] });
  return new Promise<void>((resolve, reject) => {
    // Replies come from our own worker (runScanWorker below).
    worker.on('message', (r: Reply) => {
      if ('done' in r) {
        // Its results are all in: no need to wait for the thread to wind down.
        void worker.terminate();
        resolve();
      } else if ('error' in r) {
        void worker.terminate();
        reject(new Error(r.error));
      } else results[r.i] = r.scan;
    });
    worker.on('error', reject);
  });
}

/** The loop a worker runs: claim the next job, scan it, reply with its scan; then say it is done. */
export async function runScanWorker(port: { postMessage(r: Reply): void }, start: WorkerStart): Promise<void> {
  const { jobs, counter } = start;
  for (let k = Atomics.add(counter, 0, 1); k < jobs.length; k = Atomics.add(counter, 0, 1)) {
    const job = jobs[k];
    if (!job) continue;
    try {
      port.postMessage({ i: job.i, scan: await runJob(job) });
    } catch (err) {
      port.postMessage({ i: job.i, error: `${job.task.name}: ${err instanceof Error ? err.message : String(err)}` });
      return;
    }
  }
  port.postMessage({ done: true });
}
