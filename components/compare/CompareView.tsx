'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
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
import type { ExplainMetric } from '../../lib/view/stats-view';
import { ExplainPanel } from '../panes/stats/ExplainPanel';
import { SplitView } from '../ui/SplitView';
import { ThemeToggle } from '../ui/ThemeToggle';
import type { VirtualListHandle } from '../ui/VirtualList';
import { CompareRows, GRID, ROW_HEIGHT } from './CompareRows';
import { PairDetails } from './PairDetails';
import { TotalsTable } from './TotalsTable';

const NO_PRICES: LocalPrices = {};

export interface LoadedSide {
  readonly title: string;
  readonly digest: RunDigest;
  readonly ask: Ask;
}

/** The workbench's URL for a side's line (`local:<id>` → `/view?local=<id>&sel=<seq>`; a shared one `/t/<id>#k=…&sel=…`). */
export function viewHref(ref: string, seq: number, key?: string): string {
  if (ref.startsWith('share:'))
    return `/t/${encodeURIComponent(ref.slice('share:'.length))}#${new URLSearchParams({ k: key ?? '', sel: String(seq) }).toString()}`;
  const p = new URLSearchParams();
  if (ref.startsWith('local:')) p.set('local', ref.slice('local:'.length));
  else if (ref.startsWith('sample:')) p.set('sample', ref.slice('sample:'.length));
  else p.set('src', ref);
  p.set('sel', String(seq));
  return `/view?${p.toString()}`;
}

function Verdict({ d }: { d: RunDigest }) {
  const v = d.verdict;
  const tone =
    v.task === 'passed'
      ? 'text-green-700 dark:text-green-400'
      : v.task === 'failed'
        ? 'text-red-700 dark:text-red-400'
        : 'text-neutral-500 dark:text-neutral-400';
  return (
    <span title={v.reason} className="whitespace-nowrap">
      <span className={tone}>task {v.task}</span>
      {v.failure ? <span className="text-neutral-600 dark:text-neutral-400"> · {v.failure}</span> : null}
      <span className="text-neutral-500"> · {v.protocol.replace(/-/g, ' ')}</span>
    </span>
  );
}

export function CompareView({
  a,
  b,
  refs,
  row,
  onRow,
}: {
  a: LoadedSide;
  b: LoadedSide;
  refs: {
    readonly a: string;
    readonly b: string;
    readonly keyA?: string | undefined;
    readonly keyB?: string | undefined;
  };
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

  // A delta's Explain: the model calls behind the figure, listed for each run by its own worker, side by side.
  const [explain, setExplain] = useState<{ metric: ExplainMetric; title: string } | undefined>();
  const onExplain = useCallback((metric: ExplainMetric, title: string) => setExplain({ metric, title }), []);

  const select = useCallback(
    (i: number) => {
      const r = rows[Math.max(0, Math.min(rows.length - 1, i))];
      // Moving in the rows shows the pair again in place of an Explain.
      setExplain(undefined);
      if (r) onRow(rowKey(r));
    },
    [rows, onRow],
  );
  // The selection in view, whoever moved it (a key, a click, the URL on reload or back).
  useEffect(() => list.current?.scrollToIndex(selected, 'auto'), [selected]);
  // On open, the keyboard is in the rows: `n` is one key away.
  useEffect(() => list.current?.focus(), []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const page = Math.max(1, Math.floor((e.currentTarget.clientHeight || 400) / ROW_HEIGHT - 2));
    const to: Record<string, number> = {
      ArrowDown: selected + 1,
      j: selected + 1,
      ArrowUp: selected - 1,
      k: selected - 1,
      PageDown: selected + page,
      PageUp: selected - page,
      Home: 0,
      End: rows.length - 1,
      n: stepDifference(diffRows, selected, 1),
      p: stepDifference(diffRows, selected, -1),
      f: Math.max(0, firstRow),
    };
    const next = to[e.key];
    if (next === undefined) return;
    e.preventDefault();
    select(next);
  };

  // n, p and f work wherever the focus is (a diff, a chain), as long as nothing is being typed; in the rows, the rows'
  // own handler has taken them first.
  const jump = useRef({ next: () => {}, prev: () => {}, first: () => {} });
  jump.current = {
    next: () => select(stepDifference(diffRows, selected, 1)),
    prev: () => select(stepDifference(diffRows, selected, -1)),
    first: () => select(Math.max(0, firstRow)),
  };
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target instanceof HTMLElement ? e.target : undefined;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable))
        return;
      const act =
        e.key === 'n'
          ? jump.current.next
          : e.key === 'p'
            ? jump.current.prev
            : e.key === 'f'
              ? jump.current.first
              : undefined;
      if (!act) return;
      e.preventDefault();
      act();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const here = diffRows.indexOf(selected);
  const onJump = (side: 'a' | 'b', seq: number) =>
    window.location.assign(side === 'a' ? viewHref(refs.a, seq, refs.keyA) : viewHref(refs.b, seq, refs.keyB));
  const f = c.firstDivergence;

  return (
    <main
      role="region"
      aria-label="Compare"
      className="flex h-dvh flex-col bg-white text-[13px] text-neutral-900 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <header className="flex h-9 shrink-0 items-center gap-3 border-b border-neutral-300 bg-neutral-100 px-3 text-[12px] dark:border-neutral-700 dark:bg-neutral-800">
        <a href="/" className="font-semibold hover:underline">
          Loupe
        </a>
        <h1 className="text-neutral-500">Compare</h1>
        <span className="flex min-w-0 flex-1 items-baseline gap-2">
          <span className="font-semibold">A</span>
          <span className="min-w-0 truncate" title={a.title}>
            {a.title}
          </span>
          <span className="text-neutral-400">vs</span>
          <span className="font-semibold">B</span>
          <span className="min-w-0 truncate" title={b.title}>
            {b.title}
          </span>
        </span>
        <span className="shrink-0 tabular-nums text-neutral-600 dark:text-neutral-400" aria-live="polite">
          {diffRows.length === 0 ? 'no differences' : `difference ${here >= 0 ? here + 1 : '–'} of ${diffRows.length}`}
        </span>
        <span className="flex shrink-0 gap-1">
          <button
            type="button"
            aria-keyshortcuts="p"
            title="Previous difference (p)"
            onClick={() => select(stepDifference(diffRows, selected, -1))}
            className="h-6 rounded border border-neutral-300 px-1.5 hover:bg-neutral-200 dark:border-neutral-600 dark:hover:bg-neutral-700"
          >
            ↑ p
          </button>
          <button
            type="button"
            aria-keyshortcuts="n"
            title="Next difference (n)"
            onClick={() => select(stepDifference(diffRows, selected, 1))}
            className="h-6 rounded border border-neutral-300 px-1.5 hover:bg-neutral-200 dark:border-neutral-600 dark:hover:bg-neutral-700"
          >
            ↓ n
          </button>
        </span>
        <ThemeToggle />
      </header>
      <section
        aria-label="First divergence"
        className="flex shrink-0 items-baseline gap-2 border-b border-neutral-200 px-3 py-1 text-[12px] dark:border-neutral-700"
      >
        {f ? (
          <>
            <span className="font-semibold text-amber-700 dark:text-amber-400">First divergence</span>
            <button
              type="button"
              title="Select it (f)"
              aria-keyshortcuts="f"
              onClick={() => select(firstRow)}
              className="min-w-0 truncate text-left hover:underline"
            >
              {f.what}
            </button>
          </>
        ) : (
          <span className="text-green-700 dark:text-green-400">
            No divergence: the same prompts and the same tool calls, in the same order.
          </span>
        )}
        <span className="ml-auto flex shrink-0 gap-3 text-neutral-600 dark:text-neutral-400">
          <span>
            A: <Verdict d={a.digest} />
          </span>
          <span>
            B: <Verdict d={b.digest} />
          </span>
        </span>
      </section>
      <section aria-label="Totals" className="shrink-0 border-b border-neutral-200 py-1 dark:border-neutral-700">
        <TotalsTable label="Totals" a={c.totals.a} b={c.totals.b} delta={c.totals.delta} onExplain={onExplain} />
      </section>
      <div className="min-h-0 flex-1">
        <SplitView
          orientation="vertical"
          storageKey="loupe:compare-split"
          defaultFraction={0.45}
          label="Resize rows and details"
          first={
            <div className="flex h-full flex-col">
              <div
                aria-hidden
                className="grid shrink-0 border-b border-neutral-200 bg-neutral-100 text-[11px] text-neutral-500 dark:border-neutral-700 dark:bg-neutral-800"
                style={{ gridTemplateColumns: GRID }}
              >
                <span />
                <span className="px-1">A · {a.digest.responses.length} responses</span>
                <span className="px-1">B · {b.digest.responses.length} responses</span>
                <span className="whitespace-nowrap px-1 text-right" title="Δ model calls, B − A">
                  Δ calls
                </span>
                <span className="whitespace-nowrap px-1 text-right" title="Δ computed cost, B − A">
                  Δ cost
                </span>
              </div>
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
              <div
                role="group"
                aria-label={`Explain ${explain.title}`}
                className="flex h-full min-h-0 [&>aside]:min-w-0 [&>aside]:flex-1"
                onKeyDown={(e) => {
                  if (e.key === 'Escape') setExplain(undefined);
                }}
              >
                {(['a', 'b'] as const).map((side) => (
                  <ExplainPanel
                    key={side}
                    id={`compare-explain-${side}`}
                    label={`Explain run ${side.toUpperCase()}`}
                    scope={`run ${side.toUpperCase()}`}
                    ask={side === 'a' ? a.ask : b.ask}
                    query={{ metric: explain.metric }}
                    local={NO_PRICES}
                    onClose={() => setExplain(undefined)}
                    onJump={(seq) => onJump(side, seq)}
                  />
                ))}
              </div>
            ) : (
              <div className="h-full overflow-auto">
                <PairDetails c={c} row={rows[selected]} sides={{ askA: a.ask, askB: b.ask, onJump }} />
              </div>
            )
          }
        />
      </div>
    </main>
  );
}
