'use client';

import { useMemo, useState } from 'react';
import type { ResponseRow, TurnRow } from '../../../lib/view/stats-view';
import { rowsOf, type PackedRows } from '../../../lib/view/packed-rows';
import { compactNumber, formatCostBound, formatDuration, unpricedNote } from '../../../lib/view/rowview';
import { VirtualRows } from '../../ui/kit/VirtualRows';
import { ResponseTable } from './ResponseTable';

type Col = {
  key: keyof TurnRow;
  label: string;
  num: boolean;
  fmt?: (r: TurnRow) => string;
  title?: (r: TurnRow) => string | undefined;
};
const COLS: readonly Col[] = [
  { key: 'turn', label: 'call', num: true, fmt: (r) => String(r.turn + 1) },
  { key: 'response', label: 'resp', num: true, fmt: (r) => String(r.response + 1) },
  { key: 'model', label: 'model', num: false },
  { key: 'agent', label: 'agent', num: false },
  { key: 'input', label: 'input', num: true, fmt: (r) => compactNumber(r.input) },
  // A placeholder output (no message_delta): the figure is a lower bound, its difference a reconciled row.
  {
    key: 'output',
    label: 'output',
    num: true,
    fmt: (r) => (r.lowerBound ? `≥ ${compactNumber(r.output)}` : compactNumber(r.output)),
  },
  { key: 'cacheRead', label: 'cache read', num: true, fmt: (r) => compactNumber(r.cacheRead) },
  { key: 'cacheWrite', label: 'cache write', num: true, fmt: (r) => compactNumber(r.cacheWrite) },
  {
    key: 'costUsd',
    label: 'cost',
    num: true,
    fmt: (r) => (!r.counted ? 'not counted' : r.priced ? formatCostBound(r.costUsd, [], r.lowerBound) : '—'),
    title: (r) => (r.counted && !r.priced ? unpricedNote([r.model]) : undefined),
  },
  { key: 'toolCalls', label: 'tools', num: true },
  {
    key: 'durationMs',
    label: 'duration',
    num: true,
    fmt: (r) => (r.durationMs !== undefined ? formatDuration(r.durationMs) : '—'),
  },
  { key: 'stopReason', label: 'stop reason', num: false },
];

const GRID = '3rem 3rem minmax(10rem,1.5fr) minmax(6rem,1fr) 4.5rem 4.5rem 5.5rem 5.5rem 5rem 3rem 4.5rem 6rem';
/** The sum of the columns' smallest widths: below it the table scrolls sideways inside its frame. */
const MIN_WIDTH = '60.5rem';

/** Per model call, sortable by any column, virtualized for thousands of calls; per response with num_turns. */
export function TurnTable({
  turns,
  responses,
  onJump,
}: {
  turns: PackedRows<TurnRow>;
  responses: PackedRows<ResponseRow>;
  onJump: (seq: number) => void;
}) {
  const [sort, setSort] = useState<{ key: keyof TurnRow; dir: 1 | -1 }>({ key: 'turn', dir: 1 });
  const rows = useMemo(() => {
    const out = [...rowsOf(turns)];
    out.sort((a, b) => {
      const x = a[sort.key];
      const y = b[sort.key];
      if (typeof x === 'number' && typeof y === 'number') return (x - y) * sort.dir;
      return String(x ?? '').localeCompare(String(y ?? '')) * sort.dir;
    });
    return out;
  }, [turns, sort]);
  return (
    <section aria-label="Per model call" className="mt-4">
      <ResponseTable responses={responses} />
      <h2 className="mb-1 text-[11px] font-semibold uppercase tracking-wide text-neutral-500">
        Per model call ({turns.count})
      </h2>
      {/* Narrower than its columns (a 900 px window, Explain open): the table scrolls sideways, header and rows together. */}
      <div className="overflow-x-auto rounded border border-neutral-200 dark:border-neutral-700">
        <div role="table" aria-label="Model calls" aria-rowcount={rows.length + 1} style={{ minWidth: MIN_WIDTH }}>
          <div
            role="row"
            aria-rowindex={1}
            className="grid bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-400"
            style={{ gridTemplateColumns: GRID }}
          >
            {COLS.map((c) => (
              <div
                key={c.key}
                role="columnheader"
                aria-sort={sort.key === c.key ? (sort.dir === 1 ? 'ascending' : 'descending') : 'none'}
                className="flex"
              >
                {/* The whole cell sorts, not only its label. */}
                <button
                  type="button"
                  title={`Sort by ${c.label}`}
                  onClick={() =>
                    setSort((s) => ({ key: c.key, dir: s.key === c.key ? (s.dir === 1 ? -1 : 1) : c.num ? -1 : 1 }))
                  }
                  className={`w-full truncate px-1 hover:bg-neutral-200 hover:underline dark:hover:bg-neutral-700 ${c.num ? 'text-right' : 'text-left'}`}
                >
                  {c.label}
                  {sort.key === c.key ? (sort.dir === 1 ? ' ▲' : ' ▼') : ''}
                </button>
              </div>
            ))}
          </div>
          <VirtualRows count={rows.length}>
            {(index, style) => {
              const r = rows[index];
              if (!r) return null;
              return (
                <div
                  key={r.seq}
                  role="row"
                  aria-rowindex={index + 2}
                  onClick={() => onJump(r.seq)}
                  className={`absolute left-0 grid w-full cursor-pointer border-t border-neutral-100 tabular-nums hover:bg-sky-50 dark:border-neutral-800 dark:hover:bg-neutral-800 ${r.counted ? '' : 'text-neutral-400'}`}
                  style={{ ...style, gridTemplateColumns: GRID }}
                >
                  {COLS.map((c) => (
                    <div
                      key={c.key}
                      role="cell"
                      title={c.title?.(r)}
                      className={`truncate px-1 ${c.num ? 'text-right' : ''} ${c.key === 'model' ? 'font-mono' : ''}`}
                    >
                      {c.fmt ? c.fmt(r) : String(r[c.key] ?? '')}
                    </div>
                  ))}
                </div>
              );
            }}
          </VirtualRows>
        </div>
      </div>
    </section>
  );
}
