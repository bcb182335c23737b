'use client';

import { useState, type DragEvent } from 'react';
import { filesFromDrop, filesFromInput, type PickedFile } from '../intake/intake';
import { ProgressBar } from '../ui/ProgressBar';
import { ThemeToggle } from '../ui/ThemeToggle';
import { CompareView } from './CompareView';
import { keepPicked, shareLinkOf } from './refs';
import { useCompareUrl } from './useCompareUrl';
import { useSide, type SideState } from './useSide';
import { usePrices } from '../panes/stats/usePrices';

// `/compare?a=…&b=…`: each side loads in a trace worker of its own; once both are read, the aligned view. A side not
// given yet is a drop zone with a file and a folder picker (the files stay in the browser, kept for reloads).

const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;

function SideSlot({
  side,
  state,
  onPicked,
  onLink,
}: {
  side: 'A' | 'B';
  state: SideState;
  onPicked: (p: { files: PickedFile[]; fromFolder: boolean }) => void;
  onLink: (text: string) => void;
}) {
  const [over, setOver] = useState(false);
  const [link, setLink] = useState('');
  const onDrop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    setOver(false);
    void filesFromDrop(e.dataTransfer).then(onPicked);
  };
  const body = (() => {
    switch (state.phase) {
      case 'empty':
        return (
          <>
            <p className="font-medium">Drop run {side} here</p>
            <p className="text-neutral-600 dark:text-neutral-400">A transcript, or a folder with its subagent files.</p>
            <span className="mt-1 flex gap-2">
              <label className="cursor-pointer rounded border border-neutral-300 bg-white px-3 py-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500 hover:bg-neutral-100 dark:border-neutral-600 dark:bg-neutral-800 dark:hover:bg-neutral-700">
                Choose files…
                <input
                  type="file"
                  multiple
                  aria-label={`Choose files for run ${side}`}
                  className="sr-only"
                  accept=".jsonl,.json,.gz,.ndjson"
                  onChange={(e) => onPicked(filesFromInput(e.target.files))}
                />
              </label>
              <label className="cursor-pointer rounded border border-neutral-300 bg-white px-3 py-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500 hover:bg-neutral-100 dark:border-neutral-600 dark:bg-neutral-800 dark:hover:bg-neutral-700">
                Choose a folder…
                <input
                  type="file"
                  aria-label={`Choose a folder for run ${side}`}
                  className="sr-only"
                  ref={(el) => {
                    if (el) el.setAttribute('webkitdirectory', '');
                  }}
                  onChange={(e) => onPicked(filesFromInput(e.target.files))}
                />
              </label>
            </span>
            <form
              className="mt-1 flex w-full max-w-sm gap-1"
              onSubmit={(e) => {
                e.preventDefault();
                onLink(link);
              }}
            >
              <input
                type="url"
                value={link}
                onChange={(e) => setLink(e.target.value)}
                aria-label={`Share link for run ${side}`}
                placeholder="or paste a share link: …/t/<id>#k=…"
                className="h-6 min-w-0 flex-1 rounded border border-neutral-300 bg-white px-1.5 font-mono text-[11px] dark:border-neutral-600 dark:bg-neutral-950"
              />
              <button
                type="submit"
                className="h-6 rounded border border-neutral-300 px-2 hover:bg-neutral-100 dark:border-neutral-600 dark:hover:bg-neutral-700"
              >
                Open
              </button>
            </form>
          </>
        );
      case 'loading': {
        const p = state.progress;
        const pct = p?.totalBytes ? Math.min(100, Math.round((p.bytes / p.totalBytes) * 100)) : 0;
        return (
          <>
            <p className="truncate font-medium">{state.title ?? 'Opening…'}</p>
            <ProgressBar label={`Parsing run ${side}`} pct={pct} className="w-64" />
            <p className="tabular-nums text-neutral-600 dark:text-neutral-400">
              {p
                ? `${mb(p.bytes)}${p.totalBytes ? ` of ${mb(p.totalBytes)}` : ''} · ${p.events.toLocaleString('en-US')} events`
                : 'starting…'}
            </p>
          </>
        );
      }
      case 'allow':
        return (
          <>
            <p className="font-medium">{state.title}</p>
            <p className="text-neutral-600 dark:text-neutral-400">
              This run is read from your disk; the browser asks again before Loupe may read it.
            </p>
            <button
              type="button"
              onClick={state.allow}
              className="rounded border border-sky-600 bg-sky-600 px-3 py-0.5 font-medium text-white hover:bg-sky-700"
            >
              Allow reading run {side}
            </button>
          </>
        );
      case 'error':
        return (
          <p
            role="alert"
            className="rounded border border-red-300 bg-red-50 p-2 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          >
            Run {side}
            {state.title ? ` (${state.title})` : ''}: {state.message}
          </p>
        );
      case 'ready':
        return (
          <p className="truncate">
            <span className="font-medium">{state.title}</span> · {state.digest.responses.length} responses read
          </p>
        );
    }
  })();
  return (
    <section
      aria-label={`Run ${side}`}
      onDragEnter={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragOver={(e) => e.preventDefault()}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`flex min-h-40 min-w-0 flex-col items-center justify-center gap-2 rounded border-2 border-dashed p-4 text-center text-[13px] ${over ? 'border-sky-500 bg-sky-50 dark:bg-sky-950' : 'border-neutral-300 dark:border-neutral-600'}`}
    >
      {body}
    </section>
  );
}

export function CompareViewer() {
  const url = useCompareUrl();
  // This browser's price file and overrides price both runs, as in the workbench and the library.
  const prices = usePrices('all');
  const a = useSide(url.a, url.keyA, prices.local);
  const b = useSide(url.b, url.keyB, prices.local);
  const [error, setError] = useState<string | undefined>();
  if (a.phase === 'ready' && b.phase === 'ready' && url.a && url.b) {
    return (
      <CompareView
        a={a}
        b={b}
        refs={{ a: url.a, b: url.b, keyA: url.keyA, keyB: url.keyB }}
        row={url.row}
        onRow={(row) => url.set({ row }, 'replace')}
      />
    );
  }
  const pick = (side: 'a' | 'b') => (p: { files: PickedFile[]; fromFolder: boolean }) => {
    setError(undefined);
    void keepPicked(p).then(
      (r) => ('error' in r ? setError(r.error) : url.set({ [side]: r.ref, row: undefined })),
      (e: Error) => setError(`Could not keep the files in this browser: ${e.message}`),
    );
  };
  // A share link pasted: the trace in the store by its id, the key kept in this page's fragment only.
  const link = (side: 'a' | 'b') => (text: string) => {
    const s = shareLinkOf(text);
    if (!s)
      return setError(
        'That is not a share link of this Loupe (/t/<id>#k=<key>). A link that carries the whole trace (/t#d=…) cannot be compared yet.',
      );
    setError(undefined);
    url.set({ [side]: `share:${s.id}`, [side === 'a' ? 'ka' : 'kb']: s.key, row: undefined });
  };
  return (
    <main
      role="region"
      aria-label="Compare"
      className="min-h-dvh bg-white text-[13px] text-neutral-900 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <header className="flex h-9 items-center gap-3 border-b border-neutral-300 bg-neutral-100 px-3 text-[12px] dark:border-neutral-700 dark:bg-neutral-800">
        <a href="/" className="font-semibold hover:underline">
          Loupe
        </a>
        <h1 className="text-neutral-500">Compare two runs</h1>
        <span className="ml-auto">
          <ThemeToggle />
        </span>
      </header>
      <div className="mx-auto flex max-w-4xl flex-col gap-3 p-6">
        <p className="text-neutral-600 dark:text-neutral-400">
          Two runs of the same task, side by side: where they part, and what each cost. Both are read in this browser;
          nothing is uploaded.
        </p>
        <div className="grid gap-3 md:grid-cols-2">
          <SideSlot side="A" state={a} onPicked={pick('a')} onLink={link('a')} />
          <SideSlot side="B" state={b} onPicked={pick('b')} onLink={link('b')} />
        </div>
        {error ? (
          <p
            role="alert"
            className="rounded border border-red-300 bg-red-50 p-2 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {error}
          </p>
        ) : null}
      </div>
    </main>
  );
}
