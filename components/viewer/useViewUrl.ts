'use client';

import {
  createContext,
  createElement,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { parseShow, showString, type ChipKey } from '../../lib/view/chips';
import { isHeaderKind, type HeaderKind } from '../../lib/view/rows';
import type { RowView } from '../../lib/view/rowview';
import { DETAILS_TABS, type DetailsTab } from '../panes/DetailsPane';
import type { Panel } from '../panes/PanelTabs';

export type { Panel };

export interface ViewUrl {
  readonly sel: number | undefined;
  /** The selected row is the header of this kind whose first event is `sel` (`row=turn`), not the event's own row. */
  readonly head: HeaderKind | undefined;
  readonly tab: DetailsTab;
  readonly filter: string;
  readonly panel: Panel;
  /** Timeline chips that are on (`show=hooks,progress`). */
  readonly show: readonly ChipKey[];
  /** The Diagnostics panel is open (`diag=1`). */
  readonly diagnostics: boolean;
}

// Shared links keep the view state in the fragment beside the key (`/t/<id>#k=…&sel=…`), so nothing about the view
// reaches the server either. Everywhere else it is in the query string.
const InHash = createContext(false);

export function ViewStateInHash({ children }: { children: ReactNode }) {
  return createElement(InHash.Provider, { value: true }, children);
}

// Announced after each change made here. The address is read from `window.location` rather than Next's
// `useSearchParams`, which follows a `pushState` only in a later transition: between the two, the address already
// said the new filter while the list still showed the old one's rows (a key pressed then acted on the wrong rows).
const URL_CHANGED = 'loupe:url';

function subscribeUrl(fn: () => void): () => void {
  window.addEventListener('hashchange', fn);
  window.addEventListener('popstate', fn);
  window.addEventListener(URL_CHANGED, fn);
  return () => {
    window.removeEventListener('hashchange', fn);
    window.removeEventListener('popstate', fn);
    window.removeEventListener(URL_CHANGED, fn);
  };
}

/** What the URL says of a selected row: its event, or for a header its first event and the header's kind. */
export function selectionOf(v: RowView | undefined): Pick<ViewUrl, 'sel' | 'head'> | undefined {
  if (v?.kind === 'event') return v.seq === undefined ? undefined : { sel: v.seq, head: undefined };
  return v?.firstSeq === undefined ? undefined : { sel: v.firstSeq, head: v.kind };
}

/** The view part of a set of URL parameters (`sel`, `row`, `tab`, `q`, `panel`, `show`, `diag`), as a query string without the rest. */
export function viewStateString(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const k of ['sel', 'row', 'tab', 'q', 'panel', 'show', 'diag']) {
    const v = params.get(k);
    if (v !== null) out.set(k, v);
  }
  return out.toString();
}

/** The view state that lives in the URL (selection, tab, filter, chips, open panels), so reload and back/forward restore it. */
export function useViewUrl(): ViewUrl & {
  update: (patch: Partial<ViewUrl>, mode?: 'push' | 'replace') => void;
  stateString: string;
} {
  const inHash = useContext(InHash);
  const state = useSyncExternalStore(
    subscribeUrl,
    () => (inHash ? window.location.hash.slice(1) : window.location.search),
    () => '',
  );
  const params = useMemo(() => new URLSearchParams(state), [state]);
  const selRaw = params.get('sel');
  const sel = selRaw !== null && /^\d+$/.test(selRaw) ? Number(selRaw) : undefined;
  const headRaw = params.get('row');
  const head = sel !== undefined && isHeaderKind(headRaw) ? headRaw : undefined;
  const tabRaw = params.get('tab');
  const tab = DETAILS_TABS.find((t) => t === tabRaw) ?? 'message';
  const filter = params.get('q') ?? '';
  const panel: Panel = params.get('panel') === 'stats' ? 'stats' : 'timeline';
  const showRaw = params.get('show');
  // One array per URL value, so effects that depend on it run when the chips change, not on every render.
  const show = useMemo(() => parseShow(showRaw), [showRaw]);
  const diagnostics = params.get('diag') === '1';
  const update = useCallback(
    (patch: Partial<ViewUrl>, mode: 'push' | 'replace' = 'push') => {
      const next = new URLSearchParams(inHash ? window.location.hash.slice(1) : window.location.search);
      if ('sel' in patch) {
        if (patch.sel === undefined) next.delete('sel');
        else next.set('sel', String(patch.sel));
        // A new selection is an event's row unless it says it is a header's.
        if (patch.head === undefined || patch.sel === undefined) next.delete('row');
        else next.set('row', patch.head);
      }
      if (patch.tab !== undefined) {
        if (patch.tab === 'message') next.delete('tab');
        else next.set('tab', patch.tab);
      }
      if (patch.panel !== undefined) {
        if (patch.panel === 'timeline') next.delete('panel');
        else next.set('panel', patch.panel);
      }
      if (patch.filter !== undefined) {
        if (patch.filter === '') next.delete('q');
        else next.set('q', patch.filter);
      }
      if (patch.diagnostics !== undefined) {
        if (patch.diagnostics) next.set('diag', '1');
        else next.delete('diag');
      }
      if (patch.show !== undefined) {
        const v = showString(patch.show);
        if (v === '') next.delete('show');
        else next.set('show', v);
      }
      const { pathname, search: s, hash: h } = window.location;
      const url = inHash ? `${pathname}${s}#${next.toString()}` : `${pathname}?${next.toString()}${h}`;
      if (url === `${pathname}${s}${h}`) return;
      // Next's router follows native history calls; this hook is told at once, in the same event.
      if (mode === 'push') window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
      window.dispatchEvent(new Event(URL_CHANGED));
    },
    [inHash],
  );
  return { sel, head, tab, filter, panel, show, diagnostics, update, stateString: viewStateString(params) };
}
