import type { Response, Trace, Turn } from './model/types';
import { costOf, DEFAULT_PRICES, type PriceTable } from './pricing/pricing';
import { agentLabel, round6 } from './stats';

// Per model call and per response: the rows behind the Stats pane's tables and `loupe stats`' per-turn output.
// A model call is one `Turn` (one API message id); it counts under the same rule as the totals (`countedTurns`).

/** Rounds to 1e-9 USD: list prices are per million tokens with at most two decimals, so a call's cost is exact at
 *  this precision and the rows of a table add up to the rounded total. */
export const round9 = (x: number): number => Math.round(x * 1e9) / 1e9;

export interface TurnRow {
  readonly turn: number;
  readonly response: number;
  readonly seq: number;
  readonly model: string;
  readonly agent: string;
  readonly input: number;
  readonly output: number;
  readonly cacheRead: number;
  /** Cache writes: `cache5m + cache1h`. */
  readonly cacheWrite: number;
  readonly cache5m: number;
  readonly cache1h: number;
  /** The output is a placeholder (1-8 tokens from `message_start`) whose real figure only the result frame has: the
   *  call's output and cost are lower bounds (shown `≥ 8`), and the difference is a reconciled row of the totals. */
  readonly lowerBound?: true;
  /** Computed cost of this call, 0 when it does not count or its model has no price; to 1e-9 so the rows sum to the total. */
  readonly costUsd: number;
  /** False when the call counts but its model has no price: its cost is unknown, not 0. */
  readonly priced: boolean;
  readonly toolCalls: number;
  /** The call's one duration (`Turn.durationMs`): from the line that started its request to its last line. */
  readonly durationMs?: number;
  readonly stopReason: string;
  readonly counted: boolean;
  /** When its request went out (epoch ms) and how long after the trace's first line. */
  readonly startedAt?: number;
  readonly offsetMs?: number;
}

export interface ResponseRow {
  readonly response: number;
  readonly end: string;
  /** The result's `num_turns`, when the response has a result that gives it. */
  readonly numTurns?: number;
  readonly resultSubtype?: string;
  readonly isError?: boolean;
  /** Counted model calls in this response (all agents) and those of the main agent. */
  readonly modelCalls: number;
  readonly mainModelCalls: number;
  /** The priced calls' cost: the whole cost only when `unpricedModels` is empty. */
  readonly costUsd: number;
  readonly unpricedModels: readonly string[];
  /** The response's own share of the reported cost: its result's `total_cost_usd` less the session's previous
   *  result's when the results are cumulative (see `lib/trace/model/reconcile.ts`), else the result's own. */
  readonly reportedUsd?: number;
  readonly output: number;
  /** Some of its calls' output is a placeholder (`TurnRow.lowerBound`): `output` and `costUsd` are lower bounds. */
  readonly lowerBound?: true;
  readonly durationMs?: number;
}

/** The earliest timestamp of the trace, which `offsetMs` is measured from. */
export function traceStart(trace: Trace): number | undefined {
  let t: number | undefined;
  for (const s of trace.sessions)
    if (s.firstTime !== undefined && (t === undefined || s.firstTime < t)) t = s.firstTime;
  return t;
}

/** The turn indices whose output figures are lower bounds (see `TurnRow.lowerBound`). */
const boundsOf = new WeakMap<Trace, ReadonlySet<number>>();
export function lowerBoundTurns(trace: Trace): ReadonlySet<number> {
  let set = boundsOf.get(trace);
  if (!set) {
    set = new Set(trace.reconciliation.flatMap((r) => r.lowerBounds));
    boundsOf.set(trace, set);
  }
  return set;
}

export function turnRow(
  trace: Trace,
  t: Turn,
  prices: PriceTable = DEFAULT_PRICES,
  t0: number | undefined = traceStart(trace),
): TurnRow {
  const u = t.usage;
  const cost = u && t.counted ? costOf(u, t.model, prices) : undefined;
  return {
    turn: t.index,
    response: t.response,
    seq: t.seqs[0] ?? t.streamSeqs[0] ?? 0,
    model: t.model ?? '—',
    agent: agentLabel(trace, t.agent),
    input: u?.input ?? 0,
    output: u?.output ?? 0,
    cacheRead: u?.cacheRead ?? 0,
    cacheWrite: u?.cacheCreation ?? 0,
    cache5m: u?.cache5m ?? 0,
    cache1h: u?.cache1h ?? 0,
    ...(t.counted && lowerBoundTurns(trace).has(t.index) ? { lowerBound: true as const } : {}),
    costUsd: round9(cost?.usd ?? 0),
    priced: cost?.priced !== false,
    toolCalls: t.toolCalls.length,
    ...(t.durationMs !== undefined ? { durationMs: t.durationMs } : {}),
    stopReason: t.stream?.stopReason ?? t.stopReason ?? '—',
    counted: t.counted,
    ...(t.startTime !== undefined ? { startedAt: t.startTime } : {}),
    ...(t.startTime !== undefined && t0 !== undefined ? { offsetMs: t.startTime - t0 } : {}),
  };
}

/** One row per model call in start-time order (the model numbers calls that way): every call with usage or lines (the Stats pane greys those not counted), or
 *  with `countedOnly` just the calls the totals count, so the rows add up to `computeStats`. */
export function turnRows(
  trace: Trace,
  prices: PriceTable = DEFAULT_PRICES,
  opts: { countedOnly?: boolean } = {},
): TurnRow[] {
  const t0 = traceStart(trace);
  const keep = opts.countedOnly
    ? (t: Turn) => t.counted && t.usage !== undefined
    : (t: Turn) => t.usage !== undefined || t.seqs.length > 0;
  return trace.turns.filter(keep).map((t) => turnRow(trace, t, prices, t0));
}

/** The times of a response's first and last lines that have one: a response often opens or closes with a line
 *  written without a timestamp (a permission-mode or ai-title line, a file-history snapshot). */
function responseSpan(trace: Trace, r: Response): { first?: number; last?: number } {
  const timed = (q: number): number | undefined =>
    trace.eventResponse[q] === r.index ? trace.events[q]?.time : undefined;
  let first: number | undefined;
  let last: number | undefined;
  for (let q = r.firstSeq; q <= r.lastSeq && first === undefined; q++) first = timed(q);
  for (let q = r.lastSeq; q >= r.firstSeq && last === undefined; q--) last = timed(q);
  return { ...(first !== undefined ? { first } : {}), ...(last !== undefined ? { last } : {}) };
}

/** One row per response: its end, the result's `num_turns` beside the model calls counted, computed beside reported cost. */
export function responseRows(trace: Trace, prices: PriceTable = DEFAULT_PRICES): ResponseRow[] {
  const shares = new Map<number, number>();
  for (const sr of trace.reconciliation) for (const [seq, usd] of sr.shares) shares.set(seq, usd);
  return trace.responses.map((r) => {
    const res = r.resultSeq === undefined ? undefined : trace.events[r.resultSeq];
    const result = res?.kind === 'result' ? res : undefined;
    const rts = r.turns
      .map((i) => trace.turns[i])
      .filter((t): t is Turn => t !== undefined && t.counted && t.usage !== undefined);
    const { first, last } = responseSpan(trace, r);
    const costs = rts.map((t) => (t.usage ? costOf(t.usage, t.model, prices) : undefined));
    const unpriced = new Set(rts.flatMap((t, i) => (costs[i]?.priced === false ? [t.model ?? '(no model)'] : [])));
    return {
      response: r.index,
      end: r.end,
      ...(result?.numTurns !== undefined ? { numTurns: result.numTurns } : {}),
      ...(result ? { resultSubtype: result.subtype, isError: result.isError } : {}),
      modelCalls: rts.length,
      mainModelCalls: rts.filter((t) => trace.agents[t.agent]?.kind === 'main').length,
      costUsd: round6(costs.reduce((n, c) => n + (c?.usd ?? 0), 0)),
      unpricedModels: [...unpriced].sort(),
      ...(result && shares.has(result.seq) ? { reportedUsd: shares.get(result.seq) ?? 0 } : {}),
      output: rts.reduce((n, t) => n + (t.usage?.output ?? 0), 0),
      ...(rts.some((t) => lowerBoundTurns(trace).has(t.index)) ? { lowerBound: true as const } : {}),
      ...(result?.durationMs !== undefined
        ? { durationMs: result.durationMs }
        : first !== undefined && last !== undefined
          ? { durationMs: last - first }
          : {}),
    };
  });
}
