// Server-only: the interface every share store implements (SQLite on one server, S3 for a fleet), and the ids,
// tokens and hashes they share.
//
// The store keeps ciphertext it cannot read. The browser encrypts with a fresh AES-GCM key that lives only in the
// link's fragment (`/t/<id>#k=<key>`), which browsers never send to the server. A store therefore knows a blob's id,
// its length, when it was created and when it expires, and the SHA-256 of the delete token — nothing else.
//
// Life of an upload: `put` stores it and resolves only once it is durable (acknowledged = survives a crash); the
// route then answers 201, and `confirm` is called when the answer's body (the id) leaves the server. A trace that was
// stored but never confirmed is an orphan — the server died, or the client left, between the two — and no one can
// ever open it (nobody has its id): `sweep` removes it after a grace period, with the expired ones.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// The id's shape is the page's too (it says a link whose id cannot be one is malformed): it lives in lib/share.
export { ID_PATTERN, isValidId } from '../share/id';

/**
 * What a store knows about a trace besides its bytes. `expiresAt` is `NEVER_EXPIRES` for a trace kept until it is
 * deleted (only where the operator allows it). A burn-after-reading trace is deleted by the first `get` that serves it.
 */
export interface TraceInfo {
  id: string;
  /** epoch ms */
  createdAt: number;
  /** epoch ms, or NEVER_EXPIRES */
  expiresAt: number;
  burnAfterReading: boolean;
}

export interface StoredTrace extends TraceInfo {
  bytes: Uint8Array;
}

/**
 * The expiry of a trace that never expires: a date no clock reaches (year 33658), so every `expiresAt <= now` test
 * and every sweep leave it alone, and it fits the S3 marker's 15 digits. Shown to people as "never".
 */
export const NEVER_EXPIRES = 999_999_999_999_999;

/** A burned trace's tombstone (which makes a second fetch say "read", not "expired") lasts at most this long. */
export const READ_TOMBSTONE_MS = 30 * 24 * 60 * 60 * 1000;

/** `createdAt + ttlMs`, or NEVER_EXPIRES for an infinite ttl. */
export function expiryOf(createdAt: number, ttlMs: number): number {
  return ttlMs === Number.POSITIVE_INFINITY ? NEVER_EXPIRES : Math.min(NEVER_EXPIRES, createdAt + Math.floor(ttlMs));
}

/** Until when a trace burned at `now` is remembered as read: its own expiry, at most READ_TOMBSTONE_MS away. */
export function tombstoneUntil(expiresAt: number, now: number): number {
  return Math.min(expiresAt, now + READ_TOMBSTONE_MS);
}

export interface PutResult {
  id: string;
  /** Returned once, to the uploader; only its SHA-256 is stored. */
  deleteToken: string;
  /** epoch ms */
  expiresAt: number;
}

export interface PutOptions {
  /** Lifetime in ms; Infinity keeps the trace until it is deleted (expiresAt = NEVER_EXPIRES). */
  ttlMs: number;
  /** The first `get` that serves the trace deletes it, atomically: of two simultaneous reads exactly one gets it. */
  burnAfterReading?: boolean;
  /** Refuse (StoreFullError) when the store would hold more than this many bytes. */
  maxStoreBytes?: number;
  /** The caller will not touch `bytes` again: a store may take its memory over instead of copying it. */
  handOver?: boolean;
}

export type DeleteOutcome = 'deleted' | 'not-found' | 'forbidden';

/** The store is at its LOUPE_MAX_STORE_BYTES quota. */
export class StoreFullError extends Error {
  constructor(readonly usedBytes: number) {
    super('the share store is full');
    this.name = 'StoreFullError';
  }
}

export interface TraceStore {
  readonly kind: 'sqlite' | 's3';
  put(bytes: Uint8Array, opts: PutOptions): Promise<PutResult>;
  /** The id has been handed to the client; resolves once that is durable too. */
  confirm(id: string): Promise<void>;
  /**
   * Unknown and expired ids both give undefined (an expired trace is removed on the way). A burn-after-reading trace
   * is deleted in the same step that hands it out, and leaves a tombstone (see `wasRead`); of simultaneous calls for
   * it exactly one gets the bytes.
   */
  get(id: string): Promise<StoredTrace | undefined>;
  /** What `get` would tell, without the bytes and without burning anything (HEAD). */
  peek(id: string): Promise<TraceInfo | undefined>;
  /** The id was a burn-after-reading trace that has been read (its tombstone is still kept). */
  wasRead(id: string): Promise<boolean>;
  delete(id: string, deleteToken: string): Promise<DeleteOutcome>;
  /** Removes every trace whose expiry is ≤ now, and orphans older than the grace period; returns how many. */
  sweep(now?: number): Promise<number>;
  /** Bytes the store holds (what LOUPE_MAX_STORE_BYTES counts); the S3 store's figure may lag other servers. */
  usedBytes(): Promise<number>;
  /** Free bytes on the disk that holds the data; undefined when the store is not on a local disk. */
  freeDiskBytes(): Promise<number | undefined>;
  close(): Promise<void>;
}

/** 256-bit tokens, base64url without padding: exactly 43 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newId(): string {
  return randomBytes(16).toString('base64url');
}

export function newDeleteToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of the token's UTF-8 bytes, hex. A 256-bit random token needs no salt or slow hash. */
export function hashDeleteToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Constant-time comparison of SHA-256(token) with a stored hex hash. */
export function tokenMatches(token: string, storedHashHex: string): boolean {
  const actual = createHash('sha256').update(token, 'utf8').digest();
  const expected = Buffer.from(storedHashHex, 'hex');
  // Both are 32 bytes unless the stored hash is corrupt; timingSafeEqual throws on a length mismatch.
  if (expected.length !== actual.length) return false;
  return timingSafeEqual(actual, expected);
}

export function checkTtl(ttlMs: number): void {
  if (Number.isNaN(ttlMs) || ttlMs <= 0) throw new RangeError('ttlMs must be a positive number (or Infinity)');
}
