'use client';

import { useCallback, useMemo, useState, type RefObject } from 'react';
import type { SessionRow } from '../../lib/fast/report';
import { compareHref, keepStored } from '../compare/refs';
import type { LibraryStore } from './LibraryStore';

export interface CompareMarks {
  /** Session ids marked, run A first. */
  readonly marked: readonly string[];
  readonly marks: ReadonlyMap<string, 'A' | 'B'>;
  readonly onMark: (r: SessionRow) => void;
  readonly compareMarked: () => Promise<void>;
  readonly clearMarks: () => void;
}

/** Two sessions marked with `c` (A, then B) open side by side in the compare view. */
export function useCompareMarks(store: LibraryStore, scrollTop: RefObject<number>): CompareMarks {
  const [marked, setMarked] = useState<readonly string[]>([]);
  const marks = useMemo(
    () => new Map(marked.map((id, i) => [id, i === 0 ? ('A' as const) : ('B' as const)])),
    [marked],
  );
  const onMark = useCallback(
    (r: SessionRow) =>
      setMarked((m) => (m.includes(r.sessionId) ? m.filter((x) => x !== r.sessionId) : [...m, r.sessionId].slice(-2))),
    [],
  );
  const compareMarked = async (): Promise<void> => {
    const stored = marked.map((id) => store.sessionFiles(id));
    if (stored.some((s) => !s)) return;
    store.setView({ scrollTop: scrollTop.current, opened: true });
    const refs = await Promise.all(stored.flatMap((s) => (s ? [keepStored(s)] : [])));
    // In place, as a session opens: Back comes to this page as it was.
    window.history.pushState(null, '', compareHref(refs[0], refs[1]));
  };
  return { marked, marks, onMark, compareMarked, clearMarks: () => setMarked([]) };
}
