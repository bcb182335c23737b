// `npm run bench [-- --json] [-- --sizes 10,100] [-- --runs 3]`
// Generates realistic transcripts of both dialects, then times, in fresh processes on the same bytes:
//   baseline: read + UTF-8 decode + split + JSON.parse of every line (nothing kept)
//   loupe:    the real loader (streamed read, line reader, zod boundary, adapters, buildModel) + computeStats
// and reports throughput as a ratio to the baseline measured in the same run, and peak RSS as a multiple of size.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateFile, type Dialect } from './generate';
import { writeReadmeSection } from './readme';

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
  return i >= 0 ? args[i + 1] ?? dflt : dflt;
};
const sizes = opt('--sizes', '10,100').split(',').map(Number);
const runs = Number(opt('--runs', '3'));
const ROOT = path.resolve(import.meta.dirname, '..');
const cache = path.resolve(import.meta.dirname, '.cache');
const worker = path.resolve(import.meta.dirname, 'bench-worker.ts');
const log = (s: string): void => {
  if (!json) process.stdout.write(`${s}\n`);
};

interface Measure {
  ms: number;
  maxRssBytes: number;
  events?: number;
}

function measure(mode: 'baseline' | 'loupe', file: string): Measure {
  // A fresh process per measurement: no warm heap or JIT state carried from the other mode.
  const out = execFileSync(process.execPath, ['--import', 'tsx', worker, mode, file], { encoding: 'utf8', maxBuffer: 1 << 20 });
  const parsed: unknown = JSON.parse(out.trim().split('\n').pop() ?? '{}');
  if (typeof parsed !== 'object' || parsed === null || !('ms' in parsed) || !('maxRssBytes' in parsed)) throw new Error(`bad worker output: ${out}`);
  return { ms: Number(parsed.ms), maxRssBytes: Number(parsed.maxRssBytes), ...('events' in parsed ? { events: Number(parsed.events) } : {}) };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

async function main(): Promise<void> {
  mkdirSync(cache, { recursive: true });
  const rows: Row[] = [];
  for (const mb of sizes) {
    for (const dialect of ['claude-code', 'sdk-stream'] as const) {
      const file = path.join(cache, `${dialect === 'claude-code' ? 'cc' : 'sdk'}-${mb}.jsonl`);
      if (!existsSync(file)) {
        log(`generating ${path.basename(file)} …`);
        await generateFile(file, { dialect, targetBytes: mb * 1_000_000, seed: 1 });
      }
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
      log(`${row.file.padEnd(16)} ${(size / 1e6).toFixed(0).padStart(4)} MB  loupe ${row.parseModelMBps.toFixed(1).padStart(6)} MB/s  baseline ${row.baselineMBps.toFixed(1).padStart(6)} MB/s  ratio ${row.ratio.toFixed(2)}x  peak RSS ${(peak / 1e6).toFixed(0)} MB (${row.peakRssMultiple.toFixed(2)}x size)  ${row.events} events`);
    }
  }
  writeResults(rows);
  if (json) process.stdout.write(`${JSON.stringify(rows.map(({ file, dialect, sizeBytes, parseModelMBps, baselineMBps, ratio, peakRssBytes }) => ({ file, dialect, sizeBytes, parseModelMBps, baselineMBps, ratio, peakRssBytes })))}\n`);
  else log(`\nratio = loupe throughput ÷ bare read+decode+split+JSON.parse throughput, medians of ${runs} fresh-process runs each`);
}

/** bench-results/node.json, and the README's Node table between its markers. */
function writeResults(rows: readonly Row[]): void {
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench-results/node.json'), `${JSON.stringify(rows, null, 2)}\n`);
  writeReadmeSection(
    'node-bench',
    [
      '| file | MB | loupe parse + model | bare pipeline | ratio | peak RSS |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows.map((r) => `| ${r.file} | ${(r.sizeBytes / 1e6).toFixed(0)} | ${r.parseModelMBps} MB/s | ${r.baselineMBps} MB/s | ${r.ratio.toFixed(2)}x | ${(r.peakRssBytes / 1e6).toFixed(0)} MB (${r.peakRssMultiple.toFixed(2)}x) |`),
    ].join('\n'),
  );
}

await main();
