'use client';

import type { ReactNode } from 'react';
import { FOCUS_RING } from './kit/styles';

const TONE = {
  amber: {
    strip: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200',
    button: 'text-amber-800 hover:text-amber-950 dark:text-amber-300 dark:hover:text-amber-100',
  },
  red: {
    strip: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-200',
    button: 'text-red-800 hover:text-red-950 dark:text-red-300 dark:hover:text-red-100',
  },
} as const;

/** A strip of notes under the toolbar (the first `shown` items, then a count of the rest), until dismissed. */
export function NoteStrip({
  label,
  tone,
  items,
  shown = 5,
  more,
  actions,
  onDismiss,
}: {
  label: string;
  tone: keyof typeof TONE;
  items: readonly { readonly key: string; readonly node: ReactNode; readonly title?: string }[];
  shown?: number;
  /** The line that counts the items not shown. */
  more: (n: number) => ReactNode;
  actions?: ReactNode;
  onDismiss: () => void;
}) {
  if (items.length === 0) return null;
  const rest = items.length - shown;
  const t = TONE[tone];
  return (
    <section
      aria-label={label}
      className={`flex shrink-0 items-start gap-2 border-b px-2 py-0.5 text-[12px] ${t.strip}`}
    >
      <ul className="min-w-0 flex-1">
        {items.slice(0, shown).map((it) => (
          <li key={it.key} className="break-words" {...(it.title !== undefined ? { title: it.title } : {})}>
            {it.node}
          </li>
        ))}
        {rest > 0 ? <li>{more(rest)}</li> : null}
      </ul>
      {actions}
      <button
        type="button"
        aria-label="Dismiss"
        onClick={onDismiss}
        className={`shrink-0 rounded px-1 ${t.button} ${FOCUS_RING}`}
      >
        ✕
      </button>
    </section>
  );
}
