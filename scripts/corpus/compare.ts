// One case of a corpus of recordings: what the independent counter (compute_wild.py) found, set against what the
// engine makes of the same files. Each finding agrees, differs (with the differences), or does not apply.
import { checkProblems } from '../../lib/cli/check';
import { loadTrace } from '../../lib/engine/load';
import { memorySource } from '../../lib/engine/source';
import type { Files } from '../../lib/fast/testing/equivalence';
import { computeStats } from '../../lib/trace/stats';
import {
  callTokens,
  reconciledRows,
  responseReportedUsd,
  resultGapNotices,
  sessionFacts,
  type Tokens,
} from '../../lib/trace/testing/wild-facts';

type ModelGolden = Tokens & { apiMessages: number; costUsd: number };

/** The fields of compute_wild.py's JSON that the comparison reads (test/fixtures/expected/README.md). */
export interface Golden {
  sidecars: number;
  lines: { total: number; parsed: number; invalid: number };
  apiMessages: number;
  toolCalls: { requested: number; withResult: number; errored: number; denied: number };
  results: number;
  cost: { reportedUsd: number | null; computedUsd: number };
  byModel: Record<string, ModelGolden>;
  unpricedModels?: string[];
  modelUsageTotal: Record<string, Tokens & { costUsd: number }> | null;
  cumulativeResults: boolean | null;
  resultFrames: { sessionId: string | null; totalCostUsd: number | null; ownUsd: number | null }[];
  placeholderOutput: boolean;
  openCalls: { calls: number; output: number };
  firstPrompt: { text: string; kind: string } | null;
  mainSessionId: string | null;
  mainSpan: { first: string; last: string } | null;
}

export const FINDINGS = [
  'lines',
  'calls',
  'tokens per model',
  'tool calls',
  'cost',
  'unpriced',
  'result frame',
  'response shares',
  'first prompt',
  'span',
] as const;
export type Finding = (typeof FINDINGS)[number];
export type Verdict =
  | { readonly state: 'agree' }
  | { readonly state: 'differ'; readonly diffs: readonly string[] }
  | { readonly state: 'n/a' };
export type CaseReport = Readonly<Record<Finding, Verdict>>;

const KINDS = ['input', 'output', 'cacheRead', 'cacheCreation'] as const;
const n = (x: number): string => x.toLocaleString('en-US');
const squeeze = (s: string | null | undefined): string => (s ?? '').split(/\s+/).filter(Boolean).join(' ');
const verdict = (diffs: readonly string[]): Verdict => (diffs.length ? { state: 'differ', diffs } : { state: 'agree' });
/** JSON with object keys sorted, so that key order never reads as a difference. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1)))
      : x,
  );
const same = (what: string, golden: unknown, engine: unknown): string[] =>
  canonical(golden) === canonical(engine) ? [] : [`${what}: counter ${canonical(golden)}, engine ${canonical(engine)}`];

/** Loads the files through the engine and compares every finding with the counter's golden. */
export async function compareCase(files: Files, want: Golden): Promise<CaseReport> {
  const trace = await loadTrace(Object.entries(files).map(([name, data]) => memorySource(name, data)));
  const stats = computeStats(trace);
  const calls = callTokens(trace);

  // Lines in = events + diagnostics; sidecars are events of no line; a recording's prompt is one header event.
  const lineDiags = trace.diagnostics.filter((d) => d.consumesLine).length;
  const sidecars = trace.events.filter((e) => trace.sources[e.source]?.format === 'agent-meta').length;
  const headers = trace.sources.filter((s) => s.format === 'recording').length;
  const lines = [
    ...same('lines in ≠ events + diagnostics', stats.lines.total, trace.events.length - sidecars + lineDiags),
    ...same('sidecars', want.sidecars, sidecars),
    ...same('lines', want.lines, {
      total: stats.lines.total - headers,
      parsed: stats.lines.parsed - headers,
      invalid: stats.lines.invalid,
    }),
  ];

  const perModel: Record<string, Tokens & { apiMessages: number }> = {};
  for (const [model, t] of calls) perModel[model] = { apiMessages: 0, ...t };
  for (const t of trace.turns)
    if (t.counted && t.usage)
      (perModel[t.model ?? ''] ??= {
        apiMessages: 0,
        input: 0,
        output: 0,
        cacheRead: 0,
        cacheCreation: 0,
      }).apiMessages += 1;
  // Rows booked from a result frame are in the counter's per-model tokens too (no model call: no apiMessages).
  for (const r of stats.reconciled) {
    const e = (perModel[r.model] ??= { apiMessages: 0, input: 0, output: 0, cacheRead: 0, cacheCreation: 0 });
    for (const k of KINDS) e[k] += r.tokens[k];
  }
  const tokens: string[] = [];
  for (const model of new Set([...Object.keys(want.byModel), ...Object.keys(perModel)])) {
    const g = want.byModel[model];
    const e = perModel[model];
    for (const k of ['apiMessages', ...KINDS] as const)
      if ((g?.[k] ?? 0) !== (e?.[k] ?? 0))
        tokens.push(`${model} ${k}: counter ${n(g?.[k] ?? 0)}, engine ${n(e?.[k] ?? 0)}`);
  }

  const unpriced = [...stats.cost.unpricedModels].sort();
  const cost = [
    ...same('unpriced models', want.unpricedModels ?? [], unpriced),
    // Both round to 6 decimals, the counter once over the total, the engine per model: a last-digit difference is no finding.
    ...(unpriced.length === 0 && Math.abs(stats.cost.computedUsd - want.cost.computedUsd) >= 5e-6
      ? [`computed: counter $${want.cost.computedUsd}, engine $${stats.cost.computedUsd}`]
      : []),
    ...(want.cost.reportedUsd === null
      ? same('reported', null, stats.cost.reportedUsd)
      : Math.abs((stats.cost.reportedUsd ?? NaN) - want.cost.reportedUsd) > 5e-7 + 1e-12
        ? [`reported: counter $${want.cost.reportedUsd}, engine $${stats.cost.reportedUsd}`]
        : []),
  ];

  return {
    lines: verdict(lines),
    calls: verdict(same('API messages', want.apiMessages, stats.apiMessages)),
    'tokens per model': verdict(tokens),
    'tool calls': verdict(same('tool calls', want.toolCalls, stats.toolCalls)),
    cost: verdict(cost),
    // An unpriced model makes the cost unknown: `check --max-cost`, with any limit, must fail and name it.
    unpriced: unpriced.length
      ? verdict(
          unpriced
            .filter((m) => !checkProblems(trace, stats, { maxCost: 1_000_000 }).some((p) => p.includes(m)))
            .map((m) => `${m} is unpriced, yet check --max-cost passes (computed $${stats.cost.computedUsd})`),
        )
      : { state: 'n/a' },
    'result frame': resultFrame(
      want,
      calls,
      reconciledRows(trace, stats),
      (m) => resultGapNotices(trace, m).length > 0,
    ),
    'response shares': shares(want, responseReportedUsd(trace)),
    ...(await sessions(files, want)),
  };
}

/** Per model and kind, the calls plus the rows reconciled from the result frame against what the run reported. */
function resultFrame(
  want: Golden,
  calls: ReadonlyMap<string, Tokens>,
  rows: ReturnType<typeof reconciledRows>,
  told: (model: string) => boolean,
): Verdict {
  if (!want.modelUsageTotal || Object.keys(want.modelUsageTotal).length === 0) return { state: 'n/a' };
  const diffs: string[] = [];
  for (const [model, reported] of Object.entries(want.modelUsageTotal)) {
    const own = calls.get(model);
    const gaps = KINDS.flatMap((k) => {
      const booked = rows.filter((r) => r.model === model).reduce((s, r) => s + r.tokens[k], 0);
      const counted = (own?.[k] ?? 0) + booked;
      return counted === reported[k]
        ? []
        : [`${k} reported ${n(reported[k])}, counted ${n(own?.[k] ?? 0)}${booked ? ` + ${n(booked)} reconciled` : ''}`];
    });
    if (gaps.length)
      diffs.push(
        `${model}${own ? '' : ' (in no line)'}: ${gaps.join('; ')}${told(model) ? ' (said in Stats)' : ' (said nowhere)'}`,
      );
  }
  if (want.placeholderOutput && diffs.length) diffs.unshift('every assistant line holds placeholder output');
  return verdict(diffs);
}

/** Beside each response, its own share of cumulative result frames (not the running total). */
function shares(want: Golden, shown: readonly number[]): Verdict {
  if (want.cumulativeResults !== true) return { state: 'n/a' };
  const own = want.resultFrames.flatMap((f) => (f.ownUsd === null ? [] : [f.ownUsd]));
  if (shown.length !== own.length)
    return verdict([`${own.length} result frames, ${shown.length} responses with a reported cost`]);
  return verdict(
    own.flatMap((o, i) =>
      Math.abs((shown[i] ?? NaN) - o) < 5e-6 ? [] : [`response ${i + 1}: own share $${o}, shown $${shown[i]}`],
    ),
  );
}

/** The first prompt and span of the main session, as `--by session` and the library show them. */
async function sessions(files: Files, want: Golden): Promise<Pick<CaseReport, 'first prompt' | 'span'>> {
  const rows = await sessionFacts(files);
  if (want.mainSessionId === null) {
    const named = rows.filter((s) => squeeze(s.firstPrompt) !== '');
    const diffs = named.map(
      (s) =>
        `session ${s.id.slice(0, 8)} has no main-thread line, yet is named "${squeeze(s.firstPrompt).slice(0, 60)}"`,
    );
    return { 'first prompt': verdict(diffs), span: { state: 'n/a' } };
  }
  const main = rows.find((s) => s.id === want.mainSessionId);
  if (!main) {
    const missing = verdict([`no session ${want.mainSessionId}`]);
    return { 'first prompt': missing, span: missing };
  }
  const golden = squeeze(want.firstPrompt?.text).slice(0, 60);
  const shown = squeeze(main.firstPrompt).slice(0, want.firstPrompt ? golden.length : undefined);
  const prompt =
    shown === golden
      ? []
      : [`counter "${golden || '(none)'}", engine "${squeeze(main.firstPrompt).slice(0, 60) || '(none)'}"`];
  const span = want.mainSpan ? [want.mainSpan.first, want.mainSpan.last] : [null, null];
  return {
    'first prompt': verdict(prompt),
    span: verdict(
      span[0] === main.start && span[1] === main.end
        ? []
        : [`main thread ${span.join(' → ')}, engine ${main.start} → ${main.end}`],
    ),
  };
}
