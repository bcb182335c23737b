import { describe, expect, it } from 'vitest';
import { listWindow, scrollTarget } from './list-window';

const base = { rowHeight: 22, viewport: 660, maxPx: 8_000_000, overscan: 3 };

describe('listWindow', () => {
  it('draws the visible rows and the overscan, nothing else', () => {
    const w = listWindow({ ...base, count: 1000, scrollTop: 220 });
    expect(w.ratio).toBe(1);
    expect(w.firstVisible).toBe(10);
    expect([w.start, w.end]).toEqual([7, 43]);
  });

  it('compresses a million rows into the tallest element and still reaches the last row', () => {
    const w = listWindow({ ...base, count: 1_000_000, scrollTop: 8_000_000 });
    expect(w.physicalTotal).toBe(8_000_000);
    expect(w.ratio).toBeCloseTo((22_000_000 - 660) / (8_000_000 - 660));
    expect(w.top).toBe(8_000_000 - 660);
    expect(w.end).toBe(1_000_000);
    expect(w.firstVisible).toBe(1_000_000 - 30);
  });

  it('clamps a scroll position left over from more rows', () => {
    const w = listWindow({ ...base, count: 10, scrollTop: 5000 });
    expect(w.top).toBe(0);
    expect([w.start, w.end]).toEqual([0, 10]);
  });

  it('an empty list draws nothing', () => {
    const w = listWindow({ ...base, count: 0, scrollTop: 0 });
    expect(w.end).toBe(0);
  });
});

describe('scrollTarget', () => {
  const w = listWindow({ ...base, count: 1000, scrollTop: 0 });
  it('auto: stays put when the row is in view, else moves the least', () => {
    expect(scrollTarget(w, 5, 'auto', 0)).toBe(0);
    expect(scrollTarget(w, 100, 'auto', 0)).toBe(101 * 22 - 660);
    expect(scrollTarget(w, 2, 'auto', 2200)).toBe(44);
  });
  it('start and center, clamped to the ends', () => {
    expect(scrollTarget(w, 100, 'start', 0)).toBe(2200);
    expect(scrollTarget(w, 100, 'center', 0)).toBe(2200 - 319);
    expect(scrollTarget(w, 0, 'center', 500)).toBe(0);
    expect(scrollTarget(w, 999, 'start', 0)).toBe(22_000 - 660);
  });
});
