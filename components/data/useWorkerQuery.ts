'use client';

import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { Ask, Method, RequestOf, ResultOf } from '../../lib/engine/protocol';
import { isFinal } from '../../lib/browser/load-error';

export interface WorkerQuery<T> {
  /** The latest answer; while a newer request is on its way, the previous one (unless `keepPrevious` is false). */
  readonly data: T | undefined;
  /** Why the latest request failed, in words; the pane shows it with `retry`. */
  readonly error: string | undefined;
  /** The failure is one trying again cannot mend (the worker said so): no retry is offered for it. */
  readonly final: boolean;
  readonly loading: boolean;
  readonly retry: () => void;
}

export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * How every pane gets data from the trace worker: asks `method` with `req` (nothing while `req` is undefined), again
 * whenever the request (compared as JSON) or `deps` change. An answer to an older request is dropped, so a slow reply
 * never overwrites a newer one; a failure is kept as `error`, never swallowed. With `transition`, an answer is shown in
 * a transition: React draws it in slices between which the page stays responsive (the Stats pane of a 2 GB trace),
 * where rows that must appear in the frame they scroll into (the timeline's) are drawn at once.
 */
export function useWorkerQuery<K extends Method>(
  ask: Ask,
  method: K,
  req: RequestOf<K> | undefined,
  deps: readonly unknown[] = [],
  { keepPrevious = true, transition = false }: { keepPrevious?: boolean; transition?: boolean } = {},
): WorkerQuery<ResultOf<K>> {
  const [attempt, setAttempt] = useState(0);
  const key = req === undefined ? undefined : JSON.stringify([method, req, deps, attempt]);
  const [state, setState] = useState<{ key?: string; data?: ResultOf<K>; error?: string; final?: boolean }>({});
  const request = useRef(req);
  request.current = req;
  useEffect(() => {
    const r = request.current;
    if (key === undefined || r === undefined) return;
    let live = true;
    ask(method, r).then(
      (data) => {
        if (!live) return;
        if (transition) startTransition(() => setState({ key, data }));
        else setState({ key, data });
      },
      (e: unknown) =>
        live &&
        setState((s) => ({
          key,
          error: errorText(e),
          final: isFinal(e),
          ...(s.data !== undefined ? { data: s.data } : {}),
        })),
    );
    return () => {
      live = false;
    };
  }, [ask, method, key, transition]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  const fresh = key !== undefined && state.key === key;
  return {
    data: key === undefined ? undefined : fresh || keepPrevious ? state.data : undefined,
    error: fresh ? state.error : undefined,
    final: fresh && state.final === true,
    loading: key !== undefined && !fresh,
    retry,
  };
}
