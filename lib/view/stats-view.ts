import type { Trace } from '../trace/model/types';
import { costOf, DEFAULT_PRICES, priceFor, type ModelPrice, type PriceTable } from '../trace/pricing/pricing';
import { computeStats, round6, type TraceStats } from '../trace/stats';
import { responseRows, traceStart, turnRows, type ResponseRow, type TurnRow } from '../trace/turns';
import { verdictOf, type Verdict } from '../trace/verdict';
import { count, formatInt } from '../trace/text-order';
import { reportedKeyOf } from '../trace/model/reconcile';
import { pathOf } from './where';
import { packRows, unpackRows, type PackedRows } from './packed-rows';

// The Stats pane's view-model: totals with their reasons, per-turn and per-response tables, chart series, and the
// Explain lists that show which lines make each total (explain.ts). The per-call and per-response rows come from lib/trace/turns,
// which `loupe stats` shares.

export type { ResponseRow, TurnRow };
// The Stats pane's components read the Explain query from here.

export interface WaterfallBar {
  readonly call: number;
  readonly name: string;
  readonly seq: number;
  readonly start: number;
  readonly decided?: number;
  readonly end?: number;
  readonly lane: number;
  readonly denied: boolean;
  readonly error: boolean;
}

export interface CostReason {
  readonly text: string;
  readonly usd?: number;
}

export interface StatsView {
  readonly stats: TraceStats;
  readonly cacheHitRate: number;
  readonly reported: {
    readonly totalUsd: number | null;
    readonly sessions: readonly {
      readonly session: string;
      readonly usd: number;
      readonly seq: number;
      readonly line: number;
      readonly path?: string;
    }[];
    readonly modelUsage: readonly {
      readonly model: string;
      readonly costUsd?: number;
      readonly input: number;
      readonly output: number;
      readonly inMessages: boolean;
    }[];
  };
  readonly differenceUsd: number | null;
  readonly reasons: readonly CostReason[];
  readonly prices: {
    readonly source: string;
    readonly asOf: string;
    readonly used: readonly ModelPrice[];
    readonly unpriced: readonly string[];
  };
  readonly turns: readonly TurnRow[];
  readonly responses: readonly ResponseRow[];
  readonly waterfall: readonly WaterfallBar[];
  readonly waterfallLanes: number;
  readonly verdict: Verdict;
  /** The charts' clock: the trace's first timestamp (epoch ms), and how far its lines reach from it. */
  readonly startedAt?: number;
  readonly spanMs?: number;
}

/** Greedy lane assignment: each call takes the first lane free at its start, so parallel calls sit side by side. */
function waterfallOf(trace: Trace, t0: number | undefined): { bars: WaterfallBar[]; lanes: number } {
  if (t0 === undefined) return { bars: [], lanes: 0 };
  const laneEnds: number[] = [];
  const bars: WaterfallBar[] = [];
  const calls = trace.toolCalls
    .filter((c) => c.requestedAt !== undefined)
    .sort((a, b) => (a.requestedAt ?? 0) - (b.requestedAt ?? 0));
  for (const c of calls) {
    const start = (c.requestedAt ?? 0) - t0;
    const end = c.result?.time !== undefined ? c.result.time - t0 : undefined;
    let lane = laneEnds.findIndex((e) => e <= start);
    if (lane < 0) {
      lane = laneEnds.length;
      laneEnds.push(0);
    }
    laneEnds[lane] = Math.max(end ?? start, start + 1);
    bars.push({
      call: c.index,
      name: c.name,
      seq: c.requestSeq,
      start,
      ...(c.decidedAt !== undefined ? { decided: c.decidedAt - t0 } : {}),
      ...(end !== undefined ? { end } : {}),
      lane,
      denied: c.permission === 'denied',
      error: c.result?.isError === true,
    });
  }
  return { bars, lanes: laneEnds.length };
}

/** The time the charts' x axis must cover: every line, call and tool call. */
function spanOf(durationMs: number | undefined, turns: readonly TurnRow[], bars: readonly WaterfallBar[]): number {
  let span = durationMs ?? 0;
  for (const t of turns) if (t.offsetMs !== undefined) span = Math.max(span, t.offsetMs + (t.durationMs ?? 0));
  for (const b of bars) span = Math.max(span, b.end ?? b.start);
  return span;
}

export function computeStatsView(trace: Trace, prices: PriceTable = DEFAULT_PRICES): StatsView {
  const stats = computeStats(trace, prices);
  const t0 = traceStart(trace);
  const turns = turnRows(trace, prices);
  const tk = stats.tokens;
  const prompt = tk.input + tk.cacheRead + tk.cacheCreation;
  const sessions: StatsView['reported']['sessions'][number][] = [];
  const modelUsage = new Map<
    string,
    { model: string; costUsd?: number; input: number; output: number; inMessages: boolean }
  >();
  const messageModels = new Set(trace.turns.filter((t) => t.counted && t.model).map((t) => t.model ?? ''));
  // A model booked from the result frame has its row in the tables already.
  for (const r of stats.reconciled) messageModels.add(r.model);
  for (const s of trace.sessions) {
    if (s.reportedCostUsd === undefined || s.reportedCostSeq === undefined) continue;
    const e = trace.events[s.reportedCostSeq];
    // Inside a JSON document every record shares the document's first line: its path says which record it is.
    sessions.push({
      session: s.id,
      usd: s.reportedCostUsd,
      seq: s.reportedCostSeq,
      line: e?.line ?? 0,
      ...pathOf(trace, s.reportedCostSeq),
    });
    if (e?.kind !== 'result') continue;
    for (const m of e.modelUsage) {
      const prev = modelUsage.get(m.model);
      modelUsage.set(m.model, {
        model: m.model,
        ...(m.costUsd !== undefined || prev?.costUsd !== undefined
          ? { costUsd: (prev?.costUsd ?? 0) + (m.costUsd ?? 0) }
          : {}),
        input: (prev?.input ?? 0) + m.input,
        output: (prev?.output ?? 0) + m.output,
        // Under its own id or another spelling of it (`reportedKeyOf`: a `[1m]` tag, an alias, a Bedrock id).
        inMessages: [...messageModels].some((x) => reportedKeyOf(x, [m.model]) !== undefined),
      });
    }
  }
  const reportedTotal = stats.cost.reportedUsd;
  const difference = reportedTotal === null ? null : round6(reportedTotal - stats.cost.computedUsd);
  const reasons: CostReason[] = [];
  for (const m of modelUsage.values()) {
    if (!m.inMessages)
      reasons.push({
        text: `${m.model} appears in modelUsage (subagent or internal calls) but in no loaded message`,
        ...(m.costUsd !== undefined ? { usd: round6(m.costUsd) } : {}),
      });
  }
  // Calls no loaded line records: the result frame reports more than the calls carry, with real usage on the lines.
  for (const sr of trace.reconciliation) for (const x of sr.shortfall) reasons.push({ text: x.text });
  for (const sr of trace.reconciliation)
    if (sr.unsure)
      reasons.push({
        text: `${sr.unsure.results} result frames carry no modelUsage: read as running totals, as their cost never goes down (the last one is the session's); were each its turn's own, the session would have reported their sum`,
        usd: sr.unsure.sumUsd,
      });
  if (tk.cache1h > 0) {
    // Claude Code priced every cache write at the 5m rate in some versions: show what that would change.
    let delta = 0;
    for (const t of trace.turns) {
      if (!t.counted || !t.usage || t.usage.cache1h === 0 || !t.model) continue;
      const p = priceFor(t.model, prices);
      if (p) delta += (t.usage.cache1h * (p.cacheWrite1h - p.cacheWrite5m)) / 1e6;
    }
    reasons.push({
      text: `${formatInt(tk.cache1h)} cache-write tokens are 1h writes; the CLI may price them at the 5m rate`,
      usd: round6(delta),
    });
  }
  if (reportedTotal !== null) {
    // Calls after a session's last result are not in its (latest) total_cost_usd yet.
    let after = 0;
    let n = 0;
    for (const t of trace.turns) {
      const s = trace.sessions[t.session];
      const first = t.seqs[0] ?? t.streamSeqs[0];
      if (
        !t.counted ||
        !t.usage ||
        !s ||
        s.reportedCostSeq === undefined ||
        first === undefined ||
        first < s.reportedCostSeq
      )
        continue;
      after += costOf(t.usage, t.model, prices).usd;
      n += 1;
    }
    if (n > 0)
      reasons.push({
        text: `${count(n, 'model call')} came after the session's last result, so the reported total does not include them`,
        usd: round6(after),
      });
  }
  for (const m of stats.cost.unpricedModels)
    reasons.push({
      text: `${m} has no price in the table: its calls are not in the computed cost, which is a lower bound (add its price from a file below)`,
    });
  if (stats.cost.reportedUsd !== null && trace.sources.some((s) => s.fileAgentId))
    reasons.push({ text: 'subagent files are counted in the computed cost; the reported total includes them too' });
  const responses = responseRows(trace, prices);
  const used = [...new Set(trace.turns.filter((t) => t.counted && t.model).map((t) => t.model ?? ''))]
    .map((m) => priceFor(m, prices))
    .filter((p): p is ModelPrice => p !== undefined);
  const wf = waterfallOf(trace, t0);
  return {
    stats,
    cacheHitRate: prompt > 0 ? tk.cacheRead / prompt : 0,
    reported: { totalUsd: reportedTotal, sessions, modelUsage: [...modelUsage.values()] },
    differenceUsd: difference,
    reasons,
    prices: {
      source: prices.source,
      asOf: prices.asOf,
      used: [...new Map(used.map((p) => [p.id, p])).values()],
      unpriced: stats.cost.unpricedModels,
    },
    turns,
    responses,
    waterfall: wf.bars,
    waterfallLanes: wf.lanes,
    verdict: verdictOf(trace),
    ...(t0 !== undefined ? { startedAt: t0, spanMs: spanOf(stats.durationMs, turns, wf.bars) } : {}),
  };
}

/** The view without its long lists: what the totals and tables above them read. */
export type StatsHead = Omit<StatsView, 'turns' | 'responses' | 'waterfall'>;

/**
 * The view as the worker sends it: its long lists as columns (packed-rows.ts), which the page copies as bytes and
 * each component that reads one unpacks (`rowsOf`), in its own slice of a transition's render.
 */
export interface StatsViewWire extends StatsHead {
  readonly turns: PackedRows<TurnRow>;
  readonly responses: PackedRows<ResponseRow>;
  readonly waterfall: PackedRows<WaterfallBar>;
}

export function packStatsView(v: StatsView): StatsViewWire {
  return { ...v, turns: packRows(v.turns), responses: packRows(v.responses), waterfall: packRows(v.waterfall) };
}

export function unpackStatsView(w: StatsViewWire): StatsView {
  return {
    ...w,
    turns: unpackRows(w.turns),
    responses: unpackRows(w.responses),
    waterfall: unpackRows(w.waterfall),
  };
}
