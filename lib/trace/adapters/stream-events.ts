import type { StreamEvent } from '../types';
import { detach, FRAGMENT_KEEP } from './common';
import { leaveUuid, type Head } from './messages';

// The events of an Agent SDK stream's `stream_event` frames: most of a stream's lines. Each kind has a lean shape
// without the fields a frame seldom has (a JSON document path, a subagent's parent call, a timestamp, a time to first
// token) nor those of the other kinds: an absent field costs no slot, where a field set to undefined costs four bytes
// on every event. The full shape is used when the frame has one of them. Every shape gives all its fields at once, in
// one order. The SDK writes a uuid on every frame: a lean event leaves it to the sink's column (`Head.apart`), and takes
// the full shape where the sink keeps none.

/** What a stream frame's event carries besides where its line is. */
export interface StreamFields {
  readonly sessionId: string | undefined;
  readonly parentToolUseId: string | undefined;
  readonly time: number | undefined;
  readonly uuid: string | undefined;
  readonly event: StreamEvent['event'];
  readonly index: number | undefined;
  readonly ttftMs: number | undefined;
  readonly messageId: string | undefined;
  readonly model: string | undefined;
  readonly blocks: StreamEvent['blocks'];
  readonly usage: StreamEvent['usage'];
  readonly numberErrors: readonly string[] | undefined;
  readonly stopReason: string | undefined;
  readonly errorMessage: string | undefined;
}

/**
 * A frame's event other than those `stopEvent` and `deltaEvent` make (`message_start`, `content_block_start`,
 * `message_delta`, and any frame the fast path leaves to the schema). The uuid is left apart (`leaveUuid`) last, once
 * a lean shape is sure to be taken.
 */
export function streamEvent(h: Head, f: StreamFields): StreamEvent {
  const plain =
    h.path === undefined &&
    f.parentToolUseId === undefined &&
    f.time === undefined &&
    f.ttftMs === undefined &&
    f.numberErrors === undefined &&
    f.errorMessage === undefined;
  // What only a message_start carries.
  const noMessage = f.messageId === undefined && f.model === undefined;
  if (
    plain &&
    f.event === 'message_start' &&
    f.index === undefined &&
    f.stopReason === undefined &&
    leaveUuid(h, f.uuid)
  )
    return {
      seq: h.seq,
      source: h.src.source,
      line: h.src.line,
      offset: h.src.offset,
      length: h.src.length,
      kind: 'stream',
      sessionId: f.sessionId,
      event: f.event,
      messageId: f.messageId,
      model: f.model,
      blocks: f.blocks,
      usage: f.usage,
    };
  if (
    plain &&
    f.event === 'content_block_start' &&
    noMessage &&
    f.usage === undefined &&
    f.stopReason === undefined &&
    leaveUuid(h, f.uuid)
  )
    return {
      seq: h.seq,
      source: h.src.source,
      line: h.src.line,
      offset: h.src.offset,
      length: h.src.length,
      kind: 'stream',
      sessionId: f.sessionId,
      event: f.event,
      index: f.index,
      blocks: f.blocks,
    };
  if (
    plain &&
    f.event === 'message_delta' &&
    f.index === undefined &&
    noMessage &&
    f.blocks === undefined &&
    leaveUuid(h, f.uuid)
  )
    return {
      seq: h.seq,
      source: h.src.source,
      line: h.src.line,
      offset: h.src.offset,
      length: h.src.length,
      kind: 'stream',
      sessionId: f.sessionId,
      event: f.event,
      usage: f.usage,
      stopReason: f.stopReason,
    };
  return {
    seq: h.seq,
    source: h.src.source,
    line: h.src.line,
    offset: h.src.offset,
    length: h.src.length,
    path: h.path,
    kind: 'stream',
    sessionId: f.sessionId,
    parentToolUseId: f.parentToolUseId,
    time: f.time,
    uuid: f.uuid,
    event: f.event,
    index: f.index,
    ttftMs: f.ttftMs,
    messageId: f.messageId,
    model: f.model,
    blocks: f.blocks,
    usage: f.usage,
    numberErrors: f.numberErrors,
    stopReason: f.stopReason,
    errorMessage: f.errorMessage,
  };
}

/** A bare `content_block_stop` or `message_stop` event. */
export function stopEvent(
  h: Head,
  sessionId: string | undefined,
  parentToolUseId: string | undefined,
  time: number | undefined,
  uuid: string | undefined,
  type: 'content_block_stop' | 'message_stop',
  index: number | undefined,
  ttftMs: number | undefined,
): StreamEvent {
  const event = type === 'content_block_stop' ? 'content_block_stop' : 'message_stop';
  if (
    h.path === undefined &&
    parentToolUseId === undefined &&
    time === undefined &&
    ttftMs === undefined &&
    leaveUuid(h, uuid)
  )
    return {
      seq: h.seq,
      source: h.src.source,
      line: h.src.line,
      offset: h.src.offset,
      length: h.src.length,
      kind: 'stream',
      sessionId,
      event,
      index,
    };
  return {
    seq: h.seq,
    source: h.src.source,
    line: h.src.line,
    offset: h.src.offset,
    length: h.src.length,
    path: h.path,
    kind: 'stream',
    sessionId,
    parentToolUseId,
    time,
    uuid,
    event,
    index,
    ttftMs,
  };
}

/**
 * A `content_block_delta` event. Deltas are most of a stream's events, so the fields a delta seldom has (a JSON
 * document path, a subagent's parent tool call, a timestamp) are only present when it has them: 24 bytes less on
 * each of a hundred thousand deltas. Two shapes only, each with all its fields given at once.
 */
export function deltaEvent(
  h: Head,
  sessionId: string | undefined,
  parentToolUseId: string | undefined,
  time: number | undefined,
  index: number | undefined,
  deltaType: string | undefined,
  full: string | undefined,
): StreamEvent {
  // A signature is not rebuilt (the rebuild notes only that one came): its event keeps what its row shows from the
  // start, and no whole copy waits for the builder to shorten it (a live load kept both, 700 bytes a frame).
  const fragment =
    deltaType === 'signature_delta' && full !== undefined && full.length > FRAGMENT_KEEP
      ? detach(full.slice(0, FRAGMENT_KEEP))
      : full;
  if (h.path === undefined && parentToolUseId === undefined && time === undefined)
    return {
      seq: h.seq,
      source: h.src.source,
      line: h.src.line,
      offset: h.src.offset,
      length: h.src.length,
      kind: 'stream',
      sessionId,
      event: 'content_block_delta',
      index,
      deltaType,
      fragment,
    };
  return {
    seq: h.seq,
    source: h.src.source,
    line: h.src.line,
    offset: h.src.offset,
    length: h.src.length,
    path: h.path,
    kind: 'stream',
    sessionId,
    parentToolUseId,
    time,
    event: 'content_block_delta',
    index,
    deltaType,
    fragment,
  };
}
