'use client';

import { createContext, useContext, useRef, type ReactNode } from 'react';
import { sourceOf, type StoredFiles } from './localFiles';
import { TraceClient } from './TraceClient';

// What the home page hands the viewer in memory: the files just picked, and a worker already parsing them, so the
// first rows do not wait for IndexedDB, the route change or the worker's start-up. IndexedDB still gets a copy in the
// background, for reloads.

interface Handoff {
  /** Starts a worker now (its script loads while the user picks a file). */
  prewarm(): void;
  takeWarm(): TraceClient | undefined;
  /** Starts parsing picked files at once; the viewer for `local:<id>` takes the running worker. */
  startLocal(id: string, files: StoredFiles): void;
  takeStarted(key: string): TraceClient | undefined;
  /** Stops the parse `startLocal` began for `id` (its files were refused after all), and warms a worker again. */
  cancelLocal(id: string): void;
  /** The worker started for `key`, left for `takeStarted`: the viewer's first render shows what it has so far. */
  peekStarted(key: string): TraceClient | undefined;
  get(id: string): StoredFiles | undefined;
}

const Ctx = createContext<Handoff | undefined>(undefined);

export function HandoffProvider({ children }: { children: ReactNode }) {
  const files = useRef(new Map<string, StoredFiles>());
  const warm = useRef<TraceClient | undefined>(undefined);
  const started = useRef(new Map<string, TraceClient>());
  const value = useRef<Handoff>({
    prewarm: () => {
      if (!warm.current && typeof Worker !== 'undefined') warm.current = new TraceClient();
    },
    takeWarm: () => {
      const w = warm.current;
      warm.current = undefined;
      return w;
    },
    startLocal: (id, stored) => {
      files.current.clear();
      files.current.set(id, stored);
      for (const c of started.current.values()) c.dispose();
      started.current.clear();
      const client = value.current.takeWarm() ?? new TraceClient();
      client.load(sourceOf(stored));
      started.current.set(`local:${id}`, client);
    },
    cancelLocal: (id) => {
      files.current.delete(id);
      started.current.get(`local:${id}`)?.dispose();
      started.current.delete(`local:${id}`);
      value.current.prewarm();
    },
    takeStarted: (key) => {
      const c = started.current.get(key);
      started.current.delete(key);
      return c;
    },
    peekStarted: (key) => started.current.get(key),
    get: (id) => files.current.get(id),
  });
  return <Ctx.Provider value={value.current}>{children}</Ctx.Provider>;
}

export function useHandoff(): Handoff | undefined {
  return useContext(Ctx);
}
