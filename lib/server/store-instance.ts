// Server-only: imported from route handlers. One store per process, cached on globalThis so that Next's dev-mode
// module reloads (which re-evaluate this file) reuse the open SQLite handle and sweep timer instead of leaking them.

import { SqliteTraceStore, type TraceStore } from './store';

/** Expired rows are also removed on read; the periodic sweep reclaims rows nobody asks for again. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

interface StoreHolder {
  store: TraceStore;
  timer: ReturnType<typeof setInterval>;
}

const KEY = Symbol.for('loupe.traceStore');

type GlobalWithStore = typeof globalThis & { [KEY]?: StoreHolder };

function sweepQuietly(store: TraceStore): void {
  try {
    const result = store.sweep();
    if (result instanceof Promise) result.catch(() => {});
  } catch {
    // A failed sweep is retried at the next interval; expired rows are never served either way.
  }
}

/**
 * The process-wide store: a SqliteTraceStore at `$LOUPE_DATA_DIR/traces.db` (default `./data/traces.db`, relative
 * to the server's working directory), created on first use. LOUPE_DATA_DIR is read at that first call.
 */
export function getStore(): TraceStore {
  const g = globalThis as GlobalWithStore;
  const existing = g[KEY];
  if (existing) return existing.store;
  const store = new SqliteTraceStore();
  sweepQuietly(store);
  const timer = setInterval(() => sweepQuietly(store), SWEEP_INTERVAL_MS);
  timer.unref(); // never keeps the process alive
  g[KEY] = { store, timer };
  return store;
}

/** Closes the singleton (tests, graceful shutdown). The next getStore() opens a fresh one. */
export function closeStore(): void {
  const g = globalThis as GlobalWithStore;
  const holder = g[KEY];
  if (!holder) return;
  clearInterval(holder.timer);
  holder.store.close();
  delete g[KEY];
}
