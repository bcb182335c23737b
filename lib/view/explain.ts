import type { Trace, Turn } from '../trace/model/types';
import { costOf, DEFAULT_PRICES, priceFor, priceSource, type PriceTable } from '../trace/pricing/pricing';
import { agentLabel, reconciledStats, RESULT_ONLY_AGENT, round6 } from '../trace/stats';
import { lowerBoundTurns } from '../trace/turns';
import { pathOf } from './where';

// Explain: the lines that make one total of the Stats pane (a metric, for one agent or model), each with its share.

export type ExplainMetric = 'input' | 'output' | 'cacheCreation' | 'cacheRead' | 'cost' | 'apiMessages';

/** `ExplainQuery.agent` of the agent row of what a result frame reports beyond every line (`RESULT_ONLY_AGENT`). */
export const RESULT_ONLY_QUERY = -1;

export interface ExplainQuery {
  readonly metric: ExplainMetric;
  readonly model?: string;
  readonly agent?: number;
}

export interface ExplainRow {
  readonly turn?: number;
  readonly messageId?: string;
  readonly requestId?: string;
  readonly model?: string;
  readonly agent: string;
  readonly source: string;
  readonly line: number;
  /** For a record of a JSON document, which names it (every record shares the document's line 1). */
  readonly path?: string;
  readonly seq: number;
  readonly value: number;
  readonly counted: boolean;
  /** For the cost: false when the call counts but its model has no price (its value is unknown, not 0). */
  readonly priced: boolean;
  /** Its output is a placeholder: the value is a lower bound, the rest is a reconciled row (`ExplainView.reconciled`). */
  readonly lowerBound?: true;
  readonly rule: string;
  readonly copies: readonly {
    readonly line: number;
    readonly path?: string;
    readonly seq: number;
    readonly via: string;
    readonly output: number;
    readonly chosen: boolean;
    readonly rule: string;
  }[];
}

/** A row of a total booked from a result frame (no model call): what, from which line and why. */
export interface ExplainReconciled {
  readonly model: string;
  readonly agent: string;
  readonly source: string;
  readonly line: number;
  readonly path?: string;
  readonly seq: number;
  readonly value: number;
  /** For the cost: false when the row's model has no price (its value is unknown, not 0). */
  readonly priced: boolean;
  readonly text: string;
  /** Of the calls compared, how many carried placeholder usage (the signature that made the row). */
  readonly placeholders: number;
  readonly calls: number;
}

export interface ExplainView {
  readonly metric: ExplainMetric;
  /** For the cost, the priced calls' sum: the whole cost only when `unpricedModels` is empty. */
  readonly total: number;
  readonly rows: readonly ExplainRow[];
  readonly dropped: number;
  /** For the cost: each model of the rows, with where its price came from (null: no price). */
  readonly prices: readonly { readonly model: string; readonly source: string | null }[];
  readonly unpricedModels: readonly string[];
  /** Rows booked from result frames, in `total` (never for `apiMessages`: they are no model call). */
  readonly reconciled: readonly ExplainReconciled[];
}

/** Lists the model calls that make a total, each with its lines, and the copies merged or dropped and why. */
export function explain(trace: Trace, q: ExplainQuery, prices: PriceTable = DEFAULT_PRICES): ExplainView {
  const rows: ExplainRow[] = [];
  const valueOf = (t: Turn): number => {
    const u = t.usage;
    if (!u) return 0;
    switch (q.metric) {
      case 'cost':
        return costOf(u, t.model, prices).usd;
      case 'apiMessages':
        return 1;
      default:
        return u[q.metric];
    }
  };
  let total = 0;
  let dropped = 0;
  const models = new Map<string, string | null>();
  for (const t of trace.turns) {
    if (q.model !== undefined && t.model !== q.model) continue;
    if (q.agent !== undefined && t.agent !== q.agent) continue;
    const counted = t.counted && t.usage !== undefined;
    const value = counted ? valueOf(t) : 0;
    const price = t.model ? priceFor(t.model, prices) : undefined;
    if (counted && q.metric === 'cost') models.set(t.model ?? '(no model)', price ? priceSource(price, prices) : null);
    if (counted) total += value;
    else dropped += 1;
    const seq = t.seqs[0] ?? t.streamSeqs[0] ?? 0;
    const e = trace.events[seq];
    rows.push({
      turn: t.index,
      ...(t.messageId ? { messageId: t.messageId } : {}),
      ...(t.requestId ? { requestId: t.requestId } : {}),
      ...(t.model ? { model: t.model } : {}),
      agent: agentLabel(trace, t.agent),
      source: trace.sources[e?.source ?? -1]?.name ?? '?',
      line: e?.line ?? 0,
      ...(e?.path ? { path: e.path } : {}),
      seq,
      value,
      counted,
      priced: !counted || q.metric !== 'cost' || price !== undefined,
      ...(counted && lowerBoundTurns(trace).has(t.index) ? { lowerBound: true as const } : {}),
      rule: t.countRule,
      copies: t.copies.map((c) => ({
        line: trace.events[c.seq]?.line ?? 0,
        ...pathOf(trace, c.seq),
        seq: c.seq,
        via: c.via,
        output: c.usage.output,
        chosen: c.chosen,
        rule: c.rule,
      })),
    });
  }
  // Copies found outside any loaded model call (agent_progress of an unloaded subagent): shown, never counted.
  if (q.model === undefined && q.agent === undefined) {
    for (const c of trace.looseCopies) {
      const e = trace.events[c.seq];
      dropped += 1;
      rows.push({
        ...(c.messageId ? { messageId: c.messageId } : {}),
        agent: 'progress copy',
        source: trace.sources[e?.source ?? -1]?.name ?? '?',
        line: e?.line ?? 0,
        ...(e?.path ? { path: e.path } : {}),
        seq: c.seq,
        value: 0,
        counted: false,
        priced: true,
        rule: c.rule,
        copies: [],
      });
    }
  }
  const reconciled: ExplainReconciled[] = [];
  if (q.metric !== 'apiMessages') {
    for (const r of reconciledStats(trace, prices)) {
      if (q.model !== undefined && r.model !== q.model) continue;
      if (q.agent !== undefined && r.agentKey !== (q.agent === RESULT_ONLY_QUERY ? RESULT_ONLY_AGENT : String(q.agent)))
        continue;
      const value = q.metric === 'cost' ? r.costUsd : r.tokens[q.metric];
      if (value === 0 && (q.metric !== 'cost' || r.priced)) continue;
      if (q.metric === 'cost' && !models.has(r.model)) {
        const price = priceFor(r.model, prices);
        models.set(r.model, price ? priceSource(price, prices) : null);
      }
      const e = trace.events[r.resultSeq];
      total += value;
      reconciled.push({
        model: r.model,
        agent: r.agentLabel,
        source: trace.sources[e?.source ?? -1]?.name ?? '?',
        line: e?.line ?? 0,
        ...(e?.path ? { path: e.path } : {}),
        seq: r.resultSeq,
        value,
        priced: q.metric !== 'cost' || r.priced,
        text: r.text,
        placeholders: r.placeholders,
        calls: r.calls,
      });
    }
  }
  const listed = [...models].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    metric: q.metric,
    total: q.metric === 'cost' ? round6(total) : total,
    rows,
    dropped,
    prices: listed.map(([model, source]) => ({ model, source })),
    unpricedModels: listed.flatMap(([model, source]) => (source === null ? [model] : [])),
    reconciled,
  };
}
