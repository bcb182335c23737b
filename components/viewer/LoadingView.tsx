'use client';

import { EventList } from '../panes/EventList';
import { ProgressBar } from '../ui/ProgressBar';
import type { Ask, LoadProgressState } from '../data/useTraceWorker';
import { Button } from '../ui/kit/Button';
import { linkClass } from '../ui/kit/styles';
import { formatInt } from '../../lib/trace/text-order';

const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** While the worker parses: a real progress bar, and the first rows as they arrive. Errors say why and what to do. */
export function LoadingView({
  progress,
  error,
  ask,
  title,
  onRetry,
}: {
  progress?: LoadProgressState;
  error?: string;
  ask: Ask;
  title?: string;
  /** Reads the source again (given when trying again can help: a network error, a file that changed). */
  onRetry?: () => void;
}) {
  if (error) {
    return (
      <main className="mx-auto max-w-2xl p-8 text-[13px]">
        <h1 className="mb-2 text-base font-semibold">Loupe could not open this trace</h1>
        <p
          role="alert"
          className="rounded border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {error}
        </p>
        <p className="mt-4 flex items-baseline gap-4">
          {onRetry ? <Button onClick={onRetry}>Try again</Button> : null}
          <a href="/" className={linkClass()}>
            Back to the home page
          </a>
        </p>
      </main>
    );
  }
  const pct = progress?.totalBytes ? Math.min(100, Math.round((progress.bytes / progress.totalBytes) * 100)) : 0;
  // Said while it loads: a load past what the tab's memory holds stops there (lib/engine/memory.ts).
  const holds =
    progress?.holdsBytes !== undefined && progress.totalBytes !== undefined && progress.holdsBytes < progress.totalBytes
      ? progress.holdsBytes
      : undefined;
  return (
    <div className="flex h-dvh flex-col bg-white dark:bg-neutral-900">
      <header className="flex h-8 shrink-0 items-center gap-3 border-b border-neutral-300 bg-neutral-100 px-2 text-[12px] dark:border-neutral-700 dark:bg-neutral-800">
        <span className="font-semibold">Loupe</span>
        <span className="truncate text-neutral-600 dark:text-neutral-400">{title}</span>
        <ProgressBar label="Parsing" pct={pct} className="w-64" />
        <span className="tabular-nums text-neutral-600 dark:text-neutral-400">
          {progress
            ? `${mb(progress.bytes)}${progress.totalBytes ? ` of ${mb(progress.totalBytes)}` : ''} · ${formatInt(progress.events)} events · ${progress.name}`
            : 'starting…'}
        </span>
      </header>
      {holds !== undefined ? (
        <p
          role="note"
          className="shrink-0 border-b border-amber-300 bg-amber-50 px-2 py-0.5 text-[12px] text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
        >
          This file is more than this tab&apos;s memory holds: about its first {mb(holds)} will be loaded, the rest not.{' '}
          <code>npx loupe stats</code> reads all of it.
        </p>
      ) : null}
      <div className="min-h-0 flex-1">
        {/* Rows arrive in order and never change while loading: the cache is dropped only until a screenful exists. */}
        <EventList
          ask={ask}
          rowCount={progress?.rowCount ?? 0}
          version={`p${Math.min(progress?.events ?? 0, 100)}`}
          selectedRow={-1}
          onSelectRow={() => undefined}
          onToggleStreams={() => undefined}
          onOpen={() => undefined}
          loading
          {...(progress?.rows ? { earlyRows: progress.rows } : {})}
        />
      </div>
    </div>
  );
}
