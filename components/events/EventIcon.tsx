import type { EventKind } from '../../lib/trace/types';

type IconKind = EventKind | 'response' | 'turn' | 'agent' | UserIcon | VerdictIcon;

/** Glyphs that say how something ended (see `eventIcon` in lib/view/rowview): an evaluation's verdict (plain `eval`
 *  has none), a result frame that is an error. */
type VerdictIcon = 'eval-passed' | 'eval-failed' | 'result-error';

/** User lines that are not prompts: what Claude Code wrote in the user's place (see `eventIcon` in lib/view/rowview). */
type UserIcon = 'command' | 'command-output' | 'interrupt' | 'notification' | 'compact-summary' | 'user-meta';

const ICONS: Record<IconKind, { glyph: string; className: string; title: string }> = {
  user: { glyph: '›', className: 'text-sky-700 dark:text-sky-300', title: 'user prompt' },
  command: { glyph: '$', className: 'text-sky-700 dark:text-sky-300', title: 'command' },
  // As a console shows output beside its input.
  'command-output': { glyph: '‹', className: 'text-neutral-600 dark:text-neutral-400', title: 'command output' },
  interrupt: { glyph: '✕', className: 'text-amber-700 dark:text-amber-400', title: 'interrupted by the user' },
  notification: { glyph: '!', className: 'text-neutral-600 dark:text-neutral-400', title: 'task notification' },
  'compact-summary': { glyph: '≡', className: 'text-neutral-600 dark:text-neutral-400', title: 'compaction summary' },
  'user-meta': { glyph: '·', className: 'text-neutral-500', title: 'user line, not typed (meta)' },
  assistant: { glyph: '◆', className: 'text-violet-700 dark:text-violet-300', title: 'assistant message' },
  'tool-result': { glyph: '↩', className: 'text-teal-700 dark:text-teal-300', title: 'tool result' },
  stream: { glyph: '≋', className: 'text-neutral-500', title: 'stream event' },
  result: { glyph: '■', className: 'text-emerald-700 dark:text-emerald-400', title: 'result' },
  system: { glyph: '⚙', className: 'text-neutral-600 dark:text-neutral-400', title: 'system' },
  'permission-denied': { glyph: '⊘', className: 'text-red-700 dark:text-red-400', title: 'permission denied' },
  hook: { glyph: '⚓', className: 'text-amber-700 dark:text-amber-400', title: 'hook' },
  progress: { glyph: '…', className: 'text-neutral-500', title: 'progress' },
  control: { glyph: '⇄', className: 'text-orange-700 dark:text-orange-400', title: 'control frame' },
  meta: { glyph: '·', className: 'text-neutral-500', title: 'metadata' },
  eval: { glyph: '◎', className: 'text-neutral-600 dark:text-neutral-400', title: 'evaluation, no verdict' },
  'eval-passed': { glyph: '✓', className: 'text-emerald-700 dark:text-emerald-400', title: 'evaluation passed' },
  'eval-failed': { glyph: '✗', className: 'text-red-700 dark:text-red-400', title: 'evaluation failed' },
  'result-error': { glyph: '■', className: 'text-red-700 dark:text-red-400', title: 'result, an error' },
  unknown: { glyph: '?', className: 'text-fuchsia-700 dark:text-fuchsia-400', title: 'unknown type (raw)' },
  response: { glyph: '▤', className: 'text-neutral-700 dark:text-neutral-300', title: 'response' },
  turn: { glyph: '◇', className: 'text-violet-700 dark:text-violet-300', title: 'model call' },
  agent: { glyph: '⤷', className: 'text-indigo-700 dark:text-indigo-300', title: 'subagent' },
};

function isIconKind(k: string): k is IconKind {
  return k in ICONS;
}

/** The kind's glyph; an empty `kind` keeps the place of one (a row still being fetched). */
export function EventIcon({ kind }: { kind: string }) {
  if (kind === '') return <span aria-hidden className="inline-block w-4 shrink-0 text-center font-mono" />;
  const icon = isIconKind(kind) ? ICONS[kind] : ICONS.unknown;
  return (
    <span
      aria-hidden
      className={`inline-block w-4 shrink-0 text-center font-mono ${icon.className}`}
      title={icon.title}
    >
      {icon.glyph}
    </span>
  );
}

export const kindTitle = (kind: string): string => (isIconKind(kind) ? ICONS[kind].title : kind);
