// One measurement in a fresh process (spawned by node-bench.ts): prints {ms, cpuMs, maxRssBytes, events?} as JSON.
// node-bench.ts runs it bundled by esbuild under plain `node`, like the CLI (dist/loupe.cjs), not under tsx, whose
// TypeScript loader would add its own memory (about 33 MB of RSS) to every figure.
//   baseline     read + decode + split + JSON.parse of every line
//   loupe        the full loader and model + computeStats
//   stats        the stats fast path in this thread (prefilter, candidates parsed, merge, a report by day)
//   stats-mt     the same with the CLI's worker pool (bin/scan-worker.cjs as the worker; big files cut in ranges)
import { readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { scanFiles } from '../lib/cli/fast-node';
import { inputsOf } from '../lib/cli/files';
import { loadTrace } from '../lib/engine/load';
import { buildReport, mergeScans } from '../lib/fast';
import { computeStats } from '../lib/trace/stats';

const [mode, file, cli] = process.argv.slice(2);
const MODES = ['baseline', 'loupe', 'stats', 'stats-mt'];
if (!file || !mode || !MODES.includes(mode))
  throw new Error(`usage: bench-worker ${MODES.join('|')} <file> [bin/scan-worker.cjs]`);
// The script the worker threads of stats-mt run, which loads the CLI bundle (its path is given: this file runs from a
// bundle elsewhere).
const WORKER = pathToFileURL(path.resolve(cli ?? 'bin/scan-worker.cjs'));

const t0 = performance.now();
const cpu0 = process.cpuUsage();
let events: number | undefined;
if (mode === 'baseline') {
  // The floor from PERF.md: read, decode to one string, split, JSON.parse every line, keep nothing.
  const text = readFileSync(file, 'utf8');
  let n = 0;
  for (const line of text.split('\n')) {
    if (line.length === 0) continue;
    JSON.parse(line);
    n += 1;
  }
  if (n === 0) throw new Error('no lines');
} else if (mode === 'stats' || mode === 'stats-mt') {
  const threads = mode === 'stats' ? 0 : availableParallelism();
  const scans = await scanFiles([{ path: file, name: 'bench/session.jsonl', size: statSync(file).size }], {
    threads,
    workerUrl: WORKER,
  });
  const merged = mergeScans(scans.map((scan) => ({ scan, project: 'bench' })));
  if (buildReport(merged, 'day', { utc: true }).totals.modelCalls === 0) throw new Error('no model calls');
  events = merged.calls.length;
} else {
  // The file read as the CLI reads it.
  const trace = await loadTrace(inputsOf([{ path: file, name: file, size: statSync(file).size }]));
  const stats = computeStats(trace);
  if (stats.lines.total === 0) throw new Error('nothing parsed');
  events = trace.events.length;
}
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
process.stdout.write(
  `${JSON.stringify({ ms, cpuMs, maxRssBytes: process.resourceUsage().maxRSS * 1024, ...(events !== undefined ? { events } : {}) })}\n`,
);
