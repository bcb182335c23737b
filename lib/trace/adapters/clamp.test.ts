// `clampDeep`: tool inputs with every nested string clamped, copied only where something was. `longTexts`: one copy
// of each long text.
import { describe, expect, it } from 'vitest';
import { clampDeep, longTexts, SHARE_MIN } from './common';

const opts = { clamp: 4 };

describe('clampDeep', () => {
  it('returns an input with nothing to clamp as it is', () => {
    const input = JSON.parse('{"a":"abc","b":[1,"xy",{"c":null}],"d":{"e":true}}') as unknown;
    expect(clampDeep(input, opts)).toBe(input);
  });

  it('copies what holds a long string, shares what does not, leaves the input alone', () => {
    const input = JSON.parse('{"a":"abc","b":[1,"long text",{"c":null}],"d":{"e":"x"}}') as {
      b: unknown[];
      d: unknown;
    };
    const out = clampDeep(input, opts) as { b: unknown[]; d: unknown };
    expect(out).toEqual({ a: 'abc', b: [1, 'long', { c: null }], d: { e: 'x' } });
    expect(out).not.toBe(input);
    expect(out.b).not.toBe(input.b);
    expect(out.b[2]).toBe(input.b[2]);
    expect(out.d).toBe(input.d);
    expect(input.b[1]).toBe('long text');
  });

  it('an own "__proto__" key is read as it was by a copy: not kept as a key', () => {
    const input = JSON.parse('{"__proto__":{"x":"y"},"a":"b"}') as object;
    const out = clampDeep(input, opts) as object;
    expect(Object.keys(out)).toEqual(['a']);
    expect(JSON.stringify(out)).toBe('{"a":"b"}');
  });
});

describe('longTexts', () => {
  it('gives the earlier copy of a long text, by value, and nothing the first time', () => {
    const earlier = longTexts();
    const a = 'a'.repeat(SHARE_MIN);
    // The same 64 sampled characters as `a` (every `length / 64`th): only the whole compare tells them apart.
    const b = `${'a'.repeat(SHARE_MIN - 2)}ba`;
    expect(earlier(a)).toBeUndefined();
    expect(earlier(b)).toBeUndefined();
    expect(earlier('a'.repeat(SHARE_MIN))).toBe(a);
    expect(earlier(`${'a'.repeat(SHARE_MIN - 2)}ba`)).toBe(b);
    // Short texts are not looked up.
    expect(earlier('x'.repeat(SHARE_MIN - 1))).toBeUndefined();
    expect(earlier('x'.repeat(SHARE_MIN - 1))).toBeUndefined();
  });

  it('keeps at most eight texts a bucket: a ninth alike where the hash looks is compared, not kept', () => {
    const earlier = longTexts();
    // Position 1 is never sampled (every 8th is, for 512 characters): one bucket.
    const texts = Array.from({ length: 10 }, (_, i) => `a${String.fromCharCode(0x41 + i)}${'a'.repeat(SHARE_MIN - 2)}`);
    for (const t of texts) expect(earlier(t)).toBeUndefined();
    expect(earlier(`${texts[7]}`)).toBe(texts[7]);
    expect(earlier(`${texts[8]}`)).toBeUndefined();
  });
});
