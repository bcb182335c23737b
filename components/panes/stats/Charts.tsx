'use client';

import { useCallback, useMemo } from 'react';
import {
  binByPixel,
  maxOf,
  countAxis,
  elapsedAxis,
  formatMoment,
  nearest,
  valueAxis,
  type Axis,
} from '../../../lib/view/chart';
import type { ReconciledStat } from '../../../lib/trace/stats';
import type { TurnRow } from '../../../lib/view/stats-view';
import { rowsOf, type PackedRows } from '../../../lib/view/packed-rows';
import { compactNumber, formatCost, formatDuration, formatUsd } from '../../../lib/view/rowview';
import { ChartFrame, MARGIN, XAxis, YAxis, type ChartModel } from './ChartFrame';
import { formatInt } from '../../../lib/trace/text-order';

// The Stats charts, on the trace's one clock: time since the first line on the x axis (call numbers when a trace has no
// timestamps), labelled axes with round ticks (d3-scale), a tooltip per bar or point. Thousands of calls are drawn as
// one bar per few pixels, so a chart costs the same at 10k calls as at 100.

const KINDS = [
  { key: 'cacheRead', label: 'cache read', className: 'fill-sky-300 dark:fill-sky-800' },
  { key: 'cacheWrite', label: 'cache write', className: 'fill-amber-300 dark:fill-amber-700' },
  { key: 'input', label: 'input', className: 'fill-sky-600 dark:fill-sky-500' },
  { key: 'output', label: 'output', className: 'fill-violet-600 dark:fill-violet-400' },
] as const;

const int = (n: number): string => formatInt(n);

/** One bar of the tokens chart: a call (or the largest of the calls in one slice), `w` pixels wide from `x`. */
interface Bar {
  readonly x: number;
  readonly w: number;
  readonly top: TurnRow;
  readonly count: number;
}
const total = (r: TurnRow): number => r.cacheRead + r.cacheWrite + r.input + r.output;

export interface Clock {
  /** The trace's first timestamp (epoch ms), for the wall clock in tooltips. */
  readonly startedAt?: number;
  readonly spanMs?: number;
}

/** Where a model call sits on the x axis: its start, or its number when the trace has no times. */
function callAxis(
  rows: readonly TurnRow[],
  clock: Clock,
  width: number,
): { axis: Axis; x: (r: TurnRow) => number; label: string; byTime: boolean } {
  const byTime = clock.spanMs !== undefined && rows.some((r) => r.offsetMs !== undefined);
  if (byTime) {
    const axis = elapsedAxis(clock.spanMs ?? 0, width);
    return { axis, x: (r) => axis.at(r.offsetMs ?? 0), label: 'time since the first line', byTime };
  }
  const axis = countAxis(
    maxOf(rows, (r) => r.turn + 1, 1),
    width,
  );
  return { axis, x: (r) => axis.at(r.turn + 1), label: 'model call', byTime };
}

const when = (r: TurnRow, clock: Clock): string =>
  r.offsetMs !== undefined
    ? `started ${formatMoment(r.offsetMs, clock.spanMs ?? r.offsetMs, clock.startedAt)}`
    : 'no timestamp';

export function Legend() {
  return (
    <div className="flex gap-3 text-[11px] text-neutral-600 dark:text-neutral-400">
      {KINDS.map((k) => (
        <span key={k.key} className="flex items-center gap-1">
          <svg width="10" height="10" aria-hidden>
            <rect width="10" height="10" className={k.className} />
          </svg>
          {k.label}
        </span>
      ))}
    </div>
  );
}

/** Tokens per model call, stacked by kind, on the clock: each bar spans its call. */
export function TokensChart({
  rows,
  clock,
  onPick,
}: {
  rows: PackedRows<TurnRow>;
  clock: Clock;
  onPick: (seq: number) => void;
}) {
  const counted = useMemo(() => rowsOf(rows).filter((r) => r.counted), [rows]);
  const H = 170;
  const plotH = H - MARGIN.top - MARGIN.bottom;
  const build = useCallback(
    (width: number): ChartModel => {
      const plotW = width - MARGIN.left - MARGIN.right;
      const xs = callAxis(counted, clock, plotW);
      const placed = xs.byTime ? counted.filter((r) => r.offsetMs !== undefined) : counted;
      // Each call is a bar from its start to its end (at least 2 px) while there is room; past that, one bar per
      // 3-pixel slice, the largest call in it (the tooltip says how many share it).
      const perCall = placed.length <= plotW / 3;
      const bins: Bar[] = perCall
        ? placed.map((r) => {
            const x = xs.x(r);
            const end = xs.byTime && r.durationMs !== undefined ? xs.axis.at((r.offsetMs ?? 0) + r.durationMs) : x;
            return { x, w: Math.max(2, end - x), top: r, count: 1 };
          })
        : binByPixel(placed, xs.x, total, 3).map((b) => ({ ...b, w: 2 }));
      const y = valueAxis(
        maxOf(bins, (b) => total(b.top), 0),
        plotH,
        compactNumber,
      );
      const centers = bins.map((b) => b.x + b.w / 2);
      const unplaced = counted.length - placed.length;
      return {
        count: bins.length,
        // The bar under the pointer (the last drawn, on top), else the nearest.
        pick: (px) => {
          for (let i = bins.length - 1; i >= 0; i--) {
            const b = bins[i];
            if (b && px >= b.x - 1 && px <= b.x + b.w + 1) return i;
          }
          return nearest(centers, px);
        },
        describe: (i) => {
          const b = bins[i];
          if (!b) return undefined;
          const r = b.top;
          return {
            x: b.x + b.w / 2,
            y: y.at(total(r)),
            lines: [
              `Model call ${r.turn + 1}${b.count > 1 ? ` (the largest of ${b.count} calls here)` : ''}`,
              `${int(total(r))} tokens: ${KINDS.map((k) => `${k.label} ${int(r[k.key])}`).join(', ')}`,
              `${when(r, clock)}${r.durationMs !== undefined ? `, took ${formatDuration(r.durationMs)}` : ''}`,
              `${r.agent} · ${r.model}`,
            ],
          };
        },
        open: (i) => {
          const r = bins[i]?.top;
          if (r) onPick(r.seq);
        },
        content: (
          <>
            <YAxis axis={y} height={plotH} width={plotW} label="tokens" />
            <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
              {bins.map((b) => {
                let top = plotH;
                return (
                  <g key={b.x} data-call={b.top.turn + 1}>
                    {KINDS.map((k) => {
                      const h = plotH - y.at(b.top[k.key]);
                      top -= h;
                      // A pixel apart, so calls that follow each other read as separate bars.
                      return h > 0 ? (
                        <rect
                          key={k.key}
                          x={b.x}
                          y={top}
                          width={Math.max(1.5, b.w - 1)}
                          height={h}
                          className={k.className}
                        />
                      ) : null;
                    })}
                  </g>
                );
              })}
            </g>
            <XAxis
              axis={xs.axis}
              y={MARGIN.top + plotH}
              width={plotW}
              label={`${xs.label}${unplaced > 0 ? ` (${unplaced} calls without a timestamp not drawn)` : ''}`}
            />
          </>
        ),
      };
    },
    [counted, clock, plotH, onPick],
  );
  const max = maxOf(counted, total, 0);
  return (
    <ChartFrame
      caption="Tokens per model call, stacked by kind; each bar spans the call, from its request to its last line (click to open it)"
      label={`Tokens per model call, ${counted.length} calls, highest ${int(max)}`}
      height={H}
      legend={<Legend />}
      build={build}
    />
  );
}

/**
 * Cumulative computed cost, stepping up at the time each call started. `reconciled`: what result frames booked beyond
 * the calls (no call to draw it at), said in the caption.
 */
export function CostChart({
  rows,
  clock,
  reconciled = [],
}: {
  rows: PackedRows<TurnRow>;
  clock: Clock;
  reconciled?: readonly ReconciledStat[];
}) {
  const counted = useMemo(() => rowsOf(rows).filter((r) => r.counted), [rows]);
  const H = 140;
  const plotH = H - MARGIN.top - MARGIN.bottom;
  const totalUsd = counted.reduce((n, r) => n + r.costUsd, 0);
  // Calls of a model with no price add nothing to the line: the sums are the priced part, a lower bound (≥).
  const unpriced = useMemo(() => [...new Set(counted.filter((r) => !r.priced).map((r) => r.model))], [counted]);
  const build = useCallback(
    (width: number): ChartModel => {
      const plotW = width - MARGIN.left - MARGIN.right;
      const xs = callAxis(counted, clock, plotW);
      let run = 0;
      const missing = new Set<string>();
      const points: { r: TurnRow; sum: number; x: number; missing: string[] }[] = [];
      for (const r of counted) {
        run += r.costUsd;
        if (!r.priced) missing.add(r.model);
        if (!xs.byTime || r.offsetMs !== undefined) points.push({ r, sum: run, x: xs.x(r), missing: [...missing] });
      }
      const y = valueAxis(run, plotH, formatUsd);
      const xsOf = points.map((p) => p.x);
      // A step line: flat until a call, then up by its cost. Points in one pixel column are drawn once.
      let d = `M0,${plotH}`;
      let prevY = plotH;
      let prevX = -1;
      points.forEach((p, k) => {
        const py = y.at(p.sum);
        if (Math.round(p.x) === prevX && k < points.length - 1) return;
        d += `L${p.x.toFixed(1)},${prevY.toFixed(1)}L${p.x.toFixed(1)},${py.toFixed(1)}`;
        prevY = py;
        prevX = Math.round(p.x);
      });
      d += `L${plotW},${prevY.toFixed(1)}`;
      return {
        count: points.length,
        pick: (px) => nearest(xsOf, px),
        describe: (k) => {
          const p = points[k];
          if (!p) return undefined;
          return {
            x: p.x,
            y: y.at(p.sum),
            lines: [
              `${formatCost(p.sum, p.missing)} after model call ${p.r.turn + 1}`,
              `this call: ${p.r.priced ? formatUsd(p.r.costUsd) : '— (no price)'} (${p.r.model})`,
              when(p.r, clock),
              p.r.agent,
            ],
          };
        },
        content: (
          <>
            <YAxis axis={y} height={plotH} width={plotW} label="USD" />
            <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
              <path d={d} fill="none" strokeWidth={1.5} className="stroke-emerald-600 dark:stroke-emerald-400" />
            </g>
            <XAxis axis={xs.axis} y={MARGIN.top + plotH} width={plotW} label={xs.label} />
          </>
        ),
      };
    },
    [counted, clock, plotH],
  );
  return (
    <ChartFrame
      caption={costCaption(unpriced, reconciled)}
      label={`Cumulative computed cost, reaching ${formatCost(totalUsd, unpriced)}`}
      height={H}
      build={build}
    />
  );
}

/** What the cost line leaves out, in words: the calls of unpriced models, and the rows booked from result frames. */
function costCaption(unpriced: readonly string[], reconciled: readonly ReconciledStat[]): string {
  const recUnpriced = [...new Set(reconciled.filter((r) => !r.priced).map((r) => r.model))];
  const recUsd = reconciled.reduce((n, r) => n + r.costUsd, 0);
  const booked =
    recUnpriced.length > 0 && recUsd === 0
      ? `the unpriced tokens of ${recUnpriced.join(', ')}`
      : `the ${formatCost(recUsd, recUnpriced)}`;
  const head =
    reconciled.length > 0
      ? `Cumulative computed cost of the model calls (without ${booked} booked from the result frame)`
      : 'Cumulative computed cost over the run';
  return unpriced.length > 0 ? `${head}: the priced part (no price for ${unpriced.join(', ')})` : head;
}
