'use client';

import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { SideFragment } from './sharedSide';

// The comparison's state in the URL (`/compare?a=…&b=…&row=…`): the two sides and the selected row, so reload and
// back restore it. What a shared side needs to open (its key, the trace a link carries, whether it burns after
// reading) is in the fragment (`#ka=…&da=…&ba=1`, `kb`, `db`, `bb` for B), which browsers never send.

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
  /** What a shared side needs (key, carried trace, burn), from the fragment (`#ka=…&da=…&ba=1`, `kb`…). */
  readonly fragA: SideFragment;
  readonly fragB: SideFragment;
  /** Sets the parts named (undefined removes one), pushing a history entry unless `replace`. */
  readonly set: (patch: UrlPatch, mode?: 'push' | 'replace') => void;
}

const QUERY = ['a', 'b', 'row'] as const;
const FRAGMENT = ['ka', 'kb', 'da', 'db', 'ba', 'bb'] as const;
export type UrlPatch = { [k in (typeof QUERY)[number] | (typeof FRAGMENT)[number]]?: string | undefined };

/** A side set to `ref`, with its fragment parts (none for a file or a sample: a shared side's earlier ones go). */
export function sidePatch(side: 'a' | 'b', ref: string, frag: SideFragment = {}): UrlPatch {
  return {
    [side]: ref,
    [`k${side}`]: frag.key,
    [`d${side}`]: frag.data,
    [`b${side}`]: frag.burn ? '1' : undefined,
    row: undefined,
  };
}

function fragOf(frag: URLSearchParams, side: 'a' | 'b'): SideFragment {
  return {
    key: frag.get(`k${side}`) ?? undefined,
    data: frag.get(`d${side}`) ?? undefined,
    burn: frag.get(`b${side}`) === '1',
  };
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
    const keys = new URLSearchParams(window.location.hash.slice(1));
    const put = (to: URLSearchParams, k: keyof UrlPatch): void => {
      if (!(k in patch)) return;
      const v = patch[k];
      if (v === undefined) to.delete(k);
      else to.set(k, v);
    };
    for (const k of QUERY) put(next, k);
    for (const k of FRAGMENT) put(keys, k);
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
    fragA: fragOf(frag, 'a'),
    fragB: fragOf(frag, 'b'),
    set,
  };
}
