'use client';

import { useState } from 'react';
import { count, formatInt } from '../../../lib/trace/text-order';
import { Button } from './Button';

/**
 * How many of a long list are drawn: the first `first`, then more on request. A 2 GB trace has thousands of agents and
 * result frames; drawn whole, the Stats pane's layout held the main thread for half a second.
 */
export function useShown(total: number, first = 20): { shown: number; more: () => void; all: () => void } {
  const [shown, setShown] = useState(first);
  return {
    shown: Math.min(shown, total),
    more: () => setShown((n) => n + Math.max(first, 100)),
    // All of them, however many there come to be (a trace read again may have more).
    all: () => setShown(Infinity),
  };
}

/** "20 of 1,640 agents shown", with Show more (a hundred more) and Show all, where a list was cut; nothing where not. */
export function ShowMore({
  shown,
  total,
  what,
  more,
  all,
}: {
  shown: number;
  total: number;
  what: string;
  more: () => void;
  all: () => void;
}) {
  if (shown >= total) return null;
  return (
    <span className="flex flex-wrap items-center gap-x-2 py-0.5 text-neutral-500">
      {formatInt(shown)} of {count(total, what)} shown
      <Button variant="quiet" size="compact" className="whitespace-nowrap" onClick={more}>
        Show more
      </Button>
      <Button variant="quiet" size="compact" className="whitespace-nowrap" onClick={all}>
        Show all
      </Button>
    </span>
  );
}
