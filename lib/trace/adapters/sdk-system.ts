import type { TraceEvent } from '../types';
import {
  clampText,
  compact,
  hookDecisionFrom,
  hookWord,
  stripAnsi,
  textOf,
  timeFrom,
  type NormalizeOptions,
} from './common';
import { envelope, leaveUuid, u, unknownEvent, type Envelope, type Head, type RawObject } from './messages';
import { Fast, type SystemLine } from './schemas';

// Agent SDK `system` frames (FORMATS.md §2): hook frames, permission denials, and the documented subtypes.

/** A Map, not an object: a subtype such as `constructor` must not find what every object inherits. */
const HOOK_SUBTYPES: ReadonlyMap<string, 'started' | 'progress' | 'response'> = new Map([
  ['hook_started', 'started'],
  ['hook_progress', 'progress'],
  ['hook_response', 'response'],
]);

/** System subtypes the SDK documents; anything else is kept as an unknown event. */
const SYSTEM_SUBTYPES: ReadonlyMap<string, string> = new Map(
  [
    'init',
    'compact_boundary',
    'status',
    'api_retry',
    'task_started',
    'task_progress',
    'task_notification',
    'task_updated',
    'local_command_output',
    'informational',
    'notification',
    'model_refusal_fallback',
    'model_refusal_no_fallback',
    'thinking_tokens',
    'session_state_changed',
    'background_tasks_changed',
    'commands_changed',
    'files_persisted',
    'elicitation_complete',
    'memory_recall',
    'plugin_install',
    'control_request_progress',
    'worker_shutting_down',
    'session_writes_lost',
    'mirror_error',
  ].map((n) => [n, n]),
);

const absent = (v: unknown): v is null | undefined => v === undefined || v === null;

function hookName(line: SystemLine): string | undefined {
  return u(line.hook_name) ?? u(line.hook_event) ?? u(line.hook_event_name);
}

export function normalizeSdkSystem(obj: RawObject, opts: NormalizeOptions, h: Head): TraceEvent {
  return tinySystem(obj, opts, h) ?? schemaSystem(obj, opts, h);
}

function schemaSystem(obj: RawObject, opts: NormalizeOptions, h: Head): TraceEvent {
  const r = Fast.SystemLine.safeParse(obj);
  if (!r.success) return unknownEvent(obj, 'system line without the fields the model needs', opts, h);
  const line = r.data;
  const subtype = u(line.subtype);
  const env = envelope(line, opts);
  // Hook frames first: they are system frames too, and must not fall into the generic case.
  const phase = subtype ? HOOK_SUBTYPES.get(subtype) : undefined;
  if (phase) {
    const output = line.output ?? line.stdout;
    const { decision, reason } = hookDecisionFrom(output);
    const text = [textOf(line.output), textOf(line.stdout), textOf(line.stderr)].filter((t) => t).join('\n');
    return {
      kind: 'hook',
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
      via: 'system',
      phase,
      hookEvent: hookWord(u(line.hook_event) ?? u(line.hook_event_name), opts),
      hookName: hookWord(hookName(line), opts),
      toolUseId: u(line.tool_use_id),
      hookId: u(line.hook_id),
      outcome: u(line.outcome),
      exitCode: u(line.exit_code),
      decision,
      decisionReason: reason,
      text: text ? clampText(stripAnsi(text), opts) : undefined,
    };
  }
  if (subtype === 'permission_denied') {
    return {
      kind: 'permission-denied',
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
      toolName: u(line.tool_name) ?? '',
      toolUseId: u(line.tool_use_id) ?? '',
      message: textOf(line.message) ?? '',
      reasonType: u(line.decision_reason_type),
    };
  }
  if (!subtype || !SYSTEM_SUBTYPES.has(subtype)) {
    return unknownEvent(obj, subtype ? `unknown system subtype "${subtype}"` : 'system line without subtype', opts, h);
  }
  const cm = line.compact_metadata;
  const content = textOf(line.content) ?? u(line.summary) ?? u(line.description);
  const text = content
    ? clampText(stripAnsi(content), opts)
    : typeof line.status === 'string'
      ? statusWord(line.status, opts)
      : undefined;
  if (plainSystem(line, env, h)) {
    // The common frame (status, api_retry, task frames): only the fields it has, as a million of them may be kept.
    return {
      kind: 'system',
      seq: h.seq,
      source: h.src.source,
      line: h.src.line,
      offset: h.src.offset,
      length: h.src.length,
      sessionId: env.sessionId,
      uuid: env.uuid,
      time: env.time,
      type: 'system',
      subtype,
      text,
    };
  }
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
    type: 'system',
    subtype,
    level: u(line.level),
    text,
    toolUseId: u(line.tool_use_id),
    model: u(line.model),
    cwd: u(line.cwd),
    permissionMode: u(line.permissionMode),
    version: u(line.claude_code_version),
    compact: cm
      ? compact({
          trigger: u(cm.trigger),
          preTokens: u(cm.pre_tokens),
          postTokens: u(cm.post_tokens),
          durationMs: u(cm.duration_ms),
        })
      : undefined,
  };
}

/**
 * The event of a tiny system frame (a status or task frame of a few fields: type, subtype, status, session_id, uuid,
 * timestamp, and nothing else), read without the schema: a million of them in one stream are the whole load. Exactly
 * the event the schema path makes for it (a plain system frame); undefined for any other frame, which takes that path.
 */
function tinySystem(obj: RawObject, opts: NormalizeOptions, h: Head): TraceEvent | undefined {
  if (h.path !== undefined) return undefined;
  for (const key in obj) {
    switch (key) {
      case 'type':
      case 'subtype':
      case 'status':
      case 'session_id':
      case 'uuid':
      case 'timestamp':
        continue;
      default:
        return undefined;
    }
  }
  const subtype = obj['subtype'];
  const status = obj['status'];
  const sid = obj['session_id'];
  const uuid = obj['uuid'];
  const ts = obj['timestamp'];
  if (typeof subtype !== 'string' || !SYSTEM_SUBTYPES.has(subtype)) return undefined;
  if (!(sid === undefined || sid === null || typeof sid === 'string')) return undefined;
  if (!(uuid === undefined || uuid === null || typeof uuid === 'string')) return undefined;
  if (!(ts === undefined || ts === null || typeof ts === 'string')) return undefined;
  const sessionId = typeof sid === 'string' ? (opts.intern ? opts.intern(sid) : sid) : undefined;
  const text = typeof status === 'string' ? statusWord(status, opts) : undefined;
  return tinySystemEvent(h, sessionId, u(uuid), timeFrom(ts), subtype, text);
}

/** The event of a tiny system frame (`tinySystem`). */
export function tinySystemEvent(
  h: Head,
  sessionId: string | undefined,
  uuid: string | undefined,
  time: number | undefined,
  subtype: string,
  text: string | undefined,
  /** The uuid was left apart as bytes (`leaveUuidBytes`): `uuid` is undefined. */
  left = false,
): TraceEvent {
  // A million status frames: the uuid goes to the sink's column when it keeps one (four bytes less on each).
  if (left || (uuid !== undefined && leaveUuid(h, uuid)))
    return {
      kind: 'system',
      seq: h.seq,
      source: h.src.source,
      line: h.src.line,
      offset: h.src.offset,
      length: h.src.length,
      sessionId,
      time,
      type: 'system',
      subtype,
      text,
    };
  return {
    kind: 'system',
    seq: h.seq,
    source: h.src.source,
    line: h.src.line,
    offset: h.src.offset,
    length: h.src.length,
    sessionId,
    uuid,
    time,
    type: 'system',
    subtype,
    text,
  };
}

/** The shared copy of a system frame's subtype the schema knows; undefined for any other. */
export const systemSubtype = (s: string): string | undefined => SYSTEM_SUBTYPES.get(s);

/** A status frame's word is one of a few (`requesting`, `compacting`), and JSON.parse makes a new copy on every line:
 *  one shared copy of a short one (24 MB less for a million status frames). */
export const statusWord = (s: string, opts: NormalizeOptions): string =>
  opts.intern && s.length <= STATUS_WORD_MAX ? opts.intern(s) : s;
const STATUS_WORD_MAX = 32;

/** A system frame with none of the fields of the envelope or of an init / compact frame that most frames lack. */
function plainSystem(line: SystemLine, env: Envelope, h: Head): boolean {
  return (
    h.path === undefined &&
    env.parentUuid === undefined &&
    env.agentId === undefined &&
    env.parentToolUseId === undefined &&
    env.isSidechain === undefined &&
    absent(line.level) &&
    absent(line.tool_use_id) &&
    absent(line.model) &&
    absent(line.cwd) &&
    absent(line.permissionMode) &&
    absent(line.claude_code_version) &&
    absent(line.compact_metadata)
  );
}

export const forTests = { tinySystem, schemaSystem };
