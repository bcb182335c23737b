import { describe, expect, it } from 'vitest';
import type { WaterfallBar } from './stats-view';
import { binWaterfall } from './waterfall-bins';

const bar = (call: number, start: number, end: number | undefined, lane = 0, more: Partial<WaterfallBar> = {}) => ({
  call,
  name: 'Bash',
  seq: call * 10,
  start,
  ...(end !== undefined ? { end } : {}),
  lane,
  denied: false,
  error: false,
  ...more,
});

const px = (ms: number): number => ms / 10;

describe('binWaterfall', () => {
  it('draws calls a pixel or more apart one bar each, with the wait for permission', () => {
    const drawn = binWaterfall([bar(0, 0, 100, 0, { decided: 50 }), bar(1, 200, 300)], px, 1000, 40);
    expect(drawn).toEqual([
      { lane: 0, x1: 0, x2: 10, decided: 5, tone: 'ok', count: 1, bar: 0 },
      { lane: 0, x1: 20, x2: 30, tone: 'ok', count: 1, bar: 1 },
    ]);
  });

  it('merges calls under a pixel apart in a lane: the worst tone, the longest call, every call counted', () => {
    const bars = [
      bar(0, 0, 20),
      bar(1, 25, 90, 0, { error: true }),
      bar(2, 95, 99),
      bar(3, 500, undefined),
      bar(4, 0, 10, 1, { denied: true }),
    ];
    const drawn = binWaterfall(bars, px, 1000, 40);
    expect(drawn).toEqual([
      // The third call is 0.4 ms long, drawn 2 px wide: from 9.5 to 11.5.
      { lane: 0, x1: 0, x2: 11.5, tone: 'error', count: 3, bar: 1 },
      { lane: 0, x1: 50, x2: 100, tone: 'open', count: 1, bar: 3 },
      { lane: 1, x1: 0, x2: 2, tone: 'denied', count: 1, bar: 4 },
    ]);
  });

  it('draws 70,000 calls in a few hundred bars, none left out of the counts', () => {
    const bars = Array.from({ length: 70_000 }, (_, i) => bar(i, i * 100, i * 100 + 60, i % 2));
    const drawn = binWaterfall(bars, (ms) => (ms / 7_000_000) * 1200, 7_000_000, 40);
    expect(drawn.length).toBeLessThan(2 * 1200);
    expect(drawn.reduce((n, d) => n + d.count, 0)).toBe(70_000);
  });

  it('never merges later calls into a call with no result, which is drawn to the end of the clock', () => {
    // The lane is free again after an unanswered call (stats-view gives it one ms): the calls after it are their own.
    const bars = [bar(0, 0, undefined), bar(1, 200, 300, 0, { error: true }), bar(2, 500, 600)];
    const drawn = binWaterfall(bars, px, 1000, 40);
    expect(drawn).toEqual([
      { lane: 0, x1: 0, x2: 100, tone: 'open', count: 1, bar: 0 },
      { lane: 0, x1: 20, x2: 30, tone: 'error', count: 1, bar: 1 },
      { lane: 0, x1: 50, x2: 60, tone: 'ok', count: 1, bar: 2 },
    ]);
    // Calls with no result that start under a pixel apart are one bar, as answered calls are.
    const open = binWaterfall([bar(0, 0, undefined), bar(1, 5, undefined), bar(2, 300, undefined)], px, 1000, 40);
    expect(open.map((d) => [d.x1, d.count])).toEqual([
      [0, 2],
      [30, 1],
    ]);
  });

  it('leaves out the lanes past the ones shown', () => {
    expect(binWaterfall([bar(0, 0, 10, 40)], px, 100, 40)).toEqual([]);
  });
});
