'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { DETAILS_TABS, type DetailsTab } from '../panes/DetailsPane';

export type Panel = 'timeline' | 'stats';

export interface ViewUrl {
  readonly sel: number | undefined;
  readonly tab: DetailsTab;
  readonly filter: string;
  readonly panel: Panel;
}

/** The view state that lives in the URL (selection, tab, filter), so reload and back/forward restore it. */
export function useViewUrl(): ViewUrl & { update: (patch: Partial<ViewUrl>, mode?: 'push' | 'replace') => void } {
  const params = useSearchParams();
  const selRaw = params.get('sel');
  const sel = selRaw !== null && /^\d+$/.test(selRaw) ? Number(selRaw) : undefined;
  const tabRaw = params.get('tab');
  const tab = DETAILS_TABS.find((t) => t === tabRaw) ?? 'message';
  const filter = params.get('q') ?? '';
  const panel: Panel = params.get('panel') === 'stats' ? 'stats' : 'timeline';
  const update = useCallback((patch: Partial<ViewUrl>, mode: 'push' | 'replace' = 'push') => {
    const next = new URLSearchParams(window.location.search);
    if ('sel' in patch) {
      if (patch.sel === undefined) next.delete('sel');
      else next.set('sel', String(patch.sel));
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
    const url = `${window.location.pathname}?${next.toString()}${window.location.hash}`;
    if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
    // Next's router follows native history calls (useSearchParams updates).
    if (mode === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  }, []);
  return { sel, tab, filter, panel, update };
}
