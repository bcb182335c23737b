'use client';

import { useEffect, useState } from 'react';
import type { Ask } from '../../lib/engine/protocol';
import { useWorkerQuery } from '../data/useWorkerQuery';

const PAUSE_MS = 120;

/** Find (Ctrl+F): the rows whose text holds what is typed, asked once typing pauses, and which of them is current. */
export function useFind(ask: Ask, viewVersion: number) {
  const [find, setFind] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setQuery(find.trim()), PAUSE_MS);
    return () => clearTimeout(h);
  }, [find]);
  const found = useWorkerQuery(ask, 'find', query ? { query } : undefined, [viewVersion], { keepPrevious: false });
  const matches = (find.trim() ? found.data : undefined) ?? [];
  // A new answer starts over: the next step goes to the first match after the selection.
  const [matchAt, setMatchAt] = useState(-1);
  const [seen, setSeen] = useState(found.data);
  if (seen !== found.data) {
    setSeen(found.data);
    setMatchAt(-1);
  }
  // The answer is for what the box holds now: a step asked before it (Enter right after typing) waits for it.
  const ready = find.trim() === query && !found.loading;
  const status = !find.trim() ? '' : found.error ? 'failed' : `${matchAt >= 0 ? matchAt + 1 : 0} / ${matches.length}`;
  return { find, setFind, query, ready, matches, matchAt, setMatchAt, status, error: found.error, retry: found.retry };
}
