import { userContentFrom } from './common';
import type { RawBlock } from './schemas';

// Text Claude Code keeps in fields of its own, read into what a timeline row says.

const isBlock = (v: unknown): v is RawBlock => typeof v === 'object' && v !== null && typeof Reflect.get(v, 'type') === 'string';

/**
 * A `queued_command` attachment's prompt (a string or content blocks), and whether a person typed it: `commandMode`
 * "prompt" (or none) from a human origin (or none), not marked meta. Task notifications and peer messages are not.
 */
export function queuedPrompt(a: Readonly<Record<string, unknown>>): { text: string; images: number; typed: boolean } | undefined {
  const prompt = a['prompt'];
  const content = typeof prompt === 'string' ? prompt : Array.isArray(prompt) ? prompt.filter(isBlock) : undefined;
  if (content === undefined) return undefined;
  const { text, images } = userContentFrom(content, { clamp: Number.MAX_SAFE_INTEGER });
  const mode = a['commandMode'];
  const origin = a['origin'];
  const originKind = typeof origin === 'object' && origin !== null ? Reflect.get(origin, 'kind') : undefined;
  const typed = (mode === undefined || mode === 'prompt') && (originKind === undefined || originKind === 'human') && a['isMeta'] !== true;
  return { text, images, typed };
}
