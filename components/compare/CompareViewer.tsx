'use client';

import { useMemo, useState, type DragEvent } from 'react';
import { filesFromDrop, type PickedFile } from '../intake/intake';
import { Button } from '../ui/kit/Button';
import { ProgressBar } from '../ui/ProgressBar';
import { ThemeToggle } from '../ui/ThemeToggle';
import { CompareView, type LoadedSide } from './CompareView';
import { keepPicked } from './refs';
import { soFar } from './so-far';
import { shareLinkOf } from './sharedSide';
import { SidePicker } from './SidePicker';
import { BurnAsk, PasswordAsk } from './SidePrompts';
import { sidePatch, useCompareUrl } from './useCompareUrl';
import { useSide, type SideState } from './useSide';
import { usePrices } from '../panes/stats/usePrices';
import { formatInt } from '../../lib/trace/text-order';

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
  const onDrop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    setOver(false);
    void filesFromDrop(e.dataTransfer).then(onPicked);
  };
  const body = (() => {
    switch (state.phase) {
      case 'empty':
        return <SidePicker side={side} onPicked={onPicked} onLink={onLink} />;
      case 'loading': {
        const p = state.progress;
        const pct = p?.totalBytes ? Math.min(100, Math.round((p.bytes / p.totalBytes) * 100)) : 0;
        return (
          <>
            <p className="truncate font-medium">{state.title ?? 'Opening…'}</p>
            <ProgressBar label={`Parsing run ${side}`} pct={pct} className="w-64" />
            <p className="tabular-nums text-neutral-600 dark:text-neutral-400">
              {p
                ? `${mb(p.bytes)}${p.totalBytes ? ` of ${mb(p.totalBytes)}` : ''} · ${formatInt(p.events)} events`
                : 'starting…'}
            </p>
          </>
        );
      }
      case 'burn':
        return <BurnAsk side={side} title={state.title} onOpen={state.open} />;
      case 'password':
        return (
          <PasswordAsk side={side} title={state.title} error={state.error} busy={state.busy} onSubmit={state.submit} />
        );
      case 'allow':
        return (
          <>
            <p className="font-medium">{state.title}</p>
            <p className="text-neutral-600 dark:text-neutral-400">
              This run is read from your disk; the browser asks again before Loupe may read it.
            </p>
            <Button variant="primary" onClick={state.allow}>
              Allow reading run {side}
            </Button>
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

/** A side as the aligned view takes it: loaded, or loading with its first megabytes' digest in (a partial view). */
function shown(s: SideState): LoadedSide | undefined {
  if (s.phase === 'ready') return s;
  if (s.phase !== 'loading' || !s.head || !s.ask) return undefined;
  const p = s.progress;
  const pct = p?.totalBytes ? Math.min(99, Math.round((p.bytes / p.totalBytes) * 100)) : 0;
  return {
    title: s.title ?? '',
    digest: s.head.digest,
    ask: s.ask,
    partial: { bytes: s.head.bytes, totalBytes: s.head.totalBytes, pct },
  };
}

export function CompareViewer() {
  const url = useCompareUrl();
  // This browser's price file and overrides price both runs, as in the workbench and the library.
  const prices = usePrices('all');
  const sa = useSide(url.a, url.fragA, prices.local);
  const sb = useSide(url.b, url.fragB, prices.local);
  const shownA = shown(sa);
  const shownB = shown(sb);
  // A response one head reached and the other did not is not read yet, not a difference (`soFar`).
  const partialA = shownA?.partial !== undefined;
  const partialB = shownB?.partial !== undefined;
  const digestA = shownA?.digest;
  const digestB = shownB?.digest;
  const digests = useMemo(
    () => (digestA && digestB ? soFar(digestA, digestB, partialA, partialB) : undefined),
    [digestA, digestB, partialA, partialB],
  );
  const a = shownA && digests ? { ...shownA, digest: digests[0] } : undefined;
  const b = shownB && digests ? { ...shownB, digest: digests[1] } : undefined;
  const [error, setError] = useState<string | undefined>();
  if (a && b && url.a && url.b) {
    return (
      <CompareView
        a={a}
        b={b}
        refs={{ a: url.a, b: url.b, fragA: url.fragA, fragB: url.fragB }}
        row={url.row}
        onRow={(row) => url.set({ row }, 'replace')}
        prices={prices.local}
      />
    );
  }
  const pick = (side: 'a' | 'b') => (p: { files: PickedFile[]; fromFolder: boolean }) => {
    setError(undefined);
    void keepPicked(p).then(
      (r) => ('error' in r ? setError(r.error) : url.set(sidePatch(side, r.ref))),
      (e: Error) => setError(`Could not keep the files in this browser: ${e.message}`),
    );
  };
  // A share link pasted: the trace in the store by its id, or the one the link carries; the key (and that trace) kept
  // in this page's fragment only.
  const link = (side: 'a' | 'b') => (text: string) => {
    const s = shareLinkOf(text, window.location.href);
    if (!s)
      return setError(
        'That is not a share link of this Loupe: /t/<id>#k=<key>, or /t#d=<trace>&k=<key> for one that carries its trace.',
      );
    setError(undefined);
    url.set(
      s.kind === 'inline'
        ? sidePatch(side, 'inline', { key: s.key, data: s.data })
        : sidePatch(side, `share:${s.id}`, { key: s.key, burn: s.burn }),
    );
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
          <SideSlot side="A" state={sa} onPicked={pick('a')} onLink={link('a')} />
          <SideSlot side="B" state={sb} onPicked={pick('b')} onLink={link('b')} />
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
