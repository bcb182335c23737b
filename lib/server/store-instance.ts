// Server-only: imported from route handlers. One store per process, cached on globalThis so that Next's dev-mode
// module reloads (which re-evaluate this file) reuse the open store and sweep timer instead of leaking them.

import { shareLimits, storeKind } from './config';
import { s3StoreFromEnv } from './s3-store';
import { SqliteTraceStore } from './sqlite-store';
import type { TraceStore } from './trace-store';

/** Expired traces are also removed on read; the periodic sweep reclaims those nobody asks for again, and orphans. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

interface StoreHolder {
  store: TraceStore;
  timer: ReturnType<typeof setInterval>;
}

const KEY = Symbol.for('loupe.traceStore');

type GlobalWithStore = typeof globalThis & { [KEY]?: StoreHolder };

function sweepQuietly(store: TraceStore): void {
  // A failed sweep is retried at the next interval; expired traces are never served either way.
  store.sweep().catch(() => undefined);
}

/**
 * The process-wide store, created on first use from the environment (read at that first call): LOUPE_STORE=sqlite
 * (default: `$LOUPE_DATA_DIR/traces.db`, default `./data/traces.db` relative to the server's working directory) or
 * s3 (LOUPE_S3_BUCKET and the standard AWS variables). It is swept at once (orphans left by a killed server go) and
 * every 10 minutes.
 */
export function getStore(): TraceStore {
  const g = globalThis as GlobalWithStore;
  const existing = g[KEY];
  if (existing) return existing.store;
  const { orphanGraceMs } = shareLimits();
  const store =
    storeKind() === 's3' ? s3StoreFromEnv(process.env, { orphanGraceMs }) : new SqliteTraceStore({ orphanGraceMs });
  sweepQuietly(store);
  const timer = setInterval(() => sweepQuietly(store), SWEEP_INTERVAL_MS);
  timer.unref(); // never keeps the process alive
  g[KEY] = { store, timer };
  return store;
}

/** Closes the singleton (tests, graceful shutdown). The next getStore() opens a fresh one. */
export async function closeStore(): Promise<void> {
  const g = globalThis as GlobalWithStore;
  const holder = g[KEY];
  if (!holder) return;
  clearInterval(holder.timer);
  delete g[KEY];
  await holder.store.close();
}
