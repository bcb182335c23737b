// Server-only: the default share store, one SQLite file (`$LOUPE_DATA_DIR/traces.db`) on this server.
//
// ─── Non-blocking ───────────────────────────────────────────────────────────────────────────────────────────────
// Every write (insert, confirm, delete, sweep) runs in a worker thread (lib/server/sqlite-writer.mjs) with its own
// connection, so an fsync'd INSERT of a 50 MB blob never stalls the event loop; reads stay on the main thread, which
// WAL lets run beside a write. `npm run bench:share` measures GET latency during a burst of uploads.
//
// ─── Durability ─────────────────────────────────────────────────────────────────────────────────────────────────
// journal_mode = WAL, synchronous = FULL: the WAL is fsynced at every commit, so a committed upload survives a process
// crash (SIGKILL, OOM kill) and power loss. `put` resolves only after the worker has committed the INSERT, and the
// HTTP 201 is sent only after `put` resolves: an acknowledged id is durable. A row is written by a single INSERT
// (atomic), and `CHECK (length(blob) = size)` makes a partial blob impossible to store; test/api/crash.test.ts
// SIGKILLs a writer mid-stream and checks every acknowledged id. A row starts unconfirmed (`confirmed = 0`) and is
// confirmed when its id leaves the server; `sweep` removes unconfirmed rows older than the grace period.
//
// ─── Deletion ───────────────────────────────────────────────────────────────────────────────────────────────────
// secure_delete = ON overwrites freed pages with zeros, and after a delete or a sweep that removed rows the writer
// runs `wal_checkpoint(TRUNCATE)`, so a deleted or expired ciphertext does not linger in traces.db or traces.db-wal.
// (The file system may still hold old blocks; that is outside what an application can promise.) auto_vacuum =
// INCREMENTAL plus `incremental_vacuum` in sweep() hands the freed pages back, so the file shrinks with the data.
//
// ─── Files ──────────────────────────────────────────────────────────────────────────────────────────────────────
// The data folder is created 0700 and traces.db 0600 (SQLite gives -wal and -shm the database file's mode). A data
// folder that already exists with any group or other permission (0755 from a plain `mkdir`) is made 0700 at start;
// when that is not possible (another user owns it) the store refuses to start and says what to do.

import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { privateDataDir } from './data-dir.mjs';
import {
  StoreFullError,
  checkTtl,
  expiryOf,
  hashDeleteToken,
  isValidId,
  newDeleteToken,
  tokenMatches,
  type DeleteOutcome,
  type PutOptions,
  type PutResult,
  type StoredTrace,
  type TraceInfo,
  type TraceStore,
} from './trace-store';

export const DB_FILE_NAME = 'traces.db';

export interface SqliteTraceStoreOptions {
  /** Folder for traces.db; created (mkdir -p, 0700) if missing, made 0700 if not. Default: LOUPE_DATA_DIR ?? './data'. */
  dir?: string;
  /** Clock in epoch ms; tests inject one. Default Date.now. */
  clock?: () => number;
  /** A stored trace never confirmed is removed by `sweep` once older than this. Default 10 minutes. */
  orphanGraceMs?: number;
}

interface InfoRow {
  size: number;
  created_at: number;
  expires_at: number;
  burn: number;
}
interface FullRow extends InfoRow {
  blob: Buffer;
}
interface DeleteRow {
  delete_hash: string;
  expires_at: number;
}

// The turbopackIgnore comments stop Next's output tracing from treating these run-time paths as a reason to bundle
// the whole project (a build warning otherwise): they are run-time locations, not sources.
export function defaultDataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.LOUPE_DATA_DIR ?? './data');
}

/** The writer's source file. It is loaded by path at run time (never bundled), from the app folder. */
function writerFile(): string {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), 'lib', 'server', 'sqlite-writer.mjs');
}

type Reply =
  | { seq: number; ok: true; value: unknown }
  | { seq: number; ok: false; error: { name: string; code?: string; message: string } };

function isReply(v: unknown): v is Reply {
  return typeof v === 'object' && v !== null && 'seq' in v && typeof v.seq === 'number' && 'ok' in v;
}

/** The writer thread, started on first use; calls are answered in order. */
class Writer {
  private worker: Worker | undefined;
  private seq = 0;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  constructor(private readonly file: string) {}

  call(op: string, args: Record<string, unknown> = {}, transfer: ArrayBuffer[] = []): Promise<unknown> {
    const worker = this.start();
    const seq = ++this.seq;
    // A pending call keeps the process alive (a script awaiting put() must not exit); an idle writer does not.
    worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      worker.postMessage({ seq, op, ...args }, transfer);
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    if (!w) return;
    const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
    await this.call('close').catch(() => undefined);
    // Held until the thread is gone (the reply above let it go idle).
    w.ref();
    await exited;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(writerFile(), { workerData: { file: this.file } });
    worker.on('message', (msg: unknown) => {
      if (!isReply(msg)) return;
      const p = this.pending.get(msg.seq);
      if (!p) return;
      this.pending.delete(msg.seq);
      if (this.pending.size === 0) worker.unref();
      if (msg.ok) p.resolve(msg.value);
      else p.reject(Object.assign(new Error(msg.error.message), { name: msg.error.name, code: msg.error.code }));
    });
    const fail = (err: Error): void => {
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      if (this.worker === worker) this.worker = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the SQLite writer thread stopped')));
    this.worker = worker;
    return worker;
  }
}

/** A copy of exactly these bytes. (`new Uint8Array(buffer)` copies a Node Buffer element by element: 30x slower.) */
function copyOf(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy;
}

/** Creates `file` with mode 0600 if missing, and makes an existing one (and its -wal/-shm) 0600. */
function privateFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
}

export class SqliteTraceStore implements TraceStore {
  readonly kind = 'sqlite' as const;
  readonly file: string;
  readonly dir: string;
  private readonly db: Database.Database;
  private readonly clock: () => number;
  private readonly orphanGraceMs: number;
  private readonly writer: Writer;
  private readonly stmts: {
    full: Database.Statement<[string], FullRow>;
    info: Database.Statement<[string], InfoRow>;
    forDelete: Database.Statement<[string], DeleteRow>;
    read: Database.Statement<[string, number], { id: string }>;
  };

  constructor(opts: SqliteTraceStoreOptions = {}) {
    this.dir = path.resolve(/*turbopackIgnore: true*/ opts.dir ?? defaultDataDir());
    privateDataDir(this.dir);
    this.file = path.join(/*turbopackIgnore: true*/ this.dir, DB_FILE_NAME);
    this.clock = opts.clock ?? (() => Date.now());
    this.orphanGraceMs = opts.orphanGraceMs ?? 10 * 60 * 1000;
    privateFile(this.file);
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
      `);
      // Added later: rows from before were all answered, so they count as confirmed.
      const columns = this.db.prepare<[], { name: string }>('PRAGMA table_info(traces)').all();
      if (!columns.some((c) => c.name === 'confirmed'))
        this.db.exec('ALTER TABLE traces ADD COLUMN confirmed INTEGER NOT NULL DEFAULT 1');
      // Burn after reading (added later too): the first read deletes the row and leaves a tombstone in `burned`.
      if (!columns.some((c) => c.name === 'burn'))
        this.db.exec('ALTER TABLE traces ADD COLUMN burn INTEGER NOT NULL DEFAULT 0');
      this.db.exec('CREATE TABLE IF NOT EXISTS burned (id TEXT PRIMARY KEY NOT NULL, until INTEGER NOT NULL)');
      this.db.exec(`
        DROP INDEX IF EXISTS traces_expires_at;
        CREATE INDEX IF NOT EXISTS traces_expiry_size ON traces (expires_at, size);
        CREATE INDEX IF NOT EXISTS traces_unconfirmed ON traces (created_at) WHERE confirmed = 0;
      `);
      // The WAL and shared-memory files now exist: same mode as the database.
      privateFile(this.file);
      this.stmts = {
        full: this.db.prepare('SELECT blob, size, created_at, expires_at, burn FROM traces WHERE id = ?'),
        info: this.db.prepare('SELECT size, created_at, expires_at, burn FROM traces WHERE id = ?'),
        read: this.db.prepare('SELECT id FROM burned WHERE id = ? AND until > ?'),
        forDelete: this.db.prepare('SELECT delete_hash, expires_at FROM traces WHERE id = ?'),
      };
    } catch (err) {
      this.db.close();
      throw err;
    }
    this.writer = new Writer(this.file);
  }

  async put(bytes: Uint8Array, opts: PutOptions): Promise<PutResult> {
    checkTtl(opts.ttlMs);
    const deleteToken = newDeleteToken();
    const createdAt = this.clock();
    const expiresAt = expiryOf(createdAt, opts.ttlMs);
    // Handed over to the writer thread (transferred, not cloned): the caller's own buffer when it gave it up and the
    // view covers all of it, else one copy of exactly these bytes.
    const own = bytes.buffer;
    const whole =
      opts.handOver === true &&
      own instanceof ArrayBuffer &&
      bytes.byteOffset === 0 &&
      bytes.byteLength === own.byteLength;
    const blob = whole ? bytes : copyOf(bytes);
    const transfer = whole && own instanceof ArrayBuffer ? own : blob.buffer;
    const value = await this.writer.call(
      'put',
      {
        blob,
        deleteHash: hashDeleteToken(deleteToken),
        createdAt,
        expiresAt,
        burn: opts.burnAfterReading === true,
        maxStoreBytes: opts.maxStoreBytes ?? Number.MAX_SAFE_INTEGER,
      },
      transfer instanceof ArrayBuffer ? [transfer] : [],
    );
    if (typeof value !== 'object' || value === null) throw new Error('the SQLite writer gave no answer');
    if ('full' in value)
      throw new StoreFullError('usedBytes' in value && typeof value.usedBytes === 'number' ? value.usedBytes : 0);
    if (!('id' in value) || typeof value.id !== 'string') throw new Error('the SQLite writer gave no id');
    return { id: value.id, deleteToken, expiresAt };
  }

  async confirm(id: string): Promise<void> {
    await this.writer.call('confirm', { id });
  }

  async get(id: string): Promise<StoredTrace | undefined> {
    if (!isValidId(id)) return undefined;
    const now = this.clock();
    const info = this.stmts.info.get(id);
    if (!info) return undefined;
    if (info.expires_at <= now) {
      await this.writer.call('deleteExpired', { id, now });
      return undefined;
    }
    // A burn-after-reading blob is read once, by the writer that deletes it.
    if (info.burn !== 0) return this.take(id, now);
    const row = this.stmts.full.get(id);
    if (!row) return undefined;
    // size is CHECKed against length(blob) on insert; checking again costs nothing and never serves a short blob.
    if (row.blob.byteLength !== row.size) throw new Error('stored trace failed its length check');
    return { id, bytes: row.blob, createdAt: row.created_at, expiresAt: row.expires_at, burnAfterReading: false };
  }

  /**
   * Burn after reading: the writer thread deletes the row and writes its tombstone in one transaction and hands the
   * blob back. The writer runs one call at a time, so of two simultaneous reads the second finds no row.
   */
  private async take(id: string, now: number): Promise<StoredTrace | undefined> {
    const v = await this.writer.call('take', { id, now });
    if (typeof v !== 'object' || v === null || !('blob' in v) || !(v.blob instanceof Uint8Array)) return undefined;
    const createdAt = 'createdAt' in v && typeof v.createdAt === 'number' ? v.createdAt : 0;
    const expiresAt = 'expiresAt' in v && typeof v.expiresAt === 'number' ? v.expiresAt : now;
    return { id, bytes: v.blob, createdAt, expiresAt, burnAfterReading: true };
  }

  async peek(id: string): Promise<TraceInfo | undefined> {
    if (!isValidId(id)) return undefined;
    const row = this.stmts.info.get(id);
    if (!row || row.expires_at <= this.clock()) return undefined;
    return { id, createdAt: row.created_at, expiresAt: row.expires_at, burnAfterReading: row.burn !== 0 };
  }

  async wasRead(id: string): Promise<boolean> {
    return isValidId(id) && this.stmts.read.get(id, this.clock()) !== undefined;
  }

  async delete(id: string, deleteToken: string): Promise<DeleteOutcome> {
    if (!isValidId(id)) return 'not-found';
    const now = this.clock();
    const row = this.stmts.forDelete.get(id);
    if (!row) return 'not-found';
    if (row.expires_at <= now) {
      await this.writer.call('deleteExpired', { id, now });
      return 'not-found';
    }
    if (!tokenMatches(deleteToken, row.delete_hash)) return 'forbidden';
    return (await this.writer.call('delete', { id })) === true ? 'deleted' : 'not-found';
  }

  async sweep(now: number = this.clock()): Promise<number> {
    const removed = await this.writer.call('sweep', { now, orphansBefore: now - this.orphanGraceMs });
    return typeof removed === 'number' ? removed : 0;
  }

  /** Bytes and traces stored (expired ones until swept): what the quota counts. */
  async usage(): Promise<{ bytes: number; traces: number }> {
    const v = await this.writer.call('usage');
    const bytes = typeof v === 'object' && v !== null && 'bytes' in v && typeof v.bytes === 'number' ? v.bytes : 0;
    const traces = typeof v === 'object' && v !== null && 'traces' in v && typeof v.traces === 'number' ? v.traces : 0;
    return { bytes, traces };
  }

  async usedBytes(): Promise<number> {
    return (await this.usage()).bytes;
  }

  async freeDiskBytes(): Promise<number> {
    const s = await statfs(this.dir);
    return s.bavail * s.bsize;
  }

  async close(): Promise<void> {
    await this.writer.close();
    if (this.db.open) this.db.close();
  }

  /** For tests: a synchronous read of what is in the file, bypassing the writer. */
  get database(): Database.Database {
    return this.db;
  }
}

export { StoreFullError };
