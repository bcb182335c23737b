'use client';

import { useCallback, useEffect, useRef } from 'react';
import type { useFind } from './useFind';

type Found = Pick<ReturnType<typeof useFind>, 'ready' | 'matches' | 'matchAt' | 'setMatchAt'>;

/**
 * Enter and Shift+Enter in the find box: the next or previous match (the first after the selection when none is
 * current yet) is selected. A step asked while the matches of what was just typed are on their way is taken when they
 * come.
 */
export function useFindSteps(
  { ready, matches, matchAt, setMatchAt }: Found,
  selectedRow: number,
  select: (row: number) => void,
) {
  const pending = useRef<1 | -1 | undefined>(undefined);
  const step = useCallback(
    (dir: 1 | -1) => {
      if (!ready) {
        pending.current = dir;
        return;
      }
      if (matches.length === 0) return;
      const next =
        matchAt < 0
          ? dir === 1
            ? matches.findIndex((r) => r > selectedRow)
            : matches.length - 1
          : (matchAt + dir + matches.length) % matches.length;
      const i = next < 0 ? 0 : next;
      const row = matches[i];
      if (row === undefined) return;
      setMatchAt(i);
      select(row);
    },
    [ready, matches, matchAt, setMatchAt, selectedRow, select],
  );
  useEffect(() => {
    const dir = pending.current;
    if (!ready || dir === undefined) return;
    pending.current = undefined;
    step(dir);
  }, [ready, step]);
  return step;
}
