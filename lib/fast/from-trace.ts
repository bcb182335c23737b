import { countedTurns } from '../trace/stats';
import type { Trace, Turn } from '../trace/model/types';
import { isRecordEvent, traceSessions } from '../trace/session-summary';
import type { PromptWindow } from '../trace/line-records';
import { sortReconciled, type Call, type Merged, type ReconciledUsage } from './merge';

/**
 * The fast path's summary computed from a full model instead: counted calls from the model's own turns, sessions'
 * spans from the same kinds of lines the fast path reads. A test compares the two on every fixture and trap.
 */
export function fromTrace(trace: Trace, projectOf: (sourceName: string) => string, window?: PromptWindow): Merged {
  const sessions = traceSessions(trace, projectOf, window);
  const calls: Call[] = [];
  // In file order, as the fast path reads them (the model numbers its calls by start time instead).
  for (const t of countedTurns(trace).sort((a, b) => firstSeq(a) - firstSeq(b))) {
    if (!t.usage) continue;
    const first = firstSeq(t);
    const e = trace.events[first];
    const s = sessions.get(t.session);
    const time = callTime(trace, t);
    calls.push({
      sessionId: trace.sessions[t.session]?.id ?? '?',
      project: s?.project ?? '?',
      file: trace.sources[e?.source ?? -1]?.name ?? '?',
      ...(t.messageId !== undefined ? { messageId: t.messageId } : {}),
      ...(t.model !== undefined ? { model: t.model } : {}),
      usage: t.usage,
      ...(time !== undefined ? { time } : {}),
    });
  }
  const uncounted = { synthetic: 0, invalidUsage: 0, noUsage: 0 };
  for (const t of trace.turns) {
    if (t.counted) continue;
    if (t.synthetic) uncounted.synthetic += 1;
    else if (t.usageError !== undefined) uncounted.invalidUsage += 1;
    else uncounted.noUsage += 1;
  }
  const reconciled: ReconciledUsage[] = [];
  for (const sr of trace.reconciliation) {
    const s = sessions.get(sr.session);
    for (const row of sr.rows) {
      const time = trace.events[row.resultSeq]?.time;
      reconciled.push({
        sessionId: trace.sessions[sr.session]?.id ?? '?',
        project: s?.project ?? '?',
        model: row.model,
        usage: row.usage,
        ...(time !== undefined ? { time } : {}),
      });
    }
  }
  return { calls, sessions: [...sessions.values()], uncounted, reconciled: sortReconciled(reconciled) };
}

function firstSeq(t: Turn): number {
  const a = t.seqs[0];
  const b = t.streamSeqs[0];
  if (a === undefined) return b ?? -1;
  return b === undefined ? a : Math.min(a, b);
}

/** Earliest timestamp of the call's assistant lines and message frames (the lines the fast path reads). */
function callTime(trace: Trace, t: Turn): number | undefined {
  let min: number | undefined;
  for (const seq of [...t.seqs, ...t.streamSeqs]) {
    const e = trace.events[seq];
    if (!e || e.time === undefined || !isRecordEvent(e)) continue;
    if (min === undefined || e.time < min) min = e.time;
  }
  return min;
}
