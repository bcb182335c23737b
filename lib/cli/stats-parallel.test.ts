// When `loupe stats FILE` reads a file in two threads (stats-parallel.ts); that both give the same report is
// lib/engine/stats-part.test.ts (in one thread) and test/package/pack.test.ts (the packed CLI, with its worker).
import { describe, expect, it } from 'vitest';
import { SPLIT_MIN_BYTES, wantsSplit } from './stats-parallel';

const big = SPLIT_MIN_BYTES;

describe('wantsSplit', () => {
  it('splits a big file on three idle cores, not on two, nor a small file', () => {
    expect(wantsSplit(big, {}, { cores: 4, load: 0.6 })).toBe(true);
    expect(wantsSplit(big, {}, { cores: 4, load: 1.7 })).toBe(false);
    expect(wantsSplit(big, {}, { cores: 2, load: 0 })).toBe(false);
    expect(wantsSplit(big - 1, {}, { cores: 16, load: 0 })).toBe(false);
  });

  it('LOUPE_STATS_THREADS decides when set', () => {
    expect(wantsSplit(10, { LOUPE_STATS_THREADS: '2' }, { cores: 1, load: 9 })).toBe(true);
    expect(wantsSplit(big, { LOUPE_STATS_THREADS: '0' }, { cores: 16, load: 0 })).toBe(false);
    expect(wantsSplit(big, { LOUPE_STATS_THREADS: '' }, { cores: 16, load: 0 })).toBe(true);
  });
});
