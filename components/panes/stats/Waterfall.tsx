'use client';

import { useCallback, useMemo } from 'react';
import { elapsedAxis, formatMoment } from '../../../lib/view/chart';
import type { WaterfallBar } from '../../../lib/view/stats-view';
import { formatDuration } from '../../../lib/view/rowview';
import { count } from '../../../lib/trace/text-order';
import { ChartFrame, MARGIN, XAxis, YAxis, type ChartModel } from './ChartFrame';
import type { Clock } from './Charts';

// The tool calls' waterfall, on the Stats charts' clock (see Charts.tsx): a lane per call running at once, each bar
// its wait for permission apart from its run.

const LANES_SHOWN = 40;
const BARS_SHOWN = 3000;
const LANE_H = 9;

/** Tool calls as a network-style waterfall on the same clock: a lane per call running at once; permission wait apart. */
export function Waterfall({
  bars,
  lanes,
  clock,
  onPick,
}: {
  bars: readonly WaterfallBar[];
  lanes: number;
  clock: Clock;
  onPick: (seq: number) => void;
}) {
  const shown = useMemo(() => bars.slice(0, BARS_SHOWN).filter((b) => b.lane < LANES_SHOWN), [bars]);
  const plotH = Math.min(lanes, LANES_SHOWN) * LANE_H + 4;
  const H = plotH + MARGIN.top + MARGIN.bottom;
  const build = useCallback(
    (width: number): ChartModel => {
      const plotW = width - MARGIN.left - MARGIN.right;
      const span = Math.max(clock.spanMs ?? 0, ...shown.map((b) => b.end ?? b.start));
      const axis = elapsedAxis(span, plotW);
      const laneY = (lane: number): number => lane * LANE_H + 2;
      const spans = shown.map((b) => ({ x1: axis.at(b.start), x2: axis.at(b.end ?? span) }));
      return {
        count: shown.length,
        // The bar under the pointer: its own lane first, then the nearest along the clock.
        pick: (px, py) => {
          const lane = Math.floor((py - 2) / LANE_H);
          let best = -1;
          let dist = Infinity;
          shown.forEach((b, i) => {
            const s = spans[i];
            if (!s) return;
            const d = (px < s.x1 ? s.x1 - px : px > s.x2 ? px - s.x2 : 0) + 10_000 * Math.abs(b.lane - lane);
            if (d < dist) {
              dist = d;
              best = i;
            }
          });
          return best;
        },
        describe: (i) => {
          const b = shown[i];
          if (!b) return undefined;
          return {
            x: axis.at(b.start),
            y: laneY(b.lane),
            lines: [
              `${b.name} (tool call ${b.call + 1})`,
              b.end !== undefined ? `${formatDuration(b.end - b.start)} from request to result` : 'no result',
              `requested ${formatMoment(b.start, span, clock.startedAt)}`,
              ...(b.decided !== undefined ? [`permission decided after ${formatDuration(b.decided - b.start)}`] : []),
              ...(b.denied ? ['denied'] : b.error ? ['error'] : []),
            ],
          };
        },
        open: (i) => {
          const b = shown[i];
          if (b) onPick(b.seq);
        },
        content: (
          <>
            <YAxis axis={{ at: laneY, ticks: [] }} height={plotH} width={plotW} label="at once" />
            <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
              {shown.map((b, i) => {
                const s = spans[i] ?? { x1: 0, x2: 0 };
                const decided = b.decided !== undefined ? axis.at(b.decided) : s.x1;
                const tone = b.denied
                  ? 'fill-orange-500'
                  : b.error
                    ? 'fill-red-500'
                    : b.end === undefined
                      ? 'fill-neutral-400'
                      : 'fill-teal-600 dark:fill-teal-400';
                return (
                  <g key={b.call} data-call={b.call + 1}>
                    {decided > s.x1 ? (
                      <rect
                        x={s.x1}
                        y={laneY(b.lane)}
                        width={decided - s.x1}
                        height={LANE_H - 2}
                        className="fill-neutral-300 dark:fill-neutral-600"
                      />
                    ) : null}
                    <rect
                      x={decided}
                      y={laneY(b.lane)}
                      width={Math.max(2, s.x2 - decided)}
                      height={LANE_H - 2}
                      className={tone}
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
    [shown, clock, plotH, onPick],
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
          {bars.length > shown.length ? ` · ${shown.length} of ${bars.length} shown` : ''}
        </div>
      }
      build={build}
    />
  );
}
