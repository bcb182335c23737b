import { lineReaders } from '../fast/clip';
import { compareRuns, digestOf, type CallDigest, type Comparison, type RunDigest } from '../compare';
import { loadTrace } from '../engine/load';
import type { LoadLimits } from '../trace/limits';
import { cutText } from '../trace/text-order';
import { usageError } from './args';
import { formatDiff } from './diff-format';
import { inputsOf } from './files';
import type { CliContext, CliIo } from './io';
import { resolveRun } from './runs';

// `loupe diff A B`: two runs lined up on the same code as the compare view (lib/compare). Exit 0 whether they differ
// or not; 2 on bad usage, a side that names no transcript included (there is nothing to compare).

const PROMPT_JSON_CHARS = 200;

function callJson(c: CallDigest | undefined): Record<string, unknown> | null {
  if (!c) return null;
  return { index: c.index, name: c.name, agent: c.agent, input: c.summary, outcome: c.outcome };
}

function runJson(arg: string, d: RunDigest): Record<string, unknown> {
  return { path: arg, files: d.sources, responses: d.responses.length, verdict: d.verdict };
}

/** The `--json` document: `{a, b, totals: {a, b, delta}, responses, firstDivergence}`; indices count from 0. */
export function diffJson(c: Comparison, args: readonly [string, string]): Record<string, unknown> {
  const responses = c.responses.map((r) => {
    const x = r.a === undefined ? undefined : c.a.responses[r.a];
    const y = r.b === undefined ? undefined : c.b.responses[r.b];
    return {
      a: r.a ?? null,
      b: r.b ?? null,
      mark: r.mark,
      alignedBy: r.by,
      prompt: {
        a: x ? cutText(x.prompt, PROMPT_JSON_CHARS) : null,
        b: y ? cutText(y.prompt, PROMPT_JSON_CHARS) : null,
      },
      totals: { a: x?.metrics ?? null, b: y?.metrics ?? null, delta: r.delta },
      calls: r.calls.map((p) => ({
        mark: p.mark,
        ...(p.why ? { why: p.why } : {}),
        a: callJson(p.a === undefined ? undefined : x?.calls[p.a]),
        b: callJson(p.b === undefined ? undefined : y?.calls[p.b]),
      })),
    };
  });
  const f = c.firstDivergence;
  return {
    a: runJson(args[0], c.a),
    b: runJson(args[1], c.b),
    totals: c.totals,
    responses,
    firstDivergence:
      f === null ? null : { response: f.pair, ...(f.call !== undefined ? { call: f.call } : {}), what: f.what },
  };
}

export async function runDiff(
  paths: readonly string[],
  json: boolean,
  io: CliIo,
  ctx: CliContext,
  limits: LoadLimits,
): Promise<number> {
  if (paths.length !== 2)
    return usageError(io, `diff compares two runs: give two files, folders or session ids (got ${paths.length})`);
  const pair = [paths[0] ?? '', paths[1] ?? ''] as const;
  const runs = await Promise.all(pair.map((p) => resolveRun(p, ctx.env, ctx.home)));
  const bad = runs.flatMap((r) => ('why' in r ? [r.why] : []));
  if (bad.length > 0) return usageError(io, `nothing to compare: ${bad.join('; ')}`);
  const digests: RunDigest[] = [];
  for (const r of runs) {
    if ('why' in r) continue;
    const trace = await loadTrace(inputsOf(r.files), { limits, ...lineReaders(false) });
    digests.push(digestOf(trace, r.arg));
  }
  const [a, b] = digests;
  if (!a || !b) return usageError(io, 'nothing to compare');
  const c = compareRuns(a, b);
  io.out(json ? JSON.stringify(diffJson(c, pair)) : formatDiff(c, ctx.columns ?? 80));
  return 0;
}
