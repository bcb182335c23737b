// `npm run bench [-- --json] [-- --sizes 10,100] [-- --stats-sizes 100,500] [-- --runs 3] [-- --only model|stats|startup|compare]`
// Generates realistic transcripts of both dialects, then times, in fresh processes on the same bytes:
//   baseline: read + UTF-8 decode + split + JSON.parse of every line (nothing kept)
//   loupe:    the real loader (streamed read, line reader, zod boundary, adapters, buildModel) + computeStats
//   stats:    the stats fast path (`loupe stats --by`), in one thread and with the CLI's worker threads
// and reports each as a ratio to the baseline measured in the same run, with peak RSS. Then the CLI's start-up:
// `loupe stats` on a tiny file against a bare `node -e 0`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { generateFile, type Dialect } from './generate';
import { writePerfSection, writeTracked } from './tracked';
import { bundleNode } from '../scripts/bundle.mjs';

interface Row {
  file: string;
  dialect: Dialect;
  sizeBytes: number;
  parseModelMBps: number;
  baselineMBps: number;
  ratio: number;
  peakRssBytes: number;
  peakRssMultiple: number;
  events: number;
}

const args = process.argv.slice(2);
const json = args.includes('--json');
const opt = (name: string, dflt: string): string => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? dflt) : dflt;
};
const sizes = opt('--sizes', '10,100').split(',').map(Number);
const statsSizes = opt('--stats-sizes', '100,500').split(',').map(Number);
const runs = Number(opt('--runs', '3'));
const only = opt('--only', '');
const ROOT = path.resolve(import.meta.dirname, '..');
const cache = path.resolve(import.meta.dirname, '.cache');
// bench-worker.ts bundled like the CLI (scripts/bundle.mjs) and run by plain `node`: what users run, without tsx.
const worker = path.join(cache, 'bench-worker.mjs');
// What a scan worker thread runs: it loads the CLI bundle (dist/loupe.cjs) as the CLI's own workers do.
const cli = path.join(ROOT, 'bin/scan-worker.cjs');
const log = (s: string): void => {
  if (!json) process.stdout.write(`${s}\n`);
};

interface Measure {
  ms: number;
  /** CPU time (user + system, all threads): steadier than wall time on a loaded machine. */
  cpuMs: number;
  maxRssBytes: number;
  events?: number;
}

function measure(mode: 'baseline' | 'loupe' | 'stats' | 'stats-mt', file: string): Measure {
  // A fresh process per measurement: no warm heap or JIT state carried from the other mode.
  const out = execFileSync(process.execPath, [worker, mode, file, cli], { encoding: 'utf8', maxBuffer: 1 << 20 });
  const parsed: unknown = JSON.parse(out.trim().split('\n').pop() ?? '{}');
  if (typeof parsed !== 'object' || parsed === null || !('ms' in parsed) || !('maxRssBytes' in parsed))
    throw new Error(`bad worker output: ${out}`);
  return {
    ms: Number(parsed.ms),
    cpuMs: 'cpuMs' in parsed ? Number(parsed.cpuMs) : NaN,
    maxRssBytes: Number(parsed.maxRssBytes),
    ...('events' in parsed ? { events: Number(parsed.events) } : {}),
  };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

/** The generated file of a dialect and size, made once and cached in bench/.cache. */
async function benchFile(dialect: Dialect, mb: number): Promise<string> {
  const file = path.join(cache, `${dialect === 'claude-code' ? 'cc' : 'sdk'}-${mb}.jsonl`);
  if (!existsSync(file)) {
    log(`generating ${path.basename(file)} …`);
    await generateFile(file, { dialect, targetBytes: mb * 1_000_000, seed: 1 });
  }
  return file;
}

async function main(): Promise<void> {
  mkdirSync(cache, { recursive: true });
  await bundleNode(path.join(import.meta.dirname, 'bench-worker.ts'), worker);
  const rows: Row[] = [];
  if (only === '' || only === 'model') await modelRows(rows);
  const stats = only === '' || only === 'stats' ? await statsRows() : [];
  const startup = only === '' || only === 'startup' ? startupRow() : undefined;
  writeResults(rows, stats, startup);
  if (json)
    process.stdout.write(
      `${JSON.stringify({ model: rows.map(({ file, dialect, sizeBytes, parseModelMBps, baselineMBps, ratio, peakRssBytes }) => ({ file, dialect, sizeBytes, parseModelMBps, baselineMBps, ratio, peakRssBytes })), stats, startup })}\n`,
    );
  // Comparing two runs: how the alignment grows with 10, 100 and 1,000 responses (its own script, its own output).
  if (!json && (only === '' || only === 'compare'))
    spawnSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', path.join(import.meta.dirname, 'compare-bench.ts')],
      { stdio: 'inherit' },
    );
}

async function modelRows(rows: Row[]): Promise<void> {
  for (const mb of sizes) {
    for (const dialect of ['claude-code', 'sdk-stream'] as const) {
      const file = await benchFile(dialect, mb);
      const size = statSync(file).size;
      const base: Measure[] = [];
      const ours: Measure[] = [];
      // Interleaved so that machine noise hits both alike.
      for (let r = 0; r < runs; r++) {
        base.push(measure('baseline', file));
        ours.push(measure('loupe', file));
      }
      const baseMs = median(base.map((m) => m.ms));
      const oursMs = median(ours.map((m) => m.ms));
      const peak = Math.max(...ours.map((m) => m.maxRssBytes));
      const row: Row = {
        file: path.basename(file),
        dialect,
        sizeBytes: size,
        parseModelMBps: Math.round((size / 1e6 / (oursMs / 1000)) * 10) / 10,
        baselineMBps: Math.round((size / 1e6 / (baseMs / 1000)) * 10) / 10,
        ratio: Math.round((baseMs / oursMs) * 100) / 100,
        peakRssBytes: peak,
        peakRssMultiple: Math.round((peak / size) * 100) / 100,
        events: ours[0]?.events ?? 0,
      };
      rows.push(row);
      log(
        `${row.file.padEnd(16)} ${(size / 1e6).toFixed(0).padStart(4)} MB  loupe ${row.parseModelMBps.toFixed(1).padStart(6)} MB/s  baseline ${row.baselineMBps.toFixed(1).padStart(6)} MB/s  ratio ${row.ratio.toFixed(2)}x  peak RSS ${(peak / 1e6).toFixed(0)} MB (${row.peakRssMultiple.toFixed(2)}x size)  ${row.events} events`,
      );
    }
  }
  log(
    `ratio = loupe throughput ÷ bare read+decode+split+JSON.parse throughput, medians of ${runs} fresh-process runs each\n`,
  );
}

interface StatsRow {
  file: string;
  dialect: Dialect;
  sizeBytes: number;
  baselineMs: number;
  /** The fast path in one thread, and with the worker pool: time, its ratio to the baseline's time, peak RSS. */
  oneThreadMs: number;
  oneThreadRatio: number;
  /** The same ratio in CPU time (the baseline runs in one thread too). */
  oneThreadCpuRatio: number;
  oneThreadPeakRssBytes: number;
  workersMs: number;
  workersRatio: number;
  workersPeakRssBytes: number;
  calls: number;
}

/** The stats fast path against the bare pipeline, both in fresh processes, interleaved. */
async function statsRows(): Promise<StatsRow[]> {
  // The worker threads run the CLI bundle.
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-cli.mjs')], { stdio: 'inherit' });
  const out: StatsRow[] = [];
  for (const mb of statsSizes) {
    for (const dialect of ['claude-code', 'sdk-stream'] as const) {
      const file = await benchFile(dialect, mb);
      const base: Measure[] = [];
      const one: Measure[] = [];
      const many: Measure[] = [];
      for (let r = 0; r < runs; r++) {
        base.push(measure('baseline', file));
        one.push(measure('stats', file));
        many.push(measure('stats-mt', file));
      }
      const baselineMs = median(base.map((m) => m.ms));
      const oneMs = median(one.map((m) => m.ms));
      const manyMs = median(many.map((m) => m.ms));
      const row: StatsRow = {
        file: path.basename(file),
        dialect,
        sizeBytes: statSync(file).size,
        baselineMs: Math.round(baselineMs),
        oneThreadMs: Math.round(oneMs),
        oneThreadRatio: Math.round((oneMs / baselineMs) * 100) / 100,
        oneThreadCpuRatio: Math.round((median(one.map((m) => m.cpuMs)) / median(base.map((m) => m.cpuMs))) * 100) / 100,
        oneThreadPeakRssBytes: Math.max(...one.map((m) => m.maxRssBytes)),
        workersMs: Math.round(manyMs),
        workersRatio: Math.round((manyMs / baselineMs) * 100) / 100,
        workersPeakRssBytes: Math.max(...many.map((m) => m.maxRssBytes)),
        calls: one[0]?.events ?? 0,
      };
      out.push(row);
      log(
        `${row.file.padEnd(16)} ${(row.sizeBytes / 1e6).toFixed(0).padStart(4)} MB  bare ${row.baselineMs} ms  stats 1 thread ${row.oneThreadMs} ms (${row.oneThreadRatio.toFixed(2)}x; CPU ${row.oneThreadCpuRatio.toFixed(2)}x; ${(row.oneThreadPeakRssBytes / 1e6).toFixed(0)} MB)  workers ${row.workersMs} ms (${row.workersRatio.toFixed(2)}x, ${(row.workersPeakRssBytes / 1e6).toFixed(0)} MB)  ${row.calls} calls`,
      );
    }
  }
  log(
    `ratio = stats fast path time ÷ bare pipeline time (lower is faster), medians of ${runs} fresh-process runs each\n`,
  );
  return out;
}

interface StartupRow {
  nodeMs: number;
  loupeMs: number;
  ratio: number;
  runs: number;
}

/** `loupe stats` on a one-call transcript against `node -e 0`: wall time of whole processes, interleaved. */
function startupRow(): StartupRow {
  const tiny = path.join(ROOT, 'test/fixtures/real/spotter/transcripts/short.jsonl');
  const bin = path.join(ROOT, 'bin/loupe.mjs');
  if (!existsSync(path.join(ROOT, 'dist/loupe.cjs')))
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-cli.mjs')], { stdio: 'inherit' });
  const time = (args: string[]): number => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, args, { stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}`);
    return performance.now() - t0;
  };
  const n = 21;
  const node: number[] = [];
  const loupe: number[] = [];
  for (let i = 0; i < n + 2; i++) {
    const a = time(['-e', '0']);
    const b = time([bin, 'stats', tiny]);
    // The first two rounds warm the page cache.
    if (i >= 2) {
      node.push(a);
      loupe.push(b);
    }
  }
  const row = {
    nodeMs: Math.round(median(node)),
    loupeMs: Math.round(median(loupe)),
    ratio: Math.round((median(loupe) / median(node)) * 100) / 100,
    runs: n,
  };
  log(
    `start-up: node -e 0 ${row.nodeMs} ms, loupe stats <15-line file> ${row.loupeMs} ms: ${row.ratio.toFixed(2)}x (medians of ${n})`,
  );
  return row;
}

/** bench-results/node*.json, and docs/performance.md's Node tables between their markers (each only when it was measured). */
function writeResults(
  rows: readonly Row[],
  measured: readonly StatsRow[],
  measuredStartup: StartupRow | undefined,
): void {
  // A run of one part (`--only`) keeps the other part's last figures.
  const file = path.join(ROOT, 'bench-results/node-stats.json');
  const last = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { stats?: StatsRow[]; startup?: StartupRow })
    : {};
  const stats = measured.length > 0 ? measured : (last.stats ?? []);
  const startup = measuredStartup ?? last.startup;
  if (measured.length > 0 || measuredStartup) {
    writeTracked('bench-results/node-stats.json', `${JSON.stringify({ stats, startup }, null, 2)}\n`);
    const mb = (b: number): string => `${(b / 1e6).toFixed(0)} MB`;
    writePerfSection(
      'stats-bench',
      [
        '| file | MB | bare pipeline | stats, 1 thread | same, in CPU time | stats, worker threads | peak RSS (1 thread / workers) |',
        '|---|---:|---:|---:|---:|---:|---:|',
        ...stats.map(
          (r) =>
            `| ${r.file} | ${(r.sizeBytes / 1e6).toFixed(0)} | ${r.baselineMs} ms | ${r.oneThreadMs} ms (**${r.oneThreadRatio.toFixed(2)}x**) | ${r.oneThreadCpuRatio.toFixed(2)}x | ${r.workersMs} ms (${r.workersRatio.toFixed(2)}x) | ${mb(r.oneThreadPeakRssBytes)} / ${mb(r.workersPeakRssBytes)} |`,
        ),
        ...(startup
          ? [
              '',
              `Start-up: \`loupe stats\` on a 15-line transcript takes ${startup.loupeMs} ms against ${startup.nodeMs} ms for a bare \`node -e 0\`: **${startup.ratio.toFixed(2)}x** (medians of ${startup.runs} interleaved runs).`,
            ]
          : []),
      ].join('\n'),
    );
  }
  if (rows.length === 0) return;
  writeTracked('bench-results/node.json', `${JSON.stringify(rows, null, 2)}\n`);
  writePerfSection(
    'node-bench',
    [
      '| file | MB | loupe parse + model | bare pipeline | ratio | peak RSS |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.file} | ${(r.sizeBytes / 1e6).toFixed(0)} | ${r.parseModelMBps} MB/s | ${r.baselineMBps} MB/s | ${r.ratio.toFixed(2)}x | ${(r.peakRssBytes / 1e6).toFixed(0)} MB (${r.peakRssMultiple.toFixed(2)}x) |`,
      ),
    ].join('\n'),
  );
}

await main();
