/**
 * React keys for the drawn rows of a virtual list (see VirtualList), chosen so that each scroll does the least work:
 *
 * - a row still drawn keeps its key, so its element stays as it is (a memoized row does not even render again): a slow
 *   scroll draws only the rows that come into view;
 * - a row that comes into view next to rows still drawn gets a new key: React makes its element, and removes the
 *   elements of rows gone out of view, but moves none (a moved element is styled and laid out from scratch, and React
 *   moves every element after one brought to the front);
 * - after a jump (fewer than half the rows in common: a fast scroll, a scrollbar dragged), the rows take the keys of
 *   the rows drawn at their places, in order: every element is filled in place, none is made, moved or removed (making
 *   most of the rows anew would cost more than filling them all).
 */
export interface RowKeys {
  /** The first drawn row. */
  readonly start: number;
  /** The key of each drawn row, from `start` on. */
  readonly keys: readonly number[];
  /** The next new key. */
  readonly next: number;
}

export const NO_ROWS: RowKeys = { start: 0, keys: [], next: 0 };

/** The keys of rows [start, end) after `prev`. */
export function rowKeys(prev: RowKeys, start: number, end: number): RowKeys {
  const prevEnd = prev.start + prev.keys.length;
  if (start === prev.start && end === prevEnd) return prev;
  const common = Math.max(0, Math.min(end, prevEnd) - Math.max(start, prev.start));
  const jump = common * 2 < end - start;
  const keys: number[] = [];
  let next = prev.next;
  for (let i = start; i < end; i++) {
    const kept = jump ? prev.keys[i - start] : i >= prev.start && i < prevEnd ? prev.keys[i - prev.start] : undefined;
    keys.push(kept ?? next++);
  }
  return { start, keys, next };
}
