import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { FileScanner, scanDocument, scanSource, type ByteSearch, type FileScan } from '../fast';
import type { SourceInput } from '../trace/parse';

// The Node side of the stats fast path: reads files from disk in chunks and spreads them over worker_threads.
// Everything it computes comes from lib/fast (pure), so a browser's Web Worker pool can do the same.

/** One file to scan: where it is, the name the reports use (relative to the folder given) and its size. */
export interface FileTask {
  readonly path: string;
  readonly name: string;
  readonly size: number;
}

/** Node's native multi-byte search, on any Uint8Array. */
export const nodeSearch: ByteSearch = (hay, needle, from) => Buffer.prototype.indexOf.call(hay, needle, from);

const CHUNK = 4 << 20;

function fileInput(task: FileTask): SourceInput {
  return { name: task.name, size: task.size, open: () => createReadStream(task.path, { highWaterMark: 1 << 20 }) };
}

function startsWithGzip(fd: number): boolean {
  const head = Buffer.alloc(2);
  return readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/** Scans one file. Plain files are read synchronously into one reused buffer; gzip and JSON documents take the
 *  streaming path of lib/fast. */
export async function scanFile(task: FileTask, chunkBytes = CHUNK): Promise<FileScan> {
  const opts = { search: nodeSearch };
  const scanner = new FileScanner(task.name, opts);
  if (scanner.isDocument) return scanDocument(fileInput(task), opts);
  const fd = openSync(task.path, 'r');
  try {
    if (startsWithGzip(fd)) return await scanSource(fileInput(task), opts);
    const buf = Buffer.allocUnsafe(chunkBytes);
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      scanner.push(buf.subarray(0, n));
      if (scanner.isDocument) break;
    }
  } finally {
    closeSync(fd);
  }
  return scanner.finish() ?? scanDocument(fileInput(task), opts);
}

export interface PoolOptions {
  /** Worker threads to use; 0 or 1 scans in this thread. */
  readonly threads: number;
  /** The script a worker runs (the CLI bundle itself, which starts `runScanWorker` inside a worker). */
  readonly workerUrl?: URL;
  /** Extra `execArgv` for workers (tests load TypeScript through tsx). */
  readonly execArgv?: readonly string[];
}

/** Worker threads worth starting for these files: one per core, none for little work (a worker costs ~30 ms). */
export function defaultThreads(tasks: readonly FileTask[]): number {
  const bytes = tasks.reduce((n, t) => n + t.size, 0);
  if (tasks.length < 2 || bytes < 32 << 20) return 0;
  return Math.min(availableParallelism(), tasks.length);
}

export const WORKER_TAG = 'loupe-scan-worker';

interface Job {
  readonly i: number;
  readonly task: FileTask;
}

type Reply = { readonly i: number; readonly scan: FileScan } | { readonly i: number; readonly error: string };

/** Scans every file, in workers when asked: the biggest first, each worker taking the next file when it is done. */
export async function scanFiles(tasks: readonly FileTask[], opts: PoolOptions): Promise<FileScan[]> {
  const out: (FileScan | undefined)[] = new Array(tasks.length);
  const threads = Math.min(opts.threads, tasks.length);
  if (threads <= 1 || !opts.workerUrl) {
    for (let i = 0; i < tasks.length; i++) {
      const t = tasks[i];
      if (t) out[i] = await scanFile(t);
    }
    return out.filter((s): s is FileScan => s !== undefined);
  }
  const queue: Job[] = tasks.map((task, i) => ({ i, task })).sort((a, b) => b.task.size - a.task.size);
  const url = opts.workerUrl;
  await Promise.all(
    Array.from({ length: threads }, () => {
      const worker = new Worker(url, { workerData: { tag: WORKER_TAG }, execArgv: [...(opts.execArgv ?? [])] });
      return new Promise<void>((resolve, reject) => {
        const next = (): void => {
          const job = queue.shift();
          if (job) worker.postMessage(job);
          else void worker.terminate().then(() => resolve());
        };
        worker.on('message', (r: Reply) => {
          if ('error' in r) {
            void worker.terminate();
            reject(new Error(`${tasks[r.i]?.name ?? '?'}: ${r.error}`));
            return;
          }
          out[r.i] = r.scan;
          next();
        });
        worker.on('error', reject);
        next();
      });
    }),
  );
  return out.filter((s): s is FileScan => s !== undefined);
}

/** The loop a worker runs: scan each file it is sent, reply with its scan. */
export function runScanWorker(port: { on(ev: 'message', f: (job: Job) => void): void; postMessage(r: Reply): void }): void {
  port.on('message', (job) => {
    scanFile(job.task).then(
      (scan) => port.postMessage({ i: job.i, scan }),
      (err: unknown) => port.postMessage({ i: job.i, error: err instanceof Error ? err.message : String(err) }),
    );
  });
}
