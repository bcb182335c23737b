'use client';

import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { LibraryStore } from './LibraryStore';
import { GRID_ID } from './SessionTable';

export interface LibrarySearch {
  readonly query: string;
  readonly setQuery: (query: string) => void;
  readonly searchRef: RefObject<HTMLInputElement | null>;
  readonly onSearchKey: (e: KeyboardEvent<HTMLInputElement>) => void;
}

/**
 * The library's search box: what is typed reaches the store 150 ms after the last key. As in the workbench: `/`
 * focuses the search; in the search, ↓ or Enter go to the rows (the first match, with the query applied at once), and
 * Esc on an empty box goes back to them too.
 */
export function useLibrarySearch(store: LibraryStore, initial: string): LibrarySearch {
  const [query, setQuery] = useState(initial);

  useEffect(() => {
    const h = setTimeout(() => {
      if (query !== store.getState().view.query) store.setView({ query, active: 0 });
    }, 150);
    return () => clearTimeout(h);
  }, [query, store]);

  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const t = e.target instanceof HTMLElement ? e.target : undefined;
      const typing =
        t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
      if (e.key === '/' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        searchRef.current?.focus();
        searchRef.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>): void => {
    const toRows = e.key === 'ArrowDown' || e.key === 'Enter' || (e.key === 'Escape' && e.currentTarget.value === '');
    if (!toRows) return;
    e.preventDefault();
    if (query !== store.getState().view.query) store.setView({ query });
    store.setView({ active: 0 });
    document.getElementById(GRID_ID)?.focus();
  };

  return { query, setQuery, searchRef, onSearchKey };
}
