'use client';

import { useCallback, useMemo, useSyncExternalStore } from 'react';

// The comparison's state in the URL (`/compare?a=…&b=…&row=…`): the two sides and the selected row, so reload and
// back restore it.

const CHANGED = 'loupe:compare-url';

function subscribe(fn: () => void): () => void {
  window.addEventListener('popstate', fn);
  window.addEventListener(CHANGED, fn);
  return () => {
    window.removeEventListener('popstate', fn);
    window.removeEventListener(CHANGED, fn);
  };
}

export interface CompareUrl {
  readonly a: string | undefined;
  readonly b: string | undefined;
  readonly row: string | undefined;
  readonly set: (patch: { a?: string; b?: string; row?: string | undefined }, mode?: 'push' | 'replace') => void;
}

export function useCompareUrl(): CompareUrl {
  const search = useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => '',
  );
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<CompareUrl['set']>((patch, mode = 'push') => {
    const next = new URLSearchParams(window.location.search);
    for (const k of ['a', 'b', 'row'] as const) {
      if (!(k in patch)) continue;
      const v = patch[k];
      if (v === undefined) next.delete(k);
      else next.set(k, v);
    }
    const url = `${window.location.pathname}?${next.toString()}`;
    if (mode === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
    window.dispatchEvent(new Event(CHANGED));
  }, []);
  return { a: params.get('a') ?? undefined, b: params.get('b') ?? undefined, row: params.get('row') ?? undefined, set };
}
