import type { LineRef } from '../line-types';
import type { ResultEvent, TraceEvent, UnknownEvent } from '../types';
import { clampText, sideEffectFrom, timeFrom, userContentFrom, type NormalizeOptions } from './common';
import { readCost, readModelUsage, readUsage } from './numbers';
import { Fast, type UserLine } from './schemas';

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
  /**
   * Set when the sink keeps the uuids of events other than calls in a column (see `UuidColumn`): an event made lean
   * (a status frame, a stream frame) leaves its uuid here instead of holding it, which saves it a slot.
   */
  readonly apart?: UuidApart;
}

/**
 * Where a lean event leaves its uuid for the sink (see `Head.apart`): one per parse, read and emptied per line. The
 * uuid as a string, or as ASCII bytes (`bytes[at, at + length)`, valid until the sink has taken the event) that a
 * reader found without making a string of them.
 */
export interface UuidApart {
  uuid: string | undefined;
  bytes: Uint8Array | undefined;
  at: number;
  length: number;
}

/** An empty `UuidApart`. */
export const uuidApart = (): UuidApart => ({ uuid: undefined, bytes: undefined, at: 0, length: 0 });

/** The uuid a sink that keeps uuids is given with an event: a string, or the bytes of one (`UuidApart`). */
export type LeftUuid = string | Pick<UuidApart, 'bytes' | 'at' | 'length'>;

/**
 * Leaves `uuid` in `h.apart` for the sink, when there is one and the sink would keep the uuid (not an empty one). True
 * when the event need not hold it: it was left apart, or there is none. Call it only once the event is sure to take the
 * shape without a uuid.
 */
export function leaveUuid(h: Head, uuid: string | undefined): boolean {
  if (uuid === undefined) return true;
  if (h.apart === undefined || !uuid) return false;
  h.apart.uuid = uuid;
  return true;
}

/**
 * `leaveUuid` for a uuid written as the ASCII bytes `bytes[at, at + length)` (no escape): left as they are, for the
 * sink to copy, when the sink keeps uuids and the uuid is not empty. Call it only once the event is sure to take the
 * shape without a uuid.
 */
export function leaveUuidBytes(h: Head, bytes: Uint8Array, at: number, length: number): boolean {
  const apart = h.apart;
  if (apart === undefined || length === 0) return false;
  apart.bytes = bytes;
  apart.at = at;
  apart.length = length;
  return true;
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

export function schemaReason(
  type: string,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): string {
  const first = issues[0];
  const where = first ? first.path.map(String).join('.') : '';
  return `${type} line without the fields the model needs${where ? ` (${where}: ${first?.message ?? ''})` : ''}`;
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
