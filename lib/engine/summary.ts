import type { Trace } from '../trace/model/types';
import { agentFilterValue } from '../trace/agent-names';
import { agentLabel, computeStats } from '../trace/stats';
import { chipCounts } from '../view/chips';
import type { RowTable } from '../view/rows';
import type { TraceSummary } from '../view/trace-summary';
import { interruptedCount, type InProgress } from '../view/live';
import { headSession, sessionHeads } from './session-heads';

/**
 * What the toolbar, filters and diagnostics list need once a trace is loaded. `live`: what is still in progress in a
 * file being written (not counted as interrupted).
 */
export function summarize(trace: Trace, rows: RowTable, live?: InProgress): Omit<TraceSummary, 'timings'> {
  const stats = computeStats(trace);
  const heads = sessionHeads(trace);
  const head = headSession(trace, heads);
  const tools = new Set<string>();
  for (const c of trace.toolCalls) tools.add(c.name);
  const models = new Set<string>();
  for (const t of trace.turns) if (t.model && !t.synthetic) models.add(t.model);
  let evalBadge: TraceSummary['status']['eval'];
  const results: { subtype: string; isError: boolean }[] = [];
  for (const e of trace.events) {
    if (e.kind === 'result') results.push({ subtype: e.subtype, isError: e.isError });
    if (e.kind === 'eval')
      evalBadge = {
        ...(e.passed !== undefined ? { passed: e.passed } : {}),
        ...(e.transportError ? { transportError: e.transportError } : {}),
      };
  }
  return {
    stats,
    sources: trace.sources,
    sessions: heads,
    ...(head !== undefined ? { head } : {}),
    agents: trace.agents.map((a) => ({
      index: a.index,
      label: agentLabel(trace, a.index),
      filter: agentFilterValue(trace, a.index),
      kind: a.kind,
      session: trace.sessions[a.session]?.id ?? '',
    })),
    diagnostics: trace.diagnostics.map((d) => ({
      ...d,
      sourceName: trace.sources[d.src?.source ?? -1]?.name ?? '',
      ...(d.seq === undefined && d.src ? nearSeq(trace, d.src.source, d.src.line) : {}),
    })),
    status: {
      results,
      interrupted: interruptedCount(trace, live),
      ...(live ? { inProgress: live.responses.size } : {}),
      // A stream still arriving is not incomplete (yet).
      incompleteStreams: trace.turns.filter((t) => t.stream?.verdict === 'incomplete' && !live?.turns.has(t.index))
        .length,
      mismatchedStreams: trace.turns.filter((t) => t.stream?.verdict === 'mismatch').length,
      ...(evalBadge ? { eval: evalBadge } : {}),
    },
    ...(live ? { live: true } : {}),
    rowCount: rows.length,
    eventCount: trace.events.length,
    toolNames: [...tools].sort(),
    models: [...models].sort(),
    chipCounts: chipCounts(trace),
  };
}

/** The first event at or after a line of a source: where a malformed line's diagnostic jumps to. */
export function nearSeq(trace: Trace, source: number, line: number): { seq?: number } {
  // Events are in (source, line) order: binary search.
  let lo = 0;
  let hi = trace.events.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const e = trace.events[mid];
    if (e && (e.source < source || (e.source === source && e.line < line))) lo = mid + 1;
    else hi = mid;
  }
  const e = trace.events[lo];
  return e && e.source === source ? { seq: e.seq } : {};
}
