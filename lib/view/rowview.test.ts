import { describe, expect, it } from 'vitest';
import { formatDuration } from './rowview';

describe('formatDuration', () => {
  it('keeps the units it always had under an hour', () => {
    expect([850, 42_100, 567_000].map(formatDuration)).toEqual(['850 ms', '42.1 s', '9m 27s']);
  });

  it('never shows a rounded value as a full next unit', () => {
    expect(formatDuration(999.6)).toBe('1.0 s');
    expect(formatDuration(59_960)).toBe('1m 0s');
    expect(formatDuration(119_600)).toBe('2m 0s');
    expect(formatDuration(3_599_600)).toBe('1h 0m');
  });

  it('shows hours and minutes past an hour (a session of the library can last a day)', () => {
    expect(formatDuration(6_792_000)).toBe('1h 53m');
    expect(formatDuration(26 * 3_600_000 + 5 * 60_000)).toBe('26h 5m');
  });
});
