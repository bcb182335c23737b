// One measurement in a fresh process (spawned by node-bench.ts): prints {ms, maxRssBytes, events?} as JSON.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { loadTrace } from '../lib/engine/load';
import { computeStats } from '../lib/trace/stats';

const [mode, file] = process.argv.slice(2);
if (!file || (mode !== 'baseline' && mode !== 'loupe')) throw new Error('usage: bench-worker baseline|loupe <file>');

const t0 = performance.now();
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
} else {
  const size = statSync(file).size;
  // A Node read stream is an async iterable of Buffers (Uint8Arrays): no web-stream adapter in between.
  const trace = await loadTrace([{ name: file, size, open: () => createReadStream(file, { highWaterMark: 1 << 20 }) }]);
  const stats = computeStats(trace);
  if (stats.lines.total === 0) throw new Error('nothing parsed');
  events = trace.events.length;
}
const ms = performance.now() - t0;
process.stdout.write(`${JSON.stringify({ ms, maxRssBytes: process.resourceUsage().maxRSS * 1024, ...(events !== undefined ? { events } : {}) })}\n`);
