'use client';

import { formatInt } from '../../lib/trace/text-order';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import type { SessionRow } from '../../lib/fast/report';
import { compactNumber, formatCost, formatDuration, formatUsd, unpricedNote } from '../../lib/view/rowview';
import type { SortKey } from './LibraryStore';

const ROW = 24;

/** A session's cost: computed, or with a model that has no price the run's reported cost (labelled), else `≥ $x` or `—`. */
function costText(r: SessionRow): string {
  if (r.unpricedModels.length > 0 && r.reportedCostUsd !== null) return `${formatUsd(r.reportedCostUsd)} (rep.)`;
  return formatCost(r.costUsd, r.unpricedModels);
}

interface Column {
  readonly key: SortKey;
  readonly label: string;
  readonly width: string;
  readonly num?: boolean;
  readonly text: (r: SessionRow) => string;
  readonly title?: (r: SessionRow) => string;
  /** Cut at the start when too long: the end is what tells the values apart. */
  readonly keepEnd?: boolean;
}

const pad = (n: number): string => String(n).padStart(2, '0');
/** Local date and time to the minute, as `loupe stats` prints (days are local calendar days). */
export function localTime(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const shortModel = (m: string): string => m.replace(/^claude-/, '').replace(/-\d{8}$/, '');

export const COLUMNS: readonly Column[] = [
  {
    key: 'start',
    label: 'Start',
    width: '124px',
    text: (r) => localTime(r.start),
    title: (r) => `${r.start ?? 'no timestamp'} → ${r.end ?? ''}`,
  },
  // The path a project folder stands for (~/work/acme-api), its folder's own name in the tooltip. Projects differ at
  // the end of their paths: the start gives way.
  {
    key: 'project',
    label: 'Project',
    width: 'minmax(90px, 150px)',
    text: (r) => r.projectPath,
    title: (r) => (r.projectPath === r.project ? r.project : `${r.projectPath}\nfolder ${r.project}`),
    keepEnd: true,
  },
  {
    key: 'prompt',
    label: 'First prompt',
    width: 'minmax(120px, 1fr)',
    text: (r) => r.firstPrompt ?? '—',
    title: (r) => `${r.firstPrompt ?? ''}\nsession ${r.sessionId}`,
  },
  {
    key: 'duration',
    label: 'Duration',
    width: '84px',
    num: true,
    text: (r) => (r.durationMs === null ? '—' : formatDuration(r.durationMs)),
  },
  {
    key: 'models',
    label: 'Models',
    width: 'minmax(80px, 130px)',
    text: (r) => r.models.map(shortModel).join(', ') || '—',
    title: (r) => r.models.join('\n'),
  },
  { key: 'calls', label: 'Calls', width: '64px', num: true, text: (r) => formatInt(r.modelCalls) },
  {
    key: 'tokens',
    label: 'Tokens',
    width: '72px',
    num: true,
    text: (r) => compactNumber(r.tokens.total),
    title: (r) =>
      `input ${r.tokens.input}, output ${r.tokens.output}, cache write ${r.tokens.cacheWrite}, cache read ${r.tokens.cacheRead}`,
  },
  {
    key: 'cost',
    label: 'Cost',
    width: '96px',
    num: true,
    text: costText,
    title: (r) =>
      r.unpricedModels.length === 0
        ? 'computed from the dated price table'
        : `${r.reportedCostUsd !== null ? 'reported by the run (its last result frame); ' : ''}computed ${formatCost(r.costUsd, r.unpricedModels)}: ${unpricedNote(r.unpricedModels)}`,
  },
];

const GRID = COLUMNS.map((c) => c.width).join(' ');
/** The grid's element id: the search box hands the keyboard to it. */
export const GRID_ID = 'library-sessions';

export interface SessionTableProps {
  readonly rows: readonly SessionRow[];
  /** All rows before the search, for the grid's row count note. */
  readonly sort: { readonly key: SortKey; readonly dir: 'asc' | 'desc' };
  readonly onSort: (key: SortKey) => void;
  readonly active: number;
  readonly onActive: (row: number) => void;
  readonly onOpen: (row: SessionRow) => void;
  /** `c` marks the active row as a run to compare (A, then B); the marked rows show their letter. */
  readonly onMark?: (row: SessionRow) => void;
  readonly marks?: ReadonlyMap<string, 'A' | 'B'>;
  /** Where the list was scrolled to (restored when the library is shown again), and where to tell it moved. */
  readonly initialScrollTop: number;
  /** Take the focus when shown: back from a session opened here, the keyboard goes on where it left. */
  readonly refocus?: boolean;
  readonly onScroll: (top: number) => void;
  readonly busy: boolean;
  /** What to say when there is no row (no session in the folder, or none matching the search). */
  readonly empty?: string;
}

/**
 * The sessions as a virtualized, sortable grid: one row per session, the whole header cell sorts (again: the other
 * way; Tab reaches each header's button), ↑/↓ move, Enter or a click opens the session in the workbench.
 */
export const SessionTable = memo(function SessionTable({
  rows,
  sort,
  onSort,
  active,
  onActive,
  onOpen,
  onMark,
  marks,
  initialScrollTop,
  refocus,
  onScroll,
  busy,
  empty,
}: SessionTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const estimateSize = useCallback(() => ROW, []);
  const getScrollElement = useCallback(() => scrollRef.current, []);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement,
    estimateSize,
    overscan: 10,
    initialOffset: initialScrollTop,
  });
  const restored = useRef(false);
  useEffect(() => {
    // Back from the workbench: the list where it was.
    if (restored.current || !scrollRef.current) return;
    restored.current = true;
    scrollRef.current.scrollTop = initialScrollTop;
    // Else the focus is on the page's body after Back, and ↑/↓/Enter do nothing until the grid is tabbed to again.
    if (refocus) scrollRef.current.focus({ preventScroll: true });
  }, [initialScrollTop, refocus]);

  const move = (to: number): void => {
    const row = Math.max(0, Math.min(rows.length - 1, to));
    onActive(row);
    virtualizer.scrollToIndex(row, { align: 'auto' });
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>): void => {
    // Keys on a header's sort button are the button's (Enter sorts), not the rows'.
    if (e.target !== e.currentTarget) return;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW) - 2);
    const to = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      PageDown: active + page,
      PageUp: active - page,
      Home: 0,
      End: rows.length - 1,
    }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      move(to);
    } else if (e.key === 'Enter') {
      const r = rows[active];
      if (r) {
        e.preventDefault();
        onOpen(r);
      }
    } else if (e.key === 'c' && onMark && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const r = rows[active];
      if (r) {
        e.preventDefault();
        onMark(r);
      }
    }
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={scrollRef}
      id={GRID_ID}
      role="grid"
      aria-label="Sessions"
      aria-rowcount={rows.length + 1}
      aria-colcount={COLUMNS.length}
      aria-busy={busy}
      aria-activedescendant={rows[active] ? `session-row-${active}` : undefined}
      tabIndex={0}
      onKeyDown={onKey}
      onScroll={(e) => onScroll(e.currentTarget.scrollTop)}
      className="h-full min-h-0 overflow-auto text-[12px] outline-none focus-visible:ring-1 focus-visible:ring-inset focus-visible:ring-sky-500"
    >
      <div
        role="rowgroup"
        className="sticky top-0 z-10 border-b border-neutral-300 bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-800"
      >
        <div role="row" aria-rowindex={1} className="grid" style={{ gridTemplateColumns: GRID }}>
          {COLUMNS.map((c) => {
            const sorted = sort.key === c.key;
            return (
              <div
                key={c.key}
                role="columnheader"
                aria-sort={sorted ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                className="min-w-0"
              >
                {/* In the tab order: the only way a keyboard sorts. */}
                <button
                  type="button"
                  onClick={() => onSort(c.key)}
                  title={`Sort by ${c.label.toLowerCase()}`}
                  className={`flex h-6 w-full items-center gap-1 px-2 font-medium hover:bg-neutral-200 dark:hover:bg-neutral-700 ${c.num ? 'justify-end' : ''} ${sorted ? 'text-neutral-900 dark:text-neutral-50' : 'text-neutral-600 dark:text-neutral-400'}`}
                >
                  <span className="truncate">{c.label}</span>
                  {/* Before a number column's label, so that the label ends where its numbers do. */}
                  <span aria-hidden className={`w-2 text-[9px] ${c.num ? 'order-first' : ''}`}>
                    {sorted ? (sort.dir === 'asc' ? '▲' : '▼') : ''}
                  </span>
                </button>
              </div>
            );
          })}
        </div>
      </div>
      {rows.length === 0 && empty ? (
        <div role="rowgroup">
          <div role="row" aria-rowindex={2}>
            <div
              role="gridcell"
              aria-colspan={COLUMNS.length}
              className="px-2 py-3 text-neutral-600 dark:text-neutral-400"
            >
              {empty}
            </div>
          </div>
        </div>
      ) : null}
      <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const r = rows[item.index];
          if (!r) return null;
          const selected = item.index === active;
          return (
            <div
              key={r.sessionId}
              id={`session-row-${item.index}`}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={selected}
              aria-description={
                marks?.get(r.sessionId) ? `marked as run ${marks.get(r.sessionId) ?? ''} to compare` : undefined
              }
              data-session={r.sessionId}
              data-mark={marks?.get(r.sessionId)}
              onClick={() => {
                onActive(item.index);
                onOpen(r);
              }}
              className={`absolute inset-x-0 grid cursor-pointer border-b border-neutral-100 dark:border-neutral-800 ${selected ? 'bg-sky-100 dark:bg-sky-950' : 'hover:bg-neutral-50 dark:hover:bg-neutral-800/60'}`}
              style={{ gridTemplateColumns: GRID, height: ROW, transform: `translateY(${item.start}px)` }}
            >
              {marks?.get(r.sessionId) ? (
                <span
                  aria-hidden
                  className="absolute left-0.5 top-1 z-10 rounded bg-amber-500 px-1 text-[10px] font-bold leading-4 text-white dark:bg-amber-600"
                >
                  {marks.get(r.sessionId)}
                </span>
              ) : null}
              {COLUMNS.map((c) => (
                <div
                  key={c.key}
                  role="gridcell"
                  title={c.title?.(r) ?? c.text(r)}
                  // Right to left, the overflow and its ellipsis are at the start; the text itself stays left to right.
                  dir={c.keepEnd ? 'rtl' : undefined}
                  className={`min-w-0 truncate px-2 leading-6 ${c.num ? 'text-right tabular-nums' : ''} ${c.keepEnd ? 'text-left' : ''} ${c.key === 'project' || c.key === 'models' ? 'text-neutral-600 dark:text-neutral-400' : ''}`}
                >
                  {c.keepEnd ? <bdi dir="ltr">{c.text(r)}</bdi> : c.text(r)}
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
});
