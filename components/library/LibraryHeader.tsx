'use client';

import { formatInt } from '../../lib/trace/text-order';
import { ProgressBar } from '../ui/ProgressBar';
import { ThemeToggle } from '../ui/ThemeToggle';
import { Button } from '../ui/kit/Button';
import { TextInput } from '../ui/kit/Field';
import type { LibraryState } from './LibraryStore';
import type { CompareMarks } from './useCompareMarks';
import type { LibrarySearch } from './useLibrarySearch';

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

/** The library's bar: the folder, the scan's progress, the marks to compare, the search, Close and the theme. */
export function LibraryHeader({
  state,
  marks,
  search,
  onClose,
}: {
  state: LibraryState;
  marks: CompareMarks;
  search: LibrarySearch;
  onClose: () => void;
}) {
  return (
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
        {marks.marked.length === 0 ? (
          <span title="Press c on a row to mark it as run A, then on another as run B">c: mark to compare</span>
        ) : (
          <>
            <span>{marks.marked.length === 1 ? 'A marked; c on another row for B' : 'A and B marked'}</span>
            <Button
              size="compact"
              disabled={marks.marked.length < 2}
              onClick={() => void marks.compareMarked()}
              className="h-6"
            >
              Compare A and B
            </Button>
            <Button
              variant="quiet"
              size="compact"
              aria-label="Clear the marks"
              onClick={marks.clearMarks}
              className="h-6"
            >
              ✕
            </Button>
          </>
        )}
      </span>
      <TextInput
        type="search"
        aria-label="Search prompts"
        placeholder="Search prompts, projects, ids"
        ref={search.searchRef}
        value={search.query}
        onChange={(e) => search.setQuery(e.target.value)}
        onKeyDown={search.onSearchKey}
        className="w-64"
      />
      <Button size="compact" onClick={onClose} className="h-6">
        Close
      </Button>
      <ThemeToggle />
    </header>
  );
}
