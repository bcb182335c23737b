import type { AssistantEvent, TraceEvent } from '../types';
import { blocksFrom, type NormalizeOptions } from './common';
import { envelope, schemaReason, u, unknownEvent, type Head, type RawObject } from './messages';
import { readUsage } from './numbers';
import { Fast, type AssistantLine, type RawBlock } from './schemas';

// Assistant lines (both dialects): a model call's content, ids and usage, read by a fast path or the schema.

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
  const messageId = u(m.id);
  const requestId = u(line.requestId) ?? u(line.request_id);
  const blocks = opts.noBlocks ? [] : blocksFrom(m.content, opts, 'message.content');
  const stopReason = u(m.stop_reason);
  const synthetic = model === '<synthetic>' || line.isApiErrorMessage === true;
  const aborted = line.aborted === true ? true : undefined;
  // Without the fields a call seldom has (a document path, a subagent's id on the line, bad numbers, an error): an
  // absent field costs no slot, where one set to undefined costs four bytes on every call.
  if (
    h.path === undefined &&
    env.agentId === undefined &&
    usage.errors === undefined &&
    error === undefined &&
    !aborted
  )
    return {
      kind: 'assistant',
      seq: h.seq,
      source: h.src.source,
      line: h.src.line,
      offset: h.src.offset,
      length: h.src.length,
      sessionId: env.sessionId,
      uuid: env.uuid,
      parentUuid: env.parentUuid,
      parentToolUseId: env.parentToolUseId,
      isSidechain: env.isSidechain,
      time: env.time,
      messageId,
      requestId,
      model,
      blocks,
      stopReason,
      usage: usage.usage,
      synthetic,
    };
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
    messageId,
    requestId,
    model,
    blocks,
    stopReason,
    usage: usage.usage,
    numberErrors: usage.errors,
    synthetic,
    error,
    aborted,
  };
}

export const forTests = { assistantFastPath, assistantFrom };
