/** Which pages of timeline rows to fetch around the drawn ones, and which to let go (see useRowWindow). */

/** Rows per question to the worker. */
export const PAGE = 100;
/**
 * After a scroll step, the windows of this many more steps like it are fetched (where a steady scroll will land: the
 * worker has that many frames to answer before the scroll gets there),
 */
const AHEAD_STEPS = 8;
/** and the rows just ahead (about ten screenfuls, on both sides at rest): what a slower or a first step lands on. */
const AHEAD_NEAR = 4 * PAGE;
/** Fetched behind a scroll. */
const MARGIN = PAGE / 2;
/** Scroll steps are counted as at most this long (a jump across the list predicts little). */
const STEP_MAX = 10_000;
/**
 * Pages within this many rows of the drawn ones stay in the cache (twice what is fetched around them at rest), and so
 * do the pages ahead of the scroll as far as it ever fetches; the rest, behind it, are dropped. The cache is then a few
 * thousand rows however far the list is scrolled (every row of a 100 MB session kept 8 MB of the page's heap before).
 */
const KEEP_NEAR = 2 * AHEAD_NEAR;

/**
 * The pages to have for drawn rows [start, end) after a scroll step of `step` rows (signed; 0 when not scrolling),
 * most wanted first: the drawn ones, then the windows the next steps draw if the scroll goes on as it goes, then the
 * rows just ahead (both ways at rest), then a margin behind. A page is rows [page × PAGE, page × PAGE + PAGE).
 */
export function pagesToFetch(start: number, end: number, step: number, count: number): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  const add = (lo: number, hi: number): void => {
    const a = Math.max(0, lo);
    const b = Math.min(count, hi);
    for (let p = Math.floor(a / PAGE); b > a && p <= Math.floor((b - 1) / PAGE); p++) {
      if (seen.has(p)) continue;
      seen.add(p);
      out.push(p);
    }
  };
  add(start, end);
  const s = Math.max(-STEP_MAX, Math.min(STEP_MAX, step));
  for (let k = 1; k <= AHEAD_STEPS && s !== 0; k++) add(start + k * s, end + k * s);
  // Ahead, or on both sides at rest: where the first step of a scroll will land, whichever way it goes.
  if (s >= 0) add(end, end + AHEAD_NEAR);
  if (s <= 0) add(start - AHEAD_NEAR, start);
  add(start - MARGIN, end + MARGIN);
  return out;
}

/** How far ahead of the drawn rows a scroll step fetches, at most. */
const AHEAD_MAX = AHEAD_STEPS * STEP_MAX + AHEAD_NEAR;

/**
 * Cached pages to let go with rows [start, end) drawn after a scroll step of `step` rows (the last one that moved:
 * signed): those neither near the drawn rows nor ahead of them in the scroll's direction, where its steps fetch (steps
 * of a fling differ, and a page fetched for an earlier, longer one is still on the way).
 */
export function pagesToDrop(pages: Iterable<number>, start: number, end: number, step: number): number[] {
  const out: number[] = [];
  for (const p of pages) {
    const lo = p * PAGE;
    const hi = lo + PAGE;
    const near = hi > start - KEEP_NEAR && lo < end + KEEP_NEAR;
    const ahead = step > 0 ? lo >= end && lo < end + AHEAD_MAX : step < 0 && hi <= start && hi > start - AHEAD_MAX;
    if (!near && !ahead) out.push(p);
  }
  return out;
}
