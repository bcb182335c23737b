import { describe, expect, it } from 'vitest';
import { keyOf, SHARED_TEXT_MIN, textSharer } from './intern';

describe('textSharer', () => {
  it('gives back an equal text for every text, shared or not', () => {
    const share = textSharer();
    const a = 'x'.repeat(SHARED_TEXT_MIN);
    const texts = [a, `${a}`, 'short', 'y'.repeat(20_000), `${'y'.repeat(10_000)}z${'y'.repeat(9_999)}`, a.slice(1)];
    for (const t of [...texts, ...texts]) expect(share(t)).toBe(t);
  });

  it('tells long texts of one length apart by more than their length (V8 hashes only that past 16,383 chars)', () => {
    const base = 'a'.repeat(16_384);
    const keys = new Set<number>();
    for (let i = 0; i < 64; i++) keys.add(keyOf(`${base.slice(0, i * 256)}b${base.slice(i * 256 + 1)}`));
    expect(keys.size).toBe(64);
    expect(keyOf(base)).toBe(keyOf('a'.repeat(16_384)));
    expect(keyOf(base)).not.toBe(keyOf('a'.repeat(16_383)));
  });

  it('returns a text whose key another text holds as it is', () => {
    const share = textSharer();
    // Equal at every sampled character, different between them: one key, two texts.
    const n = 64 * 100;
    const first = 'a'.repeat(n);
    const second = `${'a'.repeat(50)}b${'a'.repeat(n - 51)}`;
    expect(keyOf(first)).toBe(keyOf(second));
    expect(share(first)).toBe(first);
    expect(share(second)).toBe(second);
    expect(share('a'.repeat(n))).toBe(first);
  });
});
