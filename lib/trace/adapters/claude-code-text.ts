import { formatInt } from '../text-order';
import { userContentFrom } from './common';
import type { MediaInfo } from '../media';
import type { RawBlock } from './schemas';

// Text Claude Code keeps in fields of its own, read into what a timeline row says.

const get = (o: unknown, k: string): unknown => (typeof o === 'object' && o !== null ? Reflect.get(o, k) : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

const isBlock = (v: unknown): v is RawBlock =>
  typeof v === 'object' && v !== null && typeof Reflect.get(v, 'type') === 'string';

/**
 * A `queued_command` attachment's prompt (a string or content blocks), and whether a person typed it: `commandMode`
 * "prompt" (or none) from a human origin (or none), not marked meta. Task notifications and peer messages are not.
 */
export function queuedPrompt(
  a: Readonly<Record<string, unknown>>,
): { text: string; images: number; media: readonly MediaInfo[]; typed: boolean } | undefined {
  const prompt = a['prompt'];
  const content = typeof prompt === 'string' ? prompt : Array.isArray(prompt) ? prompt.filter(isBlock) : undefined;
  if (content === undefined) return undefined;
  const {
    text,
    images,
    media: found,
  } = userContentFrom(content, { clamp: Number.MAX_SAFE_INTEGER }, 'attachment.prompt');
  // A block's place is its index in the line: only when no element was left out do the indexes match.
  const media = Array.isArray(prompt) && content.length === prompt.length ? found : [];
  const mode = a['commandMode'];
  const origin = a['origin'];
  const originKind = typeof origin === 'object' && origin !== null ? Reflect.get(origin, 'kind') : undefined;
  const typed =
    (mode === undefined || mode === 'prompt') &&
    (originKind === undefined || originKind === 'human') &&
    a['isMeta'] !== true;
  return { text, images, media, typed };
}

/**
 * What an `api_error` system line says (it has no `content`): the HTTP status, the API's error type and message (the
 * body nests as error.error.error), or the connection error's cause, then the retry it waits for:
 * `529 overloaded_error: Overloaded · retry 1 of 10 in 1.2 s`.
 */
export function apiErrorText(line: Readonly<Record<string, unknown>>): string | undefined {
  const error = line['error'];
  const status = num(get(error, 'status'));
  let inner: unknown = error;
  for (let i = 0; i < 3 && typeof get(inner, 'error') === 'object'; i++) inner = get(inner, 'error');
  const type = str(get(inner, 'type'));
  const message =
    str(get(error, 'formatted')) ??
    str(get(inner, 'message')) ??
    str(get(error, 'message')) ??
    (typeof error === 'string' ? str(error) : undefined);
  const cause = get(error, 'cause') ?? line['cause'];
  const causeText = [str(get(cause, 'code')), str(get(cause, 'message'))].filter(Boolean).join(' ');
  const what = [status, type && type !== 'error' ? `${type}:` : undefined, message ?? (causeText || undefined)]
    .filter((x) => x !== undefined)
    .join(' ');
  const attempt = num(line['retryAttempt']);
  const max = num(line['maxRetries']);
  const wait = num(line['retryInMs']);
  const retry =
    attempt !== undefined
      ? `retry ${attempt}${max !== undefined ? ` of ${max}` : ''}${wait !== undefined ? ` in ${(wait / 1000).toFixed(1)} s` : ''}`
      : undefined;
  const text = [what || undefined, retry].filter(Boolean).join(' · ');
  return text || undefined;
}

/**
 * What a `microcompact_boundary` line says: Claude Code cleared old tool results from the context (not a full
 * compaction: the conversation goes on unsummarized). `Context microcompacted (auto) · 150,000 tokens before ·
 * 42,000 saved · 3 tool results cleared`.
 */
export function microcompactText(line: Readonly<Record<string, unknown>>): string {
  const meta = line['microcompactMetadata'];
  const trigger = str(get(meta, 'trigger'));
  const before = num(get(meta, 'preTokens'));
  const saved = num(get(meta, 'tokensSaved'));
  const ids = get(meta, 'compactedToolIds');
  const cleared = Array.isArray(ids) ? ids.length : undefined;
  return [
    `${str(line['content']) ?? 'Context microcompacted'}${trigger ? ` (${trigger})` : ''}`,
    before !== undefined ? `${formatInt(before)} tokens before` : undefined,
    saved !== undefined ? `${formatInt(saved)} saved` : undefined,
    cleared !== undefined ? `${cleared} tool result${cleared === 1 ? '' : 's'} cleared` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}
