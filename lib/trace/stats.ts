import { agentLabel } from './agent-names';
import { reconciledCost, tokensText } from './model/reconcile';
import type { Trace, Turn } from './model/types';
import { costOf, DEFAULT_PRICES, type PriceTable } from './pricing/pricing';
import type { Usage } from './types';

export interface TokenTotals {
  input: number;
  output: number;
  cacheCreation: number;
  cache5m: number;
  cache1h: number;
  cacheRead: number;
}

export interface Breakdown {
  readonly key: string;
  readonly label: string;
  apiMessages: number;
  readonly tokens: TokenTotals;
  /** The priced calls' cost: the whole cost only when `unpricedModels` is empty (`formatCost`). */
  costUsd: number;
  priced: boolean;
  readonly unpricedModels: string[];
  /** Of `tokens`, those booked from a result frame (see `ReconciledStat`); absent when none. */
  reconciledTokens?: number;
}

/** A difference booked from a result frame: tokens the assistant lines did not carry (see `lib/trace/model/reconcile.ts`). */
export interface ReconciledStat {
  readonly session: number;
  readonly sessionId: string;
  readonly model: string;
  /** The agent row it is booked under: the main loop's part, or the calls the lines never show. */
  readonly agentKey: string;
  readonly agentLabel: string;
  readonly tokens: TokenTotals;
  readonly costUsd: number;
  readonly priced: boolean;
  /** The result frame it comes from. */
  readonly resultSeq: number;
  readonly placeholders: number;
  readonly calls: number;
  readonly text: string;
}

/** The agent row of what a result frame reports beyond every loaded line, main loop or subagent. */
export const RESULT_ONLY_AGENT = 'result-only';

export interface TraceStats {
  /** Transcript lines; `sidecars` are the `agent-<id>.meta.json` files, which attach to their agent and are no lines. */
  readonly lines: {
    readonly total: number;
    readonly parsed: number;
    readonly invalid: number;
    readonly blank: number;
    readonly sidecars: number;
  };
  readonly events: number;
  readonly apiMessages: number;
  readonly tokens: TokenTotals;
  readonly toolCalls: {
    readonly requested: number;
    readonly withResult: number;
    readonly errored: number;
    readonly denied: number;
  };
  readonly results: number;
  readonly cost: {
    readonly reportedUsd: number | null;
    /** The priced calls' cost: the whole cost only when `unpricedModels` is empty (`formatCost` shows `≥`/`—`). */
    readonly computedUsd: number;
    readonly unpricedModels: readonly string[];
    readonly priceTable: { readonly source: string; readonly asOf: string };
  };
  readonly byModel: readonly Breakdown[];
  readonly byAgent: readonly Breakdown[];
  /** Rows booked from result frames, in the totals, `byModel` and `byAgent` above. */
  readonly reconciled: readonly ReconciledStat[];
  /** Wall-clock span from the first to the last timestamp, when two timestamps differ. */
  readonly durationMs?: number;
  readonly diagnostics: { readonly errors: number; readonly warnings: number; readonly info: number };
}

export { agentLabel };

export function zeroTokens(): TokenTotals {
  return { input: 0, output: 0, cacheCreation: 0, cache5m: 0, cache1h: 0, cacheRead: 0 };
}

export function addUsage(t: TokenTotals, u: Usage): void {
  t.input += u.input;
  t.output += u.output;
  t.cacheCreation += u.cacheCreation;
  t.cache5m += u.cache5m;
  t.cache1h += u.cache1h;
  t.cacheRead += u.cacheRead;
}

export const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

/** The model calls that count: one per API message id, never synthetic, never a progress copy. */
export function countedTurns(trace: Trace): Turn[] {
  return trace.turns.filter((t) => t.counted && t.usage !== undefined);
}

/** Totals over the model: tokens counted once per API message id, cost reported (latest per session) beside computed. */
export function computeStats(trace: Trace, prices: PriceTable = DEFAULT_PRICES): TraceStats {
  let total = 0;
  let invalid = 0;
  let blank = 0;
  let sidecars = 0;
  for (const s of trace.sources) {
    if (s.format === 'agent-meta') {
      sidecars += 1;
      continue;
    }
    total += s.lines.total;
    invalid += s.lines.invalid;
    blank += s.lines.blank;
  }
  const tokens = zeroTokens();
  const byModel = new Map<string, Breakdown>();
  const byAgent = new Map<string, Breakdown>();
  const unpriced = new Set<string>();
  let computed = 0;
  const turns = countedTurns(trace);
  for (const t of turns) {
    const u = t.usage;
    if (!u) continue;
    addUsage(tokens, u);
    const cost = costOf(u, t.model, prices);
    const model = t.model ?? '(no model)';
    if (!cost.priced) unpriced.add(model);
    computed += cost.usd;
    const missing = cost.priced ? undefined : model;
    bump(byModel, model, model, u, cost.usd, missing);
    bump(byAgent, String(t.agent), agentLabel(trace, t.agent), u, cost.usd, missing);
  }
  const reconciled = reconciledStats(trace, prices);
  for (const r of reconciled) {
    addTokens(tokens, r.tokens);
    computed += r.costUsd;
    if (!r.priced) unpriced.add(r.model);
    bumpReconciled(byModel, r.model, r.model, r);
    bumpReconciled(byAgent, r.agentKey, r.agentLabel, r);
  }
  let withResult = 0;
  let errored = 0;
  let denied = 0;
  for (const c of trace.toolCalls) {
    if (c.result) withResult += 1;
    if (c.result?.isError) errored += 1;
    if (c.permission === 'denied') denied += 1;
  }
  let reported: number | null = null;
  for (const s of trace.sessions) if (s.reportedCostUsd !== undefined) reported = (reported ?? 0) + s.reportedCostUsd;
  let first: number | undefined;
  let last: number | undefined;
  for (const s of trace.sessions) {
    if (s.firstTime !== undefined && (first === undefined || s.firstTime < first)) first = s.firstTime;
    if (s.lastTime !== undefined && (last === undefined || s.lastTime > last)) last = s.lastTime;
  }
  const diag = { errors: 0, warnings: 0, info: 0 };
  for (const d of trace.diagnostics) {
    if (d.severity === 'error') diag.errors += 1;
    else if (d.severity === 'warning') diag.warnings += 1;
    else diag.info += 1;
  }
  return {
    lines: { total, parsed: total - invalid, invalid, blank, sidecars },
    events: trace.events.length,
    apiMessages: turns.length,
    tokens,
    toolCalls: { requested: trace.toolCalls.length, withResult, errored, denied },
    results: trace.events.reduce((n, e) => n + (e.kind === 'result' ? 1 : 0), 0),
    cost: {
      reportedUsd: reported === null ? null : round6(reported),
      computedUsd: round6(computed),
      unpricedModels: [...unpriced].sort(),
      priceTable: { source: prices.source, asOf: prices.asOf },
    },
    byModel: [...byModel.values()].map(roundBreakdown),
    byAgent: [...byAgent.values()].map(roundBreakdown),
    reconciled,
    // One instant (a single timestamped line) has no span to show: "0 ms" would read as a measurement.
    ...(first !== undefined && last !== undefined && last > first ? { durationMs: last - first } : {}),
    diagnostics: diag,
  };
}

function bump(
  map: Map<string, Breakdown>,
  key: string,
  label: string,
  u: Usage,
  usd: number,
  unpriced: string | undefined,
): void {
  let b = map.get(key);
  if (!b) {
    b = { key, label, apiMessages: 0, tokens: zeroTokens(), costUsd: 0, priced: true, unpricedModels: [] };
    map.set(key, b);
  }
  b.apiMessages += 1;
  addUsage(b.tokens, u);
  b.costUsd += usd;
  if (unpriced !== undefined) {
    b.priced = false;
    if (!b.unpricedModels.includes(unpriced)) b.unpricedModels.push(unpriced);
  }
}

function addTokens(t: TokenTotals, u: TokenTotals): void {
  t.input += u.input;
  t.output += u.output;
  t.cacheCreation += u.cacheCreation;
  t.cache5m += u.cache5m;
  t.cache1h += u.cache1h;
  t.cacheRead += u.cacheRead;
}

const sumTokens = (t: TokenTotals): number => t.input + t.output + t.cacheCreation + t.cacheRead;

/** Adds a reconciled row to a breakdown without counting a model call. */
function bumpReconciled(map: Map<string, Breakdown>, key: string, label: string, r: ReconciledStat): void {
  let b = map.get(key);
  if (!b) {
    b = { key, label, apiMessages: 0, tokens: zeroTokens(), costUsd: 0, priced: true, unpricedModels: [] };
    map.set(key, b);
  }
  addTokens(b.tokens, r.tokens);
  b.costUsd += r.costUsd;
  b.reconciledTokens = (b.reconciledTokens ?? 0) + sumTokens(r.tokens);
  if (!r.priced) {
    b.priced = false;
    if (!b.unpricedModels.includes(r.model)) b.unpricedModels.push(r.model);
  }
}

function tokensOf(u: Usage): TokenTotals {
  return {
    input: u.input,
    output: u.output,
    cacheCreation: u.cacheCreation,
    cache5m: u.cache5m,
    cache1h: u.cache1h,
    cacheRead: u.cacheRead,
  };
}

function minus(a: Usage, b: Usage): Usage {
  return {
    ...a,
    input: a.input - b.input,
    output: a.output - b.output,
    cacheCreation: a.cacheCreation - b.cacheCreation,
    cache5m: a.cache5m - b.cache5m,
    cache1h: a.cache1h - b.cache1h,
    cacheRead: a.cacheRead - b.cacheRead,
  };
}

/**
 * The model's reconciliation rows as stats: the main loop's part (from the result's `usage`) under the session's
 * main agent, the rest (calls no loaded line shows, or subagents' placeholders) under `RESULT_ONLY_AGENT`.
 */
export function reconciledStats(trace: Trace, prices: PriceTable = DEFAULT_PRICES): ReconciledStat[] {
  const out: ReconciledStat[] = [];
  for (const sr of trace.reconciliation ?? []) {
    const session = trace.sessions[sr.session];
    const mainAgent = session?.agents.find((a) => trace.agents[a]?.kind === 'main');
    for (const row of sr.rows) {
      const parts: [Usage, string, string, string][] = [];
      const main = mainAgent !== undefined ? row.main : undefined;
      const mainText = (u: Usage, of: string): string =>
        `from the result frame${of}: ${tokensText(u)} tokens the assistant lines did not carry`;
      const otherText = (u: Usage): string =>
        `from the result frame's modelUsage beyond its usage: ${tokensText(u)} tokens of calls outside the main loop (subagents, or calls no line shows)`;
      if (main && mainAgent !== undefined) {
        if (main.input + main.output + main.cacheRead + main.cacheCreation > 0)
          parts.push([main, String(mainAgent), 'main loop', mainText(main, "'s usage")]);
        const rest = minus(row.usage, main);
        if (rest.input + rest.output + rest.cacheRead + rest.cacheCreation > 0)
          parts.push([rest, RESULT_ONLY_AGENT, 'other calls (result frame)', otherText(rest)]);
      } else if (mainAgent !== undefined && row.calls > 0 && row.mainCalls === row.calls)
        parts.push([row.usage, String(mainAgent), 'main loop', row.text]);
      // Not the main loop's alone (a subagent's model, or calls no line shows): the other calls' row.
      else parts.push([row.usage, RESULT_ONLY_AGENT, 'other calls (result frame)', row.text]);
      for (const [u, agentKey, label, text] of parts) {
        const cost = reconciledCost(u, row.model, prices);
        out.push({
          session: sr.session,
          sessionId: session?.id ?? '?',
          model: row.model,
          agentKey,
          agentLabel: agentKey === RESULT_ONLY_AGENT ? label : agentLabel(trace, Number(agentKey)),
          tokens: tokensOf(u),
          costUsd: cost.usd,
          priced: cost.priced,
          resultSeq: row.resultSeq,
          placeholders: row.placeholders,
          calls: row.calls,
          text,
        });
      }
    }
  }
  return out;
}

function roundBreakdown(b: Breakdown): Breakdown {
  return { ...b, costUsd: round6(b.costUsd), unpricedModels: [...b.unpricedModels].sort() };
}
