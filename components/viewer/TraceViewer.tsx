'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { LoadSource } from '../../lib/engine/protocol';
import { SAMPLES } from '../intake/samples';
import { AllowReading } from './AllowReading';
import { LiveControls } from './LiveControls';
import { LoadingView } from './LoadingView';
import { useHandoff } from '../data/Handoff';
import type { SkippedFile } from '../intake/intake';
import { canRead } from '../../lib/browser/fsa';
import { loadLocal, sourceOf, type StoredFiles } from '../data/localFiles';
import { useTraceWorker } from '../data/useTraceWorker';
import { firstRowsShown } from '../data/first-rows';
import { Workbench } from './Workbench';
import { titleOfFiles } from '../../lib/view/title';

type Resolved =
  | {
      readonly source: LoadSource;
      readonly key: string;
      readonly title: string;
      readonly skipped?: readonly SkippedFile[];
    }
  | { readonly error: string }
  /** Files on disk the browser needs the user's word again to read (a click). */
  | { readonly allow: () => Promise<void>; readonly title: string; readonly path: string }
  | undefined;

/** A dropped trace as stored: its files, and those of the same drop that were skipped. */
function fromStored(id: string, stored: StoredFiles): Resolved {
  return {
    source: sourceOf(stored),
    key: `local:${id}`,
    title: stored.title,
    ...(stored.skipped ? { skipped: stored.skipped } : {}),
  };
}

/**
 * A URL from the address bar made absolute against this page: the worker would resolve a relative one against its
 * own script's URL (`/_next/static/…`). Left as it is when it is not a URL at all (the worker says so in words).
 */
function fromPage(url: string): string {
  try {
    return new URL(url, window.location.href).href;
  } catch {
    return url;
  }
}

/** Where the trace comes from, without waiting: a link, a sample, or files a page's drop has in memory (`Handoff`);
 *  undefined when a dropped trace must be read back from IndexedDB. */
function resolvedAtOnce(
  params: { src: string | null; sample: string | null; local: string | null },
  handoff: ReturnType<typeof useHandoff>,
): Resolved {
  const { src, sample, local } = params;
  if (src) return { source: { kind: 'url', url: fromPage(src) }, key: `src:${src}`, title: src };
  if (sample) {
    const s = SAMPLES.find((x) => x.id === sample);
    return s
      ? {
          source: { kind: 'urls', urls: s.files.map((f) => ({ url: fromPage(`/samples/${f}`), path: f })) },
          key: `sample:${s.id}`,
          title: s.title,
        }
      : { error: `There is no sample called "${sample}".` };
  }
  if (local) {
    const stored = handoff?.get(local);
    return stored ? fromStored(local, stored) : undefined;
  }
  return { error: 'No trace given. Open one from the home page, or add ?src=<https URL> to this address.' };
}

/** Where the trace comes from, read from the URL (or `placed`, the address the router has not followed yet):
 *  `?src=<https url>`, `?sample=<id>` or `?local=<id>`. */
function useSourceFromUrl(placed: URLSearchParams | undefined): Resolved {
  const routed = useSearchParams();
  const params = placed ?? routed;
  const src = params.get('src');
  const sample = params.get('sample');
  const local = params.get('local');
  const handoff = useHandoff();
  // Files just dropped on this page are known in the first render, and their first rows drawn in it, not after an
  // effect and a paint. Only they: any other source is resolved after hydration, as the server cannot (no window).
  const dropped = local !== null ? handoff?.get(local) : undefined;
  const now = useMemo(() => (local !== null && dropped ? fromStored(local, dropped) : undefined), [local, dropped]);
  const [later, setLater] = useState<{ readonly key: string; readonly resolved: Resolved }>();
  const key = `${src}|${sample}|${local}`;
  useEffect(() => {
    if (now) return;
    let live = true;
    const resolve = (resolved: Resolved): void => {
      if (live) setLater({ key, resolved });
    };
    const at = resolvedAtOnce({ src, sample, local }, handoff);
    if (at || !local) {
      resolve(at);
      return;
    }
    loadLocal(local).then(
      async (stored) => {
        if (!stored)
          return resolve({ error: 'This dropped trace is no longer stored in this browser. Drop the file again.' });
        const first = stored.handles?.[0]?.handle;
        // Files read from disk (the library): after a reload, the browser asks again before the page may read them.
        if (first && !(await canRead(first, false))) {
          const allow = async (): Promise<void> => {
            if (await canRead(first, true)) resolve(fromStored(local, stored));
          };
          return resolve({ allow, title: stored.title, path: stored.handles?.[0]?.path ?? '' });
        }
        resolve(fromStored(local, stored));
      },
      () =>
        resolve({
          error:
            'This browser refused access to its local storage (IndexedDB), so the dropped trace cannot be reopened. Drop the file again.',
        }),
    );
    return () => {
      live = false;
    };
  }, [now, key, src, sample, local, handoff]);
  return now ?? (later?.key === key ? later.resolved : undefined);
}

/** The viewer for a source named in the URL (`/view?src=…`, `?sample=…`, `?local=…`); `params`: the address a page
 *  opened in place, before the router follows it (components/home/open-in-place.ts). */
export function TraceViewer({ right, params }: { right?: ReactNode; params?: URLSearchParams }) {
  const resolved = useSourceFromUrl(params);
  // Why there is no trace, or the question before it, is what is on screen (first-rows.ts).
  const said = resolved !== undefined && ('error' in resolved || 'allow' in resolved);
  useEffect(() => {
    if (said) firstRowsShown();
  }, [said]);
  if (resolved && 'error' in resolved)
    return <LoadingView error={resolved.error} ask={() => Promise.reject(new Error('no trace'))} />;
  if (resolved && 'allow' in resolved)
    return <AllowReading title={resolved.title} path={resolved.path} allow={resolved.allow} />;
  return (
    <TraceWorkbench
      source={resolved?.source}
      sourceKey={resolved?.key ?? ''}
      title={resolved?.title ?? ''}
      right={right}
      skipped={resolved?.skipped}
    />
  );
}

/** Parses a source in a worker and shows the workbench (used by /view and by shared links /t/<id>). */
export function TraceWorkbench({
  source,
  sourceKey,
  title,
  right,
  skipped,
  titleFromFiles = false,
}: {
  source: LoadSource | undefined;
  sourceKey: string;
  /** While loading, and once loaded unless `titleFromFiles`. */
  title: string;
  /** Once loaded, the trace is called by its files' names (a shared trace: its link names nothing). */
  titleFromFiles?: boolean;
  right?: ReactNode;
  skipped?: readonly SkippedFile[] | undefined;
}) {
  const { state, ask, reload, retry } = useTraceWorker(source, sourceKey);
  // Once the first rows (or the trace, or why not) are on screen, what waited for them goes (first-rows.ts).
  const shown =
    state.phase === 'error' ||
    state.phase === 'ready' ||
    (state.phase === 'loading' && (state.progress?.rows?.length ?? 0) > 0);
  useEffect(() => {
    if (shown) firstRowsShown();
  }, [shown]);
  return useMemo(() => {
    if (state.phase === 'error')
      return <LoadingView error={state.message} ask={ask} {...(state.final ? {} : { onRetry: retry })} />;
    if (state.phase === 'ready') {
      const controls = (
        <>
          <LiveControls source={source} summary={state.summary} reload={reload} />
          {right}
        </>
      );
      return (
        <Workbench
          ask={ask}
          summary={state.summary}
          title={
            (titleFromFiles
              ? titleOfFiles(
                  state.summary.sources.map((s) => s.name),
                  state.summary.sources.map((s) => s.cwd),
                )
              : undefined) ?? title
          }
          toolbarRight={controls}
          skipped={skipped ?? []}
          {...(state.change ? { change: state.change } : {})}
        />
      );
    }
    return <LoadingView progress={state.phase === 'loading' ? state.progress : undefined} ask={ask} title={title} />;
  }, [state, ask, reload, retry, source, title, right, skipped, titleFromFiles]);
}
