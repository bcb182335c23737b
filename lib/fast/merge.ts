import {
  findCall,
  isSameCall,
  outranks,
  sameLineKey,
  uncountedReason,
  type CallIdentity,
  type LineIdentity,
} from '../trace/model/calls';
import { isPlaceholderUsage, reconcileSession, type CallFigure, type ResultFigure } from '../trace/model/reconcile';
import { StreamAccumulator } from '../trace/model/stream';
import type { StreamRebuild } from '../trace/model/types';
import { orderInputs } from '../engine/load';
import { fileIdentity } from '../trace/parse';
import type { StreamEvent, Usage } from '../trace/types';
import type { AssistantRecord, LineRecord, StreamRecord } from '../trace/line-records';
import { setFirstPrompt, widenSpan, type SessionSummary } from '../trace/session-summary';
import type { FileScan } from './scan';

/** One counted model call: its usage counted once, whatever copies of it the files hold. */
export interface Call {
  readonly sessionId: string;
  readonly project: string;
  /** The file of the call's first line. */
  readonly file: string;
  readonly messageId?: string;
  readonly model?: string;
  readonly usage: Usage;
  /** Earliest timestamp of the call's lines, epoch ms. */
  readonly time?: number;
}

/** Tokens a session's result frame reports that its assistant lines did not carry, booked once (no model call). */
export interface ReconciledUsage {
  readonly sessionId: string;
  readonly project: string;
  readonly model: string;
  readonly usage: Usage;
  /** The time of the result frame it comes from, epoch ms. */
  readonly time?: number;
}

/** Everything the reports are computed from; the fast path and the full model (`fromTrace`) both produce it. */
export interface Merged {
  readonly calls: Call[];
  readonly sessions: SessionSummary[];
  /** Calls that are not billed (`<synthetic>` or API-error lines), calls with an unsound usage number, calls with no
   *  usage at all. */
  readonly uncounted: { synthetic: number; invalidUsage: number; noUsage: number };
  /** Differences booked from result frames (`lib/trace/model/reconcile.ts`), in session order. */
  readonly reconciled: ReconciledUsage[];
}

/** A scanned file and the project it belongs to (the folder under the projects root). */
export interface ScannedFile {
  readonly scan: FileScan;
  readonly project: string;
}

interface CallState {
  readonly sessionId: string;
  readonly project: string;
  readonly file: string;
  readonly messageId?: string;
  readonly requestId?: string;
  readonly isSidechain: boolean;
  /** Where its first record is in the merge's order (compared with results'). */
  readonly order: number;
  model?: string;
  synthetic: boolean;
  usageError?: string;
  time?: number;
  /** The usage of its first line copy (what `isSameCall` compares); undefined while no line had usage. */
  firstUsage: Usage | undefined;
  /** Of its line copies' usage, the one `chooseCopy` would choose so far (`outranks`). */
  best: Usage | undefined;
  stream?: StreamRebuild;
}

/** A call is its own identity: no object made per comparison (this runs for every assistant line). */
const identity = (c: CallState): CallIdentity => c;

/**
 * Merges scanned files in the full model's file order (`orderInputs`), applying its rules in its order: assistant
 * lines join the call of their message id (`findCall`), stream frames rebuild usage in the same `StreamAccumulator`,
 * the copy with the most output counts (`chooseCopy`), synthetic calls never do.
 */
export function mergeScans(files: readonly ScannedFile[]): Merged {
  const ordered = orderInputs(files.map((f) => ({ ...f, name: f.scan.name })));
  const calls: CallState[] = [];
  // Most message ids name one call: an array only for the few a gateway reuses.
  const byMessage = new Map<string, CallState | CallState[]>();
  const byLine = new Map<string, CallState>();
  const acc = new StreamAccumulator();
  const callOfStart = new Map<number, CallState>();
  const sessions = new Map<string, SessionSummary>();
  const results: ResultFigures = new Map();
  let seq = 0;

  const session = (id: string, file: ScannedFile): SessionSummary => {
    let s = sessions.get(id);
    if (!s) {
      s = { sessionId: id, project: file.project, files: [] };
      sessions.set(id, s);
    }
    if (!s.files.includes(file.scan.name)) s.files.push(file.scan.name);
    return s;
  };
  const newCall = (
    sessionId: string,
    file: ScannedFile,
    messageId: string | undefined,
    requestId: string | undefined,
    r: AssistantRecord | StreamRecord,
  ): CallState => {
    const c: CallState = {
      sessionId,
      project: sessions.get(sessionId)?.project ?? file.project,
      file: file.scan.name,
      messageId: messageId || undefined,
      requestId: requestId || undefined,
      isSidechain: r.kind === 'assistant' && r.isSidechain,
      order: seq - 1,
      synthetic: false,
      firstUsage: undefined,
      best: undefined,
    };
    calls.push(c);
    // As in the full model, an empty id is no id.
    if (messageId) {
      const known = byMessage.get(messageId);
      if (known === undefined) byMessage.set(messageId, c);
      else if (Array.isArray(known)) known.push(c);
      else byMessage.set(messageId, [known, c]);
    }
    return c;
  };
  /** `findCall` over the calls of a message id. */
  const callOf = (messageId: string, line: LineIdentity): CallState | undefined => {
    const known = byMessage.get(messageId);
    if (known === undefined) return undefined;
    if (Array.isArray(known)) return findCall(known, identity, line);
    return isSameCall(known, line) ? known : undefined;
  };

  ordered.forEach((file, source) => {
    const name = file.scan.name;
    const identity = fileIdentity(name);
    const fallback = identity.fileSessionId ?? `file:${name}`;
    // A subagent's own file: none of its lines are the main thread's.
    const agentFile = identity.fileAgentId !== undefined;
    let last = file.scan.firstSessionId;
    // Consecutive records nearly always share their session: look it up once per run of them.
    let runSid: string | undefined;
    let runSession: SessionSummary | undefined;
    const records = file.scan.records;
    for (let i = 0; i < records.length; i++) {
      const r = records[i];
      if (!r) continue;
      const sid = r.sessionId ?? last ?? fallback;
      if (r.sessionId !== undefined) last = r.sessionId;
      const at = seq++;
      // A session marker without a time only names the session later lines borrow.
      if (r.kind === 'session' && r.time === undefined) continue;
      if (runSession === undefined || sid !== runSid) {
        runSession = session(sid, file);
        runSid = sid;
      }
      const s = runSession;
      const main = !agentFile && r.sub !== true;
      touchSpan(s, r, main);
      if (r.kind === 'assistant') {
        const lineKey = sameLineKey(r);
        const again = lineKey === undefined ? undefined : byLine.get(lineKey);
        const c =
          again ??
          (r.messageId ? callOf(r.messageId, r) : undefined) ??
          newCall(sid, file, r.messageId || undefined, r.requestId, r);
        if (lineKey !== undefined && !again) byLine.set(lineKey, c);
        if (r.model && !c.model) c.model = r.model;
        if (r.synthetic) c.synthetic = true;
        if (r.usageError !== undefined && c.usageError === undefined) c.usageError = r.usageError;
        if (r.usage) {
          if (c.best === undefined) c.firstUsage = r.usage;
          // A record of folded split lines offers the best of their copies (`foldSplitLine`).
          const usage = r.bestUsage ?? r.usage;
          if (outranks(usage, c.best)) c.best = usage;
        }
        touchCall(c, r.time);
      } else if (r.kind === 'stream') {
        acc.apply(streamEvent(r, at, source));
        const start = acc.startOf(at);
        if (start < 0) continue;
        let c = callOfStart.get(start);
        if (!c) {
          const id = r.messageId ?? `stream:${at}`;
          const known = byMessage.get(id);
          c = (Array.isArray(known) ? known[0] : known) ?? newCall(sid, file, id, undefined, r);
          callOfStart.set(start, c);
          if (r.model && !c.model) c.model = r.model;
          const rebuild = acc.rebuilds.get(start);
          if (rebuild && !c.stream) c.stream = rebuild;
        }
        touchCall(c, r.time);
      } else if (r.kind === 'result') {
        const list = results.get(sid) ?? [];
        list.push({
          order: at,
          ...(r.totalCostUsd !== undefined ? { totalCostUsd: r.totalCostUsd } : {}),
          ...(r.usage !== undefined ? { usage: r.usage } : {}),
          modelUsage: r.modelUsage ?? [],
          ...(r.time !== undefined ? { time: r.time } : {}),
        });
        results.set(sid, list);
      } else if (r.kind === 'prompt' && main) {
        setFirstPrompt(s, r.text, r.command === true);
      }
    }
  });
  acc.close();

  const { counted, figures, uncounted } = countCalls(calls, results);
  const reconciled = reconcileResults(sessions, results, figures);
  return { calls: counted, sessions: [...sessions.values()], uncounted, reconciled: sortReconciled(reconciled) };
}

type ResultFigures = Map<string, (ResultFigure & { time?: number })[]>;

/**
 * The calls counted (each with the copy of its usage that counts), the figures `reconcileSession` compares with the
 * results of their sessions, and why the others are not counted.
 */
function countCalls(
  calls: readonly CallState[],
  results: ResultFigures,
): { counted: Call[]; figures: Map<string, CallFigure[]>; uncounted: Merged['uncounted'] } {
  const counted: Call[] = [];
  const figures = new Map<string, CallFigure[]>();
  const uncounted = { synthetic: 0, invalidUsage: 0, noUsage: 0 };
  for (let i = 0; i < calls.length; i++) {
    const c = calls[i];
    if (!c) continue;
    const usageError = c.usageError ?? c.stream?.usageError;
    // The stream's copy comes after the line copies (`chooseCopy` over them all, kept as it went).
    const streamUsage = c.stream?.usage;
    const best =
      usageError !== undefined ? undefined : streamUsage && outranks(streamUsage, c.best) ? streamUsage : c.best;
    if (uncountedReason(c.synthetic, best !== undefined, usageError) !== undefined || !best) {
      if (c.synthetic) uncounted.synthetic += 1;
      else if (usageError !== undefined) uncounted.invalidUsage += 1;
      else uncounted.noUsage += 1;
      continue;
    }
    counted.push({
      sessionId: c.sessionId,
      project: c.project,
      file: c.file,
      ...(c.messageId !== undefined ? { messageId: c.messageId } : {}),
      ...(c.model !== undefined ? { model: c.model } : {}),
      usage: best,
      ...(c.time !== undefined ? { time: c.time } : {}),
    });
    if (results.has(c.sessionId)) {
      const list = figures.get(c.sessionId) ?? [];
      list.push({
        ...(c.model !== undefined ? { model: c.model } : {}),
        usage: best,
        order: c.order,
        placeholder: isPlaceholderUsage(best, c.stream !== undefined),
      });
      figures.set(c.sessionId, list);
    }
  }
  return { counted, figures, uncounted };
}

/** Per session with results: its reported cost, and the usage the results report that its calls did not carry. */
function reconcileResults(
  sessions: ReadonlyMap<string, SessionSummary>,
  results: ResultFigures,
  figures: ReadonlyMap<string, CallFigure[]>,
): ReconciledUsage[] {
  const reconciled: ReconciledUsage[] = [];
  for (const s of sessions.values()) {
    const rs = results.get(s.sessionId);
    if (!rs) continue;
    const r = reconcileSession(figures.get(s.sessionId) ?? [], rs);
    if (r.reportedUsd !== undefined) s.reportedCostUsd = r.reportedUsd;
    const time = rs[rs.length - 1]?.time;
    for (const row of r.rows)
      reconciled.push({
        sessionId: s.sessionId,
        project: s.project,
        model: row.model,
        usage: row.usage,
        ...(time !== undefined ? { time } : {}),
      });
  }
  return reconciled;
}

/** Reconciled rows in one order on both paths: by session id, then model. */
export function sortReconciled(rows: ReconciledUsage[]): ReconciledUsage[] {
  return rows.sort((a, b) =>
    a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : a.model < b.model ? -1 : a.model > b.model ? 1 : 0,
  );
}

function touchSpan(s: SessionSummary, r: LineRecord, main: boolean): void {
  if (r.time === undefined) return;
  widenSpan(s, r.time, r.kind === 'assistant' && r.lastTime !== undefined ? r.lastTime : r.time, main);
}

function touchCall(c: CallState, time: number | undefined): void {
  if (time !== undefined && (c.time === undefined || time < c.time)) c.time = time;
}

/** The stream event the accumulator needs: frame, ids, usage and where it came from. */
function streamEvent(r: StreamRecord, seq: number, source: number): StreamEvent {
  return {
    kind: 'stream',
    seq,
    source,
    line: 0,
    offset: r.offset,
    length: 0,
    event: r.frame,
    sessionId: r.sessionId,
    parentToolUseId: r.parentToolUseId,
    time: r.time,
    messageId: r.messageId,
    model: r.model,
    usage: r.usage,
    ...(r.usageError !== undefined ? { numberErrors: [r.usageError] } : {}),
  };
}
