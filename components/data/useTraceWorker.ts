'use client';

import { useLayoutEffect, useState } from 'react';
import type { Ask, LoadSource } from '../../lib/engine/protocol';
import { useHandoff } from './Handoff';
import { TraceClient, type TraceState } from './TraceClient';

export type { LoadProgressState, TraceState } from './TraceClient';
export type { Ask };

const idle: Ask = () => Promise.reject(new Error('no trace loaded'));

type Files = readonly { readonly file: Blob; readonly path: string }[];
/** Reads newer copies of the trace's files (picked again); true when some had changed. */
export type Reload = (files: Files) => Promise<boolean>;
const noReload: Reload = () => Promise.reject(new Error('no trace loaded'));

/**
 * The one hook that does I/O: it gets the trace worker for a source (one the home page already started, or a new
 * one), follows its progress, and gives the panes a way to ask it for rows and details.
 */
export function useTraceWorker(
  source: LoadSource | undefined,
  sourceKey: string,
): { state: TraceState; ask: Ask; reload: Reload; retry: () => void } {
  const handoff = useHandoff();
  /** Bumped by `retry`: the source is read again by a new worker (after a network error, say). */
  const [attempt, setAttempt] = useState(0);
  // A worker the home page started has parsed the first lines by now: its state and rows are drawn in the first render,
  // not after the effect below has run (which waits for a paint).
  const [state, setState] = useState<TraceState>(() => handoff?.peekStarted(sourceKey)?.state ?? { phase: 'idle' });
  const [ask, setAsk] = useState<Ask>(() => handoff?.peekStarted(sourceKey)?.ask ?? idle);
  const [reload, setReload] = useState<Reload>(() => noReload);
  // Before the first paint: what the worker sent while the viewer mounted is drawn in the same frame, not after a
  // paint and a passive effect (under load, 30-60 ms of the first rows).
  useLayoutEffect(() => {
    if (!source) return;
    let client = handoff?.takeStarted(sourceKey);
    if (!client) {
      client = handoff?.takeWarm() ?? new TraceClient();
      client.load(source);
    }
    const c = client;
    setAsk(() => c.ask);
    setReload(() => async (files: Files) => {
      const up = await c.ask('reload', { files });
      if (up) c.accept(up);
      return up !== null;
    });
    const off = c.subscribe(setState);
    return () => {
      off();
      c.dispose();
    };
    // The source object is rebuilt on every render; its key says when it really changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sourceKey, attempt]);
  const [retry] = useState(() => () => setAttempt((n) => n + 1));
  return { state, ask, reload, retry };
}
