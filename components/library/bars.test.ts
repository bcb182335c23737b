import { describe, expect, it } from 'vitest';
import { daySlots, MIN_DAY_SLOTS, stackHeights } from './bars';

describe('stackHeights', () => {
  it('draws a day to scale when it is tall enough', () => {
    expect(stackHeights([6.21], 6.21, 98, 3)).toEqual([98]);
    expect(stackHeights([1, 2], 6, 90, 3)).toEqual([15, 30]);
  });

  it('gives a small non-zero day the minimum height, its segments in proportion', () => {
    // $0.17 beside $6.21: 2.7 units to scale, a sliver; 3 at least.
    expect(stackHeights([0.17], 6.21, 98, 3)).toEqual([3]);
    const [a = 0, b = 0] = stackHeights([0.01, 0.03], 6.21, 98, 3);
    expect(a + b).toBeCloseTo(3);
    expect(b / a).toBeCloseTo(3);
  });

  it('gives a zero day, and a zero segment, no height', () => {
    expect(stackHeights([0, 0], 6.21, 98, 3)).toEqual([0, 0]);
    expect(stackHeights([0, 0.1, 0], 6.21, 98, 3)).toEqual([0, 3, 0]);
    expect(stackHeights([1], 0, 98, 3)).toEqual([0]);
  });
});

describe('daySlots', () => {
  it('gives one day a month-wide chart’s day, not the whole width', () => {
    expect(daySlots(1)).toEqual({ slots: MIN_DAY_SLOTS, used: 1 / MIN_DAY_SLOTS });
    expect(daySlots(3).used).toBeCloseTo(0.1);
  });

  it('shares the width between the days from a month on', () => {
    expect(daySlots(30)).toEqual({ slots: 30, used: 1 });
    expect(daySlots(401)).toEqual({ slots: 401, used: 1 });
  });
});
