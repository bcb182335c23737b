'use client';

import { useCallback, useMemo } from 'react';
import { elapsedAxis, formatMoment, maxOf } from '../../../lib/view/chart';
import type { WaterfallBar } from '../../../lib/view/stats-view';
import { rowsOf, type PackedRows } from '../../../lib/view/packed-rows';
import { binWaterfall, type BarTone } from '../../../lib/view/waterfall-bins';
import { formatDuration } from '../../../lib/view/rowview';
import { count } from '../../../lib/trace/text-order';
import { ChartFrame, MARGIN, XAxis, YAxis, type ChartModel } from './ChartFrame';
import type { Clock } from './Charts';

// The tool calls' waterfall, on the Stats charts' clock (see Charts.tsx): a lane per call running at once, each bar
// its wait for permission apart from its run.

const LANES_SHOWN = 40;
const LANE_H = 9;

const TONE: Record<BarTone, string> = {
  denied: 'fill-orange-500',
  error: 'fill-red-500',
  open: 'fill-neutral-400',
  ok: 'fill-teal-600 dark:fill-teal-400',
};

/** Tool calls as a network-style waterfall on the same clock: a lane per call running at once; permission wait apart. */
export function Waterfall({
  bars: packed,
  lanes,
  clock,
  onPick,
}: {
  bars: PackedRows<WaterfallBar>;
  lanes: number;
  clock: Clock;
  onPick: (seq: number) => void;
}) {
  const bars = useMemo(() => rowsOf(packed), [packed]);
  const plotH = Math.min(lanes, LANES_SHOWN) * LANE_H + 4;
  const H = plotH + MARGIN.top + MARGIN.bottom;
  const build = useCallback(
    (width: number): ChartModel => {
      const plotW = width - MARGIN.left - MARGIN.right;
      const span = maxOf(bars, (b) => b.end ?? b.start, clock.spanMs ?? 0);
      const axis = elapsedAxis(span, plotW);
      const laneY = (lane: number): number => lane * LANE_H + 2;
      // Calls less than a pixel apart in a lane are one bar (waterfall-bins.ts): every call drawn, at any count.
      const drawn = binWaterfall(bars, axis.at, span, LANES_SHOWN);
      return {
        count: drawn.length,
        // The bar under the pointer: its own lane first, then the nearest along the clock.
        pick: (px, py) => {
          const lane = Math.floor((py - 2) / LANE_H);
          let best = -1;
          let dist = Infinity;
          drawn.forEach((d, i) => {
            const off = (px < d.x1 ? d.x1 - px : px > d.x2 ? px - d.x2 : 0) + 10_000 * Math.abs(d.lane - lane);
            // On a tie the later bar, painted over the earlier (a call with no result runs under later ones).
            if (off <= dist) {
              dist = off;
              best = i;
            }
          });
          return best;
        },
        describe: (i) => {
          const d = drawn[i];
          const b = d && bars[d.bar];
          if (!d || !b) return undefined;
          return {
            x: d.x1,
            y: laneY(d.lane),
            lines: [
              ...(d.count > 1 ? [`${count(d.count, 'tool call')} here; the longest:`] : []),
              `${b.name} (tool call ${b.call + 1})`,
              b.end !== undefined ? `${formatDuration(b.end - b.start)} from request to result` : 'no result',
              `requested ${formatMoment(b.start, span, clock.startedAt)}`,
              ...(b.decided !== undefined ? [`permission decided after ${formatDuration(b.decided - b.start)}`] : []),
              ...(b.denied ? ['denied'] : b.error ? ['error'] : []),
            ],
          };
        },
        open: (i) => {
          const d = drawn[i];
          const b = d && bars[d.bar];
          if (b) onPick(b.seq);
        },
        content: (
          <>
            <YAxis axis={{ at: laneY, ticks: [] }} height={plotH} width={plotW} label="at once" />
            <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
              {drawn.map((d) => {
                const from = d.decided ?? d.x1;
                return (
                  <g key={d.bar} data-call={(bars[d.bar]?.call ?? 0) + 1} data-calls={d.count}>
                    {d.decided !== undefined ? (
                      <rect
                        x={d.x1}
                        y={laneY(d.lane)}
                        width={d.decided - d.x1}
                        height={LANE_H - 2}
                        className="fill-neutral-300 dark:fill-neutral-600"
                      />
                    ) : null}
                    <rect
                      x={from}
                      y={laneY(d.lane)}
                      width={Math.max(2, d.x2 - from)}
                      height={LANE_H - 2}
                      className={TONE[d.tone]}
                    />
                  </g>
                );
              })}
            </g>
            <XAxis axis={axis} y={MARGIN.top + plotH} width={plotW} label="time since the first line" />
          </>
        ),
      };
    },
    [bars, clock, plotH, onPick],
  );
  if (bars.length === 0) return <p className="text-[12px] text-neutral-500">No tool calls with timestamps.</p>;
  return (
    <ChartFrame
      caption="Tool calls, request to result (one lane per call running at once; click a bar to open the call)"
      label={`Tool call waterfall: ${count(bars.length, 'call')} in ${count(lanes, 'lane')}`}
      height={H}
      legend={
        <div className="text-[11px] text-neutral-500">
          grey: waiting for permission · teal: running · orange: denied · red: error
          {lanes > LANES_SHOWN ? ` · the first ${LANES_SHOWN} of ${lanes} lanes shown` : ''}
        </div>
      }
      build={build}
    />
  );
}
