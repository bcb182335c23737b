import type { TraceEvent } from '../types';
import { queuedPrompt } from './claude-code-text';
import { clampText, hookDecisionFrom, hookWord, textOf, type NormalizeOptions } from './common';
import { envelope, u, unknownEvent, type Head, type RawObject } from './messages';
import { Fast } from './schemas';

// Claude Code's `attachment` lines (FORMATS.md §3.8): hook runs, prompts queued while the agent worked, and the
// context it attaches (memory, reminders, tool lists), which is metadata.

export function normalizeAttachment(obj: RawObject, opts: NormalizeOptions, h: Head): TraceEvent {
  const r = Fast.AttachmentLine.safeParse(obj);
  if (!r.success) return unknownEvent(obj, 'attachment line without attachment.type', opts, h);
  const line = r.data;
  const a = line.attachment;
  const env = envelope(line, opts);
  if (a.type.startsWith('hook_')) {
    const text = [textOf(a.content), textOf(a.stdout), textOf(a.stderr)].filter((t) => t).join('\n');
    const { decision, reason } = hookDecisionFrom(a.stdout ?? a.content);
    const blocking = a.type === 'hook_blocking_error';
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
      via: 'attachment',
      phase: 'result',
      hookEvent: hookWord(a.hookEvent, opts),
      hookName: hookWord(a.hookName, opts),
      toolUseId: u(a.toolUseID),
      outcome: blocking ? 'blocked' : a.type.includes('error') ? 'error' : 'success',
      exitCode: u(a.exitCode),
      decision: decision ?? (blocking && a.hookEvent === 'PreToolUse' ? 'deny' : undefined),
      decisionReason: reason,
      text: text ? clampText(text, opts) : a.type,
    };
  }
  if (a.type === 'queued_command') {
    // What the person typed while the agent worked: Claude Code folds it into the running turn as this attachment,
    // with no user line of its own. It is part of the conversation, not metadata.
    const q = queuedPrompt(a);
    if (q?.typed)
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
        role: 'queued',
        text: clampText(q.text, opts),
        textLength: q.text.length,
        images: q.images,
        ...(q.media.length > 0
          ? { media: q.media.map((m) => (m.text !== undefined ? { ...m, text: clampText(m.text, opts) } : m)) }
          : {}),
      };
    if (q)
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
        metaType: `attachment:${a.type}`,
        text: clampText(q.text, { clamp: Math.min(opts.clamp, 2048) }),
      };
  }
  const text = textOf(a.content);
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
    metaType: `attachment:${a.type}`,
    text: text ? clampText(text, { clamp: Math.min(opts.clamp, 2048) }) : undefined,
  };
}
