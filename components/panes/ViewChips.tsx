'use client';

import { CHIPS, type ChipCounts, type ChipKey } from '../../lib/view/chips';
import { Toggle } from '../ui/kit/Toggle';
import { formatInt } from '../../lib/trace/text-order';

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
          <Toggle
            key={c.key}
            pressed={on}
            disabled={n === 0 && !on}
            title={`${on ? 'Hide' : 'Show'} ${c.title}`}
            onClick={() => onShow(on ? show.filter((k) => k !== c.key) : [...show, c.key])}
          >
            {c.label} {formatInt(n)}
          </Toggle>
        );
      })}
    </div>
  );
}
