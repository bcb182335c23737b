import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alignKeys } from './align';

/** Every index of each side once, in order; equal steps pair equal keys. */
function check(a: string[], b: string[]): number {
  const steps = alignKeys(a, b);
  const as: number[] = [];
  const bs: number[] = [];
  let equal = 0;
  for (const s of steps) {
    if (s.kind === 'equal') {
      expect(a[s.a]).toBe(b[s.b]);
      as.push(s.a);
      bs.push(s.b);
      equal += 1;
    } else {
      as.push(...s.as);
      bs.push(...s.bs);
    }
  }
  expect(as).toEqual(a.map((_, i) => i));
  expect(bs).toEqual(b.map((_, i) => i));
  return equal;
}

describe('alignKeys', () => {
  it('covers both sides in order and pairs only equal keys, whatever the keys', () => {
    const keys = fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), { maxLength: 40 });
    fc.assert(fc.property(keys, keys, (a, b) => void check(a, b)));
  });

  it('keeps every key two runs share when one run only inserts and removes', () => {
    const a = Array.from({ length: 2000 }, (_, i) => `k${i}`);
    const b = a.filter((_, i) => i % 9 !== 4).flatMap((k, i) => (i % 13 === 2 ? [k, `new${i}`] : [k]));
    // Repeated keys too (the same call made twice): they are aligned between the unique anchors.
    expect(check([...a, 'x', 'x', 'y'], [...b, 'x', 'y', 'x'])).toBe(a.filter((_, i) => i % 9 !== 4).length + 2);
  });
});
