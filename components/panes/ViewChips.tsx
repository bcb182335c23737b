'use client';

import { CHIPS, type ChipCounts, type ChipKey } from '../../lib/view/chips';

/** Toggles for the lines the timeline hides by default: hooks, progress, meta/system lines and stream events. */
export function ViewChips({
  counts,
  show,
  onShow,
}: {
  counts: ChipCounts;
  show: readonly ChipKey[];
  onShow: (show: readonly ChipKey[]) => void;
}) {
  return (
    <div role="group" aria-label="Show in timeline" className="flex items-center gap-1">
      <span className="text-neutral-500">show</span>
      {CHIPS.map((c) => {
        const on = show.includes(c.key);
        const n = counts[c.key];
        return (
          <button
            key={c.key}
            type="button"
            aria-pressed={on}
            disabled={n === 0 && !on}
            title={`${on ? 'Hide' : 'Show'} ${c.title}`}
            onClick={() => onShow(on ? show.filter((k) => k !== c.key) : [...show, c.key])}
            className={`rounded border px-1.5 leading-[18px] tabular-nums disabled:cursor-default disabled:opacity-40 ${
              on
                ? 'border-sky-600 bg-sky-100 text-sky-900 dark:border-sky-500 dark:bg-sky-900 dark:text-sky-100'
                : 'border-neutral-300 bg-white text-neutral-700 hover:border-neutral-500 dark:border-neutral-600 dark:bg-neutral-900 dark:text-neutral-300'
            }`}
          >
            {c.label} {n.toLocaleString('en-US')}
          </button>
        );
      })}
    </div>
  );
}
