import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { generated } from './helpers/generated';
import { Loupe } from './pages/Loupe';

/** Opens a generated Claude Code transcript of `bytes` and waits until it is fully indexed. */
async function openGenerated(page: Page, info: TestInfo, bytes: number): Promise<Loupe> {
  const app = new Loupe(page);
  await app.openFile(await generated(info, 'claude-code', bytes, 5));
  await expect(app.events).toHaveAttribute('aria-busy', 'false');
  return app;
}

// A fast scroll (three screenfuls a frame, as a flung wheel or a dragged scrollbar does) lands on rows fetched ahead
// of it: after the first steps no frame draws a row still waiting for its data, and every drawn row is the one for its
// place (ids follow one another from the row the scroll position puts at the top), with the sticky header above it.
test('a fast scroll draws each row filled in, the right one for its place', async ({ page }, info) => {
  test.setTimeout(90_000);
  const app = await openGenerated(page, info, 10_000_000);
  const frames = await app.events.evaluate(async (list) => {
    const rowHeight = 22;
    const out: { step: number; pending: number; wrongPlace: string | undefined; sticky: string | undefined }[] = [];
    const top = list.getBoundingClientRect().top;
    const max = list.scrollHeight - list.clientHeight;
    for (let step = 1, at = 0; at < max; step++) {
      at = Math.min(max, at + 3 * list.clientHeight);
      list.scrollTop = at;
      await new Promise((r) => requestAnimationFrame(() => r(undefined)));
      // The drawn rows are the block of rows under the listbox's content element.
      const block = list.firstElementChild?.firstElementChild;
      const rows = [...(block?.children ?? [])];
      const pending = rows.filter((r) => r.getAttribute('role') !== 'option').length;
      let wrongPlace: string | undefined;
      // The row half a row below the top of the listbox is the one the scroll position puts there.
      const first = Math.floor((list.scrollTop + rowHeight / 2) / rowHeight);
      const atTop = rows.find((r) => {
        const b = r.getBoundingClientRect();
        return b.top <= top + rowHeight / 2 && b.bottom > top + rowHeight / 2;
      });
      if (atTop?.id !== `row-${first}`) wrongPlace = `${atTop?.id ?? 'no row'} at the top, expected row-${first}`;
      const ids = rows.filter((r) => r.id).map((r) => Number(r.id.slice(4)));
      for (let i = 1; i < ids.length && !wrongPlace; i++)
        if (ids[i] !== (ids[i - 1] ?? 0) + 1) wrongPlace = `row-${ids[i]} after row-${ids[i - 1]}`;
      const stickyRow = list.parentElement?.querySelector(':scope > div:first-child [role=option]');
      const sticky = stickyRow
        ? `${stickyRow.getAttribute('data-kind')} ${Number(stickyRow.id.slice(4)) < first}`
        : undefined;
      out.push({ step, pending, wrongPlace, sticky });
    }
    return out;
  });
  expect(frames.length).toBeGreaterThan(20);
  // The first steps may outrun what was fetched at rest; from then on the scroll is ahead of nothing.
  expect(frames.slice(3).filter((f) => f.pending > 0)).toEqual([]);
  expect(frames.filter((f) => f.wrongPlace !== undefined)).toEqual([]);
  // The sticky header is a response or model-call row above the first visible one, on most frames of a transcript.
  const stickies = frames.map((f) => f.sticky).filter((s) => s !== undefined);
  expect(stickies.length).toBeGreaterThan(frames.length / 2);
  for (const s of stickies) expect(s).toMatch(/^(turn|response) true$/);
});

// A slow scroll (a wheel's pace: under a row a frame, then a few rows a frame, down and back up) keeps the element of
// every row still in view: only the rows coming into view are drawn, and each drawn row is still the one for its place.
test('a slow scroll keeps the rows still in view and draws only the new ones', async ({ page }, info) => {
  const app = await openGenerated(page, info, 2_000_000);
  const frames = await app.events.evaluate(async (list) => {
    const rowHeight = 22;
    const top = list.getBoundingClientRect().top;
    const drawn = () => [...list.querySelectorAll('[role=option]')].filter((r) => list.contains(r));
    const seen = new Map(drawn().map((r) => [r.id, r]));
    const out: { kept: number; replaced: string[]; wrongPlace: string | undefined }[] = [];
    const steps = [...Array<number>(20).fill(7), ...Array<number>(10).fill(50), ...Array<number>(10).fill(-30)];
    for (const px of steps) {
      list.scrollTop += px;
      await new Promise((r) => requestAnimationFrame(() => r(undefined)));
      const rows = drawn();
      let kept = 0;
      const replaced: string[] = [];
      for (const r of rows) {
        const before = seen.get(r.id);
        if (before === r) kept += 1;
        else if (before) replaced.push(r.id);
      }
      seen.clear();
      for (const r of rows) seen.set(r.id, r);
      const first = Math.floor((list.scrollTop + rowHeight / 2) / rowHeight);
      const atTop = rows.find((r) => {
        const b = r.getBoundingClientRect();
        return b.top <= top + rowHeight / 2 && b.bottom > top + rowHeight / 2;
      });
      out.push({
        kept,
        replaced,
        wrongPlace:
          atTop?.id === `row-${first}` ? undefined : `${atTop?.id ?? 'no row'} at the top, expected row-${first}`,
      });
    }
    return { frames: out, max: list.scrollHeight - list.clientHeight };
  });
  // The sample is long enough to scroll this far.
  expect(frames.max).toBeGreaterThan(20 * 7 + 10 * 50);
  // Every row drawn in the frame before and still drawn is the same element.
  expect(frames.frames.flatMap((f) => f.replaced)).toEqual([]);
  expect(frames.frames.every((f) => f.kept > 10)).toBe(true);
  expect(frames.frames.filter((f) => f.wrongPlace !== undefined)).toEqual([]);
});
