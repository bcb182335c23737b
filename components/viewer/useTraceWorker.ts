'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoadSource, Request, ResultOf, TraceSummary, WorkerMessage } from '../../lib/view/protocol';

export interface LoadProgressState {
  readonly bytes: number;
  readonly totalBytes?: number;
  readonly events: number;
  readonly name: string;
  readonly rowCount: number;
}

export type TraceState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'loading'; readonly progress?: LoadProgressState }
  | { readonly phase: 'ready'; readonly summary: TraceSummary }
  | { readonly phase: 'error'; readonly message: string };

export type Ask = <R extends Request>(req: R) => Promise<ResultOf<R>>;

/**
 * The one hook that does I/O: it starts a trace worker for a source, reports progress, and gives the panes a way
 * to ask the worker for rows and details. A new source gets a new worker.
 */
export function useTraceWorker(source: LoadSource | undefined, sourceKey: string): { state: TraceState; ask: Ask; generation: number } {
  const [state, setState] = useState<TraceState>({ phase: 'idle' });
  const [generation, setGeneration] = useState(0);
  const workerRef = useRef<Worker | undefined>(undefined);
  const pending = useRef(new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>());
  const nextId = useRef(1);

  const ask = useCallback(<R extends Request>(req: R): Promise<ResultOf<R>> => {
    const w = workerRef.current;
    if (!w) return Promise.reject(new Error('no trace loaded'));
    const id = nextId.current++;
    return new Promise<ResultOf<R>>((resolve, reject) => {
      // The worker answers each request id once with the result type of its request.
      pending.current.set(id, { resolve: (v) => resolve(v as ResultOf<R>), reject });
      w.postMessage({ id, req });
    });
  }, []);

  useEffect(() => {
    if (!source) return;
    const worker = new Worker(new URL('./trace.worker.ts', import.meta.url), { type: 'module', name: 'loupe-trace' });
    workerRef.current = worker;
    const waiting = pending.current;
    let alive = true;
    setState({ phase: 'loading' });
    worker.onmessage = (ev: MessageEvent<WorkerMessage>) => {
      const m = ev.data;
      if (m.kind === 'progress') {
        if (alive) {
          setState({ phase: 'loading', progress: m });
          setGeneration((g) => g + 1);
        }
        return;
      }
      const p = waiting.get(m.id);
      if (!p) return;
      waiting.delete(m.id);
      if (m.ok) p.resolve(m.result);
      else p.reject(new Error(m.error));
    };
    worker.onerror = (ev) => {
      if (alive) setState({ phase: 'error', message: `The parser stopped: ${ev.message || 'the worker crashed (the file may be too large for this tab)'}` });
    };
    const id = nextId.current++;
    waiting.set(id, {
      resolve: (v) => {
        if (!alive) return;
        setState({ phase: 'ready', summary: v as TraceSummary });
        setGeneration((g) => g + 1);
      },
      reject: (e) => alive && setState({ phase: 'error', message: e.message }),
    });
    worker.postMessage({ id, req: { type: 'load', source } });
    return () => {
      alive = false;
      worker.terminate();
      waiting.clear();
      if (workerRef.current === worker) workerRef.current = undefined;
    };
    // The source object is rebuilt on every render; its key says when it really changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sourceKey]);

  return { state, ask, generation };
}
