'use client';

import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { dailySeries, type StackBy } from '../../lib/fast/daily';
import type { SessionRow } from '../../lib/fast/report';
import { round6 } from '../../lib/trace/stats';
import { compactNumber, formatCost, unpricedNote } from '../../lib/view/rowview';
import { ProgressBar } from '../ui/ProgressBar';
import { ThemeToggle } from '../ui/ThemeToggle';
import { useHandoff } from '../data/Handoff';
import { newLocalId, saveLocal } from '../data/localFiles';
import { compareHref, keepStored } from '../compare/refs';
import { CostChart } from './CostChart';
import { usePrices } from '../panes/stats/usePrices';
import { useLibrary, useLibraryStore } from './LibraryProvider';
import type { LibraryState, SortKey } from './LibraryStore';
import { ProjectsFolder } from './ProjectsFolder';
import { GRID_ID, SessionTable } from './SessionTable';
import { sortRows } from './sort-rows';
import { formatInt } from '../../lib/trace/text-order';

/** The same column again: the other way; another: text columns A to Z, the rest largest (or newest) first. */
function nextDir(sort: LibraryState['view']['sort'], key: SortKey): 'asc' | 'desc' {
  if (sort.key === key) return sort.dir === 'desc' ? 'asc' : 'desc';
  return key === 'project' || key === 'prompt' || key === 'models' ? 'asc' : 'desc';
}

const size = (n: number): string =>
  n >= 1e9 ? `${(n / 1e9).toFixed(2)} GB` : n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : `${Math.round(n / 1e3)} kB`;

function Progress({ state }: { state: LibraryState }) {
  const p = state.progress;
  if (state.status === 'listing' || (state.status === 'scanning' && !p))
    return <span className="text-neutral-500">reading the folder…</span>;
  if (!p) return null;
  const pct =
    p.bytes > 0
      ? Math.round((p.doneBytes / p.bytes) * 100)
      : p.files > 0
        ? Math.round((p.doneFiles / p.files) * 100)
        : 100;
  const took =
    state.doneAt !== undefined && state.startedAt !== undefined
      ? ` in ${((state.doneAt - state.startedAt) / 1000).toFixed(1)} s`
      : '';
  return (
    <span className="flex min-w-0 items-center gap-2">
      {state.status === 'scanning' ? <ProgressBar label="Scanning" pct={pct} className="w-40" /> : null}
      <span aria-live="polite" className="truncate tabular-nums text-neutral-600 dark:text-neutral-400">
        {state.status === 'scanning'
          ? `${formatInt(p.doneFiles)} of ${formatInt(p.files)} file${p.files === 1 ? '' : 's'} · ${size(p.doneBytes)} of ${size(p.bytes)}`
          : `${formatInt(p.files)} file${p.files === 1 ? '' : 's'} · ${size(p.bytes)} scanned${took}`}
        {p.failed.length > 0 ? ` · ${p.failed.length} unreadable` : ''}
      </span>
    </span>
  );
}

const Totals = memo(function Totals({
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
  const [query, setQuery] = useState(view.query);
  const scrollTop = useRef(view.scrollTop);
  // This browser's price file and overrides (loaded in a trace's Stats pane) price the rows and the chart too.
  const prices = usePrices('all');
  useEffect(() => store.setPrices(prices.local), [store, prices.local]);

  useEffect(() => {
    const h = setTimeout(() => {
      if (query !== store.getState().view.query) store.setView({ query, active: 0 });
    }, 150);
    return () => clearTimeout(h);
  }, [query, store]);

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

  // Two sessions marked with `c` (A, then B) open side by side in the compare view.
  const [marked, setMarked] = useState<readonly string[]>([]);
  const marks = useMemo(
    () => new Map(marked.map((id, i) => [id, i === 0 ? ('A' as const) : ('B' as const)])),
    [marked],
  );
  const onMark = useCallback(
    (r: SessionRow) =>
      setMarked((m) => (m.includes(r.sessionId) ? m.filter((x) => x !== r.sessionId) : [...m, r.sessionId].slice(-2))),
    [],
  );
  const compareMarked = async (): Promise<void> => {
    const stored = marked.map((id) => store.sessionFiles(id));
    if (stored.some((s) => !s)) return;
    store.setView({ scrollTop: scrollTop.current, opened: true });
    const refs = await Promise.all(stored.flatMap((s) => (s ? [keepStored(s)] : [])));
    // In place, as a session opens: Back comes to this page as it was.
    window.history.pushState(null, '', compareHref(refs[0], refs[1]));
  };

  useEffect(() => {
    document.title = state.root ? `${state.root} · Library · Loupe` : 'Library · Loupe';
  }, [state.root]);

  // As in the workbench: `/` focuses the search; in the search, ↓ or Enter go to the rows (the first match, with the
  // query applied at once), and Esc on an empty box goes back to them too.
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const t = e.target instanceof HTMLElement ? e.target : undefined;
      const typing =
        t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
      if (e.key === '/' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        searchRef.current?.focus();
        searchRef.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>): void => {
    const toRows = e.key === 'ArrowDown' || e.key === 'Enter' || (e.key === 'Escape' && e.currentTarget.value === '');
    if (!toRows) return;
    e.preventDefault();
    if (query !== store.getState().view.query) store.setView({ query });
    store.setView({ active: 0 });
    document.getElementById(GRID_ID)?.focus();
  };

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
      <header className="flex h-9 shrink-0 items-center gap-3 border-b border-neutral-300 bg-neutral-100 px-3 text-[12px] dark:border-neutral-700 dark:bg-neutral-800">
        <a href="/" className="font-semibold hover:underline">
          Loupe
        </a>
        <h1 className="flex min-w-0 items-center gap-1.5">
          <span className="text-neutral-500">Library</span>
          <span className="truncate font-medium">{state.root}</span>
        </h1>
        {state.via === 'handle' ? (
          <span
            title="Read through the File System Access API: a running session opened from here updates live"
            className="rounded bg-neutral-200 px-1.5 leading-5 text-neutral-700 dark:bg-neutral-700 dark:text-neutral-200"
          >
            from disk
          </span>
        ) : null}
        <Progress state={state} />
        <span className="ml-auto flex shrink-0 items-center gap-1.5 text-neutral-600 dark:text-neutral-400">
          {marked.length === 0 ? (
            <span title="Press c on a row to mark it as run A, then on another as run B">c: mark to compare</span>
          ) : (
            <>
              <span>{marked.length === 1 ? 'A marked; c on another row for B' : 'A and B marked'}</span>
              <button
                type="button"
                disabled={marked.length < 2}
                onClick={() => void compareMarked()}
                className="h-6 rounded border border-neutral-300 px-2 hover:bg-neutral-200 disabled:opacity-50 dark:border-neutral-600 dark:hover:bg-neutral-700"
              >
                Compare A and B
              </button>
              <button
                type="button"
                aria-label="Clear the marks"
                onClick={() => setMarked([])}
                className="h-6 rounded px-1 hover:bg-neutral-200 dark:hover:bg-neutral-700"
              >
                ✕
              </button>
            </>
          )}
        </span>
        <input
          type="search"
          aria-label="Search prompts"
          placeholder="Search prompts, projects, ids"
          ref={searchRef}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onSearchKey}
          className="h-6 w-64 rounded border border-neutral-300 bg-white px-1.5 outline-none focus:border-sky-500 dark:border-neutral-600 dark:bg-neutral-900"
        />
        <button
          type="button"
          onClick={() => {
            store.close();
            window.history.pushState(null, '', '/');
          }}
          className="h-6 rounded border border-neutral-300 px-2 hover:bg-neutral-200 dark:border-neutral-600 dark:hover:bg-neutral-700"
        >
          Close
        </button>
        <ThemeToggle />
      </header>
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
          onMark={onMark}
          marks={marks}
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
