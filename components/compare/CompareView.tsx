'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  compareRows,
  compareRuns,
  differenceRows,
  firstDivergenceRow,
  rowKey,
  rowOfKey,
  stepDifference,
  type RunDigest,
} from '../../lib/compare';
import type { Ask, LocalPrices } from '../../lib/engine/protocol';
import type { ExplainMetric } from '../../lib/view/explain';
import { SplitView } from '../ui/SplitView';
import type { VirtualListHandle } from '../ui/VirtualList';
import { CompareHeader, DivergenceBar } from './CompareHeader';
import { ExplainBoth, RowsHead } from './ComparePanes';
import { PartialNote, type PartialSide } from './PartialNote';
import { CompareRows } from './CompareRows';
import { PairDetails } from './PairDetails';
import { viewHref } from './refs';
import type { SideFragment } from './sharedSide';
import { TotalsTable } from './TotalsTable';
import { useCompareKeys } from './useCompareKeys';

export interface LoadedSide {
  readonly title: string;
  readonly digest: RunDigest;
  readonly ask: Ask;
  /** Only the run's first megabytes are in `digest` yet: how many bytes of how many, and how far its load is. */
  readonly partial?: PartialSide;
}

/** The two sides as the URL names them, with what a shared one needs to be opened again (its key, its trace). */
export interface SideRefs {
  readonly a: string;
  readonly b: string;
  readonly fragA: SideFragment;
  readonly fragB: SideFragment;
}

export function CompareView({
  a,
  b,
  refs,
  row,
  onRow,
  prices,
}: {
  a: LoadedSide;
  b: LoadedSide;
  refs: SideRefs;
  /** This browser's local prices (a price file, overrides), which priced both digests. */
  prices: LocalPrices;
  row: string | undefined;
  onRow: (key: string) => void;
}) {
  const c = useMemo(() => compareRuns(a.digest, b.digest), [a.digest, b.digest]);
  const rows = useMemo(() => compareRows(c), [c]);
  const diffRows = useMemo(() => differenceRows(c, rows), [c, rows]);
  const firstRow = useMemo(() => firstDivergenceRow(c, rows), [c, rows]);
  const fromUrl = row === undefined ? -1 : rowOfKey(rows, row);
  const selected = fromUrl >= 0 ? fromUrl : Math.max(0, firstRow);
  const list = useRef<VirtualListHandle>(null);
  const partial = a.partial !== undefined || b.partial !== undefined;

  // A delta's Explain: the model calls behind the figure, listed for each run by its own worker, side by side.
  const [explain, setExplain] = useState<{ metric: ExplainMetric; title: string } | undefined>();
  const onExplain = useCallback((metric: ExplainMetric, title: string) => setExplain({ metric, title }), []);
  // Why a line link did not open (a side burned after reading has no link left to open).
  const [notice, setNotice] = useState<string | undefined>();

  const select = useCallback(
    (i: number) => {
      const r = rows[Math.max(0, Math.min(rows.length - 1, i))];
      // Moving in the rows shows the pair again in place of an Explain.
      setExplain(undefined);
      setNotice(undefined);
      if (r) onRow(rowKey(r));
    },
    [rows, onRow],
  );
  // The selection in view, whoever moved it (a key, a click, the URL on reload or back).
  useEffect(() => list.current?.scrollToIndex(selected, 'auto'), [selected]);
  // On open, the keyboard is in the rows: `n` is one key away.
  useEffect(() => list.current?.focus(), []);
  const onKeyDown = useCompareKeys({ selected, diffRows, firstRow, count: rows.length, select });

  const onJump = (side: 'a' | 'b', seq: number) => {
    const href = side === 'a' ? viewHref(refs.a, seq, refs.fragA) : viewHref(refs.b, seq, refs.fragB);
    if (href) window.location.assign(href);
    else
      setNotice(
        `Run ${side.toUpperCase()} was burned after reading: this page holds its only copy, so its lines do not open in the workbench.`,
      );
  };

  return (
    <main
      role="region"
      aria-label="Compare"
      className="flex h-dvh flex-col bg-white text-[13px] text-neutral-900 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <CompareHeader
        titleA={a.title}
        titleB={b.title}
        here={diffRows.indexOf(selected)}
        differences={diffRows.length}
        onStep={(by) => select(stepDifference(diffRows, selected, by))}
      />
      <DivergenceBar
        what={c.firstDivergence?.what}
        a={a.digest}
        b={b.digest}
        onFirst={() => select(firstRow)}
        partial={partial}
      />
      {partial ? <PartialNote a={a.partial} b={b.partial} /> : null}
      {notice ? (
        <p
          role="status"
          className="shrink-0 border-b border-amber-300 bg-amber-50 px-3 py-1 text-[12px] text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          {notice}
        </p>
      ) : null}
      {partial ? null : (
        <section aria-label="Totals" className="shrink-0 border-b border-neutral-200 py-1 dark:border-neutral-700">
          <TotalsTable label="Totals" a={c.totals.a} b={c.totals.b} delta={c.totals.delta} onExplain={onExplain} />
        </section>
      )}
      {/* A flex box of its own: the split's panes take their share of a bounded height, and the rows scroll inside. */}
      <div className="flex min-h-0 flex-1 flex-col">
        <SplitView
          orientation="vertical"
          storageKey="loupe:compare-split"
          defaultFraction={0.45}
          label="Resize rows and details"
          first={
            <div className="flex h-full flex-col">
              <RowsHead responsesA={a.digest.responses.length} responsesB={b.digest.responses.length} />
              <div className="min-h-0 flex-1">
                <CompareRows
                  ref={list}
                  c={c}
                  rows={rows}
                  selected={selected}
                  firstRow={firstRow}
                  onSelect={select}
                  onKeyDown={onKeyDown}
                />
              </div>
            </div>
          }
          second={
            explain ? (
              <ExplainBoth
                explain={explain}
                asks={{ a: a.ask, b: b.ask }}
                local={prices}
                onClose={() => setExplain(undefined)}
                onJump={onJump}
              />
            ) : (
              <div className="h-full overflow-auto">
                <PairDetails c={c} row={rows[selected]} sides={{ askA: a.ask, askB: b.ask, onJump, partial }} />
              </div>
            )
          }
        />
      </div>
    </main>
  );
}
