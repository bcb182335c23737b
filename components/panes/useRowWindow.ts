'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { RowView } from '../../lib/view/rowview';
import type { Ask } from '../data/useTraceWorker';
import { errorText } from '../data/useWorkerQuery';
import { pagesToFetch, pagesToDrop, PAGE } from './row-pages';
import { formatInt } from '../../lib/trace/text-order';

/**
 * The timeline's rows, fetched from the worker a page at a time around what is drawn and well ahead of it in the
 * direction of the scroll, so that a scroll lands on rows already here and each row is drawn once, filled in. The
 * rows are kept in a cache the list reads synchronously while it renders; pages far from the view are dropped.
 * `version` changes whenever the worker's rows change (more parsed, a new filter, a fold), which drops the cache.
 * `early`: the first rows, sent by the worker while it loads (rows then never change): drawn in the very render that
 * first has them, with nothing asked.
 */
export function useRowWindow(ask: Ask, version: string, rowCount: number, early?: readonly RowView[]) {
  const cache = useRef(new Map<number, RowView>());
  const earlyRows = useRef(early);
  earlyRows.current = early;
  const inflight = useRef(new Set<number>());
  // How many rows each page came back with. A page short of what the list now holds (the parse frontier while
  // loading) is asked for again, so rows that arrive later do not stay placeholders.
  const got = useRef(new Map<number, number>());
  // Pages a render asked for and did not find: when one comes, the list is drawn again.
  const missed = useRef(new Set<number>());
  const count = useRef(rowCount);
  count.current = rowCount;
  const [tick, setTick] = useState(0);
  // Pages the worker failed to give, and why: not asked again until `retry`, so scrolling does not hammer it.
  const failed = useRef(new Set<number>());
  const [error, setError] = useState<{ what: string; message: string } | undefined>();
  const versionRef = useRef(version);
  const range = useRef<[number, number]>([0, 60]);
  // The last scroll step, in rows (signed): how far ahead, and on which side, to fetch.
  const step = useRef(0);
  // New rows in the worker: the cache goes in this very render, so rows of the old version are never drawn at the new
  // positions (a click there would select whatever row comes to stand under the pointer).
  if (versionRef.current !== version) {
    versionRef.current = version;
    cache.current = new Map();
    inflight.current = new Set();
    got.current = new Map();
    failed.current = new Set();
    missed.current = new Set();
  }

  /** Asks for the pages rows [start, end) want after a step of `lead` rows that are not here yet. */
  const fetchPages = useCallback(
    (start: number, end: number, lead: number) => {
      const v = versionRef.current;
      const asked = inflight.current;
      for (const page of pagesToFetch(start, end, lead, count.current)) {
        const want = Math.min(PAGE, count.current - page * PAGE);
        if (
          want <= 0 ||
          inflight.current.has(page) ||
          failed.current.has(page) ||
          (got.current.get(page) ?? -1) >= want
        )
          continue;
        inflight.current.add(page);
        ask('rows', { start: page * PAGE, end: page * PAGE + PAGE })
          .then((rows) => {
            if (versionRef.current !== v) return;
            for (const r of rows) cache.current.set(r.row, r);
            got.current.set(page, rows.length);
            // Drawn again only if the page is on screen or a render wanted it: a page fetched ahead waits, unseen.
            const [s, e] = range.current;
            const shown = page * PAGE < e && (page + 1) * PAGE > s;
            if (missed.current.delete(page) || shown) setTick((t) => t + 1);
          })
          .catch((e: unknown) => {
            if (versionRef.current !== v) return;
            failed.current.add(page);
            const what = `load rows ${formatInt(page * PAGE + 1)}–${formatInt(Math.min(count.current, page * PAGE + PAGE))}`;
            setError({ what, message: errorText(e) });
          })
          .finally(() => asked.delete(page));
      }
    },
    [ask],
  );

  useEffect(() => {
    setError(undefined);
    fetchPages(range.current[0], range.current[1], 0);
  }, [version, fetchPages]);

  // More rows (while loading): fill what is on screen and still short.
  useEffect(() => {
    fetchPages(range.current[0], range.current[1], 0);
  }, [rowCount, fetchPages]);

  const onRange = useCallback(
    (start: number, end: number) => {
      const moved = start - range.current[0];
      if (moved !== 0) step.current = moved;
      range.current = [start, end];
      fetchPages(start, end, step.current);
      for (const page of pagesToDrop(got.current.keys(), start, end, step.current)) {
        got.current.delete(page);
        for (let r = page * PAGE; r < (page + 1) * PAGE; r++) cache.current.delete(r);
      }
    },
    [fetchPages],
  );

  const get = useCallback((row: number): RowView | undefined => {
    const v = cache.current.get(row) ?? earlyRows.current?.[row];
    if (!v) missed.current.add(Math.floor(row / PAGE));
    return v;
  }, []);
  const retry = useCallback(() => {
    failed.current = new Set();
    setError(undefined);
    fetchPages(range.current[0], range.current[1], 0);
  }, [fetchPages]);
  /** For the list's other questions (the sticky header, `[`/`]`): a failure is said like a failed page. */
  const fail = useCallback((what: string) => (e: unknown) => setError({ what, message: errorText(e) }), []);
  return { get, onRange, tick, error, retry, fail };
}
