// `npm run bench:compare [-- --json]` (also run at the end of `npm run bench`): how the comparison of two runs grows.
// Two runs of N responses (5 tool calls each) that differ as retries do: every 7th response one Bash command changed,
// every 11th one Read more, every 13th prompt reworded. Times, medians of 5: the load of one side (parse + model),
// its digest, and the alignment of the two digests. Near-linear: the time per response stays flat as N grows.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { compareRuns, digestOf } from '../lib/compare';
import { runText, type ResponseSpec } from '../lib/compare/testing/runs';
import { loadTrace } from '../lib/engine/load';
import { memorySource } from '../lib/engine/source';

const SIZES = [10, 100, 1000];
const RUNS = 5;
const json = process.argv.includes('--json');

function responses(n: number, retry: boolean): ResponseSpec[] {
  return Array.from({ length: n }, (_, i) => {
    const calls = [
      { name: 'Read', input: { file_path: `/repo/src/file${i}.ts` } },
      { name: 'Grep', input: { pattern: `fn${i}\\(`, path: '/repo/src' } },
      { name: 'Edit', input: { file_path: `/repo/src/file${i}.ts`, old_string: `a${i}`, new_string: `b${i}` } },
      { name: 'Bash', input: { command: retry && i % 7 === 3 ? `npm test -- file${i} --run` : `npm test -- file${i}` } },
      { name: 'TodoWrite', input: { todos: [{ content: `step ${i}`, status: 'completed' }] } },
    ];
    if (retry && i % 11 === 5) calls.splice(1, 0, { name: 'Read', input: { file_path: `/repo/src/extra${i}.ts` } });
    return { prompt: retry && i % 13 === 6 ? `please do step ${i} of the plan` : `do step ${i} of the plan`, calls };
  });
}

const median = (xs: number[]): number => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function time<T>(f: () => T | Promise<T>): Promise<{ ms: number; value: T }> {
  const times: number[] = [];
  let value: T | undefined;
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    value = await f();
    times.push(performance.now() - t0);
  }
  return { ms: median(times), value: value as T };
}

const rows = [];
for (const n of SIZES) {
  const textA = runText('a', responses(n, false));
  const textB = runText('b', responses(n, true));
  const load = await time(() => loadTrace([memorySource('a.jsonl', textA)]));
  const traceB = await loadTrace([memorySource('b.jsonl', textB)]);
  const digest = await time(() => digestOf(load.value, 'a.jsonl'));
  const digestB = digestOf(traceB, 'b.jsonl');
  const align = await time(() => compareRuns(digest.value, digestB));
  const diffs = align.value.responses.filter((r) => r.mark !== 'same').length;
  rows.push({ responses: n, bytes: textA.length, loadMs: load.ms, digestMs: digest.ms, alignMs: align.ms, changedPairs: diffs });
}
const round = (x: number): number => Math.round(x * 100) / 100;
const out = rows.map((r) => ({
  ...r,
  loadMs: round(r.loadMs),
  digestMs: round(r.digestMs),
  alignMs: round(r.alignMs),
  alignUsPerResponse: round((r.alignMs * 1000) / r.responses),
}));
writeFileSync(path.resolve(import.meta.dirname, '../bench-results/compare.json'), `${JSON.stringify(out, null, 2)}\n`);
if (json) console.log(JSON.stringify(out));
else {
  console.log('compare: responses | file | load one side | digest | align both | align per response | changed pairs');
  for (const r of out)
    console.log(
      `  ${r.responses} | ${(r.bytes / 1e3).toFixed(0)} kB | ${r.loadMs} ms | ${r.digestMs} ms | ${r.alignMs} ms | ${r.alignUsPerResponse} µs | ${r.changedPairs}`,
    );
  const [, mid, big] = out;
  if (mid && big)
    console.log(`  growth 100 → 1,000 responses: align ${round(big.alignMs / mid.alignMs)}x, digest ${round(big.digestMs / mid.digestMs)}x (linear: 10x)`);
}
