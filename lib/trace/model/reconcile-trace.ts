import type { ResultEvent } from '../types';
import { lineRef } from '../line-types';
import type { Ctx } from './context';
import { isPlaceholderUsage, reconcileSession, reportedKeyOf, type CallFigure, type ResultFigure } from './reconcile';
import type { SessionReconciliation, Turn } from './types';

// The full model's side of the result reconciliation (reconcile.ts holds the rule): per session, its counted calls
// and result frames in file order, the reported cost it gives, and the calls that exceed a result said as diagnostics.

function firstSeq(t: Turn): number {
  const a = t.seqs[0];
  const b = t.streamSeqs[0];
  if (a === undefined) return b ?? -1;
  return b === undefined ? a : Math.min(a, b);
}

export function resultFigure(e: ResultEvent, order: number): ResultFigure {
  return {
    order,
    ...(e.totalCostUsd !== undefined ? { totalCostUsd: e.totalCostUsd } : {}),
    ...(e.usage !== undefined ? { usage: e.usage } : {}),
    modelUsage: e.modelUsage,
  };
}

/** Reconciles every session with results; sets each session's reported cost (last cumulative, or per-turn sum). */
export function reconcileTrace(ctx: Ctx, turns: readonly Turn[]): SessionReconciliation[] {
  const results = new Map<number, ResultEvent[]>();
  for (const e of ctx.events) {
    if (e.kind !== 'result') continue;
    const si = ctx.eventSession[e.seq] ?? -1;
    if (si < 0) continue;
    const list = results.get(si);
    if (list) list.push(e);
    else results.set(si, [e]);
  }
  const calls = new Map<number, CallFigure[]>();
  const placeholders = new Map<number, Turn[]>();
  for (const t of turns) {
    if (!t.counted || !t.usage || !results.has(t.session)) continue;
    const list = calls.get(t.session) ?? [];
    list.push({
      ...(t.model !== undefined ? { model: t.model } : {}),
      usage: t.usage,
      order: firstSeq(t),
      placeholder: isPlaceholderUsage(t.usage, t.stream !== undefined),
      main: ctx.agents[t.agent]?.kind === 'main',
    });
    calls.set(t.session, list);
    if (isPlaceholderUsage(t.usage, t.stream !== undefined))
      placeholders.set(t.session, [...(placeholders.get(t.session) ?? []), t]);
  }
  const out: SessionReconciliation[] = [];
  for (const [si, rs] of results) {
    const r = reconcileSession(
      calls.get(si) ?? [],
      rs.map((e) => resultFigure(e, e.seq)),
    );
    const s = ctx.sessions[si];
    if (s && r.reportedUsd !== undefined) s.reportedCostUsd = r.reportedUsd;
    const shares = new Map<number, number>();
    rs.forEach((e, i) => {
      const v = r.shares[i];
      if (v !== undefined) shares.set(e.seq, v);
    });
    for (const x of r.excess) {
      const e = ctx.events[x.resultOrder];
      ctx.diags.push({
        code: 'result-excess',
        severity: 'warning',
        message: `${x.text}; nothing was booked from the result for it`,
        ...(e ? { src: lineRef(e) } : {}),
        seq: x.resultOrder,
        consumesLine: false,
      });
    }
    const booked = new Set(r.rows.map((row) => row.model));
    // A placeholder call is a lower bound where its model got a booked row, or where the result could book nothing
    // (no modelUsage) but reports more than the calls carry.
    const unbooked = r.shortfall.some((x) => x.placeholders === true);
    const lowerBounds = (placeholders.get(si) ?? [])
      .filter((t) => unbooked || reportedKeyOf(t.model, booked) !== undefined)
      .map((t) => t.index);
    const costs = rs.flatMap((e) => (e.totalCostUsd !== undefined ? [e.totalCostUsd] : []));
    const unsure =
      r.cumulative && costs.length > 1 && rs.every((e) => e.modelUsage.length === 0)
        ? { results: costs.length, sumUsd: Math.round(costs.reduce((a, c) => a + c, 0) * 1e9) / 1e9 }
        : undefined;
    out.push({
      session: si,
      cumulative: r.cumulative,
      ...(unsure ? { unsure } : {}),
      rows: r.rows.map((row) => ({ ...row, resultSeq: row.resultOrder })),
      excess: r.excess,
      shortfall: r.shortfall,
      shares,
      lowerBounds,
    });
  }
  return out.sort((a, b) => a.session - b.session);
}
