/// <reference lib="webworker" />
import { orderInputs } from '../engine/order';
import {
  librarySnapshot,
  projectOf,
  searchSessions,
  searchTexts,
  type LibrarySnapshot,
  type ScannedFile,
} from '../fast/index';
import { DEFAULT_PRICES, localPriceTable, type PriceTable } from '../trace/pricing/pricing';
import type { FromLibrary, FromScan, LibraryFile, LibraryJob, LibraryProgress, ToLibrary } from './library-protocol';

// The library worker: hands the folder's files to the scan workers (each kept one file ahead), merges their scans
// into the session rows (the canonical `sessionRows`, as `loupe stats --by session`), and sends the page snapshots
// while it goes, no more often than merging allows. It answers search over every session's prompts.

declare const self: DedicatedWorkerGlobalScope;

const post = (m: FromLibrary): void => self.postMessage(m);
/** In flight per scan worker: one being scanned, three waiting, so a worker never idles while this one merges. */
const AHEAD = 4;
const MIN_GAP_MS = 500;
const PROGRESS_EVERY_MS = 250;

let jobs: LibraryJob[] = [];
/** Files handed over before `start`. */
const early: LibraryFile[] = [];
let totalBytes = 0;
const scanned: ScannedFile[] = [];
const failed: string[] = [];
let nextJob = 0;
let doneFiles = 0;
let doneBytes = 0;
let lastPost = 0;
let lastProgress = 0;
let mergeMs = 0;
let latest: LibrarySnapshot = { rows: [], cells: {}, files: {}, priceSource: DEFAULT_PRICES.source };
/** What the rows are priced with: the shipped table, or this browser's local prices once the page sends them. */
let prices: PriceTable = DEFAULT_PRICES;
let texts: Map<string, string> | undefined;
let pending: ReturnType<typeof setTimeout> | undefined;

const progress = (): LibraryProgress => ({
  files: jobs.length,
  bytes: totalBytes,
  doneFiles,
  doneBytes,
  failed: failed.slice(0, 20),
});

function snapshot(): void {
  pending = undefined;
  const t0 = performance.now();
  latest = librarySnapshot(scanned, { prices });
  texts = undefined;
  mergeMs = performance.now() - t0;
  lastPost = performance.now();
  const done = doneFiles === jobs.length;
  post({ kind: 'snapshot', progress: progress(), snapshot: latest, done, mergeMs: Math.round(mergeMs) });
}

/** Merges and posts now, or later: merging again costs `mergeMs`, so the gap grows with it. */
function schedule(): void {
  if (doneFiles === jobs.length) {
    if (pending !== undefined) clearTimeout(pending);
    snapshot();
    return;
  }
  if (pending !== undefined) return;
  // Merging takes the CPU from the scan workers (on two cores, a trace of a thousand sessions: 0.9 s of merges for
  // 4 s of scanning per worker), so at most a tenth of the time goes to it.
  const gap = Math.max(MIN_GAP_MS, 10 * mergeMs);
  const wait = Math.max(0, lastPost + gap - performance.now());
  pending = setTimeout(snapshot, wait);
}

function feed(port: MessagePort): void {
  const job = jobs[nextJob];
  if (!job) return;
  nextJob += 1;
  port.postMessage({ kind: 'scan', job });
}

function onScan(port: MessagePort, m: FromScan): void {
  const job = jobs[m.id];
  if (!job) return;
  doneFiles += 1;
  doneBytes += job.size;
  if (m.kind === 'scanned') scanned.push({ scan: m.scan, project: job.project });
  else failed.push(`${job.name}: ${m.error}`);
  feed(port);
  const now = performance.now();
  if (now - lastProgress >= PROGRESS_EVERY_MS) {
    lastProgress = now;
    post({ kind: 'progress', progress: progress() });
  }
  schedule();
}

/** The files in load order (sessions before their subagents), each with its size and project, then handed out. */
async function start(root: string, files: readonly LibraryFile[], ports: readonly MessagePort[]): Promise<void> {
  const sized = await Promise.all(
    orderInputs(files).map(async (f) => {
      const size = f.file
        ? f.file.size
        : await f.handle?.getFile().then(
            (x) => x.size,
            () => 0,
          );
      return { ...f, size: size ?? 0 };
    }),
  );
  jobs = sized.map((f, id) => ({
    id,
    name: f.name,
    project: projectOf(f.name, root),
    size: f.size,
    ...(f.file ? { file: f.file } : {}),
    ...(f.handle ? { handle: f.handle } : {}),
  }));
  totalBytes = jobs.reduce((n, j) => n + j.size, 0);
  post({ kind: 'progress', progress: progress() });
  if (jobs.length === 0) {
    snapshot();
    return;
  }
  for (const port of ports) {
    port.onmessage = (e: MessageEvent<FromScan>) => onScan(port, e.data);
    for (let i = 0; i < AHEAD; i++) feed(port);
  }
}

self.onmessage = (ev: MessageEvent<ToLibrary>) => {
  const m = ev.data;
  if (m.kind === 'files') {
    early.push(...m.files);
    return;
  }
  if (m.kind === 'start') {
    void start(m.root, [...early.splice(0), ...m.files], m.ports);
    return;
  }
  if (m.kind === 'prices') {
    prices = localPriceTable(m.prices);
    // Priced again at once when the folder is scanned (or empty); while it is being scanned, the next merge does it.
    if (jobs.length > 0 && doneFiles === jobs.length) snapshot();
    return;
  }
  texts ??= searchTexts(scanned, latest.rows);
  post({ kind: 'search', id: m.id, ids: searchSessions(texts, m.query) });
};
