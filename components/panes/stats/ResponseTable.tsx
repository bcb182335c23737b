'use client';

import { useMemo } from 'react';
import { rowsOf, type PackedRows } from '../../../lib/view/packed-rows';
import type { ResponseRow } from '../../../lib/view/stats-view';
import { compactNumber, formatCostBound, formatDuration, formatUsd, unpricedNote } from '../../../lib/view/rowview';
import { VirtualRows } from '../../ui/kit/VirtualRows';

interface Col {
  readonly label: string;
  readonly cell: (r: ResponseRow) => string;
  readonly title?: (r: ResponseRow) => string | undefined;
  /** A figure: set right, as in the other tables. */
  readonly num?: boolean;
}

const COLS: readonly Col[] = [
  { label: 'response', cell: (r) => String(r.response + 1) },
  { label: 'ended by', cell: (r) => r.end },
  { label: 'num_turns (result)', num: true, cell: (r) => (r.numTurns !== undefined ? String(r.numTurns) : '—') },
  { label: 'model calls counted', num: true, cell: (r) => String(r.modelCalls) },
  { label: 'main-agent calls', num: true, cell: (r) => String(r.mainModelCalls) },
  {
    label: 'output',
    num: true,
    cell: (r) => (r.lowerBound ? `≥ ${compactNumber(r.output)}` : compactNumber(r.output)),
  },
  {
    label: 'computed',
    num: true,
    cell: (r) => formatCostBound(r.costUsd, r.unpricedModels, r.lowerBound),
    title: (r) => (r.unpricedModels.length > 0 ? unpricedNote(r.unpricedModels) : undefined),
  },
  {
    label: 'reported (own share)',
    num: true,
    cell: (r) => (r.reportedUsd !== undefined ? formatUsd(r.reportedUsd) : '—'),
  },
  { label: 'duration', num: true, cell: (r) => (r.durationMs !== undefined ? formatDuration(r.durationMs) : '—') },
];

const GRID = '4.5rem 7rem 8rem 8.5rem 7rem 5rem 6rem 8.5rem 5rem';
/** The sum of the columns: below it the table scrolls sideways inside its frame. */
const MIN_WIDTH = '59.5rem';

/** Per response (a prompt and what it set off): how it ended, its calls, output, cost and duration; only the rows in
 *  view are drawn. */
export function ResponseTable({ responses: packed }: { responses: PackedRows<ResponseRow> }) {
  const responses = useMemo(() => rowsOf(packed), [packed]);
  return (
    <>
      <h2 className="mb-1 text-[11px] font-semibold uppercase tracking-wide text-neutral-500">
        Per response ({responses.length})
      </h2>
      <div className="mb-3 overflow-x-auto">
        <div
          role="table"
          aria-label="Per response"
          aria-rowcount={responses.length + 1}
          className="tabular-nums"
          style={{ minWidth: MIN_WIDTH }}
        >
          <div role="row" aria-rowindex={1} className="grid text-neutral-500" style={{ gridTemplateColumns: GRID }}>
            {COLS.map((c) => (
              <div
                key={c.label}
                role="columnheader"
                className={`truncate px-1 ${c.num ? 'text-right' : ''}`}
                title={c.label}
              >
                {c.label}
              </div>
            ))}
          </div>
          <VirtualRows count={responses.length}>
            {(index, style) => {
              const r = responses[index];
              return r ? (
                <div
                  key={r.response}
                  role="row"
                  aria-rowindex={index + 2}
                  className="absolute left-0 grid w-full border-t border-neutral-100 dark:border-neutral-800"
                  style={{ ...style, gridTemplateColumns: GRID }}
                >
                  {COLS.map((c) => (
                    <div
                      key={c.label}
                      role="cell"
                      className={`truncate px-1 ${c.num ? 'text-right' : ''}`}
                      title={c.title?.(r)}
                    >
                      {c.cell(r)}
                    </div>
                  ))}
                </div>
              ) : null;
            }}
          </VirtualRows>
        </div>
      </div>
    </>
  );
}
