import { mediaTag, withMedia } from './media';
import { formatUsd } from './money';
import type { Trace } from './model/types';
import type { ContentBlock, SystemEvent, TraceEvent } from './types';
import { count, formatInt } from './text-order';

export function assertNever(x: never): never {
  throw new Error(`unexpected ${JSON.stringify(x)}`);
}

const oneLine = (s: string, max = 160): string => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/**
 * What a hook printed, for its row: the words of a JSON reply (`permissionDecisionReason`, `reason`, `systemMessage`,
 * `additionalContext`, `stopReason`), not its braces; a reply with none says nothing the row's decision does not.
 * Plain text stays as it is.
 */
export function hookReply(text: string): string {
  const t = text.trim();
  if (!t.startsWith('{')) return t;
  let v: unknown;
  try {
    v = JSON.parse(t);
  } catch {
    return t;
  }
  if (typeof v !== 'object' || v === null) return t;
  const specific: unknown = Reflect.get(v, 'hookSpecificOutput');
  const get = (o: unknown, k: string): string | undefined => {
    const x: unknown = typeof o === 'object' && o !== null ? Reflect.get(o, k) : undefined;
    return typeof x === 'string' && x.trim() !== '' ? x : undefined;
  };
  return (
    get(specific, 'permissionDecisionReason') ??
    get(v, 'reason') ??
    get(v, 'systemMessage') ??
    get(specific, 'additionalContext') ??
    get(v, 'stopReason') ??
    ''
  );
}

/** A tool input in one line: its command, path, pattern or other telling field. */
export function inputSummary(input: unknown): string {
  if (typeof input !== 'object' || input === null) return '';
  const pick = (k: string): string | undefined => {
    const v: unknown = Reflect.get(input, k);
    return typeof v === 'string' ? v : undefined;
  };
  const main =
    pick('command') ??
    pick('file_path') ??
    pick('notebook_path') ??
    pick('path') ??
    pick('pattern') ??
    pick('url') ??
    pick('query') ??
    pick('description') ??
    pick('prompt') ??
    pick('skill') ??
    pick('plan');
  if (main) return main;
  const list = (k: string): Record<string, unknown>[] | undefined => {
    const v: unknown = Reflect.get(input, k);
    return Array.isArray(v)
      ? v.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null)
      : undefined;
  };
  // TodoWrite: how far the list is and what is being done, rather than the list as JSON.
  const todos = list('todos');
  if (todos) {
    const done = todos.filter((t) => t.status === 'completed').length;
    const now = todos.find((t) => t.status === 'in_progress')?.content;
    return `${done}/${todos.length} done${typeof now === 'string' ? ` · now: ${now}` : ''}`;
  }
  // AskUserQuestion: the questions asked.
  const questions = list('questions')
    ?.map((q) => q.question)
    .filter((q): q is string => typeof q === 'string');
  if (questions?.length) return questions.join(' · ');
  const json = JSON.stringify(input);
  return json === '{}' ? '' : json;
}

export const THINKING_REDACTED = 'thinking (redacted by the API)';

/** A block that shows nothing: a text block with no text (Claude Code writes one per model call at times). */
export const isEmptyText = (b: ContentBlock): boolean => b.type === 'text' && b.text.trim() === '';

/** An assistant line whose only content is empty text: folded into its model call in the timeline. */
export const isEmptyTextLine = (e: TraceEvent): boolean =>
  e.kind === 'assistant' && e.blocks.length > 0 && e.blocks.every(isEmptyText);

export function blockSummary(b: ContentBlock): string {
  switch (b.type) {
    case 'text':
      return b.text;
    case 'thinking':
      // Opus 4.7 and later send the signature without the text unless asked: the thinking happened, unseen.
      return b.text.trim() !== '' ? `thinking: ${b.text}` : b.hasSignature ? THINKING_REDACTED : 'thinking (empty)';
    case 'redacted_thinking':
      return 'redacted thinking (encrypted by the API)';
    case 'tool_use':
      return `${b.name}(${inputSummary(b.input)})`;
    case 'server_tool_result':
      return b.blockType;
    case 'image':
      return b.media ? mediaTag(b.media) : `image ${b.mediaType ?? ''}`;
    case 'document':
      return mediaTag(b.media);
    case 'other':
      return b.blockType;
    default:
      return assertNever(b);
  }
}

const int = formatInt;

/** `Compaction (auto) · 167,412 tokens before → 9,870 after · 12.8 s`: what a compact_boundary line says. */
export function compactionSummary(e: SystemEvent): string {
  const c = e.compact;
  const before = c?.preTokens !== undefined ? ` · ${int(c.preTokens)} tokens before` : '';
  const after = c?.postTokens !== undefined ? ` → ${int(c.postTokens)} after` : '';
  const took = c?.durationMs !== undefined ? ` · took ${(c.durationMs / 1000).toFixed(1)} s` : '';
  return `Compaction (${c?.trigger ?? 'trigger not given'})${before}${after}${took}`;
}

const COMMAND_TAG =
  /<(command-name|command-message|command-args|local-command-stdout|local-command-stderr|bash-input|bash-stdout|bash-stderr|local-command-caveat)>([\s\S]*?)<\/\1>/g;
const COMMAND_OUTPUT = [
  'local-command-stdout',
  'local-command-stderr',
  'bash-stdout',
  'bash-stderr',
  'local-command-caveat',
];

/** Terminal control sequences (colours, cursor and mode switches) and OSC strings (titles, links): what Claude Code
 *  keeps of a command's terminal output that is not text. */
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/** Text without terminal control sequences. */
export function stripAnsi(text: string): string {
  return text.includes('\u001b') ? text.replace(ANSI, '') : text;
}

/**
 * A command's output as the terminal showed it, its lines kept: without Claude Code's tags and without colour codes.
 * Undefined when the text is not output (the command itself, or anything else).
 */
export function commandOutput(text: string): string | undefined {
  const parts = new Map<string, string>();
  for (const m of text.matchAll(COMMAND_TAG)) if (m[1] !== undefined) parts.set(m[1], m[2] ?? '');
  if (parts.has('command-name') || parts.has('bash-input')) return undefined;
  const out = COMMAND_OUTPUT.map((k) => parts.get(k)).filter((v): v is string => v !== undefined);
  if (out.length === 0) return undefined;
  return stripAnsi(out.join('\n')).replace(/^\s*\n|\s+$/g, '');
}

/** What a slash command, a `!` shell line or their output reads as, without Claude Code's tags: `/model opus`,
 * `! git status`, or the output's text. */
export function commandSummary(text: string): string {
  const parts = new Map<string, string>();
  for (const m of text.matchAll(COMMAND_TAG)) if (m[1] !== undefined) parts.set(m[1], (m[2] ?? '').trim());
  const name = parts.get('command-name');
  if (name !== undefined)
    return [name.startsWith('/') ? name : `/${name}`, parts.get('command-args')].filter(Boolean).join(' ');
  const input = parts.get('bash-input');
  if (input !== undefined) return `! ${input}`;
  if (parts.size === 0) return text;
  return (
    stripAnsi(
      COMMAND_OUTPUT.map((k) => parts.get(k))
        .filter(Boolean)
        .join(' '),
    ) || '(no output)'
  );
}

/** What a system line says: a `local_command` line (a slash command Claude Code ran, or its output) without the
 * command tags, as `/model` or `Kept model as Default (recommended)`; any other line's text as written. */
export function systemText(e: SystemEvent): string {
  return e.subtype === 'local_command' && e.text ? commandSummary(e.text) : (e.text ?? '');
}

const TOOL_USE_ERROR = /^\s*<tool_use_error>([\s\S]*?)<\/tool_use_error>\s*$/;

/** A tool's error as Claude Code wraps it for the model (`<tool_use_error>…</tool_use_error>`), without the tags. */
export function unwrapToolError(text: string): string {
  return TOOL_USE_ERROR.exec(text)?.[1] ?? text;
}

const NOTIFICATION_TAG = /<([a-z-]+)>([\s\S]*?)<\/\1>/g;

/** A `<task-notification>` read without its tags: `task notification · completed · Background command "x" completed`. */
export function notificationSummary(text: string): string {
  const inner = /<task-notification>([\s\S]*?)(?:<\/task-notification>|$)/.exec(text)?.[1] ?? text;
  const parts = new Map<string, string>();
  for (const m of inner.matchAll(NOTIFICATION_TAG)) if (m[1] !== undefined) parts.set(m[1], (m[2] ?? '').trim());
  const said = [parts.get('status') ?? parts.get('event'), parts.get('summary')].filter(Boolean);
  return [
    'task notification',
    ...(said.length > 0 ? said : [parts.get('task-id') ?? inner.replace(/<[^>]*>/g, ' ')]),
  ].join(' · ');
}

/** The one-line summary of an event for its timeline row. */
export function summarize(e: TraceEvent): string {
  switch (e.kind) {
    case 'user':
      if (e.role === 'command') return oneLine(commandSummary(e.text));
      if (e.role === 'queued') return oneLine(`queued · ${e.text}`);
      if (e.role === 'notification') return oneLine(notificationSummary(e.text));
      return oneLine(withMedia(e.text, e.media, 'first') || (e.images ? count(e.images, 'image') : '(empty prompt)'));
    case 'tool-result': {
      const r = e.results[0];
      if (!r) return '';
      const said = withMedia(unwrapToolError(r.text), r.media, 'first');
      return oneLine(`${r.isError ? 'error: ' : ''}${said || (r.images ? count(r.images, 'image') : '(no output)')}`);
    }
    case 'assistant':
      if (e.blocks.length === 0) return '(no content blocks)';
      if (isEmptyTextLine(e))
        return e.blocks.length === 1 ? 'empty text block' : `${e.blocks.length} empty text blocks`;
      return oneLine(
        e.blocks
          .filter((b) => !isEmptyText(b))
          .map(blockSummary)
          .join(' · '),
      );
    case 'stream': {
      switch (e.event) {
        case 'message_start':
          return `message_start ${e.messageId ?? ''}${e.model ? ` · ${e.model}` : ''}`;
        case 'content_block_start':
          return `block ${e.index ?? 0} start${e.blocks?.[0] ? ` · ${e.blocks[0].type}` : ''}`;
        case 'content_block_delta':
          return `block ${e.index ?? 0} ${e.deltaType ?? 'delta'} ${JSON.stringify(e.fragment ?? '')}`;
        case 'content_block_stop':
          return `block ${e.index ?? 0} stop`;
        case 'message_delta':
          return `message_delta${e.stopReason ? ` · stop_reason ${e.stopReason}` : ''}${e.usage?.output !== undefined ? ` · ${e.usage.output} output tokens` : ''}`;
        case 'message_stop':
          return 'message_stop';
        case 'ping':
          return 'ping';
        case 'error':
          return `stream error: ${e.errorMessage ?? ''}`;
        default:
          return assertNever(e.event);
      }
    }
    case 'result':
      return oneLine(
        `result ${e.subtype}${e.isError ? ' (is_error)' : ''}${e.numTurns !== undefined ? ` · ${e.numTurns} turns` : ''}${e.totalCostUsd !== undefined ? ` · ${formatUsd(e.totalCostUsd)}` : ''}${e.resultText ? ` · ${e.resultText}` : ''}${e.errors.length ? ` · ${e.errors.join('; ')}` : ''}`,
      );
    case 'system':
      return oneLine(
        e.subtype === 'init'
          ? `init · ${e.model ?? ''}${e.permissionMode ? ` · ${e.permissionMode}` : ''}${e.cwd ? ` · ${e.cwd}` : ''}`
          : e.subtype === 'compact_boundary'
            ? compactionSummary(e)
            : `${e.subtype ?? e.type}${e.text ? ` · ${systemText(e)}` : ''}${e.durationMs !== undefined ? ` · ${e.durationMs} ms` : ''}`,
      );
    case 'permission-denied':
      return oneLine(`permission denied · ${e.toolName}${e.message ? ` · ${e.message}` : ''}`);
    case 'hook': {
      const reply = e.text ? hookReply(e.text) : '';
      return oneLine(
        `${e.hookName ?? e.hookEvent ?? 'hook'} ${e.via === 'progress' ? 'running' : e.phase}${e.decision ? ` · ${e.decision}` : ''}${e.outcome ? ` · ${e.outcome}` : ''}${reply ? ` · ${reply}` : ''}`,
      );
    }
    case 'progress':
      return oneLine(
        `${e.progressType}${e.text ? ` · ${e.text}` : ''}${e.embedded ? ` · copy of ${e.embedded.role} ${e.embedded.messageId ?? ''}` : ''}`,
      );
    case 'control':
      return oneLine(
        `control ${e.frame}${e.subtype ? ` ${e.subtype}` : ''}${e.toolName ? ` · ${e.toolName}` : ''}${e.behavior ? ` · ${e.behavior}` : ''}${e.message ? ` · ${e.message}` : ''}`,
      );
    case 'meta':
      return oneLine(`${e.metaType}${e.text ? ` · ${e.text}` : ''}`);
    case 'eval':
      return oneLine(
        `evaluation · ${e.passed === undefined ? 'no verdict' : e.passed ? 'test passed' : 'test failed'}${e.testSummary ? ` · ${e.testSummary}` : ''}${e.transportError ? ` · transport error: ${e.transportError}` : ''}`,
      );
    case 'unknown':
      return oneLine(`${e.type ?? '?'}${e.subtype ? `/${e.subtype}` : ''} · ${e.reason}`);
    default:
      return assertNever(e);
  }
}

/** The text free-text filtering and search look in: the summary plus the event's full kept text. */
export function searchText(e: TraceEvent): string {
  switch (e.kind) {
    case 'assistant':
      return e.blocks
        .map((b) => (b.type === 'tool_use' ? `${b.name} ${JSON.stringify(b.input)}` : blockSummary(b)))
        .join('\n');
    case 'tool-result':
      return e.results.map((r) => r.text).join('\n');
    case 'user':
      return e.text;
    default:
      return summarize(e);
  }
}

/** Tool call indexes an event is part of: its request, its result, or a piece of its permission evidence. */
export function toolCallsOf(e: TraceEvent, trace: Trace): readonly number[] {
  return trace.eventCalls.get(e.seq) ?? [];
}

/** Tool names an event is about: those of its calls, and server tools it uses. */
export function toolNamesOf(e: TraceEvent, trace: Trace): string[] {
  const names = toolCallsOf(e, trace).map((i) => trace.toolCalls[i]?.name ?? '');
  if (e.kind === 'assistant') for (const b of e.blocks) if (b.type === 'tool_use' && b.server) names.push(b.name);
  if ((e.kind === 'permission-denied' || e.kind === 'control') && e.toolName) names.push(e.toolName);
  return [...new Set(names.filter(Boolean))];
}
