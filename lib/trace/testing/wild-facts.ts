// What wild-reconcile.test.ts asserts, read through one small interface. Issue 24 has other branches change the engine
// (rows reconciled from the result frame, sessions named from the main thread, unpriced costs as unknown); wire their
// API here once they merge, and the corpus tests follow. Wired: the result reconciliation (`reconciledRows`,
// `resultGapNotices`, `responseReportedUsd`); `sessionFacts` still reads what the fast path does today.
import { buildReport, type SessionRow } from '../../fast';
import { computeStatsView } from '../../view/stats-view';
import { fastMerged, type Files } from '../../fast/testing/equivalence';
import type { Trace } from '../model/types';
import { countedTurns, type TraceStats } from '../stats';
import { responseRows } from '../turns';

export interface Tokens {
  input: number;
  output: number;
  cacheRead: number;
  cacheCreation: number;
}

/** A labelled row booked from a result frame's `modelUsage`: tokens the assistant lines did not carry. */
export interface ReconciledRow {
  readonly model: string;
  readonly label: string;
  readonly tokens: Tokens;
}

/** A session as `loupe stats --by session` and the library show it. */
export interface SessionFacts {
  readonly id: string;
  readonly firstPrompt: string | null;
  readonly start: string | null;
  readonly end: string | null;
}

const zero = (): Tokens => ({ input: 0, output: 0, cacheRead: 0, cacheCreation: 0 });

/** Per model, what the counted model calls carry (never a reconciled row). */
export function callTokens(trace: Trace): Map<string, Tokens> {
  const out = new Map<string, Tokens>();
  for (const t of countedTurns(trace)) {
    if (!t.usage) continue;
    const m = out.get(t.model ?? '') ?? zero();
    m.input += t.usage.input;
    m.output += t.usage.output;
    m.cacheRead += t.usage.cacheRead;
    m.cacheCreation += t.usage.cacheCreation;
    out.set(t.model ?? '', m);
  }
  return out;
}

/** Rows reconciled from the result frame (`TraceStats.reconciled`), each labelled with its agent row and why. */
export function reconciledRows(_trace: Trace, stats: TraceStats): readonly ReconciledRow[] {
  return stats.reconciled.map((r) => ({
    model: r.model,
    label: `${r.agentLabel}: ${r.text}`,
    tokens: {
      input: r.tokens.input,
      output: r.tokens.output,
      cacheRead: r.tokens.cacheRead,
      cacheCreation: r.tokens.cacheCreation,
    },
  }));
}

/**
 * What the engine tells the user about a model whose calls and result frame disagree: a diagnostic naming it (a
 * `result-excess` among them), one of the Stats pane's reasons why reported and computed cost differ that names it,
 * or a row booked from the result frame for it.
 */
export function resultGapNotices(trace: Trace, model: string): readonly string[] {
  const view = computeStatsView(trace);
  const reasons = view.reasons.map((r) => r.text);
  const rows = view.stats.reconciled.map((r) => `${r.model} (${r.agentLabel}): ${r.text}`);
  return [...trace.diagnostics.map((d) => d.message), ...reasons, ...rows].filter((m) => m.includes(model));
}

/** The sessions of these files as the fast path (`--by session`, the library) reports them. */
export async function sessionFacts(files: Files): Promise<readonly SessionFacts[]> {
  const rows = buildReport(await fastMerged(files), 'session', { utc: true }).rows as SessionRow[];
  return rows.map((r) => ({ id: r.sessionId, firstPrompt: r.firstPrompt, start: r.start, end: r.end }));
}

/**
 * The reported cost the per-response table shows beside each response that ends in a result frame, in order: the
 * response's own share (its frame's `total_cost_usd` less the session's previous frame's where frames are cumulative).
 */
export function responseReportedUsd(trace: Trace): readonly number[] {
  return responseRows(trace).flatMap((r) => (r.reportedUsd === undefined ? [] : [r.reportedUsd]));
}
