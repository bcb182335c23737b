'use client';

import { useCallback, useEffect, useMemo, useRef } from 'react';
import { dailySeries, type StackBy } from '../../lib/fast/daily';
import type { SessionRow } from '../../lib/fast/report';
import { formatInt } from '../../lib/trace/text-order';
import { useHandoff } from '../data/Handoff';
import { newLocalId, saveLocal } from '../data/localFiles';
import { CostChart } from './CostChart';
import { LibraryHeader } from './LibraryHeader';
import { useLibrary, useLibraryStore } from './LibraryProvider';
import type { LibraryState, SortKey } from './LibraryStore';
import { ProjectsFolder } from './ProjectsFolder';
import { SessionTable } from './SessionTable';
import { sortRows } from './sort-rows';
import { Totals } from './Totals';
import { usePrices } from '../panes/stats/usePrices';
import { useCompareMarks } from './useCompareMarks';
import { useLibrarySearch } from './useLibrarySearch';

/** The same column again: the other way; another: text columns A to Z, the rest largest (or newest) first. */
function nextDir(sort: LibraryState['view']['sort'], key: SortKey): 'asc' | 'desc' {
  if (sort.key === key) return sort.dir === 'desc' ? 'asc' : 'desc';
  return key === 'project' || key === 'prompt' || key === 'models' ? 'asc' : 'desc';
}

/** What the table says when it shows no row: a search that matched none, or files that hold no session. */
function emptyText(state: LibraryState, shown: number): string | undefined {
  if (shown > 0 || state.error) return undefined;
  const q = state.view.query.trim();
  if (q && state.matches && state.snapshot.rows.length > 0)
    return `No session matches “${q}”${state.status === 'done' ? '' : ' so far'}.`;
  if (state.status !== 'done' || state.snapshot.rows.length > 0) return undefined;
  const files = state.progress?.files ?? 0;
  return `No session in ${files === 1 ? 'this file' : `these ${formatInt(files)} files`}: none holds a prompt or a model call.`;
}

/** The session library of a projects folder: cost per day, totals of what is shown, and the sessions. */
export function LibraryView() {
  const state = useLibrary();
  const store = useLibraryStore();
  const handoff = useHandoff();
  const { view, snapshot } = state;
  // This browser's price file and overrides (loaded in a trace's Stats pane) price the rows and the chart too.
  const prices = usePrices('all');
  useEffect(() => store.setPrices(prices.local), [store, prices.local]);
  const scrollTop = useRef(view.scrollTop);
  const search = useLibrarySearch(store, view.query);

  const shown = useMemo(() => {
    const m = state.matches;
    const rows = m && view.query.trim() ? snapshot.rows.filter((r) => m.has(r.sessionId)) : snapshot.rows;
    return sortRows(rows, view.sort.key, view.sort.dir);
  }, [snapshot.rows, state.matches, view.query, view.sort]);
  const series = useMemo(() => dailySeries(shown, snapshot.cells, view.stackBy), [shown, snapshot.cells, view.stackBy]);
  const empty = emptyText(state, shown.length);

  const onStackBy = useCallback((stackBy: StackBy) => store.setView({ stackBy }), [store]);
  const onSort = useCallback(
    (key: SortKey) => {
      const sort = store.getState().view.sort;
      store.setView({ sort: { key, dir: nextDir(sort, key) }, active: 0 });
    },
    [store],
  );
  const onActive = useCallback((active: number) => store.setView({ active }), [store]);
  const onScroll = useCallback((top: number) => (scrollTop.current = top), []);
  const open = useCallback(
    (r: SessionRow): void => {
      const stored = store.sessionFiles(r.sessionId);
      if (!stored) return;
      store.setView({ scrollTop: scrollTop.current, opened: true });
      const id = newLocalId();
      handoff?.startLocal(id, stored);
      // A copy for reloads, written while the workbench already parses (files from a folder input are snapshots).
      void saveLocal(id, stored).catch(() => undefined);
      window.history.pushState(null, '', `/view?local=${id}`);
    },
    [store, handoff],
  );

  const marks = useCompareMarks(store, scrollTop);

  useEffect(() => {
    document.title = state.root ? `${state.root} · Library · Loupe` : 'Library · Loupe';
  }, [state.root]);

  if (state.status === 'empty') {
    return (
      <div className="min-h-dvh bg-white p-6 text-[13px] text-neutral-900 dark:bg-neutral-900 dark:text-neutral-100">
        <div className="mx-auto flex max-w-xl flex-col gap-3">
          <a href="/" className="font-semibold hover:underline">
            Loupe
          </a>
          <ProjectsFolder />
        </div>
      </div>
    );
  }

  return (
    <div className="flex h-dvh flex-col bg-white text-[13px] text-neutral-900 dark:bg-neutral-900 dark:text-neutral-100">
      <LibraryHeader
        state={state}
        marks={marks}
        search={search}
        onClose={() => {
          store.close();
          window.history.pushState(null, '', '/');
        }}
      />
      {state.error ? (
        <p
          role="alert"
          className="border-b border-red-300 bg-red-50 px-3 py-1 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {state.error}
        </p>
      ) : null}
      <section
        aria-label="Overview"
        className="flex shrink-0 gap-3 border-b border-neutral-200 p-3 dark:border-neutral-700"
      >
        <div className="min-w-0 flex-1">
          <CostChart series={series} stackBy={view.stackBy} onStackBy={onStackBy} />
        </div>
        <Totals
          rows={shown}
          all={snapshot.rows.length}
          usd={series.total}
          local={prices.inUse ? snapshot.priceSource : undefined}
        />
      </section>
      <div className="min-h-0 flex-1">
        <SessionTable
          rows={shown}
          sort={view.sort}
          onSort={onSort}
          active={Math.min(view.active, Math.max(0, shown.length - 1))}
          onActive={onActive}
          onOpen={open}
          onMark={marks.onMark}
          marks={marks.marks}
          initialScrollTop={view.scrollTop}
          refocus={view.opened === true}
          onScroll={onScroll}
          busy={state.status !== 'done'}
          empty={empty}
        />
      </div>
    </div>
  );
}
