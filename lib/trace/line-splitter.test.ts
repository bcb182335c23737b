import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextHigh } from './line-splitter';

describe('nextHigh', () => {
  it('finds the first byte past 0x7F in any range of any view, aligned or not', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 80 }).map((b) => b.map((x) => (x % 7 === 0 ? x | 0x80 : x & 0x7f))),
        fc.nat(7),
        fc.nat(80),
        fc.nat(80),
        (bytes, shift, a, b) => {
          const backing = new Uint8Array(bytes.length + shift);
          backing.set(bytes, shift);
          const view = backing.subarray(shift);
          const [from, to] = [Math.min(a, b, view.length), Math.min(Math.max(a, b), view.length)];
          let want = -1;
          for (let i = from; i < to; i++)
            if ((view[i] ?? 0) >= 0x80) {
              want = i;
              break;
            }
          expect(nextHigh(view, from, to)).toBe(want);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
