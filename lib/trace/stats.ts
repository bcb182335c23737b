import { agentLabel } from './agent-names';
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
}

export interface TraceStats {
  /** Transcript lines; `sidecars` are the `agent-<id>.meta.json` files, which attach to their agent and are no lines. */
  readonly lines: { readonly total: number; readonly parsed: number; readonly invalid: number; readonly blank: number; readonly sidecars: number };
  readonly events: number;
  readonly apiMessages: number;
  readonly tokens: TokenTotals;
  readonly toolCalls: { readonly requested: number; readonly withResult: number; readonly errored: number; readonly denied: number };
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
    // One instant (a single timestamped line) has no span to show: "0 ms" would read as a measurement.
    ...(first !== undefined && last !== undefined && last > first ? { durationMs: last - first } : {}),
    diagnostics: diag,
  };
}

function bump(map: Map<string, Breakdown>, key: string, label: string, u: Usage, usd: number, unpriced: string | undefined): void {
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

function roundBreakdown(b: Breakdown): Breakdown {
  return { ...b, costUsd: round6(b.costUsd), unpricedModels: [...b.unpricedModels].sort() };
}
