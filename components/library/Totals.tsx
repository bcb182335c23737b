'use client';

import { memo } from 'react';
import type { SessionRow } from '../../lib/fast/report';
import { round6 } from '../../lib/trace/stats';
import { formatInt } from '../../lib/trace/text-order';
import { compactNumber, formatCost, unpricedNote } from '../../lib/view/rowview';

/** The totals of the sessions shown: how many of all, model calls, tokens and cost (the priced part). */
export const Totals = memo(function Totals({
  rows,
  all,
  usd,
  local,
}: {
  rows: readonly SessionRow[];
  all: number;
  usd: number;
  /** The price table's source when this browser's local prices are in use. */
  local: string | undefined;
}) {
  let calls = 0;
  const t = { input: 0, output: 0, cacheWrite: 0, cacheRead: 0, total: 0 };
  const missing = new Set<string>();
  for (const r of rows) {
    calls += r.modelCalls;
    for (const m of r.unpricedModels) missing.add(m);
    t.input += r.tokens.input;
    t.output += r.tokens.output;
    t.cacheWrite += r.tokens.cacheWrite;
    t.cacheRead += r.tokens.cacheRead;
    t.total += r.tokens.total;
  }
  const unpriced = [...missing].sort();
  const item = 'flex items-baseline justify-between gap-3';
  return (
    <dl
      aria-label="Selection totals"
      className="flex w-56 shrink-0 flex-col gap-0.5 rounded border border-neutral-200 p-2 text-[12px] tabular-nums dark:border-neutral-700"
    >
      <div className={item}>
        <dt className="text-neutral-500">sessions</dt>
        <dd aria-label="Sessions shown">
          {rows.length === all ? formatInt(all) : `${formatInt(rows.length)} of ${formatInt(all)}`}
        </dd>
      </div>
      <div className={item}>
        <dt className="text-neutral-500">model calls</dt>
        <dd>{formatInt(calls)}</dd>
      </div>
      <div
        className={item}
        title={`input ${t.input}, output ${t.output}, cache write ${t.cacheWrite}, cache read ${t.cacheRead}`}
      >
        <dt className="text-neutral-500">tokens</dt>
        <dd>{compactNumber(t.total)}</dd>
      </div>
      <div
        className={item}
        title={
          unpriced.length > 0
            ? `${unpricedNote(unpriced)}: the total is the priced part`
            : local !== undefined
              ? `computed with local prices: ${local}; every call counted once`
              : 'computed from the dated price table, every call counted once'
        }
      >
        <dt className="text-neutral-500">cost</dt>
        <dd aria-label="Total cost" data-usd={round6(usd)} className="font-semibold">
          {formatCost(round6(usd), unpriced)}
        </dd>
      </div>
    </dl>
  );
});
