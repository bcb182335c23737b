'use client';

import { CHIPS, type ChipCounts, type ChipKey } from '../../lib/view/chips';
import { Button } from '../ui/kit/Button';
import { formatInt } from '../../lib/trace/text-order';

export const hasHidden = (counts: ChipCounts | undefined): boolean =>
  counts !== undefined && CHIPS.some((c) => counts[c.key] > 0);

/**
 * The filter narrows what the chips show. When it matches lines whose chip is off, this says how many, per chip, with
 * one button that turns those chips on: a filter never hides its matches silently.
 */
export function HiddenMatches({
  counts,
  empty,
  filtered,
  onShow,
}: {
  counts: ChipCounts;
  /** No event is shown (response headers may be). */
  empty: boolean;
  /** A filter is applied: the lines it matched. Without one (a file of meta lines only), simply lines. */
  filtered: boolean;
  onShow: (keys: readonly ChipKey[]) => void;
}) {
  const hidden = CHIPS.filter((c) => counts[c.key] > 0);
  if (hidden.length === 0) return null;
  const total = hidden.reduce((n, c) => n + counts[c.key], 0);
  const names = hidden.map((c) => c.label.toLowerCase());
  return (
    <div
      role="status"
      aria-label="Hidden matches"
      className="flex shrink-0 items-center gap-2 border-b border-amber-200 bg-amber-50 px-2 py-1 text-[12px] text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200"
    >
      <span>
        {empty ? 'No events shown: ' : ''}
        {formatInt(total)} {filtered ? 'matching ' : ''}
        {total === 1 ? 'line is' : 'lines are'} hidden (
        {hidden.map((c) => `${c.label} ${formatInt(counts[c.key])}`).join(', ')}).
      </span>
      <Button variant="note" size="compact" onClick={() => onShow(hidden.map((c) => c.key))}>
        Show {names.join(' and ')}
      </Button>
    </div>
  );
}
