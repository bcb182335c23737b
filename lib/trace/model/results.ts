import type { ModelUsageRecord, Usage } from '../types';

// A session's result frames as the result reconciliation reads them (reconcile.ts): running totals or one per turn,
// each one's own share of the cost, and what they report per model and for the main loop.

/** A `result` frame of the session, as the rule reads it. */
export interface ResultFigure {
  readonly order: number;
  readonly totalCostUsd?: number;
  readonly usage?: Usage;
  readonly modelUsage: readonly ModelUsageRecord[];
}

export interface ResultsRead {
  /** True when each result holds the session so far (figures never go down), false when each holds its own turn. */
  readonly cumulative: boolean;
  /** The session's reported cost: the last cumulative result's, or the sum of per-turn results'. */
  readonly reportedUsd?: number;
  /** Per result (in order): its own share of the cost (the difference from the previous result when cumulative). */
  readonly shares: readonly (number | undefined)[];
}

const usageTotal = (u: Usage | undefined): number | undefined =>
  u ? u.input + u.output + u.cacheRead + u.cacheCreation : undefined;

function nonDecreasing(values: readonly (number | undefined)[]): boolean {
  let prev: number | undefined;
  for (const v of values) {
    if (v === undefined) continue;
    if (prev !== undefined && v < prev) return false;
    prev = v;
  }
  return true;
}

/**
 * Cumulative or per turn, decided from the data. Claude Code's results on one connection are running totals in
 * `total_cost_usd` and `modelUsage` only: `usage` and `num_turns` are the turn's own (FORMATS 2.13), so they go up and
 * down either way and say nothing here. A session's results are cumulative when their cost and every model's tokens
 * never go down from one result to the next, and the last result's `modelUsage` holds at least what every result's
 * `usage` reports for the main loop (a running total covers every turn's main loop; per-turn results, as a harness
 * that resumes the session per turn writes them, each cover only their own, so their `usage` adds up past the last).
 */
export function readResults(results: readonly ResultFigure[]): ResultsRead {
  const models = new Set(results.flatMap((r) => r.modelUsage.map((m) => m.model)));
  const modelMonotone = [...models].every((m) =>
    nonDecreasing(
      results
        .map((r) => r.modelUsage.find((x) => x.model === m))
        .map((x) => (x ? x.input + x.output + x.cacheRead + x.cacheCreation : undefined)),
    ),
  );
  const cumulative =
    results.length < 2 ||
    (nonDecreasing(results.map((r) => r.totalCostUsd)) && modelMonotone && lastCoversEveryTurn(results));
  const shares: (number | undefined)[] = [];
  let prev: number | undefined;
  let sum: number | undefined;
  for (const r of results) {
    const c = r.totalCostUsd;
    if (c === undefined) {
      shares.push(undefined);
      continue;
    }
    // A difference of two dollar figures, to 1e-9 (0.7, not 0.69999…); a result's own figure as it is.
    shares.push(cumulative && prev !== undefined ? Math.max(0, Math.round((c - prev) * 1e9) / 1e9) : c);
    prev = c;
    sum = (sum ?? 0) + c;
  }
  return {
    cumulative,
    shares,
    ...(cumulative ? (prev !== undefined ? { reportedUsd: prev } : {}) : sum !== undefined ? { reportedUsd: sum } : {}),
  };
}

/** Whether the last result's `modelUsage` holds every result's main-loop `usage` (true when it lists no model). */
function lastCoversEveryTurn(results: readonly ResultFigure[]): boolean {
  const last = results[results.length - 1];
  if (!last || last.modelUsage.length === 0) return true;
  const reported = last.modelUsage.reduce((a, m) => a + m.input + m.output + m.cacheRead + m.cacheCreation, 0);
  const main = results.reduce((a, r) => a + (usageTotal(r.usage) ?? 0), 0);
  return main <= reported;
}

/** What the session's results report per model: the last cumulative result's `modelUsage`, or the per-turn sum. */
export function reportedByModel(results: readonly ResultFigure[], cumulative: boolean): Map<string, ModelUsageRecord> {
  const out = new Map<string, ModelUsageRecord>();
  const use = cumulative ? results.slice(-1) : results;
  for (const r of use) {
    for (const m of r.modelUsage) {
      const p = out.get(m.model);
      out.set(
        m.model,
        p
          ? {
              ...p,
              input: p.input + m.input,
              output: p.output + m.output,
              cacheRead: p.cacheRead + m.cacheRead,
              cacheCreation: p.cacheCreation + m.cacheCreation,
            }
          : m,
      );
    }
  }
  return out;
}

/**
 * What the session's results report for the main loop: every result's `usage` added up, running totals or not, as
 * `usage` is each turn's own in both (FORMATS 2.13).
 */
export function reportedMainUsage(results: readonly ResultFigure[]): Usage | undefined {
  let acc: Usage | undefined;
  for (const r of results) if (r.usage) acc = acc ? addUsage(acc, r.usage) : r.usage;
  return acc;
}

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    input: a.input + b.input,
    output: a.output + b.output,
    cacheCreation: a.cacheCreation + b.cacheCreation,
    cache5m: a.cache5m + b.cache5m,
    cache1h: a.cache1h + b.cache1h,
    cacheRead: a.cacheRead + b.cacheRead,
    webSearch: a.webSearch + b.webSearch,
    hasCacheSplit: a.hasCacheSplit && b.hasCacheSplit,
  };
}
