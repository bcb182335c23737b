// Worker thread for SqliteTraceStore: every write to traces.db happens here, so an fsync'd INSERT of a 50 MB blob
// never blocks the server's event loop (reads stay on the main thread: WAL lets them run beside a write).
//
// Plain JavaScript loaded by path (lib/server/sqlite-store.ts starts it): it is not bundled, so it needs no build.
// Messages: { seq, op, ...args } in, { seq, ok: true, value } or { seq, ok: false, error: { name, message } } out,
// one at a time, in order. A reply is sent only after the transaction has committed (synchronous = FULL: the WAL is
// fsynced at every commit), so "replied" means "durable".
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

if (!parentPort) throw new Error('sqlite-writer.mjs runs as a worker thread');
const port = parentPort;

/** As READ_TOMBSTONE_MS in trace-store.ts: how long a burned trace is remembered as read, at most. */
const READ_TOMBSTONE_MS = 30 * 24 * 60 * 60 * 1000;

const db = new Database(workerData.file);
db.pragma('synchronous = FULL');
db.pragma('secure_delete = ON');
db.pragma('busy_timeout = 5000');

const stmts = {
  insert: db.prepare(
    'INSERT INTO traces (id, blob, size, delete_hash, created_at, expires_at, confirmed, burn) VALUES (?, ?, ?, ?, ?, ?, 0, ?)',
  ),
  burnable: db.prepare('SELECT blob, size, created_at, expires_at FROM traces WHERE id = ? AND burn = 1'),
  tombstone: db.prepare('INSERT OR REPLACE INTO burned (id, until) VALUES (?, ?)'),
  sweepTombstones: db.prepare('DELETE FROM burned WHERE until <= ?'),
  confirm: db.prepare('UPDATE traces SET confirmed = 1 WHERE id = ?'),
  sizeOf: db.prepare('SELECT size FROM traces WHERE id = ?'),
  deleteId: db.prepare('DELETE FROM traces WHERE id = ?'),
  deleteExpiredId: db.prepare('DELETE FROM traces WHERE id = ? AND expires_at <= ?'),
  expiredBytes: db.prepare('SELECT coalesce(sum(size), 0) AS n FROM traces WHERE expires_at <= ?'),
  sweepExpired: db.prepare('DELETE FROM traces WHERE expires_at <= ?'),
  sweepOrphans: db.prepare('DELETE FROM traces WHERE confirmed = 0 AND created_at < ?'),
  total: db.prepare('SELECT coalesce(sum(size), 0) AS n, count(*) AS c FROM traces'),
};

/** Bytes and rows of every stored trace (expired ones too, until swept): what counts against the quota. */
let usage = { bytes: 0, traces: 0 };
function recount() {
  const row = stmts.total.get();
  usage = { bytes: Number(row.n), traces: Number(row.c) };
}
recount();

/** Moves the WAL into the main file and truncates it, so freed (zeroed) pages are all that remains. */
function truncateWal() {
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    // Best effort: a busy checkpoint is retried by the next delete, sweep or SQLite's own auto-checkpoint.
  }
}

function sweepExpired(now) {
  const removed = stmts.sweepExpired.run(now).changes;
  return removed;
}

const ops = {
  usage: () => usage,

  /** Stores one blob under a fresh id, unless the quota would be passed (expired rows are swept to make room first). */
  put({ blob, deleteHash, createdAt, expiresAt, burn, maxStoreBytes }) {
    const size = blob.byteLength;
    if (usage.bytes + size > maxStoreBytes && Number(stmts.expiredBytes.get(createdAt).n) > 0) {
      sweepExpired(createdAt);
      recount();
      truncateWal();
    }
    if (usage.bytes + size > maxStoreBytes) return { full: true, usedBytes: usage.bytes };
    const buffer = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
    // A 128-bit collision will not happen; a plain INSERT (never REPLACE) makes sure it could only fail.
    for (let attempt = 0; ; attempt++) {
      const id = randomBytes(16).toString('base64url');
      try {
        stmts.insert.run(id, buffer, size, deleteHash, createdAt, expiresAt, burn ? 1 : 0);
        usage = { bytes: usage.bytes + size, traces: usage.traces + 1 };
        return { id };
      } catch (err) {
        if (err && err.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' && attempt < 3) continue;
        throw err;
      }
    }
  },

  /** The id has left the server: the trace is no longer an orphan candidate. */
  confirm({ id }) {
    return stmts.confirm.run(id).changes > 0;
  },

  delete({ id }) {
    const row = stmts.sizeOf.get(id);
    const deleted = stmts.deleteId.run(id).changes > 0;
    if (deleted) {
      usage = { bytes: usage.bytes - Number(row?.size ?? 0), traces: usage.traces - 1 };
      truncateWal();
    }
    return deleted;
  },

  /**
   * Burn after reading: hands out a burn-after-reading trace and deletes it, with its tombstone written, in one
   * transaction. Calls run one at a time on this thread, so a second read finds no row: exactly one read gets it.
   */
  take({ id, now }) {
    const taken = db.transaction(() => {
      const row = stmts.burnable.get(id);
      if (!row) return undefined;
      stmts.deleteId.run(id);
      if (row.expires_at <= now) return { expired: true, size: row.size };
      stmts.tombstone.run(id, Math.min(row.expires_at, now + READ_TOMBSTONE_MS));
      return { blob: row.blob, size: row.size, createdAt: row.created_at, expiresAt: row.expires_at };
    })();
    if (!taken) return undefined;
    usage = { bytes: usage.bytes - Number(taken.size), traces: usage.traces - 1 };
    truncateWal();
    return taken.expired ? undefined : { blob: taken.blob, createdAt: taken.createdAt, expiresAt: taken.expiresAt };
  },

  deleteExpired({ id, now }) {
    const removed = stmts.deleteExpiredId.run(id, now).changes > 0;
    if (removed) {
      recount();
      truncateWal();
    }
    return removed;
  },

  /** Expired rows, and rows whose id never left the server (committed, then the process died or the client left). */
  sweep({ now, orphansBefore }) {
    const removed = sweepExpired(now) + stmts.sweepOrphans.run(orphansBefore).changes;
    // Tombstones of burned traces say "read" until their trace would have expired (at most 30 days); not counted.
    stmts.sweepTombstones.run(now);
    let vacuumed = false;
    try {
      // Give the pages freed by this sweep and by earlier deletes back to the file system.
      if (Number(db.pragma('freelist_count', { simple: true })) > 0) {
        db.pragma('incremental_vacuum');
        vacuumed = true;
      }
    } catch {
      // Best effort, as for the checkpoint.
    }
    if (removed > 0) recount();
    if (removed > 0 || vacuumed) truncateWal();
    return removed;
  },

  close() {
    db.close();
    return true;
  },
};

port.on('message', (msg) => {
  const { seq, op } = msg;
  try {
    const fn = ops[op];
    if (!fn) throw new Error(`unknown operation ${op}`);
    port.postMessage({ seq, ok: true, value: fn(msg) });
  } catch (err) {
    port.postMessage({
      seq,
      ok: false,
      error: { name: err?.name ?? 'Error', code: err?.code, message: String(err?.message ?? err) },
    });
  }
  if (op === 'close') port.close();
});
