'use client';

import { useMemo, useSyncExternalStore } from 'react';
import { malformedId } from '../../lib/share/id';
import type { LoadSource } from '../../lib/view/protocol';
import { LoadingView } from '../viewer/LoadingView';
import { TraceWorkbench } from '../viewer/TraceViewer';
import { ViewStateInHash } from '../viewer/useViewUrl';

type Resolved = { readonly source: LoadSource; readonly key: string } | { readonly error: string } | undefined;

function subscribe(fn: () => void): () => void {
  window.addEventListener('hashchange', fn);
  return () => window.removeEventListener('hashchange', fn);
}

/** The parts of the fragment that name the trace (`k`, `d`); the view state beside them changes without a reload. */
function useTraceFragment(): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => {
      const frag = new URLSearchParams(window.location.hash.slice(1));
      return `${frag.get('k') ?? ''} ${frag.get('d') ?? ''}`;
    },
    () => undefined,
  );
}

/**
 * A shared trace: `/t/<id>#k=<key>` (ciphertext from the store) or `/t#d=<sealed>&k=<key>` (everything in the link).
 * The key is read from the fragment here and handed to the worker, which fetches, decrypts and parses.
 */
export function SharedTrace({ id }: { id?: string }) {
  const fragment = useTraceFragment();
  const resolved = useMemo<Resolved>(() => {
    if (fragment === undefined) return undefined;
    const [key = '', data = ''] = fragment.split(' ');
    // An id that cannot be one is said first: a link cut short there has lost its key too.
    const malformed = id ? malformedId(id) : undefined;
    if (malformed) return { error: malformed };
    if (!key)
      return {
        error:
          'This link is missing its key (the part after #k=). Ask for the whole link: the key is never stored on the server, so it cannot be recovered here.',
      };
    if (id) return { source: { kind: 'sealed', url: `/api/traces/${encodeURIComponent(id)}`, key }, key: `shared:${id}:${key}` };
    if (data) return { source: { kind: 'sealed', data, key }, key: `inline:${key}:${data.length}:${data.slice(-16)}` };
    return { error: 'This link carries no trace (no #d= part). Ask for the whole link.' };
  }, [fragment, id]);
  if (resolved && 'error' in resolved) return <LoadingView error={resolved.error} ask={() => Promise.reject(new Error('no trace'))} />;
  return (
    <ViewStateInHash>
      <TraceWorkbench
        source={resolved?.source}
        sourceKey={resolved?.key ?? ''}
        title={id ? 'Shared trace' : 'Shared trace (carried in the link)'}
        titleFromFiles
      />
    </ViewStateInHash>
  );
}
