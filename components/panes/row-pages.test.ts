import { describe, expect, it } from 'vitest';
import { PAGE, pagesToDrop, pagesToFetch } from './row-pages';

const rowsOf = (pages: readonly number[]): Set<number> => {
  const rows = new Set<number>();
  for (const p of pages) for (let r = p * PAGE; r < p * PAGE + PAGE; r++) rows.add(r);
  return rows;
};

describe('pagesToFetch', () => {
  it('at rest: the drawn rows first, then screenfuls on both sides, within the list', () => {
    const pages = pagesToFetch(1000, 1040, 0, 5000);
    expect(pages[0]).toBe(Math.floor(1000 / PAGE));
    const rows = rowsOf(pages);
    for (let r = 1000 - 4 * PAGE; r < 1040 + 4 * PAGE; r++) expect(rows.has(r)).toBe(true);
    expect(pagesToFetch(0, 40, 0, 40)).toEqual([0]);
  });

  it('a steady scroll down: the windows of the next steps are fetched, each page once', () => {
    for (const step of [3, 40, 91, 606, 5000]) {
      const pages = pagesToFetch(10_000, 10_045, step, 400_000);
      expect(new Set(pages).size).toBe(pages.length);
      const rows = rowsOf(pages);
      for (let k = 0; k <= 8; k++)
        for (let r = 10_000 + k * step; r < 10_045 + k * step; r++) expect(rows.has(r)).toBe(true);
      // Not the whole stretch: a jump of thousands of rows a frame does not fetch the rows it skips.
      if (step >= 606) expect(pages.length).toBeLessThan(30);
    }
  });

  it('a scroll up fetches above, and never a page outside the list', () => {
    const pages = pagesToFetch(500, 545, -200, 2000);
    const rows = rowsOf(pages);
    for (let r = 100; r < 545; r++) expect(rows.has(r)).toBe(true);
    expect(Math.min(...pages)).toBeGreaterThanOrEqual(0);
    expect(pagesToFetch(500, 545, 200, 545).every((p) => p * PAGE < 545)).toBe(true);
    expect(Math.max(...pages)).toBeLessThan(Math.ceil(2000 / PAGE));
  });
});

describe('pagesToDrop', () => {
  it('drops only pages far from the drawn rows, never one fetched ahead', () => {
    const ahead = pagesToFetch(100_000, 100_045, 5000, 1_000_000);
    expect(pagesToDrop(ahead, 100_000, 100_045, 5000)).toEqual([]);
    // Far behind the scroll, and far past what it fetches ahead.
    expect(pagesToDrop([0, 1000, 9_999], 100_000, 100_045, 5000)).toEqual([0, 9_999]);
    // At rest after a step up: what is below is behind.
    expect(pagesToDrop([1000, 1020], 100_000, 100_045, -40)).toEqual([1020]);
  });

  /** A scroll over a list of `rows` with these steps: how many rows the cache held at most, how many pages were
   *  fetched again after they were dropped, and how many drawn pages were not there yet (pages arrive at once). */
  function scroll(rows: number, steps: readonly number[], from = 0, drawn = 45) {
    const cached = new Set<number>();
    const dropped = new Set<number>();
    let most = 0;
    let again = 0;
    let missing = 0;
    let start = from;
    for (const step of steps) {
      start = Math.max(0, Math.min(rows - drawn, start + step));
      for (let p = Math.floor(start / PAGE); p * PAGE < start + drawn; p++) if (!cached.has(p)) missing += 1;
      for (const p of pagesToFetch(start, start + drawn, step, rows)) {
        if (cached.has(p)) continue;
        if (dropped.has(p)) again += 1;
        cached.add(p);
      }
      for (const p of pagesToDrop(cached, start, start + drawn, step)) {
        cached.delete(p);
        dropped.add(p);
      }
      most = Math.max(most, cached.size);
    }
    return { most: most * PAGE, again, missing, cached };
  }

  it('keeps a few thousand rows however far the list was scrolled', () => {
    // From the top to the bottom of 200,000 rows, 40 rows a step.
    const { most, again, cached } = scroll(200_000, Array<number>(5000).fill(40));
    expect(most).toBeLessThanOrEqual(2_500);
    expect(again).toBe(0);
    // The rows just behind stay: a step back lands on rows already here.
    expect(cached.has(Math.floor((200_000 - 500) / PAGE))).toBe(true);
  });

  it('never drops a page fetched ahead of a fling, whose steps vary', () => {
    // Steps of 800 to 1,200 rows, then 240 to 360, down a million rows; then back up.
    const wobble = (n: number, base: number) =>
      Array.from({ length: n }, (_, i) => base * (0.8 + (0.4 * ((i * 7) % 11)) / 10));
    const down = scroll(1_000_000, [...wobble(200, 1000), ...wobble(200, 300)]);
    expect(down.again).toBe(0);
    const up = scroll(1_000_000, wobble(300, -1000), 999_000);
    expect(up.again).toBe(0);
    // What the fling fetched is sparse: far fewer rows than the rows it passed.
    expect(down.most).toBeLessThan(20_000);
  });
});
