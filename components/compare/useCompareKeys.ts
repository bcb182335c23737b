'use client';

import { useEffect, useRef, type KeyboardEvent } from 'react';
import { stepDifference } from '../../lib/compare';
import { ROW_HEIGHT } from './CompareRows';

// The compare view's keys: in the rows, ↑/↓ (j/k), PageUp/PageDown, Home/End move and n/p/f step to the next,
// previous and first difference; n, p and f also work wherever else the focus is, as long as nothing is being typed.

export interface CompareKeys {
  /** The selected row, the rows that differ, the first divergence's row (-1: none) and the count of rows. */
  readonly selected: number;
  readonly diffRows: readonly number[];
  readonly firstRow: number;
  readonly count: number;
  readonly select: (i: number) => void;
}

const typing = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement &&
  (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);

/** The rows' own key handler; also listens on the window for n, p and f. */
export function useCompareKeys({ selected, diffRows, firstRow, count, select }: CompareKeys) {
  const jump = useRef({ next: () => {}, prev: () => {}, first: () => {} });
  jump.current = {
    next: () => select(stepDifference(diffRows, selected, 1)),
    prev: () => select(stepDifference(diffRows, selected, -1)),
    first: () => select(Math.max(0, firstRow)),
  };
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      const j = jump.current;
      const act = e.key === 'n' ? j.next : e.key === 'p' ? j.prev : e.key === 'f' ? j.first : undefined;
      if (!act) return;
      e.preventDefault();
      act();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // In the rows, their own handler takes the keys first.
  return (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const page = Math.max(1, Math.floor((e.currentTarget.clientHeight || 400) / ROW_HEIGHT - 2));
    const to: Record<string, number> = {
      ArrowDown: selected + 1,
      j: selected + 1,
      ArrowUp: selected - 1,
      k: selected - 1,
      PageDown: selected + page,
      PageUp: selected - page,
      Home: 0,
      End: count - 1,
      n: stepDifference(diffRows, selected, 1),
      p: stepDifference(diffRows, selected, -1),
      f: Math.max(0, firstRow),
    };
    const next = to[e.key];
    if (next === undefined) return;
    e.preventDefault();
    select(next);
  };
}
