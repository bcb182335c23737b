'use client';

import { useCallback, useMemo, useSyncExternalStore } from 'react';

// The comparison's state in the URL (`/compare?a=…&b=…&row=…`): the two sides and the selected row, so reload and
// back restore it.

const CHANGED = 'loupe:compare-url';

function subscribe(fn: () => void): () => void {
  window.addEventListener('popstate', fn);
  window.addEventListener('hashchange', fn);
  window.addEventListener(CHANGED, fn);
  return () => {
    window.removeEventListener('popstate', fn);
    window.removeEventListener('hashchange', fn);
    window.removeEventListener(CHANGED, fn);
  };
}

export interface CompareUrl {
  readonly a: string | undefined;
  readonly b: string | undefined;
  readonly row: string | undefined;
  /** A shared side's key (`share:<id>`), kept in the fragment (`#ka=…&kb=…`), which browsers never send. */
  readonly keyA: string | undefined;
  readonly keyB: string | undefined;
  readonly set: (
    patch: { a?: string; b?: string; row?: string | undefined; ka?: string; kb?: string },
    mode?: 'push' | 'replace',
  ) => void;
}

export function useCompareUrl(): CompareUrl {
  const search = useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => '',
  );
  const hash = useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => '',
  );
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const frag = useMemo(() => new URLSearchParams(hash.slice(1)), [hash]);
  const set = useCallback<CompareUrl['set']>((patch, mode = 'push') => {
    const next = new URLSearchParams(window.location.search);
    for (const k of ['a', 'b', 'row'] as const) {
      if (!(k in patch)) continue;
      const v = patch[k];
      if (v === undefined) next.delete(k);
      else next.set(k, v);
    }
    const keys = new URLSearchParams(window.location.hash.slice(1));
    for (const k of ['ka', 'kb'] as const) {
      const v = patch[k];
      if (v !== undefined) keys.set(k, v);
    }
    const h = keys.toString();
    const url = `${window.location.pathname}?${next.toString()}${h ? `#${h}` : ''}`;
    if (mode === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
    window.dispatchEvent(new Event(CHANGED));
  }, []);
  return {
    a: params.get('a') ?? undefined,
    b: params.get('b') ?? undefined,
    row: params.get('row') ?? undefined,
    keyA: frag.get('ka') ?? undefined,
    keyB: frag.get('kb') ?? undefined,
    set,
  };
}
