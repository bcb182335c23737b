import { chooseCopy, findCall, sameLineKey, uncountedReason, type CallIdentity, type CopyLike } from '../trace/model/calls';
import { StreamAccumulator } from '../trace/model/stream';
import type { StreamRebuild } from '../trace/model/types';
import { orderInputs } from '../engine/load';
import { fileIdentity } from '../trace/parse';
import type { StreamEvent, Usage } from '../trace/types';
import type { AssistantRecord, LineRecord, StreamRecord } from './records';
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

export interface SessionSummary {
  readonly sessionId: string;
  /** The project of the first file the session appears in. */
  readonly project: string;
  readonly files: string[];
  /** Span of the session's prompts, model calls and results, epoch ms. */
  firstTime?: number;
  lastTime?: number;
  /** The first prompt of the session's first file that has one (short form). */
  firstPrompt?: string;
  /** The latest `total_cost_usd` of a result frame of the session (cumulative: never summed). */
  reportedCostUsd?: number;
}

/** Everything the reports are computed from; the fast path and the full model (`fromTrace`) both produce it. */
export interface Merged {
  readonly calls: Call[];
  readonly sessions: SessionSummary[];
  /** Calls that are not billed (`<synthetic>` or API-error lines), calls with an unsound usage number, calls with no
   *  usage at all. */
  readonly uncounted: { synthetic: number; invalidUsage: number; noUsage: number };
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
  model?: string;
  synthetic: boolean;
  usageError?: string;
  time?: number;
  readonly copies: CopyLike[];
  /** The usage of its first line copy (what `isSameCall` compares). */
  firstUsage: Usage | undefined;
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
  const byMessage = new Map<string, CallState[]>();
  const byLine = new Map<string, CallState>();
  const acc = new StreamAccumulator();
  const callOfStart = new Map<number, CallState>();
  const sessions = new Map<string, SessionSummary>();
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
      synthetic: false,
      copies: [],
      firstUsage: undefined,
    };
    calls.push(c);
    // As in the full model, an empty id is no id.
    if (messageId) {
      const list = byMessage.get(messageId);
      if (list) list.push(c);
      else byMessage.set(messageId, [c]);
    }
    return c;
  };

  ordered.forEach((file, source) => {
    const name = file.scan.name;
    const fallback = fileIdentity(name).fileSessionId ?? `file:${name}`;
    let last = file.scan.firstSessionId;
    for (const r of file.scan.records) {
      const sid = r.sessionId ?? last ?? fallback;
      if (r.sessionId !== undefined) last = r.sessionId;
      const at = seq++;
      if (r.kind === 'session') continue;
      const s = session(sid, file);
      touchSpan(s, r);
      if (r.kind === 'assistant') {
        const candidates = r.messageId ? (byMessage.get(r.messageId) ?? []) : [];
        const lineKey = sameLineKey(r);
        const again = lineKey === undefined ? undefined : byLine.get(lineKey);
        const c = again ?? (r.messageId ? findCall(candidates, identity, r) : undefined) ?? newCall(sid, file, r.messageId || undefined, r.requestId, r);
        if (lineKey !== undefined && !again) byLine.set(lineKey, c);
        if (r.model && !c.model) c.model = r.model;
        if (r.synthetic) c.synthetic = true;
        if (r.usageError !== undefined && c.usageError === undefined) c.usageError = r.usageError;
        if (r.usage) {
          if (c.copies.length === 0) c.firstUsage = r.usage;
          c.copies.push({ via: 'line', usage: r.usage });
        }
        touchCall(c, r.time);
      } else if (r.kind === 'stream') {
        acc.apply(streamEvent(r, at, source));
        const start = acc.startOf(at);
        if (start < 0) continue;
        let c = callOfStart.get(start);
        if (!c) {
          const id = r.messageId ?? `stream:${at}`;
          c = byMessage.get(id)?.[0] ?? newCall(sid, file, id, undefined, r);
          callOfStart.set(start, c);
          if (r.model && !c.model) c.model = r.model;
          const rebuild = acc.rebuilds.get(start);
          if (rebuild && !c.stream) c.stream = rebuild;
        }
        touchCall(c, r.time);
      } else if (r.kind === 'result') {
        if (r.totalCostUsd !== undefined) s.reportedCostUsd = r.totalCostUsd;
      } else if (s.firstPrompt === undefined) {
        s.firstPrompt = r.text;
      }
    }
  });
  acc.close();

  const counted: Call[] = [];
  const uncounted = { synthetic: 0, invalidUsage: 0, noUsage: 0 };
  for (const c of calls) {
    const copies = c.stream?.usage ? [...c.copies, { via: 'stream' as const, usage: c.stream.usage }] : c.copies;
    const usageError = c.usageError ?? c.stream?.usageError;
    const best = usageError === undefined ? chooseCopy(copies) : undefined;
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
      usage: best.usage,
      ...(c.time !== undefined ? { time: c.time } : {}),
    });
  }
  return { calls: counted, sessions: [...sessions.values()], uncounted };
}

function touchSpan(s: SessionSummary, r: LineRecord): void {
  if (r.time === undefined) return;
  if (s.firstTime === undefined || r.time < s.firstTime) s.firstTime = r.time;
  if (s.lastTime === undefined || r.time > s.lastTime) s.lastTime = r.time;
}

function touchCall(c: CallState, time: number | undefined): void {
  if (time !== undefined && (c.time === undefined || time < c.time)) c.time = time;
}

/** The stream event the accumulator needs: frame, ids, usage and where it came from. */
function streamEvent(r: StreamRecord, seq: number, source: number): StreamEvent {
  return {
    kind: 'stream',
    seq,
    src: { source, line: 0, offset: r.offset, length: 0 },
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
