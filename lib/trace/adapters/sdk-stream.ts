import type { StreamEventType, TraceEvent } from '../types';
import { blockFrom, blocksFrom, clampText, timeFrom, type NormalizeOptions } from './common';
import { readPartialUsage } from './numbers';
import { envelope, normalizeResult, normalizeUser, u, unknownEvent, type Head, type RawObject } from './messages';
import { normalizeAssistant } from './assistant';
import { Fast } from './schemas';
import { normalizeControl } from './sdk-control';
import { normalizeSdkSystem } from './sdk-system';
import { deltaEvent, stopEvent, streamEvent } from './stream-events';

// Agent SDK / `claude -p --output-format stream-json` lines (FORMATS.md §2).

const STREAM_EVENTS = new Set<string>([
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
  'ping',
  'error',
]);

const isStreamEventType = (t: string): t is StreamEventType => STREAM_EVENTS.has(t);

// JSON.parse makes a new string of every value longer than a few characters: the names every stream line repeats are
// swapped for one shared copy, so a million events do not hold a million copies of "input_json_delta".
const EVENT_NAMES: ReadonlyMap<string, StreamEventType> = new Map(
  [...STREAM_EVENTS].filter(isStreamEventType).map((n) => [n, n]),
);
const DELTA_NAMES: ReadonlyMap<string, string> = new Map(
  ['text_delta', 'input_json_delta', 'thinking_delta', 'signature_delta', 'citations_delta'].map((n) => [n, n]),
);
const eventName = (t: StreamEventType): StreamEventType => EVENT_NAMES.get(t) ?? t;
export const deltaName = (t: string | undefined): string | undefined =>
  t === undefined ? t : (DELTA_NAMES.get(t) ?? t);

/** Top-level SDK info frames that are not system frames. */
export const INFO_TYPES: ReadonlySet<string> = new Set([
  'rate_limit_event',
  'tool_use_summary',
  'auth_status',
  'conversation_reset',
  'prompt_suggestion',
  'active_goal',
  'transcript_mirror',
]);

export function normalizeSdkLine(obj: RawObject, opts: NormalizeOptions, h: Head): TraceEvent {
  switch (obj['type']) {
    case 'stream_event':
      return streamFastPath(obj, opts, h) ?? normalizeStream(obj, opts, h);
    case 'assistant':
      return normalizeAssistant(obj, opts, h);
    case 'user':
      return normalizeUser(obj, opts, h);
    case 'result':
      return normalizeResult(obj, opts, h);
    case 'system':
      return normalizeSdkSystem(obj, opts, h);
    case 'control_request':
    case 'control_response':
    case 'control_cancel_request':
    case 'keep_alive':
      return normalizeControl(obj, opts, h);
    case 'tool_progress': {
      const r = Fast.ToolProgressLine.safeParse(obj);
      if (!r.success) return unknownEvent(obj, 'tool_progress without the fields the model needs', opts, h);
      const env = envelope(r.data, opts);
      return {
        kind: 'progress',
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
        progressType: 'tool_progress',
        toolUseId: u(r.data.tool_use_id),
        text: r.data.tool_name ? `${r.data.tool_name} running` : undefined,
        elapsedSeconds: u(r.data.elapsed_time_seconds),
      };
    }
    default: {
      const type = obj['type'];
      if (typeof type === 'string' && INFO_TYPES.has(type)) return normalizeInfo(obj, type, opts, h);
      return unknownEvent(obj, typeof type === 'string' ? `unknown type "${type}"` : 'no type field', opts, h);
    }
  }
}

const absent = (v: unknown): v is null | undefined => v === undefined || v === null;
const optString = (v: unknown): v is string | null | undefined => absent(v) || typeof v === 'string';
const optNumber = (v: unknown): v is number | null | undefined => absent(v) || typeof v === 'number';

/**
 * Three quarters of a stream's lines are `content_block_delta` frames of one fixed shape, and most of the rest are
 * the bare `content_block_stop` / `message_stop` frames. They are checked here field by field, with the same rules as
 * StreamLineSchema (every field it reads has the type the schema requires), without the cost of a zod parse per line.
 * Anything that does not fit exactly goes through the schema.
 */
function streamFastPath(obj: RawObject, opts: NormalizeOptions, h: Head): TraceEvent | undefined {
  const ev = obj['event'];
  if (typeof ev !== 'object' || ev === null || Array.isArray(ev)) return undefined;
  const type: unknown = Reflect.get(ev, 'type');
  if (type !== 'content_block_delta' && type !== 'content_block_stop' && type !== 'message_stop') return undefined;
  const index: unknown = Reflect.get(ev, 'index');
  if (!optNumber(index)) return undefined;
  // Whatever else the schema would check must be absent (or null) or of its type; otherwise the schema decides.
  for (const k of ['message', 'content_block', 'usage', 'error']) if (!absent(Reflect.get(ev, k))) return undefined;
  const sid = obj['session_id'];
  const parent = obj['parent_tool_use_id'];
  const ts = obj['timestamp'];
  const uuid = obj['uuid'];
  const ttft = obj['ttft_ms'];
  if (!optString(sid) || !optString(parent) || !optString(uuid) || !optNumber(ttft)) return undefined;
  if (!optString(obj['sessionId']) || !optString(obj['parentUuid']) || !optString(obj['agentId'])) return undefined;
  const side = obj['isSidechain'];
  if (!absent(side) && typeof side !== 'boolean') return undefined;
  if (!absent(ts) && typeof ts !== 'string' && typeof ts !== 'number') return undefined;
  const sessionId = typeof sid === 'string' && opts.intern ? opts.intern(sid) : (sid ?? undefined);
  // A subagent's frames all name its parent call: one copy of the id.
  const parentId = typeof parent === 'string' && opts.intern ? opts.intern(parent) : (parent ?? undefined);
  if (type !== 'content_block_delta') {
    if (!absent(Reflect.get(ev, 'delta'))) return undefined;
    return stopEvent(
      h,
      sessionId,
      parentId,
      timeFrom(ts),
      uuid ?? undefined,
      type,
      index ?? undefined,
      ttft ?? undefined,
    );
  }
  // Deltas keep a lean shape (no uuid, no ttft): the schema path drops those for deltas too.
  const d: unknown = Reflect.get(ev, 'delta');
  if (typeof d !== 'object' || d === null || Array.isArray(d)) return undefined;
  const dt: unknown = Reflect.get(d, 'type');
  const text: unknown = Reflect.get(d, 'text');
  const thinking: unknown = Reflect.get(d, 'thinking');
  const partial: unknown = Reflect.get(d, 'partial_json');
  const signature: unknown = Reflect.get(d, 'signature');
  if (
    !optString(dt) ||
    !optString(text) ||
    !optString(thinking) ||
    !optString(partial) ||
    !optString(signature) ||
    !optString(Reflect.get(d, 'stop_reason'))
  )
    return undefined;
  return deltaEvent(
    h,
    sessionId,
    parentId,
    timeFrom(ts),
    index ?? undefined,
    deltaName(dt ?? undefined),
    text ?? thinking ?? partial ?? signature ?? undefined,
  );
}

function normalizeStream(obj: RawObject, opts: NormalizeOptions, h: Head): TraceEvent {
  const r = Fast.StreamLine.safeParse(obj);
  if (!r.success) return unknownEvent(obj, 'stream_event without an event', opts, h);
  const line = r.data;
  const ev = line.event;
  const type = ev.type;
  if (!isStreamEventType(type)) return unknownEvent(obj, `unknown stream event "${type}"`, opts, h);
  const sid = u(line.session_id);
  const sessionId = sid !== undefined && opts.intern ? opts.intern(sid) : sid;
  const parent = u(line.parent_tool_use_id);
  const parentToolUseId = parent !== undefined && opts.intern ? opts.intern(parent) : parent;
  const index = u(ev.index);
  // Deltas are three quarters of a stream's lines: they get a lean, fixed shape (no uuid, no envelope extras).
  if (type === 'content_block_delta') {
    const d = ev.delta;
    return deltaEvent(
      h,
      sessionId,
      parentToolUseId,
      timeFrom(line.timestamp),
      index,
      deltaName(u(d?.type)),
      u(d?.text) ?? u(d?.thinking) ?? u(d?.partial_json) ?? u(d?.signature),
    );
  }
  const m = type === 'message_start' ? ev.message : undefined;
  const usage =
    type === 'message_start'
      ? readPartialUsage(m?.usage, 'event.message.usage')
      : type === 'message_delta'
        ? readPartialUsage(ev.usage, 'event.usage')
        : undefined;
  return streamEvent(h, {
    sessionId,
    parentToolUseId,
    time: timeFrom(line.timestamp),
    uuid: u(line.uuid),
    event: eventName(type),
    index,
    ttftMs: u(line.ttft_ms),
    messageId: u(m?.id),
    model: opts.intern && typeof m?.model === 'string' ? opts.intern(m.model) : u(m?.model),
    blocks: m?.content
      ? blocksFrom(m.content, opts)
      : type === 'content_block_start' && ev.content_block
        ? [blockFrom(ev.content_block, opts)]
        : undefined,
    usage: usage?.usage,
    numberErrors: usage?.errors,
    stopReason: type === 'message_delta' ? u(ev.delta?.stop_reason) : undefined,
    errorMessage: type === 'error' ? (u(ev.error?.message) ?? 'stream error') : undefined,
  });
}

function normalizeInfo(obj: RawObject, type: string, opts: NormalizeOptions, h: Head): TraceEvent {
  const r = Fast.InfoLine.safeParse(obj);
  if (!r.success) return unknownEvent(obj, `${type} without the fields the model needs`, opts, h);
  const line = r.data;
  const env = envelope(line, opts);
  const text =
    type === 'rate_limit_event'
      ? `rate limit: ${line.rate_limit_info?.status ?? 'unknown'}`
      : (u(line.summary) ??
        u(line.suggestion) ??
        (line.new_conversation_id ? `new conversation ${line.new_conversation_id}` : undefined));
  return {
    kind: 'system',
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
    type,
    text: text ? clampText(text, opts) : undefined,
    newSessionId: u(line.new_conversation_id),
  };
}
export const forTests = { streamFastPath, normalizeStream };
