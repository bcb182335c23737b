'use client';

import type { LossLine } from '../../lib/view/loss';

const SHOWN = 5;

/**
 * What the load left out, in words (a line past the line limit, a gzip file cut at its inflate limit, usage numbers
 * not counted), until dismissed: a trace that looks complete must not be missing something silently.
 */
export function LossNote({ lines, onDiagnostics, onDismiss }: { lines: readonly LossLine[]; onDiagnostics: () => void; onDismiss: () => void }) {
  if (lines.length === 0) return null;
  const more = lines.length - SHOWN;
  return (
    <section
      aria-label="Not loaded"
      className="flex shrink-0 items-start gap-2 border-b border-red-200 bg-red-50 px-2 py-0.5 text-[12px] text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      <ul className="min-w-0 flex-1">
        {lines.slice(0, SHOWN).map((l, i) => (
          <li key={i} className="break-words">
            {l.text}
          </li>
        ))}
        {more > 0 ? <li>…and {more} more</li> : null}
      </ul>
      <button type="button" onClick={onDiagnostics} className="shrink-0 px-1 underline hover:text-red-950 dark:hover:text-red-100">
        Diagnostics
      </button>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={onDismiss}
        className="shrink-0 px-1 text-red-800 hover:text-red-950 dark:text-red-300 dark:hover:text-red-100"
      >
        ✕
      </button>
    </section>
  );
}
