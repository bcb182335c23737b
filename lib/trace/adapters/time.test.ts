import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoMillis, isoMillisBytes, timeFrom } from './time';

const enc = new TextEncoder();
/** `isoMillisBytes` of a text's UTF-8 bytes, placed in the middle of a bigger buffer. */
const bytesMillis = (text: string): number | undefined => {
  const b = enc.encode(text);
  const buf = new Uint8Array(b.length + 10).fill(0x32);
  buf.set(b, 5);
  return isoMillisBytes(buf, 5, b.length);
};
const pad = (n: number, w: number): string => String(n).padStart(w, '0');

describe('timeFrom', () => {
  it('reads toISOString timestamps exactly as Date.parse does, over the whole 4-digit year range', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0000-01-01T00:00:00.000Z'),
          max: new Date('9999-12-31T23:59:59.999Z'),
          noInvalidDate: true,
        }),
        (d) => {
          const s = d.toISOString();
          expect(isoMillis(s)).toBe(Date.parse(s));
          expect(bytesMillis(s)).toBe(Date.parse(s));
          expect(timeFrom(s)).toBe(d.getTime());
        },
      ),
      { numRuns: 2000, seed: 7 },
    );
  });

  it('agrees with Date.parse on strings of the same shape with any field values', () => {
    const field = (w: number): fc.Arbitrary<number> => fc.integer({ min: 0, max: 10 ** w - 1 });
    fc.assert(
      fc.property(
        fc.tuple(field(4), field(2), field(2), field(2), field(2), field(2), field(3)),
        ([y, mo, d, h, mi, s, ms]) => {
          const text = `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}.${pad(ms, 3)}Z`;
          const fast = isoMillis(text);
          expect(bytesMillis(text)).toBe(fast);
          // Taken by the fast reading: the same number; left to Date.parse: whatever it says.
          if (fast !== undefined) expect(fast).toBe(Date.parse(text));
          const parsed = Date.parse(text);
          expect(timeFrom(text)).toBe(Number.isNaN(parsed) ? undefined : parsed);
        },
      ),
      { numRuns: 3000, seed: 11 },
    );
  });

  it('leaves other forms, rolled-over dates and garbage to Date.parse', () => {
    for (const s of [
      '2026-02-30T00:00:00.000Z',
      '2026-01-01T24:00:00.000Z',
      '2026-01-01T00:00:00Z',
      '2026-01-01T00:00:00.000+01:00',
      '2026-01-01',
      'x026-01-01T00:00:00.000Z',
      '2026-01-01T00:00:60.000Z',
    ]) {
      expect(isoMillis(s)).toBeUndefined();
      expect(bytesMillis(s)).toBeUndefined();
      const t = Date.parse(s);
      expect(timeFrom(s)).toBe(Number.isNaN(t) ? undefined : t);
    }
    expect([timeFrom(12), timeFrom(Infinity), timeFrom(null), timeFrom(undefined), timeFrom('soon')]).toEqual([
      12,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(isoMillis('2024-02-29T12:00:00.500Z')).toBe(Date.UTC(2024, 1, 29, 12, 0, 0, 500));
  });

  it('reads bytes as it reads text, whatever the characters', () => {
    // Near-timestamps with any character anywhere (non-ASCII ones change the byte length: then neither reads it).
    const base = '2026-07-15T08:09:10.123Z';
    fc.assert(
      fc.property(fc.nat(23), fc.string({ unit: 'binary', minLength: 0, maxLength: 2 }), (at, ch) => {
        const text = base.slice(0, at) + ch + base.slice(at + 1);
        const fast = isoMillis(text);
        expect(bytesMillis(text)).toBe(enc.encode(text).length === 24 ? fast : undefined);
      }),
      { numRuns: 3000, seed: 5 },
    );
  });
});
