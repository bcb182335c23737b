'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import type { SessionRow } from '../../lib/fast/report';
import type { SortKey } from './LibraryStore';
import { COLUMNS, GRID } from './session-columns';

const ROW = 24;

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
      <SortHeader sort={sort} onSort={onSort} />
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
            <SessionGridRow
              key={r.sessionId}
              row={r}
              index={item.index}
              start={item.start}
              selected={selected}
              mark={marks?.get(r.sessionId)}
              onClick={() => {
                onActive(item.index);
                onOpen(r);
              }}
            />
          );
        })}
      </div>
    </div>
  );
});

/** The header row: the whole cell sorts by its column (again: the other way). */
function SortHeader({ sort, onSort }: Pick<SessionTableProps, 'sort' | 'onSort'>) {
  return (
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
  );
}

/** One session's row, with its mark (A or B) when marked to compare. */
function SessionGridRow({
  row,
  index,
  start,
  selected,
  mark,
  onClick,
}: {
  row: SessionRow;
  index: number;
  start: number;
  selected: boolean;
  mark: 'A' | 'B' | undefined;
  onClick: () => void;
}) {
  return (
    <div
      id={`session-row-${index}`}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      aria-description={mark ? `marked as run ${mark} to compare` : undefined}
      data-session={row.sessionId}
      data-mark={mark}
      onClick={onClick}
      className={`absolute inset-x-0 grid cursor-pointer border-b border-neutral-100 dark:border-neutral-800 ${selected ? 'bg-sky-100 dark:bg-sky-950' : 'hover:bg-neutral-50 dark:hover:bg-neutral-800/60'}`}
      style={{ gridTemplateColumns: GRID, height: ROW, transform: `translateY(${start}px)` }}
    >
      {mark ? (
        <span
          aria-hidden
          className="absolute left-0.5 top-1 z-10 rounded bg-amber-500 px-1 text-[10px] font-bold leading-4 text-white dark:bg-amber-600"
        >
          {mark}
        </span>
      ) : null}
      {COLUMNS.map((c) => (
        <div
          key={c.key}
          role="gridcell"
          title={c.title?.(row) ?? c.text(row)}
          // Right to left, the overflow and its ellipsis are at the start; the text itself stays left to right.
          dir={c.keepEnd ? 'rtl' : undefined}
          className={`min-w-0 truncate px-2 leading-6 ${c.num ? 'text-right tabular-nums' : ''} ${c.keepEnd ? 'text-left' : ''} ${c.key === 'project' || c.key === 'models' ? 'text-neutral-600 dark:text-neutral-400' : ''}`}
        >
          {c.keepEnd ? <bdi dir="ltr">{c.text(row)}</bdi> : c.text(row)}
        </div>
      ))}
    </div>
  );
}
