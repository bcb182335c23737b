import { describe, expect, it } from 'vitest';
import { compareText, count, cutText, formatCents, formatInt } from './text-order';

/** A small deterministic generator, so a failure names its case. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('locale-free formatting and ordering', () => {
  it('formats integers as toLocaleString("en-US") does', () => {
    const r = rng(1);
    const cases = [
      0,
      -0,
      1,
      12,
      123,
      999,
      1000,
      -1000,
      1234567,
      -987654321,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
      1e21,
      1.5,
      NaN,
      Infinity,
    ];
    for (let i = 0; i < 2000; i++) cases.push(Math.floor((r() - 0.5) * 10 ** Math.floor(r() * 16)));
    for (const n of cases) expect(formatInt(n), String(n)).toBe(n.toLocaleString('en-US'));
  });

  it('formats dollars to cents as toLocaleString("en-US") does, rounding included', () => {
    const r = rng(2);
    const opts = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    const cases = [
      0,
      0.005,
      0.015,
      0.125,
      0.995,
      0.9995,
      1,
      1.005,
      2.675,
      999.995,
      1234.565,
      1e14 + 0.5,
      1e15,
      1e21,
      -1,
    ];
    for (let i = 0; i < 5000; i++) cases.push(r() * 10 ** Math.floor(r() * 10));
    for (let i = 0; i < 2000; i++) cases.push(Math.floor(r() * 1e6) / 1000 + 0.005);
    for (const n of cases) expect(formatCents(n), String(n)).toBe(n.toLocaleString('en-US', opts));
  });

  it('orders strings as localeCompare does', () => {
    const r = rng(3);
    const chars = '0123456789abcdefghijklmnopqrstuvwxyz-._/ ABZ→é';
    const words = (alphabet: string, longest: number) => (): string =>
      Array.from({ length: Math.floor(r() * longest) }, () => alphabet[Math.floor(r() * alphabet.length)]).join('');
    const agreeOn = (word: () => string): void => {
      for (let i = 0; i < 20000; i++) {
        const a = word();
        const b = word();
        expect(Math.sign(compareText(a, b)), `${a} ~ ${b}`).toBe(Math.sign(a.localeCompare(b)));
      }
    };
    agreeOn(words(chars, 8));
    expect(compareText('2026-01-02', '2026-01-10')).toBeLessThan(0);
    // Paths: `/` against the other characters read in code-unit order.
    agreeOn(words('0a-./', 10));
  });
});

describe('count', () => {
  it('says a count with its noun, singular for exactly one, with no "(s)"', () => {
    expect([0, 1, 2, 1234].map((n) => count(n, 'model call'))).toEqual([
      '0 model calls',
      '1 model call',
      '2 model calls',
      '1,234 model calls',
    ]);
    expect(count(1, 'sidecar', 'sidecars attached')).toBe('1 sidecar');
    expect(count(3, 'entry', 'entries')).toBe('3 entries');
  });
});

describe('cutText', () => {
  it('cuts to n units with an ellipsis, and never through a surrogate pair', () => {
    expect(cutText('short', 10)).toBe('short');
    expect(cutText('abcdefghij', 5)).toBe('abcd…');
    // '🧪' is two UTF-16 units: cut after its first, it would print as a replacement character.
    expect(cutText('abc🧪def', 5)).toBe('abc…');
    expect(cutText('abc🧪def', 6)).toBe('abc🧪…');
    expect(cutText(`${'x'.repeat(198)}🧪 more`, 200)).toBe(`${'x'.repeat(198)}…`);
  });
});
