import { describe, expect, it } from 'vitest';
import { NO_ROWS, rowKeys } from './row-keys';

const keysOf = (k: { keys: readonly number[] }) => [...k.keys];

describe('rowKeys', () => {
  it('gives the first rows new keys', () => {
    expect(keysOf(rowKeys(NO_ROWS, 0, 4))).toEqual([0, 1, 2, 3]);
  });

  it('keeps the keys of rows still drawn, and gives the rows coming into view new ones (scrolling down)', () => {
    const a = rowKeys(NO_ROWS, 0, 4);
    const b = rowKeys(a, 2, 6);
    expect(keysOf(b)).toEqual([2, 3, 4, 5]);
  });

  it('does the same scrolling up: no kept key moves', () => {
    const a = rowKeys(NO_ROWS, 10, 20);
    const b = rowKeys(a, 7, 17);
    // Rows 10 to 16 keep theirs; 7, 8, 9 are new.
    expect(keysOf(b)).toEqual([10, 11, 12, 0, 1, 2, 3, 4, 5, 6]);
  });

  it('after a jump, takes the keys of the rows replaced, in order', () => {
    const a = rowKeys(rowKeys(NO_ROWS, 0, 4), 2, 6);
    expect(keysOf(rowKeys(a, 100, 104))).toEqual([2, 3, 4, 5]);
    // More rows than before (a taller viewport): the extra ones get new keys.
    expect(keysOf(rowKeys(a, 100, 106))).toEqual([2, 3, 4, 5, 6, 7]);
    expect(keysOf(rowKeys(a, 100, 102))).toEqual([2, 3]);
  });

  it('after a step that keeps fewer than half the rows, fills every place in order', () => {
    const a = rowKeys(NO_ROWS, 0, 10);
    // Rows 7, 8, 9 are still drawn, but at other places: the ten elements are filled in place.
    expect(keysOf(rowKeys(a, 7, 17))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Half of them kept: those keep their elements.
    expect(keysOf(rowKeys(a, 5, 15))).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });

  it('is the same object when the window has not moved (a render that is not a scroll)', () => {
    const a = rowKeys(NO_ROWS, 5, 9);
    expect(rowKeys(a, 5, 9)).toBe(a);
  });

  it('never gives two drawn rows the same key', () => {
    let k = NO_ROWS;
    const steps = [
      [0, 40],
      [3, 43],
      [200, 240],
      [190, 230],
      [195, 236],
      [0, 10],
      [5, 45],
      [44, 90],
    ] as const;
    for (const [s, e] of steps) {
      k = rowKeys(k, s, e);
      expect(new Set(k.keys).size).toBe(e - s);
    }
  });
});
