'use client';

import type { SkippedFile } from '../home/intake';

const SHOWN = 5;

/** The files of a drop that were not opened, each named with why, until dismissed. */
export function SkippedNote({ skipped, onDismiss }: { skipped: readonly SkippedFile[]; onDismiss: () => void }) {
  if (skipped.length === 0) return null;
  const more = skipped.length - SHOWN;
  return (
    <section
      aria-label="Skipped files"
      className="flex shrink-0 items-start gap-2 border-b border-amber-200 bg-amber-50 px-2 py-0.5 text-[12px] text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200"
    >
      <ul className="min-w-0 flex-1">
        {skipped.slice(0, SHOWN).map((f) => (
          <li key={f.path} className="truncate" title={`${f.path}: ${f.reason}`}>
            Skipped <span className="font-mono">{f.path}</span>: {f.reason}
          </li>
        ))}
        {more > 0 ? <li>…and {more} more file(s) skipped</li> : null}
      </ul>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={onDismiss}
        className="shrink-0 px-1 text-amber-800 hover:text-amber-950 dark:text-amber-300 dark:hover:text-amber-100"
      >
        ✕
      </button>
    </section>
  );
}
