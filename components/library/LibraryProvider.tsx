'use client';

import { createContext, useContext, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { LibraryStore, type LibraryState } from './LibraryStore';

// The open projects folder lives above the pages, so that opening a session and coming Back finds it as it was.

const Ctx = createContext<LibraryStore | undefined>(undefined);

export function LibraryProvider({ children }: { children: ReactNode }) {
  const store = useRef<LibraryStore | undefined>(undefined);
  store.current ??= new LibraryStore();
  return <Ctx.Provider value={store.current}>{children}</Ctx.Provider>;
}

export function useLibraryStore(): LibraryStore {
  const s = useContext(Ctx);
  if (!s) throw new Error('useLibraryStore outside LibraryProvider');
  return s;
}

const EMPTY_STATE: LibraryState = {
  status: 'empty',
  snapshot: { rows: [], cells: {}, files: {}, priceSource: '' },
  view: { sort: { key: 'start', dir: 'desc' }, query: '', stackBy: 'project', scrollTop: 0, active: 0 },
};

export function useLibrary(): LibraryState {
  const store = useLibraryStore();
  return useSyncExternalStore(store.subscribe, store.getState, () => EMPTY_STATE);
}
