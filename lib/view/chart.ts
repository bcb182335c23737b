import { scaleLinear, scaleUtc } from 'd3-scale';
import { utcFormat } from 'd3-time-format';

// Scales, ticks and labels of the Stats charts, which put time on the x axis: milliseconds since the trace's first
// line, ticked at round durations (d3's UTC time ticks over an epoch-0 domain are exactly that), and the wall clock in
// UTC for tooltips (the files' timestamps are UTC, so a reader can find the line).

export interface Tick {
  readonly value: number;
  readonly label: string;
}

export interface Axis {
  /** Position of a value in pixels. */
  readonly at: (v: number) => number;
  readonly ticks: readonly Tick[];
}

/** `12.5s`, `4:05`, `1:02:03`, `2d 04h`: elapsed time at the precision the whole span needs. */
export function formatElapsed(ms: number, spanMs = ms): string {
  const s = Math.round(ms / 1000);
  if (spanMs < 60_000) return `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1)}s`;
  if (spanMs < 3_600_000) return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  if (spanMs < 86_400_000)
    return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  return `${Math.floor(s / 86_400)}d ${String(Math.floor((s % 86_400) / 3600)).padStart(2, '0')}h`;
}

const clock = utcFormat('%H:%M:%S');

/** `+4:05 (10:04:05 UTC)`: offset and wall clock of a moment, or the offset alone without the trace's start. */
export function formatMoment(offsetMs: number, spanMs: number, startEpochMs: number | undefined): string {
  const off = `+${formatElapsed(offsetMs, spanMs)}`;
  return startEpochMs === undefined ? off : `${off} (${clock(new Date(startEpochMs + offsetMs))} UTC)`;
}

/** An x axis over [0, spanMs] elapsed milliseconds across `width` pixels, with about `count` round ticks. */
export function elapsedAxis(spanMs: number, width: number, count = 6): Axis {
  const span = Math.max(spanMs, 1000);
  const s = scaleUtc()
    .domain([new Date(0), new Date(span)])
    .range([0, width]);
  // The same as s(new Date(v)), without a Date a call: the charts place tens of thousands of calls with it.
  const perMs = width / span;
  return {
    at: (v) => v * perMs,
    ticks: s.ticks(count).map((d) => ({ value: d.getTime(), label: formatElapsed(d.getTime(), span) })),
  };
}

/** A linear axis over [0, max] (made nice) from `height` pixels at 0 up to 0 pixels at the top. */
export function valueAxis(
  max: number,
  height: number,
  format: (v: number) => string,
  count = 4,
): Axis & { readonly max: number } {
  const s = scaleLinear()
    .domain([0, max > 0 ? max : 1])
    .nice(count)
    .range([height, 0]);
  const top = s.domain()[1] ?? max;
  return { at: (v) => s(v), ticks: s.ticks(count).map((v) => ({ value: v, label: format(v) })), max: top };
}

/** A linear axis over call numbers 1…n, for traces without timestamps. */
export function countAxis(n: number, width: number, count = 6): Axis {
  const s = scaleLinear()
    .domain([1, Math.max(2, n)])
    .range([0, width]);
  return {
    at: (v) => s(v),
    ticks: s
      .ticks(count)
      .filter(Number.isInteger)
      .map((v) => ({ value: v, label: String(v) })),
  };
}

/** The largest of the values and `floor`, in a loop: spread into `Math.max`, 150,000 values (the calls of a trace of a
 *  few GB) overflow the stack. */
export function maxOf<T>(items: readonly T[], value: (item: T) => number, floor: number): number {
  let max = floor;
  for (const it of items) {
    const v = value(it);
    if (v > max) max = v;
  }
  return max;
}

/**
 * Items grouped into slices `binPx` wide along x: with thousands of calls, each slice is drawn as one bar, the tallest
 * call in it (so a bar is still one call's value), and the tooltip says how many calls share it.
 */
export function binByPixel<T>(
  items: readonly T[],
  x: (t: T) => number,
  value: (t: T) => number,
  binPx: number,
): { readonly x: number; readonly top: T; readonly count: number }[] {
  const bins = new Map<number, { x: number; top: T; topValue: number; count: number }>();
  for (const it of items) {
    const b = Math.floor(x(it) / binPx);
    const v = value(it);
    const cur = bins.get(b);
    if (!cur) bins.set(b, { x: b * binPx, top: it, topValue: v, count: 1 });
    else {
      cur.count += 1;
      if (v > cur.topValue) {
        cur.top = it;
        cur.topValue = v;
      }
    }
  }
  return [...bins.values()].sort((a, b) => a.x - b.x).map(({ x: bx, top, count }) => ({ x: bx, top, count }));
}

/** Index of the item nearest to `px` among items sorted by position. */
export function nearest(positions: readonly number[], px: number): number {
  let lo = 0;
  let hi = positions.length - 1;
  if (hi < 0) return -1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((positions[mid] ?? 0) < px) lo = mid + 1;
    else hi = mid;
  }
  const prev = lo - 1;
  return prev >= 0 && Math.abs((positions[prev] ?? 0) - px) <= Math.abs((positions[lo] ?? 0) - px) ? prev : lo;
}
