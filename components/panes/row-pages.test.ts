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
    const wanted = new Set(ahead);
    expect(pagesToDrop(ahead, 100_000, 100_045, wanted)).toEqual([]);
    expect(pagesToDrop([0, 1000, 9_999], 100_000, 100_045, wanted)).toEqual([0, 9_999]);
  });

  it('keeps a few thousand rows however far the list was scrolled', () => {
    // A scroll from the top to the bottom of 200,000 rows, 45 drawn, 40 rows a step: what is cached at each step.
    const cached = new Set<number>();
    let most = 0;
    for (let start = 0; start + 45 <= 200_000; start += 40) {
      const wanted = pagesToFetch(start, start + 45, 40, 200_000);
      for (const p of wanted) cached.add(p);
      for (const p of pagesToDrop(cached, start, start + 45, new Set(wanted))) cached.delete(p);
      most = Math.max(most, cached.size);
    }
    expect(most * PAGE).toBeLessThanOrEqual(2_000);
    // The rows just behind stay: a step back lands on rows already here.
    expect(cached.has(Math.floor((200_000 - 500) / PAGE))).toBe(true);
  });
});
