import type { LineRef } from '../line-types';
import type { AssistantEvent, ResultEvent, TraceEvent, UnknownEvent } from '../types';
import { blocksFrom, clampText, sideEffectFrom, timeFrom, userContentFrom, type NormalizeOptions } from './common';
import { readCost, readModelUsage, readUsage } from './numbers';
import { Fast, type AssistantLine, type RawBlock, type UserLine } from './schemas';

// Messages both dialects share (user, assistant, result), each accepting both field spellings
// (`sessionId`/`session_id`, `toolUseResult`/`tool_use_result`, `requestId`/`request_id`).

/** A JSON object as it came off the line: only string keys and unknown values are assumed. */
export type RawObject = Readonly<Record<string, unknown>>;

export const u = <T>(x: T | null | undefined): T | undefined => (x === null ? undefined : x);

interface EnvelopeFields {
  uuid?: string | null;
  timestamp?: string | number | null;
  session_id?: string | null;
  sessionId?: string | null;
  parent_tool_use_id?: string | null;
  parentUuid?: string | null;
  isSidechain?: boolean | null;
  agentId?: string | null;
}

/** Where an event came from; adapters put it first in every event literal (one shape per kind, no spreads). */
export interface Head {
  readonly seq: number;
  readonly src: LineRef;
  readonly path: string | undefined;
}

export interface Envelope {
  readonly sessionId: string | undefined;
  readonly uuid: string | undefined;
  readonly parentUuid: string | undefined;
  readonly agentId: string | undefined;
  readonly parentToolUseId: string | undefined;
  readonly isSidechain: boolean | undefined;
  readonly time: number | undefined;
}

export function envelope(line: EnvelopeFields, opts: NormalizeOptions): Envelope {
  const sid = u(line.sessionId) ?? u(line.session_id);
  const parent = u(line.parent_tool_use_id);
  return {
    // Thousands of lines repeat the same session id: keep one copy of the string.
    sessionId: sid !== undefined && opts.intern ? opts.intern(sid) : sid,
    uuid: u(line.uuid),
    parentUuid: u(line.parentUuid),
    agentId: u(line.agentId),
    parentToolUseId: parent !== undefined && opts.intern ? opts.intern(parent) : parent,
    isSidechain: u(line.isSidechain),
    time: timeFrom(line.timestamp),
  };
}

export function rawJson(obj: unknown, opts: NormalizeOptions): string {
  let s: string;
  try {
    s = JSON.stringify(obj) ?? String(obj);
  } catch {
    s = String(obj);
  }
  return clampText(s, { clamp: Math.min(opts.clamp, 4096) });
}

export function unknownEvent(obj: RawObject, reason: string, opts: NormalizeOptions, h: Head): UnknownEvent {
  const type = typeof obj['type'] === 'string' ? obj['type'] : undefined;
  const subtype = typeof obj['subtype'] === 'string' ? obj['subtype'] : undefined;
  return {
    seq: h.seq,
    source: h.src.source,
    line: h.src.line,
    offset: h.src.offset,
    length: h.src.length,
    path: h.path,
    kind: 'unknown',
    type,
    subtype,
    raw: rawJson(obj, opts),
    reason,
    sessionId:
      typeof obj['sessionId'] === 'string'
        ? obj['sessionId']
        : typeof obj['session_id'] === 'string'
          ? obj['session_id']
          : undefined,
    uuid: typeof obj['uuid'] === 'string' ? obj['uuid'] : undefined,
  };
}

function schemaReason(type: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const first = issues[0];
  const where = first ? first.path.map(String).join('.') : '';
  return `${type} line without the fields the model needs${where ? ` (${where}: ${first?.message ?? ''})` : ''}`;
}

const absent = (v: unknown): v is null | undefined => v === undefined || v === null;
const optString = (v: unknown): boolean => absent(v) || typeof v === 'string';
const optBoolean = (v: unknown): boolean => absent(v) || typeof v === 'boolean';
const isRecord = (v: unknown): v is Readonly<Record<string, unknown>> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isBlock = (v: unknown): v is RawBlock => isRecord(v) && typeof v['type'] === 'string';
const STRING_FIELDS = [
  'uuid',
  'session_id',
  'parent_tool_use_id',
  'sessionId',
  'parentUuid',
  'agentId',
  'requestId',
  'request_id',
];
const BOOLEAN_FIELDS = ['isSidechain', 'isApiErrorMessage', 'aborted'];

/**
 * Assistant lines carry the usage every stats pass reads. A plain one is checked here field by field with the same
 * rules as AssistantLineSchema (each field it reads absent, null or of the schema's type; the usage, which the schema
 * takes as it is, is read strictly by `readUsage` on both paths), without a zod parse of the whole line and its
 * content. Anything else goes through the schema.
 */
function assistantFastPath(obj: RawObject): AssistantLine | undefined {
  const m = obj['message'];
  if (obj['type'] !== 'assistant' || !isRecord(m)) return undefined;
  for (const k of STRING_FIELDS) if (!optString(obj[k])) return undefined;
  for (const k of BOOLEAN_FIELDS) if (!optBoolean(obj[k])) return undefined;
  const ts = obj['timestamp'];
  const id = m['id'];
  const model = m['model'];
  const stop = m['stop_reason'];
  const content = m['content'];
  if (!(absent(ts) || typeof ts === 'string') || !optString(id) || !optString(model) || !optString(stop))
    return undefined;
  if (!Array.isArray(content) || !content.every(isBlock)) return undefined;
  const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
  return {
    type: 'assistant',
    uuid: str(obj['uuid']),
    timestamp: str(ts),
    session_id: str(obj['session_id']),
    parent_tool_use_id: str(obj['parent_tool_use_id']),
    sessionId: str(obj['sessionId']),
    parentUuid: str(obj['parentUuid']),
    agentId: str(obj['agentId']),
    isSidechain: typeof obj['isSidechain'] === 'boolean' ? obj['isSidechain'] : undefined,
    requestId: str(obj['requestId']),
    request_id: str(obj['request_id']),
    isApiErrorMessage: typeof obj['isApiErrorMessage'] === 'boolean' ? obj['isApiErrorMessage'] : undefined,
    aborted: typeof obj['aborted'] === 'boolean' ? obj['aborted'] : undefined,
    error: obj['error'],
    message: { id: str(id), model: str(model), content, stop_reason: str(stop), usage: m['usage'] },
  };
}

/** An assistant line as AssistantLineSchema reads it (the fast path first), or undefined when the schema rejects it. */
export function parseAssistantLine(value: unknown): AssistantLine | undefined {
  // The schema requires `type: "assistant"`: anything else (the user lines an agent_progress copies) fails it.
  if (!isRecord(value) || value['type'] !== 'assistant') return undefined;
  const fast = assistantFastPath(value);
  if (fast) return fast;
  const r = Fast.AssistantLine.safeParse(value);
  return r.success ? r.data : undefined;
}

export function normalizeAssistant(obj: RawObject, opts: NormalizeOptions, h: Head): TraceEvent {
  const fast = assistantFastPath(obj);
  if (fast) return assistantFrom(fast, opts, h);
  const r = Fast.AssistantLine.safeParse(obj);
  if (!r.success) return unknownEvent(obj, schemaReason('assistant', r.error.issues), opts, h);
  return assistantFrom(r.data, opts, h);
}

function assistantFrom(line: AssistantLine, opts: NormalizeOptions, h: Head): AssistantEvent {
  const m = line.message;
  const env = envelope(line, opts);
  // A load has thousands of calls to a handful of models: one copy of each name.
  const model = opts.intern && typeof m.model === 'string' ? opts.intern(m.model) : u(m.model);
  const error = typeof line.error === 'string' ? line.error : undefined;
  const usage = readUsage(m.usage, 'message.usage');
  return {
    kind: 'assistant',
    seq: h.seq,
    source: h.src.source,
    line: h.src.line,
    offset: h.src.offset,
    length: h.src.length,
    path: h.path,
    sessionId: env.sessionId,
    uuid: env.uuid,
    parentUuid: env.parentUuid,
    agentId: env.agentId,
    parentToolUseId: env.parentToolUseId,
    isSidechain: env.isSidechain,
    time: env.time,
    messageId: u(m.id),
    requestId: u(line.requestId) ?? u(line.request_id),
    model,
    blocks: opts.noBlocks ? [] : blocksFrom(m.content, opts, 'message.content'),
    stopReason: u(m.stop_reason),
    usage: usage.usage,
    numberErrors: usage.errors,
    synthetic: model === '<synthetic>' || line.isApiErrorMessage === true,
    error,
    aborted: line.aborted === true ? true : undefined,
  };
}

const INTERRUPT = /^\[Request interrupted by user( for tool use)?\]$/;
/** What Claude Code writes as a user line when a background task (a shell, an agent, a monitor) ends or fires. */
const NOTIFICATION = /^\s*<task-notification>/;
const COMMAND = /^\s*<(command-name|command-message|local-command-stdout|bash-input|bash-stdout|local-command-caveat)>/;

export function normalizeUser(obj: RawObject, opts: NormalizeOptions, h: Head): TraceEvent {
  const r = Fast.UserLine.safeParse(obj);
  if (!r.success) return unknownEvent(obj, schemaReason('user', r.error.issues), opts, h);
  return userFrom(r.data, opts, h);
}

function userFrom(line: UserLine, opts: NormalizeOptions, h: Head): TraceEvent {
  const content = userContentFrom(line.message.content, opts);
  const env = envelope(line, opts);
  if (content.results.length > 0) {
    return {
      kind: 'tool-result',
      seq: h.seq,
      source: h.src.source,
      line: h.src.line,
      offset: h.src.offset,
      length: h.src.length,
      path: h.path,
      sessionId: env.sessionId,
      uuid: env.uuid,
      parentUuid: env.parentUuid,
      agentId: env.agentId,
      parentToolUseId: env.parentToolUseId,
      isSidechain: env.isSidechain,
      time: env.time,
      results: content.results,
      sideEffect: sideEffectFrom(
        line.toolUseResult ?? line.tool_use_result,
        opts,
        content.results[0]?.text,
        line.toolUseResult !== undefined && line.toolUseResult !== null ? 'toolUseResult' : 'tool_use_result',
      ),
      sourceAssistantUuid: u(line.sourceToolAssistantUUID),
    };
  }
  const text = content.text;
  const role = line.isCompactSummary
    ? 'compact-summary'
    : line.isMeta || line.isSynthetic
      ? 'meta'
      : INTERRUPT.test(text.trim())
        ? 'interrupt'
        : NOTIFICATION.test(text) || originKind(line) === 'task-notification'
          ? 'notification'
          : COMMAND.test(text)
            ? 'command'
            : 'prompt';
  return {
    kind: 'user',
    seq: h.seq,
    source: h.src.source,
    line: h.src.line,
    offset: h.src.offset,
    length: h.src.length,
    path: h.path,
    sessionId: env.sessionId,
    uuid: env.uuid,
    parentUuid: env.parentUuid,
    agentId: env.agentId,
    parentToolUseId: env.parentToolUseId,
    isSidechain: env.isSidechain,
    time: env.time,
    role,
    text,
    textLength: content.textLength,
    images: content.images,
    ...(content.media.length > 0 ? { media: content.media } : {}),
    isReplay: line.isReplay === true ? true : undefined,
  };
}

/** `origin.kind` of a user line (Claude Code 2.1: human, task-notification, channel, peer, …). */
function originKind(line: UserLine): unknown {
  const origin: unknown = Reflect.get(line, 'origin');
  return typeof origin === 'object' && origin !== null ? Reflect.get(origin, 'kind') : undefined;
}

export function normalizeResult(obj: RawObject, opts: NormalizeOptions, h: Head): TraceEvent {
  const r = Fast.ResultLine.safeParse(obj);
  if (!r.success) return unknownEvent(obj, schemaReason('result', r.error.issues), opts, h);
  const line = r.data;
  const env = envelope(line, opts);
  const modelUsage = readModelUsage(line.modelUsage);
  const cost = readCost(obj, 'total_cost_usd');
  const usage = readUsage(line.usage, 'usage');
  const numberErrors = [...(cost.errors ?? []), ...(usage.errors ?? []), ...modelUsage.errors];
  const denials: ResultEvent['permissionDenials'][number][] = [];
  for (const d of line.permission_denials ?? []) {
    if (d.tool_use_id) denials.push({ toolName: d.tool_name ?? '', toolUseId: d.tool_use_id });
  }
  const errors = (line.errors ?? []).map((e) => (typeof e === 'string' ? e : JSON.stringify(e)));
  return {
    kind: 'result',
    seq: h.seq,
    source: h.src.source,
    line: h.src.line,
    offset: h.src.offset,
    length: h.src.length,
    path: h.path,
    sessionId: env.sessionId,
    uuid: env.uuid,
    parentUuid: env.parentUuid,
    agentId: env.agentId,
    parentToolUseId: env.parentToolUseId,
    isSidechain: env.isSidechain,
    time: env.time,
    subtype: line.subtype,
    isError: line.is_error === true,
    numTurns: u(line.num_turns),
    durationMs: u(line.duration_ms),
    durationApiMs: u(line.duration_api_ms),
    totalCostUsd: cost.value,
    usage: usage.usage,
    modelUsage: modelUsage.records,
    numberErrors: numberErrors.length > 0 ? numberErrors : undefined,
    permissionDenials: denials,
    resultText: typeof line.result === 'string' ? clampText(line.result, opts) : undefined,
    errors,
    stopReason: u(line.stop_reason),
    terminalReason: u(line.terminal_reason),
    resultIndex: u(line.result_index),
  };
}

export const forTests = { assistantFastPath, assistantFrom };
