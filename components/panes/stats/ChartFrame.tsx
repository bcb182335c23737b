'use client';

import {
  startTransition,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import type { Axis } from '../../../lib/view/chart';

// What the Stats charts share: a width that follows the pane, a plot with labelled axes and ticks, and a tooltip for
// the item under the pointer (or the keyboard: ←/→ move, Enter opens).

export const MARGIN = { left: 58, right: 12, top: 8, bottom: 34 } as const;

/**
 * The pixel width of an element, following resizes; undefined until it is measured. A new width is taken in a
 * transition: a chart of 50,000 calls is built again in a render drawn in slices, not in the task that measured it.
 */
export function useWidth(): [RefObject<HTMLDivElement | null>, number | undefined] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = Math.max(240, Math.floor(el.getBoundingClientRect().width));
      startTransition(() => setWidth(w));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width];
}

export function XAxis({ axis, y, width, label }: { axis: Axis; y: number; width: number; label: string }) {
  return (
    <g transform={`translate(${MARGIN.left},${y})`} className="text-[10px]" aria-hidden>
      <line x1={0} x2={width} y1={0} y2={0} className="stroke-neutral-400 dark:stroke-neutral-500" />
      {axis.ticks.map((t) => {
        const x = axis.at(t.value);
        return (
          <g key={t.value} transform={`translate(${x},0)`}>
            <line y1={0} y2={4} className="stroke-neutral-400 dark:stroke-neutral-500" />
            <text y={14} textAnchor="middle" className="fill-neutral-500 dark:fill-neutral-400">
              {t.label}
            </text>
          </g>
        );
      })}
      <text x={width / 2} y={29} textAnchor="middle" className="fill-neutral-600 dark:fill-neutral-300" data-axis="x">
        {label}
      </text>
    </g>
  );
}

export function YAxis({ axis, height, width, label }: { axis: Axis; height: number; width: number; label: string }) {
  return (
    <g transform={`translate(${MARGIN.left},${MARGIN.top})`} className="text-[10px]" aria-hidden>
      {axis.ticks.map((t) => {
        const y = axis.at(t.value);
        return (
          <g key={t.value} transform={`translate(0,${y})`}>
            <line x1={0} x2={width} className="stroke-neutral-200 dark:stroke-neutral-700" />
            <text x={-5} dy="0.32em" textAnchor="end" className="fill-neutral-500 dark:fill-neutral-400">
              {t.label}
            </text>
          </g>
        );
      })}
      <line x1={0} x2={0} y1={0} y2={height} className="stroke-neutral-400 dark:stroke-neutral-500" />
      <text
        transform={`translate(${-MARGIN.left + 10},${height / 2}) rotate(-90)`}
        textAnchor="middle"
        className="fill-neutral-600 dark:fill-neutral-300"
        data-axis="y"
      >
        {label}
      </text>
    </g>
  );
}

export interface Hover {
  readonly index: number;
  /** Tooltip anchor, in pixels within the chart. */
  readonly x: number;
  readonly y: number;
  readonly lines: readonly string[];
}

/** What a chart draws at a given width, and how its items answer the pointer and the keyboard. */
export interface ChartModel {
  readonly content: ReactNode;
  readonly count: number;
  /** The item at a point (plot coordinates), or -1. */
  readonly pick: (x: number, y: number) => number;
  /** What an item is, and where its tooltip goes (plot coordinates). */
  readonly describe: (index: number) => Omit<Hover, 'index'> | undefined;
  readonly open?: (index: number) => void;
}

const UNMEASURED: ChartModel = { content: null, count: 0, pick: () => -1, describe: () => undefined };

/** A chart: caption, an SVG as wide as its pane, and the tooltip of the hovered or focused item. */
export function ChartFrame({
  label,
  caption,
  height,
  legend,
  build,
}: {
  label: string;
  caption: string;
  height: number;
  legend?: ReactNode;
  /** The chart at a width; keep it stable (useCallback) so it is rebuilt only when its data or the width change. */
  build: (width: number) => ChartModel;
}) {
  const [ref, measured] = useWidth();
  // Nothing is built before the width is known: the chart would be built twice, once at a width it never has.
  const width = measured ?? 0;
  const model = useMemo(() => (measured === undefined ? UNMEASURED : build(measured)), [build, measured]);
  const [hover, setHover] = useState<Hover | undefined>();
  const tipId = useId();
  const { count, describe, pick, open } = model;
  const show = useCallback(
    (index: number) => {
      const d = index >= 0 && index < count ? describe(index) : undefined;
      setHover(d ? { ...d, index } : undefined);
    },
    [count, describe],
  );
  /** The item under the pointer (-1: none). */
  const at = (e: MouseEvent<SVGSVGElement>): number => {
    const r = e.currentTarget.getBoundingClientRect();
    return pick(e.clientX - r.left - MARGIN.left, e.clientY - r.top - MARGIN.top);
  };
  const onMove = (e: MouseEvent<SVGSVGElement>) => show(at(e));
  // A click opens the item under the pointer, read from the click itself: the hover state may not be drawn yet when a
  // quick pointer moves in and clicks, and focusing on mouse down must not stand in for it (that showed item 1).
  const onClick = (e: MouseEvent<SVGSVGElement>) => {
    const i = at(e);
    show(i);
    if (i >= 0) open?.(i);
  };
  const onKey = (e: KeyboardEvent<SVGSVGElement>) => {
    const at = hover?.index ?? -1;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft')
      show(Math.max(0, Math.min(count - 1, at + (e.key === 'ArrowRight' ? 1 : -1))));
    else if (e.key === 'Home') show(0);
    else if (e.key === 'End') show(count - 1);
    else if (e.key === 'Enter' && at >= 0) open?.(at);
    else if (e.key === 'Escape') setHover(undefined);
    else return;
    e.preventDefault();
  };
  const left = hover ? Math.min(Math.max(0, hover.x + MARGIN.left + 10), Math.max(0, width - 300)) : 0;
  return (
    <figure aria-label={caption} className="flex flex-col gap-1">
      <figcaption className="text-[12px] font-medium text-neutral-700 dark:text-neutral-300">{caption}</figcaption>
      <div ref={ref} className="relative w-full">
        <svg
          role="img"
          aria-label={label}
          aria-describedby={hover ? tipId : undefined}
          tabIndex={count > 0 ? 0 : -1}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          onMouseMove={onMove}
          onMouseLeave={() => setHover(undefined)}
          onClick={onClick}
          // Focus from the keyboard starts at the first item; focus from a click leaves the pointer's item shown.
          onFocus={(e) => hover ?? (e.currentTarget.matches(':focus-visible') ? show(0) : undefined)}
          onBlur={() => setHover(undefined)}
          onKeyDown={onKey}
          className={`block outline-none focus-visible:ring-2 focus-visible:ring-sky-500 ${open ? 'cursor-pointer' : ''}`}
        >
          {model.content}
          {hover ? (
            <line
              x1={hover.x + MARGIN.left}
              x2={hover.x + MARGIN.left}
              y1={MARGIN.top}
              y2={height - MARGIN.bottom}
              className="stroke-sky-500"
              strokeDasharray="2 2"
            />
          ) : null}
        </svg>
        {hover ? (
          <div
            id={tipId}
            role="tooltip"
            style={{ left, top: Math.max(0, hover.y + MARGIN.top - 8) }}
            className="pointer-events-none absolute z-10 w-max max-w-[300px] rounded border border-neutral-300 bg-white px-2 py-1 text-[11px] leading-4 shadow dark:border-neutral-600 dark:bg-neutral-800"
          >
            {hover.lines.map((l, i) => (
              <div
                key={i}
                className={i === 0 ? 'font-semibold' : 'tabular-nums text-neutral-700 dark:text-neutral-300'}
              >
                {l}
              </div>
            ))}
          </div>
        ) : null}
      </div>
      {legend}
    </figure>
  );
}
