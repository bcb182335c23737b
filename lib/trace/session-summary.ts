import { isSubagentLine } from './main-thread';
import type { Trace } from './model/types';
import type { TraceEvent } from './types';
import { makesRecord, RecordSink, type PromptRecord, type PromptWindow } from './line-records';

// What names a session (its first main-thread prompt, start, end, duration), read with one set of rules wherever it
// is shown: the library and `loupe stats --by session` (the fast path, `lib/fast`), and the workbench's heading
// (`lib/engine/session-heads.ts`), which reads them off a full model (`traceSessions`).

/**
 * How far from its end a file's lines widen their session's span whatever they are: Claude Code writes its last
 * lines (stop hooks, system lines) out of time order, so the latest time is not always on the last line.
 */
export const TAIL_BYTES = 16 * 1024;

export interface SessionSummary {
  readonly sessionId: string;
  /** The project of the first file the session appears in. */
  readonly project: string;
  readonly files: string[];
  /**
   * Span of the session's main-thread timestamped lines as the fast path reads them (see `SessionRecord`), epoch ms:
   * its start and end. A subagent's lines (`LineRecord.sub`, or any line of a subagent's own file) never set them.
   */
  firstTime?: number;
  lastTime?: number;
  /** Span of all its timestamped lines, subagents' too (the span of work): the start and end of a session whose main
   *  thread has no timestamped line (only its subagents' files were given). */
  workFirstTime?: number;
  workLastTime?: number;
  /** The first main-thread prompt of the session's first file that has one (short form); else its first slash
   *  command. Never a subagent's task prompt. */
  firstPrompt?: string;
  /** `firstPrompt` is a command, which a typed prompt found later replaces. */
  firstPromptIsCommand?: boolean;
  /** The session's reported cost: the last cumulative result's `total_cost_usd`, or the sum of per-turn results'. */
  reportedCostUsd?: number;
}

/** The first typed prompt a session has wins; a command (`/init`) stands in until one comes, the first of them. */
export function setFirstPrompt(s: SessionSummary, text: string, command: boolean): void {
  if (s.firstPrompt !== undefined && (command || s.firstPromptIsCommand !== true)) return;
  s.firstPrompt = text;
  if (command) s.firstPromptIsCommand = true;
  else delete s.firstPromptIsCommand;
}

/** Widens a session's span of work by `[first, last]`, and its start and end too when the line is the main thread's. */
export function widenSpan(s: SessionSummary, first: number, last: number, main: boolean): void {
  if (s.workFirstTime === undefined || first < s.workFirstTime) s.workFirstTime = first;
  if (s.workLastTime === undefined || last > s.workLastTime) s.workLastTime = last;
  if (!main) return;
  if (s.firstTime === undefined || first < s.firstTime) s.firstTime = first;
  if (s.lastTime === undefined || last > s.lastTime) s.lastTime = last;
}

/** A session's start and end (ISO 8601, UTC) and duration. */
export interface SessionSpan {
  readonly start: string | null;
  readonly end: string | null;
  readonly durationMs: number | null;
}

const iso = (ms: number | undefined): string | null => (ms === undefined ? null : new Date(ms).toISOString());

/** A session's start, end and duration: its main thread's; a session with no timestamped main-thread line (only its
 *  subagents' files were given) has only its span of work. */
export function sessionSpan(s: SessionSummary): SessionSpan {
  const main = s.firstTime !== undefined && s.lastTime !== undefined;
  const first = main ? s.firstTime : s.workFirstTime;
  const last = sessionEnd(s);
  return {
    start: iso(first),
    end: iso(last),
    durationMs: first !== undefined && last !== undefined ? last - first : null,
  };
}

/** The instant a session ends: its last timed main-thread line, else (only its subagents' files) its last timed line. */
export function sessionEnd(s: SessionSummary): number | undefined {
  return s.firstTime !== undefined && s.lastTime !== undefined ? s.lastTime : s.workLastTime;
}

/** The events a fast-path record is made from: what the prefilter must never miss. */
export function isRecordEvent(e: TraceEvent): boolean {
  return makesRecord(e);
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
  const sessions = new Map<number, SessionSummary>();
  // The same first-prompt rule as the fast path, per file.
  const sinks = new Map<number, RecordSink>();
  // The agent and source of the line touched last, and its session's summary: most lines are the same agent's in the
  // same file as the line before (a million status frames are), and need no lookup.
  let lastAgent = -2;
  let lastSource = -1;
  let last: SessionSummary | undefined;
  const summaryOf = (e: TraceEvent, agent: number): SessionSummary => {
    const si = trace.agents[agent]?.session ?? -1;
    const file = trace.sources[e.source]?.name ?? '?';
    let s = sessions.get(si);
    if (!s) {
      s = { sessionId: trace.sessions[si]?.id ?? '?', project: projectOf(file), files: [] };
      sessions.set(si, s);
    }
    if (!s.files.includes(file)) s.files.push(file);
    return s;
  };
  const touch = (e: TraceEvent, prompt?: PromptRecord): void => {
    const agent = trace.eventAgent[e.seq] ?? -1;
    if (last === undefined || agent !== lastAgent || e.source !== lastSource) {
      last = summaryOf(e, agent);
      lastAgent = agent;
      lastSource = e.source;
    }
    const s = last;
    const src = trace.sources[e.source];
    // The main thread as the full model's lanes read it (a subagent's own file is never).
    const main = !isSubagentLine(e, src?.fileAgentId);
    if (e.time !== undefined) widenSpan(s, e.time, e.time, main);
    if (prompt !== undefined && main) setFirstPrompt(s, prompt.text, prompt.command === true);
  };
  // The lines near a file's end widen their sessions' spans (the fast path reads them whatever they are).
  const tail: TraceEvent[] = [];
  const endOf = (): void => {
    for (const t of tail.splice(0)) touch(t);
  };
  // The source of the previous line (events come grouped by source): its sink and where its tail starts.
  let source = -1;
  let sink: RecordSink | undefined;
  let tailFrom = 0;
  for (const e of trace.events) {
    if (e.source !== source) {
      if (source >= 0) endOf();
      source = e.source;
      const src = trace.sources[source];
      tailFrom = (src?.bytes ?? 0) - TAIL_BYTES;
      sink = sinks.get(source);
      if (!sink) {
        sink = new RecordSink(src?.name ?? '', window);
        sink.spanAll = src?.format === 'sdk-stream';
        sinks.set(source, sink);
      }
    }
    if (!sink) continue;
    if (e.time !== undefined && e.sessionId !== undefined && e.line >= 1 && e.offset >= tailFrom) tail.push(e);
    // A line that only widens its session's span (most of an SDK stream's): no record is made of it.
    if (sink.addSpan(e)) {
      touch(e);
      continue;
    }
    sink.add(e);
    // Only the first record the line added is read, so the sink keeps none (an SDK stream adds one a line).
    const added = sink.records[0];
    // Emptied only when it holds some, and by `pop` when it holds one: setting an array's length is a slow builtin
    // (25 ms of a profile of a million status frames, which add one record each).
    if (added !== undefined) {
      if (sink.records.length === 1) sink.records.pop();
      else sink.records.length = 0;
    }
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
