'use client';

import { memo, useRef, type KeyboardEvent } from 'react';
import type { DailySeries, StackBy } from '../../lib/fast/daily';
import { formatCost, formatUsd, unpricedNote } from '../../lib/view/rowview';
import { daySlots, stackHeights } from './bars';

// Cost per day as stacked bars in plain SVG (one bar per calendar day, empty days included), with a legend, a switch
// between stacking by project and by model, and the same numbers as a table for screen readers.

const FILLS = [
  'fill-sky-500 dark:fill-sky-400',
  'fill-amber-500 dark:fill-amber-400',
  'fill-emerald-500 dark:fill-emerald-400',
  'fill-violet-500 dark:fill-violet-400',
  'fill-rose-500 dark:fill-rose-400',
  'fill-teal-600 dark:fill-teal-400',
  'fill-orange-700 dark:fill-orange-500',
  'fill-neutral-400 dark:fill-neutral-500',
];

const W = 1000;
const H = 100;
/** The least height of a day that cost anything: 4 of the 100 units, about 4 px in the chart’s 96 px (a $0.17 day beside a $6.21 one is 2.6 px to scale). */
const MIN_BAR = 4;

const label = (day: string | null): string => day ?? 'no date';

const STACKS = ['project', 'model'] as const;

/** The stacking switch, a radio group as ARIA has one: a single tab stop (the checked radio), arrows choose. */
function StackSwitch({ stackBy, onStackBy }: { stackBy: StackBy; onStackBy: (by: StackBy) => void }) {
  const group = useRef<HTMLSpanElement>(null);
  const onKey = (e: KeyboardEvent<HTMLSpanElement>): void => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const i = (STACKS.indexOf(stackBy) + step + STACKS.length) % STACKS.length;
    onStackBy(STACKS[i] ?? stackBy);
    group.current?.querySelectorAll<HTMLButtonElement>('[role=radio]')[i]?.focus();
  };
  return (
    <span
      ref={group}
      role="radiogroup"
      aria-label="Stack by"
      onKeyDown={onKey}
      className="flex overflow-hidden rounded border border-neutral-300 dark:border-neutral-600"
    >
      {STACKS.map((by) => (
        <button
          key={by}
          type="button"
          role="radio"
          aria-checked={stackBy === by}
          tabIndex={stackBy === by ? 0 : -1}
          onClick={() => onStackBy(by)}
          className={`px-2 leading-5 ${stackBy === by ? 'bg-neutral-700 text-white dark:bg-neutral-200 dark:text-neutral-900' : 'hover:bg-neutral-100 dark:hover:bg-neutral-800'}`}
        >
          by {by}
        </button>
      ))}
    </span>
  );
}

export const CostChart = memo(function CostChart({
  series,
  stackBy,
  onStackBy,
}: {
  series: DailySeries;
  stackBy: StackBy;
  onStackBy: (by: StackBy) => void;
}) {
  const max = Math.max(0, ...series.dayTotals);
  const n = series.days.length;
  // A day is as wide as in a month's chart at least: a single day is a bar, not a block across the panel.
  const { slots, used } = daySlots(n);
  const bw = W / slots;
  const gap = bw > 6 ? Math.min(2, bw * 0.15) : 0;
  const first = series.days[0];
  const last = series.days[n - 1];
  const title = `Cost per day, stacked by ${stackBy}`;
  return (
    <figure aria-label="Cost per day" className="flex min-w-0 flex-col gap-1">
      <figcaption className="flex items-center gap-3 text-[12px]">
        <span className="font-medium text-neutral-700 dark:text-neutral-300">Cost per day</span>
        <StackSwitch stackBy={stackBy} onStackBy={onStackBy} />
        <span className="ml-auto tabular-nums text-neutral-500">{n > 0 ? `highest ${formatUsd(max)} a day` : ''}</span>
      </figcaption>
      <div className="relative">
        <svg
          role="img"
          aria-label={`${title}: ${formatCost(series.total, series.unpriced)} over ${n} day${n === 1 ? '' : 's'}`}
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          className="h-24 w-full rounded-sm bg-neutral-50 dark:bg-neutral-950/40"
        >
          {series.days.map((day, d) => {
            let y = H;
            const x = d * bw + gap / 2;
            const heights = stackHeights(
              series.keys.map((_, k) => series.values[d]?.[k] ?? 0),
              max,
              H - 2,
              MIN_BAR,
            );
            return (
              <g key={day ?? 'none'}>
                <title>{`${label(day)}: ${formatCost(series.dayTotals[d] ?? 0, series.dayUnpriced[d] ?? [])}${(series.dayUnpriced[d] ?? []).length > 0 ? ` (${unpricedNote(series.dayUnpriced[d] ?? [])})` : ''}`}</title>
                <rect x={d * bw} y={0} width={bw} height={H} className="fill-transparent" />
                {series.keys.map((key, k) => {
                  const v = series.values[d]?.[k] ?? 0;
                  const h = heights[k] ?? 0;
                  if (h <= 0) return null;
                  y -= h;
                  return (
                    <rect
                      key={key}
                      x={x}
                      y={y}
                      width={Math.max(0.5, bw - gap)}
                      height={h}
                      className={FILLS[k % FILLS.length]}
                    >
                      <title>{`${label(day)} · ${key}: ${formatUsd(v)}`}</title>
                    </rect>
                  );
                })}
              </g>
            );
          })}
        </svg>
        <div
          aria-hidden
          style={{ width: `${used * 100}%` }}
          className="flex min-w-max justify-between gap-2 text-[11px] tabular-nums text-neutral-500"
        >
          <span>{first !== undefined ? label(first) : ''}</span>
          <span>{last !== undefined && n > 1 ? label(last) : ''}</span>
        </div>
      </div>
      <ul
        aria-label="Legend"
        className="flex flex-wrap gap-x-3 gap-y-0.5 text-[11px] text-neutral-600 dark:text-neutral-400"
      >
        {series.keys.map((key, k) => (
          <li key={key} className="flex min-w-0 items-center gap-1">
            <svg width="9" height="9" aria-hidden>
              <rect width="9" height="9" className={FILLS[k % FILLS.length]} />
            </svg>
            {/* Cut at the start, as the table's Project column: project folders differ at the end of their names. */}
            <span dir="rtl" className="max-w-48 truncate text-left" title={key}>
              <bdi dir="ltr">{key}</bdi>
            </span>
          </li>
        ))}
      </ul>
      {/* sr-only on a wrapper: a table grows to its rows whatever height it is given, so on its own it stretched the
          page by a row per day (a year of days scrolled the library into blank space). */}
      <div className="sr-only">
        <table aria-label="Cost per day, as a table">
          <thead>
            <tr>
              <th scope="col">day</th>
              <th scope="col">cost</th>
            </tr>
          </thead>
          <tbody>
            {series.days.map((day, d) => (
              <tr key={day ?? 'none'} data-usd={series.dayTotals[d] ?? 0}>
                <th scope="row">{label(day)}</th>
                <td>{formatCost(series.dayTotals[d] ?? 0, series.dayUnpriced[d] ?? [])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
});
