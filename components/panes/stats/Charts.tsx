'use client';

import type { TurnRow, WaterfallBar } from '../../../lib/view/stats-view';
import { formatDuration, formatUsd } from '../../../lib/view/rowview';

// Charts in plain SVG. Past a few thousand points the series are bucketed so drawing stays cheap.

const KINDS = [
  { key: 'cacheRead', label: 'cache read', className: 'fill-sky-300 dark:fill-sky-800' },
  { key: 'cacheWrite', label: 'cache write', className: 'fill-amber-300 dark:fill-amber-700' },
  { key: 'input', label: 'input', className: 'fill-sky-600 dark:fill-sky-500' },
  { key: 'output', label: 'output', className: 'fill-violet-600 dark:fill-violet-400' },
] as const;

type Kind = (typeof KINDS)[number]['key'];

function bucket(rows: readonly TurnRow[], max: number): { from: number; values: Record<Kind, number> }[] {
  const size = Math.max(1, Math.ceil(rows.length / max));
  const out: { from: number; values: Record<Kind, number> }[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const values: Record<Kind, number> = { cacheRead: 0, cacheWrite: 0, input: 0, output: 0 };
    for (const r of rows.slice(i, i + size)) for (const k of KINDS) values[k.key] += r[k.key];
    out.push({ from: i, values });
  }
  return out;
}

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

/** Tokens per model call, stacked by kind. */
export function TokensChart({ rows, onPick }: { rows: readonly TurnRow[]; onPick: (seq: number) => void }) {
  const counted = rows.filter((r) => r.counted);
  const W = 640;
  const H = 140;
  const buckets = bucket(counted, 400);
  const max = Math.max(1, ...buckets.map((b) => KINDS.reduce((n, k) => n + b.values[k.key], 0)));
  const bw = W / Math.max(1, buckets.length);
  const size = Math.max(1, Math.ceil(counted.length / 400));
  return (
    <figure aria-label="Tokens per model call" className="flex flex-col gap-1">
      <figcaption className="text-[12px] font-medium text-neutral-700 dark:text-neutral-300">Tokens per model call, stacked by kind (click a bar to open the call)</figcaption>
      <svg role="img" aria-label={`Tokens per model call, ${counted.length} calls, highest ${max.toLocaleString('en-US')}`} viewBox={`0 0 ${W} ${H}`} className="h-36 w-full" preserveAspectRatio="none">
        {buckets.map((b, i) => {
          let y = H;
          return (
            <g key={i} onClick={() => onPick(counted[b.from]?.seq ?? 0)} className="cursor-pointer">
              <title>{`${size > 1 ? `calls ${b.from + 1}–${b.from + size}` : `call ${b.from + 1}`}: ${KINDS.map((k) => `${k.label} ${b.values[k.key].toLocaleString('en-US')}`).join(', ')}`}</title>
              {KINDS.map((k) => {
                const h = (b.values[k.key] / max) * H;
                y -= h;
                return h > 0 ? <rect key={k.key} x={i * bw} y={y} width={Math.max(0.5, bw - (bw > 3 ? 1 : 0))} height={h} className={k.className} /> : null;
              })}
            </g>
          );
        })}
      </svg>
      <Legend />
    </figure>
  );
}

/** Cumulative computed cost over the run (by model call order). */
export function CostChart({ rows }: { rows: readonly TurnRow[] }) {
  const counted = rows.filter((r) => r.counted);
  const W = 640;
  const H = 100;
  let acc = 0;
  const step = Math.max(1, Math.ceil(counted.length / 800));
  const pts: [number, number][] = [[0, 0]];
  counted.forEach((r, i) => {
    acc += r.costUsd;
    if (i % step === 0 || i === counted.length - 1) pts.push([i + 1, acc]);
  });
  const max = Math.max(acc, 1e-9);
  const n = Math.max(1, counted.length);
  const d = pts.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${((x / n) * W).toFixed(1)},${(H - (y / max) * (H - 4)).toFixed(1)}`).join(' ');
  return (
    <figure aria-label="Cumulative cost" className="flex flex-col gap-1">
      <figcaption className="text-[12px] font-medium text-neutral-700 dark:text-neutral-300">Cumulative computed cost over the run</figcaption>
      <svg role="img" aria-label={`Cumulative computed cost, reaching ${formatUsd(acc)}`} viewBox={`0 0 ${W} ${H}`} className="h-24 w-full" preserveAspectRatio="none">
        <path d={d} fill="none" strokeWidth={1.5} vectorEffect="non-scaling-stroke" className="stroke-emerald-600 dark:stroke-emerald-400" />
      </svg>
      <div className="flex justify-between text-[11px] text-neutral-500">
        <span>call 1</span>
        <span>{formatUsd(acc)} after {counted.length} calls</span>
      </div>
    </figure>
  );
}

/** Tool calls as a network-style waterfall: a lane per concurrent call; permission wait drawn apart from execution. */
export function Waterfall({ bars, lanes, onPick }: { bars: readonly WaterfallBar[]; lanes: number; onPick: (seq: number) => void }) {
  if (bars.length === 0) return <p className="text-[12px] text-neutral-500">No tool calls with timestamps.</p>;
  const shown = bars.slice(0, 3000);
  const end = Math.max(1, ...shown.map((b) => b.end ?? b.start));
  const W = 640;
  const laneH = 8;
  const H = Math.min(lanes, 40) * laneH + 4;
  return (
    <figure aria-label="Tool call waterfall" className="flex flex-col gap-1">
      <figcaption className="text-[12px] font-medium text-neutral-700 dark:text-neutral-300">Tool calls, request to result (one lane per call running at once; click a bar to open the call)</figcaption>
      <svg role="img" aria-label={`Tool call waterfall: ${bars.length} calls in ${lanes} lane(s)`} viewBox={`0 0 ${W} ${H}`} className="w-full" style={{ height: H }} preserveAspectRatio="none">
        {shown.map((b) => {
          if (b.lane >= 40) return null;
          const x = (b.start / end) * W;
          const decided = b.decided !== undefined ? (b.decided / end) * W : x;
          const x2 = b.end !== undefined ? (b.end / end) * W : W;
          const y = b.lane * laneH + 2;
          const tone = b.denied ? 'fill-orange-500' : b.error ? 'fill-red-500' : b.end === undefined ? 'fill-neutral-400' : 'fill-teal-600 dark:fill-teal-400';
          return (
            <g key={b.call} onClick={() => onPick(b.seq)} className="cursor-pointer">
              <title>{`${b.name}: ${b.end !== undefined ? formatDuration(b.end - b.start) : 'no result'}${b.decided !== undefined ? ` (permission decided after ${formatDuration(b.decided - b.start)})` : ''}${b.denied ? ', denied' : b.error ? ', error' : ''}`}</title>
              {decided > x ? <rect x={x} y={y} width={decided - x} height={laneH - 2} className="fill-neutral-300 dark:fill-neutral-600" /> : null}
              <rect x={decided} y={y} width={Math.max(1, x2 - decided)} height={laneH - 2} className={tone} />
            </g>
          );
        })}
      </svg>
      <div className="flex justify-between text-[11px] text-neutral-500">
        <span>0</span>
        <span>
          grey: waiting for permission · teal: running · orange: denied · red: error{bars.length > shown.length ? ` · first ${shown.length} of ${bars.length}` : ''}
        </span>
        <span>{formatDuration(end)}</span>
      </div>
    </figure>
  );
}
