import { round6 } from '../trace/stats';

// The numbers a comparison puts side by side, per response and in total, and their differences (B minus A).

export interface Metrics {
  modelCalls: number;
  input: number;
  output: number;
  /** Cache writes (5m + 1h). */
  cacheWrite: number;
  cacheRead: number;
  /** Computed from the price table; models it has no price for are in `unpriced` and not in this sum. */
  computedUsd: number;
  unpriced: string[];
  /** What the run reported (`total_cost_usd`), when it reported any. */
  reportedUsd?: number;
  /** From its first timestamped line to its last. */
  wallMs?: number;
  toolCalls: number;
  toolErrors: number;
  denials: number;
}

/** B minus A. A figure one side lacks (no reported cost, no time) has no delta: null, never a guess. */
export interface MetricsDelta {
  readonly modelCalls: number;
  readonly input: number;
  readonly output: number;
  readonly cacheWrite: number;
  readonly cacheRead: number;
  /** Null when either side has a model the price table does not know: an unknown price is unknown. */
  readonly computedUsd: number | null;
  readonly reportedUsd: number | null;
  readonly wallMs: number | null;
  readonly toolCalls: number;
  readonly toolErrors: number;
  readonly denials: number;
}

export function emptyMetrics(): Metrics {
  return {
    modelCalls: 0,
    input: 0,
    output: 0,
    cacheWrite: 0,
    cacheRead: 0,
    computedUsd: 0,
    unpriced: [],
    toolCalls: 0,
    toolErrors: 0,
    denials: 0,
  };
}

const opt = (a: number | undefined, b: number | undefined): number | null =>
  a === undefined || b === undefined ? null : round6(b - a);

/** B minus A, each figure; a side that is missing (a response only in one run) counts as zeros. */
export function deltaOf(a: Metrics | undefined, b: Metrics | undefined): MetricsDelta {
  const x = a ?? emptyMetrics();
  const y = b ?? emptyMetrics();
  // A response only in one run: the other side spent nothing there, so its cost and time deltas are that run's own.
  const zero = (m: Metrics | undefined, v: number | undefined): number | undefined => (m === undefined ? 0 : v);
  return {
    modelCalls: y.modelCalls - x.modelCalls,
    input: y.input - x.input,
    output: y.output - x.output,
    cacheWrite: y.cacheWrite - x.cacheWrite,
    cacheRead: y.cacheRead - x.cacheRead,
    computedUsd: x.unpriced.length > 0 || y.unpriced.length > 0 ? null : round6(y.computedUsd - x.computedUsd),
    reportedUsd: opt(zero(a, x.reportedUsd), zero(b, y.reportedUsd)),
    wallMs: opt(zero(a, x.wallMs), zero(b, y.wallMs)),
    toolCalls: y.toolCalls - x.toolCalls,
    toolErrors: y.toolErrors - x.toolErrors,
    denials: y.denials - x.denials,
  };
}

/** Total tokens of every kind. */
export const tokensOf = (m: Metrics): number => m.input + m.output + m.cacheWrite + m.cacheRead;
