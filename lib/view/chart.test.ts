import { scaleUtc } from 'd3-scale';
import { describe, expect, it } from 'vitest';
import { binByPixel, elapsedAxis, formatElapsed, formatMoment, maxOf, nearest, valueAxis } from './chart';

describe('chart scales', () => {
  it('ticks elapsed time at round durations and labels them at the precision of the span', () => {
    const x = elapsedAxis(34 * 60_000, 680);
    expect(x.ticks.map((t) => t.label)).toEqual(['0:00', '5:00', '10:00', '15:00', '20:00', '25:00', '30:00']);
    expect(x.at(17 * 60_000)).toBeCloseTo(340, 6);
    expect(elapsedAxis(8_000, 400).ticks.map((t) => t.label)).toEqual([
      '0s',
      '1s',
      '2s',
      '3s',
      '4s',
      '5s',
      '6s',
      '7s',
      '8s',
    ]);
    expect(formatElapsed(2 * 86_400_000 + 5 * 3_600_000)).toBe('2d 05h');
    expect(formatElapsed(3_723_000)).toBe('1:02:03');
  });

  it('says when, as offset and UTC wall clock', () => {
    expect(formatMoment(2_031_000, 2_060_000, Date.parse('2026-11-30T10:00:00.300Z'))).toBe('+33:51 (10:33:51 UTC)');
    expect(formatMoment(1500, 8000, undefined)).toBe('+1.5s');
  });

  it('makes a value axis nice and keeps 0 at the bottom', () => {
    const y = valueAxis(168_824, 100, (v) => String(v / 1000));
    expect(y.max).toBe(200_000);
    expect(y.ticks.map((t) => t.label)).toEqual(['0', '50', '100', '150', '200']);
    expect(y.at(0)).toBe(100);
  });

  it('draws one bar per slice, the largest call in it, and finds the nearest', () => {
    const items = [
      { x: 1, v: 5 },
      { x: 2, v: 9 },
      { x: 40, v: 1 },
    ];
    const bins = binByPixel(
      items,
      (i) => i.x,
      (i) => i.v,
      4,
    );
    expect(bins.map((b) => [b.x, b.top.v, b.count])).toEqual([
      [0, 9, 2],
      [40, 1, 1],
    ]);
    expect(nearest([2, 42], 30)).toBe(1);
    expect(nearest([2, 42], 3)).toBe(0);
    expect(nearest([], 3)).toBe(-1);
  });

  it('stays cheap at 10k calls: a few hundred bars', () => {
    const items = Array.from({ length: 10_000 }, (_, i) => ({ x: (i / 10_000) * 900, v: i % 97 }));
    expect(
      binByPixel(
        items,
        (i) => i.x,
        (i) => i.v,
        3,
      ).length,
    ).toBe(300);
  });
});

describe('elapsedAxis', () => {
  it('places a time where the UTC time scale of its ticks does', () => {
    for (const [span, width] of [
      [34 * 60_000, 680],
      [8_000, 400],
      [500, 1200],
      [9 * 86_400_000, 1313],
    ] as const) {
      const axis = elapsedAxis(span, width);
      const d3 = scaleUtc()
        .domain([new Date(0), new Date(Math.max(span, 1000))])
        .range([0, width]);
      // A Date holds whole milliseconds.
      for (const v of [0, 1, span / 3, span / 2, span, span * 1.5].map(Math.round))
        expect(axis.at(v)).toBeCloseTo(d3(new Date(v)), 9);
    }
  });
});

describe('maxOf', () => {
  it('takes the largest of many values, where spreading them into Math.max overflows the stack', () => {
    const calls = Array.from({ length: 300_000 }, (_, i) => ({ turn: i }));
    expect(() => Math.max(...calls.map((c) => c.turn))).toThrow(RangeError);
    expect(maxOf(calls, (c) => c.turn + 1, 1)).toBe(300_000);
  });

  it('gives the floor for no values, or when every value is below it', () => {
    expect(maxOf([], (n: number) => n, 0)).toBe(0);
    expect(maxOf([-5, -2], (n) => n, 0)).toBe(0);
    expect(maxOf([3, 9, 4], (n) => n, 1)).toBe(9);
  });
});
