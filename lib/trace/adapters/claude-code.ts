import type { TraceEvent } from '../types';
import { clampText, compact, hookWord, parseUsage, stripAnsi, textOf, type NormalizeOptions } from './common';
import { envelope, normalizeUser, u, unknownEvent, type Head, type RawObject } from './messages';
import { normalizeAssistant, parseAssistantLine } from './assistant';
import { normalizeAttachment } from './claude-code-attachment';
import { apiErrorText, microcompactText } from './claude-code-text';
import { Fast } from './schemas';
import { count } from '../text-order';

// Claude Code session files `~/.claude/projects/<project>/<session>.jsonl` (FORMATS.md §3).

/** The system subtypes Claude Code writes to session files (2.1.x); any other is kept as a raw row. */
const SYSTEM_SUBTYPES = new Set([
  'turn_duration',
  'away_summary',
  'local_command',
  'api_error',
  'informational',
  'compact_boundary',
  'microcompact_boundary',
  'init',
  'bridge_status',
  'thinking',
  'memory_saved',
  'permission_retry',
  'scheduled_task_fire',
  'api_metrics',
  'agents_killed',
  'file_snapshot',
]);

/** Claude Code's bookkeeping line types (no message): also what tells a file is a Claude Code session. */
export const META_TYPES: ReadonlySet<string> = new Set([
  'summary',
  'file-history-snapshot',
  'queue-operation',
  'permission-mode',
  'last-prompt',
  'custom-title',
  'ai-title',
  'tag',
  'checkpoint',
  'pr-link',
  'agent-setting',
]);

const LEGACY_HOOK = /^(Running|)\s*([A-Za-z]+):?([^\s.]*)/;

export function normalizeClaudeCodeLine(obj: RawObject, opts: NormalizeOptions, h: Head): TraceEvent {
  const type = obj['type'];
  switch (type) {
    case 'assistant':
      return normalizeAssistant(obj, opts, h);
    case 'user':
      return normalizeUser(obj, opts, h);
    case 'progress':
      return normalizeProgress(obj, opts, h);
    case 'system':
      return normalizeCcSystem(obj, opts, h);
    case 'attachment':
      return normalizeAttachment(obj, opts, h);
    default:
      if (typeof type === 'string' && META_TYPES.has(type)) return normalizeMeta(obj, type, opts, h);
      return unknownEvent(obj, typeof type === 'string' ? `unknown line type "${type}"` : 'no type field', opts, h);
  }
}

function normalizeProgress(obj: RawObject, opts: NormalizeOptions, h: Head): TraceEvent {
  const r = Fast.ProgressLine.safeParse(obj);
  if (!r.success) return unknownEvent(obj, 'progress line without data.type', opts, h);
  const line = r.data;
  const env = { ...envelope(line, opts), parentToolUseId: u(line.parentToolUseID) };
  const d = line.data;
  if (d.type === 'hook_progress') {
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
      via: 'progress',
      phase: 'progress',
      hookEvent: hookWord(d.hookEvent, opts),
      hookName: hookWord(d.hookName, opts),
      toolUseId: u(line.toolUseID),
      text: d.command ? clampText(d.command, opts) : undefined,
    };
  }
  if (d.type === 'agent_progress') {
    // The embedded message is a copy of a subagent line: kept for Explain, never counted.
    const msg = parseAssistantLine(d.message);
    const embedded = msg
      ? {
          role: 'assistant',
          messageId: u(msg.message.id),
          usage: parseUsage(msg.message.usage),
          model: u(msg.message.model),
        }
      : {
          role:
            typeof d.message === 'object' && d.message !== null && 'type' in d.message
              ? String(d.message.type)
              : 'unknown',
        };
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
      progressType: d.type,
      toolUseId: u(line.toolUseID),
      text: d.agentId ? `agent ${d.agentId}` : undefined,
      embedded,
      subagentId: u(d.agentId),
    };
  }
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
    progressType: d.type,
    toolUseId: u(line.toolUseID),
    text: d.output ? clampText(d.output, { clamp: Math.min(opts.clamp, 2048) }) : undefined,
    elapsedSeconds: u(d.elapsedTimeSeconds),
  };
}

function normalizeCcSystem(obj: RawObject, opts: NormalizeOptions, h: Head): TraceEvent {
  const r = Fast.SystemLine.safeParse(obj);
  if (!r.success) return unknownEvent(obj, 'system line without the fields the model needs', opts, h);
  const line = r.data;
  const env = envelope(line, opts);
  const subtype = u(line.subtype);
  const content =
    subtype === 'microcompact_boundary'
      ? microcompactText(obj)
      : (textOf(line.content) ?? (subtype === 'api_error' ? apiErrorText(obj) : undefined));
  if (!subtype) {
    // Claude Code 1.0.x wrote hook runs as subtype-less system lines with ANSI escapes.
    const text = stripAnsi(content ?? '');
    const m = LEGACY_HOOK.exec(text);
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
      via: 'legacy-system',
      phase: /completed|finished|succeeded/i.test(text)
        ? 'response'
        : /fail|error|block/i.test(text)
          ? 'result'
          : 'started',
      hookEvent: m?.[2],
      hookName: m ? `${m[2] ?? ''}${m[3] ? `:${m[3]}` : ''}` : undefined,
      toolUseId: u(line.toolUseID),
      text: clampText(text, opts),
    };
  }
  if (subtype === 'stop_hook_summary') {
    const raw = obj;
    const hooks = typeof raw['hookCount'] === 'number' ? raw['hookCount'] : undefined;
    const prevented = raw['preventedContinuation'] === true;
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
      via: 'stop-summary',
      phase: 'summary',
      hookEvent: 'Stop',
      hookName: 'Stop',
      toolUseId: u(line.toolUseID),
      outcome: prevented ? 'prevented continuation' : undefined,
      text: `${hooks === undefined ? '? stop hooks' : count(hooks, 'stop hook')}${prevented ? ', prevented continuation' : ''}`,
    };
  }
  if (!SYSTEM_SUBTYPES.has(subtype)) return unknownEvent(obj, `unknown system subtype "${subtype}"`, opts, h);
  const cm = line.compactMetadata;
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
    text: content ? clampText(stripAnsi(content), opts) : undefined,
    toolUseId: u(line.toolUseID),
    durationMs: u(line.durationMs),
    logicalParentUuid: u(line.logicalParentUuid),
    compact: cm
      ? compact({
          trigger: u(cm.trigger),
          preTokens: u(cm.preTokens),
          postTokens: u(cm.postTokens),
          durationMs: u(cm.durationMs),
        })
      : undefined,
  };
}

function normalizeMeta(obj: RawObject, type: string, opts: NormalizeOptions, h: Head): TraceEvent {
  const r = Fast.MetaLine.safeParse(obj);
  if (!r.success) return unknownEvent(obj, `${type} line without the fields the model needs`, opts, h);
  const line = r.data;
  const env = envelope(line, opts);
  const text =
    u(line.summary) ??
    u(line.customTitle) ??
    u(line.aiTitle) ??
    u(line.tag) ??
    u(line.lastPrompt) ??
    u(line.permissionMode) ??
    (line.operation
      ? `${line.operation}${textOf(line.content) ? `: ${textOf(line.content) ?? ''}` : ''}`
      : undefined) ??
    (type === 'file-history-snapshot' ? `snapshot of ${u(line.messageId) ?? 'prompt'}` : undefined);
  return {
    kind: 'meta',
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
    metaType: type,
    text: text ? clampText(text, { clamp: Math.min(opts.clamp, 2048) }) : undefined,
    leafUuid: u(line.leafUuid),
  };
}
