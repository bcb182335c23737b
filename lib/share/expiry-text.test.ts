import { describe, expect, it } from 'vitest';
import { lifetimeOf, lifetimeSentence, lifetimeShort, timeLeft } from './expiry-text';

const NOW = Date.UTC(2026, 11, 6, 20, 0);

describe('a shared trace lifetime, in words', () => {
  it('reads the served headers', () => {
    expect(lifetimeOf('2026-12-07T20:00:00.000Z', null)).toEqual({
      kind: 'expires',
      expiresAt: Date.UTC(2026, 11, 7, 20, 0),
    });
    expect(lifetimeOf('never', null)).toEqual({ kind: 'never' });
    expect(lifetimeOf('2026-12-07T20:00:00.000Z', '1')).toEqual({ kind: 'burned' });
    expect(lifetimeOf(null, null)).toBeUndefined();
    expect(lifetimeOf('soon', null)).toBeUndefined();
  });

  it('rounds the time left down, so it never promises more', () => {
    expect(timeLeft(30_000)).toBe('in under a minute');
    expect(timeLeft(59 * 60_000 + 59_000)).toBe('in 59 min');
    expect(timeLeft(3_600_000)).toBe('in 1 h');
    expect(timeLeft(3_600_000 - 1)).toBe('in 59 min');
    expect(timeLeft(86_400_000 - 1)).toBe('in 23 h 59 min');
    expect(timeLeft(47 * 3_600_000 + 3_599_000)).toBe('in 1 d 23 h');
    expect(timeLeft(7 * 86_400_000 - 1)).toBe('in 6 d 23 h');
    expect(timeLeft(30 * 86_400_000)).toBe('in 30 d');
  });

  it('the toolbar words and the sentence for each kind', () => {
    const day = { kind: 'expires', expiresAt: NOW + 86_400_000 } as const;
    expect(lifetimeShort(day, NOW)).toBe('expires in 1 d');
    expect(lifetimeShort(day, NOW + 86_400_000)).toBe('expired');
    expect(lifetimeSentence(day, NOW, 'UTC')).toBe(
      'The server deletes this trace in 1 d (Mon, 7 Dec 2026, 20:00 UTC), or sooner if its sender deletes it.',
    );
    expect(lifetimeShort({ kind: 'never' }, NOW)).toBe('never expires');
    expect(lifetimeSentence({ kind: 'never' }, NOW)).toMatch(/does not expire.*until its sender deletes it/);
    expect(lifetimeShort({ kind: 'burned' }, NOW)).toBe('burned after reading');
    expect(lifetimeSentence({ kind: 'burned' }, NOW)).toMatch(/deleted the trace from the server.*only copy/);
  });
});
