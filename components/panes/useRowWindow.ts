'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { RowView } from '../../lib/view/rowview';
import type { Ask } from '../viewer/useTraceWorker';
import { errorText } from '../viewer/useWorkerQuery';

const PAGE = 200;

/**
 * The timeline's rows, fetched from the worker a page at a time around what is visible. `version` changes whenever
 * the worker's rows change (more parsed, a new filter, a fold), which drops the cache.
 */
export function useRowWindow(ask: Ask, version: string, rowCount: number) {
  const cache = useRef(new Map<number, RowView>());
  const inflight = useRef(new Set<number>());
  // How many rows each page came back with. A page short of what the list now holds (the parse frontier while
  // loading) is asked for again, so rows that arrive later do not stay placeholders.
  const got = useRef(new Map<number, number>());
  const count = useRef(rowCount);
  count.current = rowCount;
  const [tick, setTick] = useState(0);
  // Pages the worker failed to give, and why: not asked again until `retry`, so scrolling does not hammer it.
  const failed = useRef(new Set<number>());
  const [error, setError] = useState<{ what: string; message: string } | undefined>();
  const versionRef = useRef(version);
  const range = useRef<[number, number]>([0, 60]);
  // New rows in the worker: the cache goes in this very render, so rows of the old version are never drawn at the new
  // positions (a click there would select whatever row comes to stand under the pointer).
  if (versionRef.current !== version) {
    versionRef.current = version;
    cache.current = new Map();
    inflight.current = new Set();
    got.current = new Map();
    failed.current = new Set();
  }

  const fetchPages = useCallback(
    (start: number, end: number) => {
      const v = versionRef.current;
      const asked = inflight.current;
      for (let page = Math.floor(Math.max(0, start - PAGE / 2) / PAGE); page * PAGE < end + PAGE / 2; page++) {
        const want = Math.min(PAGE, count.current - page * PAGE);
        if (want <= 0 || inflight.current.has(page) || failed.current.has(page) || (got.current.get(page) ?? -1) >= want) continue;
        inflight.current.add(page);
        ask('rows', { start: page * PAGE, end: page * PAGE + PAGE })
          .then((rows) => {
            if (versionRef.current !== v) return;
            for (const r of rows) cache.current.set(r.row, r);
            got.current.set(page, rows.length);
            setTick((t) => t + 1);
          })
          .catch((e: unknown) => {
            if (versionRef.current !== v) return;
            failed.current.add(page);
            const what = `load rows ${(page * PAGE + 1).toLocaleString('en-US')}–${Math.min(count.current, page * PAGE + PAGE).toLocaleString('en-US')}`;
            setError({ what, message: errorText(e) });
          })
          .finally(() => asked.delete(page));
      }
    },
    [ask],
  );

  useEffect(() => {
    setError(undefined);
    fetchPages(range.current[0], range.current[1]);
  }, [version, fetchPages]);

  // More rows (while loading): fill what is on screen and still short.
  useEffect(() => {
    fetchPages(range.current[0], range.current[1]);
  }, [rowCount, fetchPages]);

  const onRange = useCallback(
    (start: number, end: number) => {
      range.current = [start, end];
      fetchPages(start, end);
    },
    [fetchPages],
  );

  const ensure = useCallback((row: number) => fetchPages(row, row + 1), [fetchPages]);
  const get = useCallback((row: number): RowView | undefined => cache.current.get(row), []);
  const retry = useCallback(() => {
    failed.current = new Set();
    setError(undefined);
    fetchPages(range.current[0], range.current[1]);
  }, [fetchPages]);
  /** For the list's other questions (the sticky header, `[`/`]`): a failure is said like a failed page. */
  const fail = useCallback((what: string) => (e: unknown) => setError({ what, message: errorText(e) }), []);
  return { get, onRange, ensure, tick, error, retry, fail };
}
