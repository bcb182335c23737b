import type { LineRef } from '../lines';
import type { AssistantEvent, ResultEvent, TraceEvent, UnknownEvent } from '../types';
import {
  blocksFrom,
  clampText,
  sideEffectFrom,
  timeFrom,
  usageFrom,
  userContentFrom,
  type NormalizeOptions,
} from './common';
import {
  AssistantLineSchema,
  ResultLineSchema,
  UserLineSchema,
  type AssistantLine,
  type UserLine,
} from './schemas';

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
  return {
    // Thousands of lines repeat the same session id: keep one copy of the string.
    sessionId: sid !== undefined && opts.intern ? opts.intern(sid) : sid,
    uuid: u(line.uuid),
    parentUuid: u(line.parentUuid),
    agentId: u(line.agentId),
    parentToolUseId: u(line.parent_tool_use_id),
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
    src: h.src,
    path: h.path,
    kind: 'unknown',
    type,
    subtype,
    raw: rawJson(obj, opts),
    reason,
    sessionId: typeof obj['sessionId'] === 'string' ? obj['sessionId'] : typeof obj['session_id'] === 'string' ? obj['session_id'] : undefined,
    uuid: typeof obj['uuid'] === 'string' ? obj['uuid'] : undefined,
  };
}

function schemaReason(type: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const first = issues[0];
  const where = first ? first.path.map(String).join('.') : '';
  return `${type} line without the fields the model needs${where ? ` (${where}: ${first?.message ?? ''})` : ''}`;
}

export function normalizeAssistant(obj: RawObject, opts: NormalizeOptions, h: Head): TraceEvent {
  const r = AssistantLineSchema.safeParse(obj);
  if (!r.success) return unknownEvent(obj, schemaReason('assistant', r.error.issues), opts, h);
  return assistantFrom(r.data, opts, h);
}

function assistantFrom(line: AssistantLine, opts: NormalizeOptions, h: Head): AssistantEvent {
  const m = line.message;
  const env = envelope(line, opts);
  const model = u(m.model);
  const error = typeof line.error === 'string' ? line.error : undefined;
  return {
    kind: 'assistant',
    seq: h.seq, src: h.src, path: h.path, sessionId: env.sessionId, uuid: env.uuid, parentUuid: env.parentUuid, agentId: env.agentId, parentToolUseId: env.parentToolUseId, isSidechain: env.isSidechain, time: env.time,
    messageId: u(m.id),
    requestId: u(line.requestId) ?? u(line.request_id),
    model,
    blocks: blocksFrom(m.content, opts),
    stopReason: u(m.stop_reason),
    usage: usageFrom(m.usage),
    synthetic: model === '<synthetic>' || line.isApiErrorMessage === true,
    error,
    aborted: line.aborted === true ? true : undefined,
  };
}

const INTERRUPT = /^\[Request interrupted by user( for tool use)?\]$/;
const COMMAND = /^\s*<(command-name|command-message|local-command-stdout|bash-input|bash-stdout|local-command-caveat)>/;

export function normalizeUser(obj: RawObject, opts: NormalizeOptions, h: Head): TraceEvent {
  const r = UserLineSchema.safeParse(obj);
  if (!r.success) return unknownEvent(obj, schemaReason('user', r.error.issues), opts, h);
  return userFrom(r.data, opts, h);
}

function userFrom(line: UserLine, opts: NormalizeOptions, h: Head): TraceEvent {
  const content = userContentFrom(line.message.content, opts);
  const env = envelope(line, opts);
  if (content.results.length > 0) {
    return {
      kind: 'tool-result',
      seq: h.seq, src: h.src, path: h.path, sessionId: env.sessionId, uuid: env.uuid, parentUuid: env.parentUuid, agentId: env.agentId, parentToolUseId: env.parentToolUseId, isSidechain: env.isSidechain, time: env.time,
      results: content.results,
      sideEffect: sideEffectFrom(line.toolUseResult ?? line.tool_use_result, opts, content.results[0]?.text),
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
        : COMMAND.test(text)
          ? 'command'
          : 'prompt';
  return {
    kind: 'user',
    seq: h.seq, src: h.src, path: h.path, sessionId: env.sessionId, uuid: env.uuid, parentUuid: env.parentUuid, agentId: env.agentId, parentToolUseId: env.parentToolUseId, isSidechain: env.isSidechain, time: env.time,
    role,
    text,
    textLength: content.textLength,
    images: content.images,
    isReplay: line.isReplay === true ? true : undefined,
  };
}

export function normalizeResult(obj: RawObject, opts: NormalizeOptions, h: Head): TraceEvent {
  const r = ResultLineSchema.safeParse(obj);
  if (!r.success) return unknownEvent(obj, schemaReason('result', r.error.issues), opts, h);
  const line = r.data;
  const env = envelope(line, opts);
  const modelUsage: ResultEvent['modelUsage'][number][] = [];
  for (const [model, mu] of Object.entries(line.modelUsage ?? {})) {
    modelUsage.push({
      model,
      input: mu.inputTokens ?? 0,
      output: mu.outputTokens ?? 0,
      cacheRead: mu.cacheReadInputTokens ?? 0,
      cacheCreation: mu.cacheCreationInputTokens ?? 0,
      costUsd: u(mu.costUSD),
      webSearch: mu.webSearchRequests ?? 0,
    });
  }
  const denials: ResultEvent['permissionDenials'][number][] = [];
  for (const d of line.permission_denials ?? []) {
    if (d.tool_use_id) denials.push({ toolName: d.tool_name ?? '', toolUseId: d.tool_use_id });
  }
  const errors = (line.errors ?? []).map((e) => (typeof e === 'string' ? e : JSON.stringify(e)));
  return {
    kind: 'result',
    seq: h.seq, src: h.src, path: h.path, sessionId: env.sessionId, uuid: env.uuid, parentUuid: env.parentUuid, agentId: env.agentId, parentToolUseId: env.parentToolUseId, isSidechain: env.isSidechain, time: env.time,
    subtype: line.subtype,
    isError: line.is_error === true,
    numTurns: u(line.num_turns),
    durationMs: u(line.duration_ms),
    durationApiMs: u(line.duration_api_ms),
    totalCostUsd: u(line.total_cost_usd),
    usage: usageFrom(line.usage),
    modelUsage,
    permissionDenials: denials,
    resultText: typeof line.result === 'string' ? clampText(line.result, opts) : undefined,
    errors,
    stopReason: u(line.stop_reason),
    terminalReason: u(line.terminal_reason),
    resultIndex: u(line.result_index),
  };
}
