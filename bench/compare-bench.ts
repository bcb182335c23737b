// `npm run bench:compare [-- --json]` (also run at the end of `npm run bench`): how the comparison of two runs grows.
// Two runs of N responses (5 tool calls each) that differ as retries do: every 7th response one Bash command changed,
// every 11th one Read more, every 13th prompt reworded. Times, medians of 5: the load of one side (parse + model),
// its digest, and the alignment of the two digests. Near-linear: the time per response stays flat as N grows.
import { compareRuns, digestOf } from '../lib/compare';
import { runText, type ResponseSpec } from '../lib/compare/testing/runs';
import { loadTrace } from '../lib/engine/load';
import { memorySource } from '../lib/engine/source';
import { writeTracked } from './tracked';

const SIZES = [10, 100, 1000];
const RUNS = 5;
const json = process.argv.includes('--json');

function responses(n: number, retry: boolean): ResponseSpec[] {
  return Array.from({ length: n }, (_, i) => {
    const calls = [
      { name: 'Read', input: { file_path: `/repo/src/file${i}.ts` } },
      { name: 'Grep', input: { pattern: `fn${i}\\(`, path: '/repo/src' } },
      { name: 'Edit', input: { file_path: `/repo/src/file${i}.ts`, old_string: `a${i}`, new_string: `b${i}` } },
      {
        name: 'Bash',
        input: { command: retry && i % 7 === 3 ? `npm test -- file${i} --run` : `npm test -- file${i}` },
      },
      { name: 'TodoWrite', input: { todos: [{ content: `step ${i}`, status: 'completed' }] } },
    ];
    if (retry && i % 11 === 5) calls.splice(1, 0, { name: 'Read', input: { file_path: `/repo/src/extra${i}.ts` } });
    return { prompt: retry && i % 13 === 6 ? `please do step ${i} of the plan` : `do step ${i} of the plan`, calls };
  });
}

const median = (xs: number[]): number => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Medians of wall time and of CPU time (steadier on a shared, loaded machine). */
async function time<T>(
  f: () => T | Promise<T>,
  runs = RUNS,
  pick: (xs: number[]) => number = median,
): Promise<{ ms: number; cpuMs: number; value: T }> {
  const times: number[] = [];
  const cpu: number[] = [];
  let value: T | undefined;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    value = await f();
    const c = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { ms: pick(times), cpuMs: pick(cpu), value: value as T };
}

/** The two runs' digests, timing the load and the digest of A; the traces are dropped when this returns. */
async function digests(n: number) {
  const textA = runText('a', responses(n, false));
  const textB = runText('b', responses(n, true));
  const load = await time(() => loadTrace([memorySource('a.jsonl', textA)]));
  const digest = await time(() => digestOf(load.value, 'a.jsonl'));
  const digestB = digestOf(await loadTrace([memorySource('b.jsonl', textB)]), 'b.jsonl');
  return { bytes: textA.length, load, digest, a: digest.value, b: digestB };
}

const gc = (globalThis as { gc?: () => void }).gc;
const rows = [];
for (const n of SIZES) {
  const { bytes, load, digest, a, b } = await digests(n);
  // The alignment is timed with the traces gone (as in the page, where they live in the workers): a collection of
  // their heap would otherwise land on it.
  gc?.();
  // Sub-millisecond at the small sizes: the fastest of 21 runs, past the JIT's warm-up and a collection's pause.
  const align = await time(
    () => compareRuns(a, b),
    21,
    (xs) => Math.min(...xs),
  );
  const diffs = align.value.responses.filter((r) => r.mark !== 'same').length;
  rows.push({
    responses: n,
    bytes,
    loadMs: load.ms,
    digestMs: digest.ms,
    alignMs: align.ms,
    alignCpuMs: align.cpuMs,
    digestCpuMs: digest.cpuMs,
    loadCpuMs: load.cpuMs,
    changedPairs: diffs,
  });
}
const round = (x: number): number => Math.round(x * 100) / 100;
const out = rows.map((r) => ({
  ...r,
  loadMs: round(r.loadMs),
  digestMs: round(r.digestMs),
  alignMs: round(r.alignMs),
  alignCpuMs: round(r.alignCpuMs),
  digestCpuMs: round(r.digestCpuMs),
  loadCpuMs: round(r.loadCpuMs),
  alignUsPerResponse: round((r.alignCpuMs * 1000) / r.responses),
}));
writeTracked('bench-results/compare.json', `${JSON.stringify(out, null, 2)}\n`);
if (json) console.log(JSON.stringify(out));
else {
  console.log(
    'compare, wall / CPU ms: responses | file | load one side | digest | align both | align CPU per response | changed pairs',
  );
  for (const r of out)
    console.log(
      `  ${r.responses} | ${(r.bytes / 1e3).toFixed(0)} kB | ${r.loadMs} / ${r.loadCpuMs} | ${r.digestMs} / ${r.digestCpuMs} | ${r.alignMs} / ${r.alignCpuMs} | ${r.alignUsPerResponse} µs | ${r.changedPairs}`,
    );
  const [, mid, big] = out;
  if (mid && big)
    console.log(
      `  growth 100 → 1,000 responses in CPU time: align ${round(big.alignCpuMs / mid.alignCpuMs)}x, digest ${round(big.digestCpuMs / mid.digestCpuMs)}x (linear: 10x)`,
    );
}
