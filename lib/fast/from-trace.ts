import { countedTurns } from '../trace/stats';
import type { Trace, Turn } from '../trace/model/types';
import type { TraceEvent } from '../trace/types';
import {
  setFirstPrompt,
  sortReconciled,
  widenSpan,
  type Call,
  type Merged,
  type ReconciledUsage,
  type SessionSummary,
} from './merge';
import { isSubagentLine } from '../trace/main-thread';
import { recordOf, RecordSink, type PromptRecord, type PromptWindow } from './records';
import { TAIL_BYTES } from './tail';

/** The events a fast-path record is made from: what the prefilter must never miss. */
function isRecordEvent(e: TraceEvent): boolean {
  return recordOf(e) !== undefined;
}

/**
 * Per session index, what the fast path knows of a session, read off a full model with the fast path's rules (first
 * prompts from each file's first lines, spans from the lines it reads, the main thread apart): what the workbench
 * names a session by, so that it names it as the library and `loupe stats --by session` do.
 */
export function traceSessions(
  trace: Trace,
  projectOf: (sourceName: string) => string,
  window?: PromptWindow,
): Map<number, SessionSummary> {
  const sessionOf = (e: TraceEvent): number => trace.agents[trace.eventAgent[e.seq] ?? -1]?.session ?? -1;
  const sessions = new Map<number, SessionSummary>();
  // The same first-prompt rule as the fast path, per file.
  const sinks = new Map<number, RecordSink>();
  const touch = (e: TraceEvent, prompt?: PromptRecord): void => {
    const si = sessionOf(e);
    const id = trace.sessions[si]?.id ?? '?';
    const src = trace.sources[e.src.source];
    const file = src?.name ?? '?';
    let s = sessions.get(si);
    if (!s) {
      s = { sessionId: id, project: projectOf(file), files: [] };
      sessions.set(si, s);
    }
    if (!s.files.includes(file)) s.files.push(file);
    // The main thread as the full model's lanes read it (a subagent's own file is never).
    const main = !isSubagentLine(e, src?.fileAgentId);
    if (e.time !== undefined) widenSpan(s, e.time, e.time, main);
    if (prompt !== undefined && main) setFirstPrompt(s, prompt.text, prompt.command === true);
  };
  // The lines near a file's end widen their sessions' spans (the fast path reads them whatever they are).
  const inTail = (e: TraceEvent): boolean =>
    e.src.line >= 1 && e.src.offset >= (trace.sources[e.src.source]?.bytes ?? 0) - TAIL_BYTES;
  const tail: TraceEvent[] = [];
  const endOf = (): void => {
    for (const t of tail.splice(0)) touch(t);
  };
  let prev: TraceEvent | undefined;
  for (const e of trace.events) {
    if (prev && prev.src.source !== e.src.source) endOf();
    prev = e;
    if (e.time !== undefined && e.sessionId !== undefined && inTail(e)) tail.push(e);
    let sink = sinks.get(e.src.source);
    if (!sink) {
      const src = trace.sources[e.src.source];
      sink = new RecordSink(src?.name ?? '', window);
      sink.spanAll = src?.format === 'sdk-stream';
      sinks.set(e.src.source, sink);
    }
    const before = sink.records.length;
    sink.add(e);
    const added = sink.records.length > before ? sink.records[before] : undefined;
    // A line before the file's first prompt adds its time to its session's span.
    if (added?.kind === 'prompt') touch(e, added);
    else if (isRecordEvent(e) || (added?.kind === 'session' && added.time !== undefined)) touch(e);
  }
  endOf();
  for (const [si, s] of sessions) {
    const reported = trace.sessions[si]?.reportedCostUsd;
    if (reported !== undefined) s.reportedCostUsd = reported;
  }
  return sessions;
}

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
      file: trace.sources[e?.src.source ?? -1]?.name ?? '?',
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
