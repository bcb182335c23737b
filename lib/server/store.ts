// Server-only module: import it from route handlers (app/api/**) and tests, never from components or lib/trace.
// (The `server-only` package is not installed; the rule is kept by convention and by where this folder is imported.)
//
// The share store keeps ciphertext it cannot read. The browser encrypts with a fresh AES-GCM key that lives only in
// the link's fragment (`/t/<id>#k=<key>`), which browsers never send to the server. The store therefore knows a
// blob's id, its length, when it was created and when it expires, and the SHA-256 of the delete token — nothing else.
//
// ─── Durability (SqliteTraceStore) ────────────────────────────────────────────────────────────────────────────────
// journal_mode = WAL, synchronous = FULL. In WAL mode:
//   • NORMAL already makes every committed transaction survive a crash of the *process* (SIGKILL, OOM kill, a
//     thrown native error): the commit has been write()n to the -wal file, i.e. it is in the OS page cache, and the
//     next open replays the WAL. What NORMAL can lose is the last transactions on *power loss or a kernel crash*,
//     because it fsyncs only at checkpoints.
//   • FULL additionally fsyncs the WAL at every commit, so an acknowledged upload survives power loss too.
// Uploads are rare and large (a multi-megabyte network transfer per commit), so one fsync per upload costs nothing
// that matters, and the person who received a link may already have sent it on. We pick FULL. `put` returns only
// after the INSERT has committed, and the HTTP 201 is sent only after `put` returns: an acknowledged id is durable.
// A row is written by a single INSERT (atomic), and `CHECK (length(blob) = size)` makes a partial blob impossible to
// store even in theory; test/api/crash.test.ts SIGKILLs a writer mid-stream and checks every acknowledged id.
//
// ─── Deletion ────────────────────────────────────────────────────────────────────────────────────────────────────
// secure_delete = ON overwrites freed pages with zeros, and after a delete or a sweep that removed rows we run
// `wal_checkpoint(TRUNCATE)`, so a deleted or expired ciphertext does not linger in traces.db or traces.db-wal for
// someone who later obtains both the data folder and an old link. (The file system may still hold old blocks; that
// is outside what an application can promise.) auto_vacuum = INCREMENTAL plus `incremental_vacuum` in sweep() hands
// the freed pages back, so the file shrinks with the data rather than staying at its high-water mark.
//
// ─── An S3-compatible implementation of the same interface (for several app servers) ──────────────────────────────
// Not implemented; this is how it would map, so the route handlers need no change (they already `await` every call):
//   • put: generate the id and token exactly as here; `PutObject` key `traces/<id>`, body = the ciphertext,
//     `Content-Type: application/octet-stream`, user metadata `x-amz-meta-delete-hash: <sha256 hex>`,
//     `x-amz-meta-created-at` and `x-amz-meta-expires-at` (epoch ms). Add `If-None-Match: *` (conditional write,
//     supported by S3 and most compatibles) so an id collision fails instead of overwriting. The PUT response
//     comes only after the object is durably stored, which gives the same "acknowledged = survives" guarantee.
//   • get: `GetObject`; if `expires-at` metadata ≤ now, treat it as absent (and optionally `DeleteObject` it) — the
//     lifecycle rule below rounds up to the next midnight UTC and deletes asynchronously, so the metadata check is what enforces the exact expiry.
//   • delete: `HeadObject` → compare SHA-256(token) with `delete-hash` metadata using timingSafeEqual →
//     `DeleteObject`. 404 from HEAD → 'not-found'; mismatch → 'forbidden'.
//   • sweep: a bucket lifecycle rule does the bulk work (`Expiration: { Days: 30 }` on prefix `traces/`, i.e. the
//     maximum TTL, rounded up by S3 to the next midnight UTC); shorter TTLs are enforced by `get`'s metadata check,
//     or by also tagging objects `ttl-bucket=1d|7d|30d` with one lifecycle rule per tag. `sweep()` can return 0.
//   • close: nothing (or destroy the SDK client). Block public access on the bucket; the app reads it with its own
//     credentials. Enable server-side encryption if you like — it adds nothing to confidentiality (the blob is
//     already ciphertext) but is usually a policy requirement.

import Database from 'better-sqlite3';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export interface StoredTrace {
  id: string;
  bytes: Uint8Array;
  /** epoch ms */
  createdAt: number;
  /** epoch ms */
  expiresAt: number;
}

export interface PutResult {
  id: string;
  /** Returned once, to the uploader; only its SHA-256 is stored. */
  deleteToken: string;
  /** epoch ms */
  expiresAt: number;
}

export type DeleteOutcome = 'deleted' | 'not-found' | 'forbidden';

export interface TraceStore {
  put(bytes: Uint8Array, opts: { ttlMs: number }): PutResult | Promise<PutResult>;
  /** Unknown and expired ids both give undefined (an expired row is removed on the way). */
  get(id: string): StoredTrace | undefined | Promise<StoredTrace | undefined>;
  delete(id: string, deleteToken: string): DeleteOutcome | Promise<DeleteOutcome>;
  /** Removes every row whose expiry is ≤ now; returns how many. */
  sweep(now?: number): number | Promise<number>;
  close(): void;
}

/** 128-bit ids, base64url without padding: exactly 22 characters. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** 256-bit tokens, base64url without padding: exactly 43 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function isValidId(id: string): boolean {
  return ID_PATTERN.test(id);
}

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

export function tokenMatches(token: string, storedHashHex: string): boolean {
  const actual = createHash('sha256').update(token, 'utf8').digest();
  const expected = Buffer.from(storedHashHex, 'hex');
  // Both are 32 bytes unless the stored hash is corrupt; timingSafeEqual throws on a length mismatch.
  if (expected.length !== actual.length) return false;
  return timingSafeEqual(actual, expected);
}

export const DB_FILE_NAME = 'traces.db';

export interface SqliteTraceStoreOptions {
  /** Folder for traces.db; created (mkdir -p) if missing. Default: LOUPE_DATA_DIR ?? './data'. */
  dir?: string;
  /** Clock in epoch ms; tests inject one. Default Date.now. */
  clock?: () => number;
}

interface MetaRow {
  expires_at: number;
}
interface FullRow {
  blob: Buffer;
  size: number;
  created_at: number;
  expires_at: number;
}
interface DeleteRow {
  delete_hash: string;
  expires_at: number;
}

// The turbopackIgnore comments stop Next's output tracing from treating this run-time path as a reason to bundle
// the whole project (a build warning otherwise): the data folder is a run-time location, not a source.
export function defaultDataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.LOUPE_DATA_DIR ?? './data');
}

export class SqliteTraceStore implements TraceStore {
  readonly file: string;
  private readonly db: Database.Database;
  private readonly clock: () => number;
  private readonly stmts: {
    insert: Database.Statement<[string, Buffer, number, string, number, number]>;
    meta: Database.Statement<[string], MetaRow>;
    full: Database.Statement<[string], FullRow>;
    forDelete: Database.Statement<[string], DeleteRow>;
    deleteId: Database.Statement<[string]>;
    deleteExpiredId: Database.Statement<[string, number]>;
    sweep: Database.Statement<[number]>;
  };

  constructor(opts: SqliteTraceStoreOptions = {}) {
    const dir = path.resolve(/*turbopackIgnore: true*/ opts.dir ?? defaultDataDir());
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.file = path.join(/*turbopackIgnore: true*/ dir, DB_FILE_NAME);
    this.clock = opts.clock ?? (() => Date.now());
    this.db = new Database(this.file);
    try {
      // Only takes effect on a new, empty file, so it must come first (even before journal_mode initialises the
      // file): lets sweep() give freed space back.
      this.db.pragma('auto_vacuum = INCREMENTAL');
      const mode = this.db.pragma('journal_mode = WAL', { simple: true });
      if (String(mode).toLowerCase() !== 'wal') throw new Error(`SQLite refused WAL mode (got ${String(mode)})`);
      this.db.pragma('synchronous = FULL');
      this.db.pragma('secure_delete = ON');
      this.db.pragma('busy_timeout = 5000');
      this.db.exec(`
        CREATE TABLE IF NOT EXISTS traces (
          id          TEXT    PRIMARY KEY NOT NULL,
          blob        BLOB    NOT NULL,
          size        INTEGER NOT NULL CHECK (size = length(blob)),
          delete_hash TEXT    NOT NULL,
          created_at  INTEGER NOT NULL,
          expires_at  INTEGER NOT NULL
        );
        CREATE INDEX IF NOT EXISTS traces_expires_at ON traces (expires_at);
      `);
      this.stmts = {
        insert: this.db.prepare(
          'INSERT INTO traces (id, blob, size, delete_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
        ),
        meta: this.db.prepare('SELECT expires_at FROM traces WHERE id = ?'),
        full: this.db.prepare('SELECT blob, size, created_at, expires_at FROM traces WHERE id = ?'),
        forDelete: this.db.prepare('SELECT delete_hash, expires_at FROM traces WHERE id = ?'),
        deleteId: this.db.prepare('DELETE FROM traces WHERE id = ?'),
        deleteExpiredId: this.db.prepare('DELETE FROM traces WHERE id = ? AND expires_at <= ?'),
        sweep: this.db.prepare('DELETE FROM traces WHERE expires_at <= ?'),
      };
    } catch (err) {
      this.db.close();
      throw err;
    }
  }

  put(bytes: Uint8Array, opts: { ttlMs: number }): PutResult {
    if (!Number.isFinite(opts.ttlMs) || opts.ttlMs <= 0) throw new RangeError('ttlMs must be a positive number');
    const blob = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength); // a view, no copy
    const deleteToken = newDeleteToken();
    const deleteHash = hashDeleteToken(deleteToken);
    const createdAt = this.clock();
    const expiresAt = createdAt + Math.floor(opts.ttlMs);
    // A 128-bit collision will not happen, but a plain INSERT (never REPLACE) makes sure it could only fail, not
    // overwrite someone else's trace.
    for (let attempt = 0; ; attempt++) {
      const id = newId();
      try {
        this.stmts.insert.run(id, blob, blob.byteLength, deleteHash, createdAt, expiresAt);
        return { id, deleteToken, expiresAt };
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'SQLITE_CONSTRAINT_PRIMARYKEY' && attempt < 3) continue;
        throw err;
      }
    }
  }

  get(id: string): StoredTrace | undefined {
    if (!isValidId(id)) return undefined;
    const now = this.clock();
    const meta = this.stmts.meta.get(id);
    if (!meta) return undefined;
    if (meta.expires_at <= now) {
      this.removeExpired(id, now);
      return undefined;
    }
    const row = this.stmts.full.get(id);
    if (!row) return undefined;
    // size is CHECKed against length(blob) on insert; checking again costs nothing and never serves a short blob.
    if (row.blob.byteLength !== row.size) throw new Error('stored trace failed its length check');
    return { id, bytes: row.blob, createdAt: row.created_at, expiresAt: row.expires_at };
  }

  delete(id: string, deleteToken: string): DeleteOutcome {
    if (!isValidId(id)) return 'not-found';
    const now = this.clock();
    const row = this.stmts.forDelete.get(id);
    if (!row) return 'not-found';
    if (row.expires_at <= now) {
      this.removeExpired(id, now);
      return 'not-found';
    }
    if (!tokenMatches(deleteToken, row.delete_hash)) return 'forbidden';
    this.stmts.deleteId.run(id);
    this.truncateWal();
    return 'deleted';
  }

  sweep(now: number = this.clock()): number {
    const removed = this.stmts.sweep.run(now).changes;
    let vacuumed = false;
    try {
      // Give the pages freed by this sweep and by earlier deletes back to the file system.
      if (Number(this.db.pragma('freelist_count', { simple: true })) > 0) {
        this.db.pragma('incremental_vacuum');
        vacuumed = true;
      }
    } catch {
      // Best effort, as for the checkpoint.
    }
    if (removed > 0 || vacuumed) this.truncateWal();
    return removed;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private removeExpired(id: string, now: number): void {
    if (this.stmts.deleteExpiredId.run(id, now).changes > 0) this.truncateWal();
  }

  /** Moves the WAL into the main file and truncates it, so freed (zeroed) pages are all that remains. */
  private truncateWal(): void {
    try {
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // Best effort: a busy checkpoint is retried by the next delete, sweep or SQLite's own auto-checkpoint.
    }
  }
}
