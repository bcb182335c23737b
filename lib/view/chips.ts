import type { Trace } from '../trace/model/types';
import type { TraceEvent } from '../trace/types';

// The timeline shows the conversation by default (prompts, model calls, text, tool calls, results, errors). The rest
// of the lines are grouped under chips the toolbar turns on and off; a hidden line is still counted in its chip,
// still part of its tool call's chain, and still found by a filter (which then says how many it hides).

export type ChipKey = 'hooks' | 'progress' | 'meta' | 'stream';

export interface ChipInfo {
  readonly key: ChipKey;
  readonly label: string;
  readonly title: string;
}

export const CHIPS: readonly ChipInfo[] = [
  { key: 'hooks', label: 'Hooks', title: 'hook runs: PreToolUse, PostToolUse, SessionStart, UserPromptSubmit, Stop' },
  {
    key: 'progress',
    label: 'Progress',
    title: 'progress while a tool ran: bash_progress, tool_progress, agent_progress copies',
  },
  {
    key: 'meta',
    label: 'Meta',
    title: 'meta and system lines: snapshots, titles, attachments, init, turn_duration, status',
  },
  { key: 'stream', label: 'Stream', title: 'stream events (message_start, deltas, …) folded under their model call' },
];

export const CHIP_KEYS: readonly ChipKey[] = CHIPS.map((c) => c.key);

export type ChipCounts = Readonly<Record<ChipKey, number>>;

export const zeroCounts = (): Record<ChipKey, number> => ({ hooks: 0, progress: 0, meta: 0, stream: 0 });

/** System lines that stay in the conversation: a compaction or microcompaction, and errors a reader must see. */
function conversational(e: TraceEvent & { kind: 'system' }): boolean {
  return (
    e.subtype === 'compact_boundary' ||
    e.subtype === 'microcompact_boundary' ||
    e.subtype === 'api_error' ||
    e.subtype === 'api_retry' ||
    e.level === 'error'
  );
}

/** The chip an event is shown under, or undefined when it is part of the conversation (always shown). */
export function chipOf(e: TraceEvent): ChipKey | undefined {
  switch (e.kind) {
    case 'hook':
      return 'hooks';
    case 'progress':
      return 'progress';
    case 'stream':
      return 'stream';
    case 'meta':
      return 'meta';
    case 'system':
      return conversational(e) ? undefined : 'meta';
    case 'user':
      return e.role === 'meta' ? 'meta' : undefined;
    default:
      return undefined;
  }
}

const codes = new WeakMap<Trace, Uint8Array>();

/** Per event seq: 0 for the conversation, else 1 + the index of its chip in `CHIP_KEYS`; computed once per trace. */
export function chipCodes(trace: Trace): Uint8Array {
  const hit = codes.get(trace);
  if (hit) return hit;
  const out = new Uint8Array(trace.events.length);
  for (const e of trace.events) {
    const c = chipOf(e);
    if (c) out[e.seq] = CHIP_KEYS.indexOf(c) + 1;
  }
  codes.set(trace, out);
  return out;
}

/** How many lines each chip holds. */
export function chipCounts(trace: Trace): ChipCounts {
  const out = zeroCounts();
  for (const code of chipCodes(trace)) {
    const k = CHIP_KEYS[code - 1];
    if (k) out[k] += 1;
  }
  return out;
}

/** The `show=` URL value: known chip keys, in chip order, without repeats. */
export function parseShow(value: string | null | undefined): ChipKey[] {
  const words = new Set((value ?? '').split(',').map((w) => w.trim()));
  return CHIP_KEYS.filter((k) => words.has(k));
}

export function showString(show: readonly ChipKey[]): string {
  return CHIP_KEYS.filter((k) => show.includes(k)).join(',');
}
