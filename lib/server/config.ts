// Server-only: the share store's settings, read from the environment (process.env by default; tests pass their own).
// Every limit has a default that holds on a directly exposed server; docs/sharing.md lists them.

/** The environment variables read here. */
export type Env = Readonly<Record<string, string | undefined>>;

const MB = 1024 * 1024;
const GB = 1024 * MB;

export const DEFAULTS = {
  /** LOUPE_MAX_UPLOAD_BYTES: one encrypted trace. */
  maxUploadBytes: 50 * MB,
  /** LOUPE_MAX_STORE_BYTES: all live traces together (507 past it). */
  maxStoreBytes: 10 * GB,
  /** LOUPE_MIN_FREE_DISK_BYTES: free space the data folder's disk keeps after an upload (507 below it). */
  minFreeDiskBytes: 1 * GB,
  /** LOUPE_BODY_TIMEOUT_SECONDS: the whole upload body must arrive within this (408 after it). */
  bodyTimeoutSeconds: 30,
  /** LOUPE_GLOBAL_RATE_LIMIT_PER_MIN: uploads per minute from all clients together, per server (429 past it). */
  globalUploadsPerMinute: 120,
  /** LOUPE_ORPHAN_GRACE_SECONDS: a stored trace whose id never left the server is removed after this. */
  orphanGraceSeconds: 600,
} as const;

/** A whole number ≥ `min` from `raw`, or `fallback` when unset or not such a number. */
function int(raw: string | undefined, fallback: number, min = 0): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw.trim());
  return Number.isSafeInteger(n) && n >= min ? n : fallback;
}

export interface ShareLimits {
  readonly maxUploadBytes: number;
  readonly maxStoreBytes: number;
  readonly minFreeDiskBytes: number;
  readonly bodyTimeoutMs: number;
  readonly globalUploadsPerMinute: number;
  readonly orphanGraceMs: number;
  /** LOUPE_ALLOW_NEVER_EXPIRE=1: senders may keep a trace until they delete it (off by default). */
  readonly allowNeverExpire: boolean;
}

export function shareLimits(env: Env = process.env): ShareLimits {
  return {
    maxUploadBytes: int(env.LOUPE_MAX_UPLOAD_BYTES, DEFAULTS.maxUploadBytes, 1),
    maxStoreBytes: int(env.LOUPE_MAX_STORE_BYTES, DEFAULTS.maxStoreBytes, 1),
    minFreeDiskBytes: int(env.LOUPE_MIN_FREE_DISK_BYTES, DEFAULTS.minFreeDiskBytes),
    bodyTimeoutMs: int(env.LOUPE_BODY_TIMEOUT_SECONDS, DEFAULTS.bodyTimeoutSeconds, 1) * 1000,
    globalUploadsPerMinute: int(env.LOUPE_GLOBAL_RATE_LIMIT_PER_MIN, DEFAULTS.globalUploadsPerMinute),
    orphanGraceMs: int(env.LOUPE_ORPHAN_GRACE_SECONDS, DEFAULTS.orphanGraceSeconds) * 1000,
    allowNeverExpire: /^(1|true|yes)$/i.test((env.LOUPE_ALLOW_NEVER_EXPIRE ?? '').trim()),
  };
}

export type StoreKind = 'sqlite' | 's3';

/** LOUPE_STORE: `sqlite` (default) or `s3`. Anything else is a configuration error, said at startup. */
export function storeKind(env: Env = process.env): StoreKind {
  const v = (env.LOUPE_STORE ?? '').trim().toLowerCase();
  if (v === '' || v === 'sqlite') return 'sqlite';
  if (v === 's3') return 's3';
  throw new Error(`LOUPE_STORE must be "sqlite" or "s3" (got "${v.slice(0, 40)}").`);
}
