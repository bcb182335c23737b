// The heights of the cost chart's bars, apart from the SVG that draws them.

/**
 * One day's stacked segments, in chart units: each to scale (`value / max * top`), but a day that cost anything is at
 * least `min` tall (a $0.17 day beside a $6 one would be a sliver), its segments grown together so the stack keeps its
 * proportions. A zero day, and a segment of zero, has no height. The values and tooltips stay exact.
 */
export function stackHeights(values: readonly number[], max: number, top: number, min: number): number[] {
  const total = values.reduce((n, v) => n + (v > 0 ? v : 0), 0);
  if (max <= 0 || total <= 0) return values.map(() => 0);
  const scale = Math.max((total / max) * top, min) / total;
  return values.map((v) => (v > 0 ? v * scale : 0));
}

/** The fewest days the chart's width is shared between: a month, so a library of one day or a few draws them as bars
 *  of a day's natural width from the left, not one block across the panel. */
export const MIN_DAY_SLOTS = 30;

/** How many day-wide slots the chart is cut into for `days` days, and the share of its width they take. */
export function daySlots(days: number): { slots: number; used: number } {
  const slots = Math.max(days, MIN_DAY_SLOTS);
  return { slots, used: days / slots };
}
