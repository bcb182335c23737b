import type { WaterfallBar } from './stats-view';

// The tool-call waterfall drawn at the width it has (components/panes/stats/Waterfall.tsx): in each lane, calls less
// than a pixel apart are drawn as one bar, so a trace of 70,000 tool calls draws a few thousand rectangles, all of its
// calls shown, where one rectangle per call held the main thread for seconds (and a cap of the first 3,000 hid the rest).

export type BarTone = 'ok' | 'open' | 'error' | 'denied';

export interface DrawnBar {
  readonly lane: number;
  readonly x1: number;
  x2: number;
  /** Where the wait for permission ends, for a bar of one call that waited. */
  readonly decided?: number;
  tone: BarTone;
  /** How many calls the bar draws. */
  count: number;
  /** The call the bar stands for (its tooltip and click): the longest of its calls, else the first. */
  bar: number;
}

const RANK: Record<BarTone, number> = { ok: 0, open: 1, error: 2, denied: 3 };

export function toneOf(b: WaterfallBar): BarTone {
  return b.denied ? 'denied' : b.error ? 'error' : b.end === undefined ? 'open' : 'ok';
}

/**
 * The bars to draw for calls in start order: `at` maps ms to pixels, `span` ends the calls with no result, lanes from
 * `lanes` on are left out. A merged bar takes the worst tone of its calls (denied, error, no result, done). Bars are
 * in the order to paint them: a later one over an earlier one.
 */
export function binWaterfall(
  bars: readonly WaterfallBar[],
  at: (ms: number) => number,
  span: number,
  lanes: number,
): DrawnBar[] {
  const drawn: DrawnBar[] = [];
  // Per lane, the bar the next call may join: one of answered calls, and one of calls with no result. A call with no
  // result is drawn to the end of the clock, but its lane is free again a moment after it started (stats-view.ts):
  // the calls after it are drawn over it, never merged into it.
  const last: (DrawnBar | undefined)[] = [];
  const lastOpen: (DrawnBar | undefined)[] = [];
  const length = (b: WaterfallBar | undefined): number => (b ? (b.end ?? span) - b.start : -1);
  bars.forEach((b, i) => {
    if (b.lane >= lanes) return;
    const x1 = at(b.start);
    const x2 = Math.max(x1 + 2, at(b.end ?? span));
    const tone = toneOf(b);
    const open = b.end === undefined;
    const prev = open ? lastOpen[b.lane] : last[b.lane];
    // Answered calls join a bar that ends under a pixel before them; calls with no result one that starts so.
    if (prev && x1 - (open ? prev.x1 : prev.x2) < 1) {
      prev.x2 = Math.max(prev.x2, x2);
      prev.count += 1;
      if (RANK[tone] > RANK[prev.tone]) prev.tone = tone;
      if (length(b) > length(bars[prev.bar])) prev.bar = i;
      return;
    }
    const decided = b.decided !== undefined ? at(b.decided) : undefined;
    const next: DrawnBar = {
      lane: b.lane,
      x1,
      x2,
      ...(decided !== undefined && decided > x1 ? { decided } : {}),
      tone,
      count: 1,
      bar: i,
    };
    drawn.push(next);
    if (open) lastOpen[b.lane] = next;
    else last[b.lane] = next;
  });
  return drawn;
}
