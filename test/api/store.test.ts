// SqliteTraceStore against a real SQLite file in a temp folder: the shared TraceStore contract, then what only a
// local file has (pragmas, file modes, secure delete, vacuum, an old file's migration). No mocks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdtempSync, readFileSync, rmSync, existsSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DB_FILE_NAME, SqliteTraceStore, hashDeleteToken } from '@/lib/server/store';
import { closeStore, getStore } from '@/lib/server/store-instance';
import { DAY, storeContract } from './store-contract';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'loupe-store-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

storeContract(
  'SqliteTraceStore',
  async (clock, orphanGraceMs) => new SqliteTraceStore({ dir: tempDir(), clock, orphanGraceMs }),
);

let dir: string;
let now: number;
let store: SqliteTraceStore;

beforeEach(() => {
  dir = tempDir();
  now = Date.UTC(2026, 0, 1);
  store = new SqliteTraceStore({ dir, clock: () => now });
});

afterEach(async () => {
  await store.close();
});

function fileContains(file: string, needle: Buffer): boolean {
  return existsSync(file) && readFileSync(file).includes(needle);
}

const mode = (f: string): string => (statSync(f).mode & 0o777).toString(8);

describe('SqliteTraceStore on disk', () => {
  it('creates the data folder (mkdir -p, 0700) with traces.db 0600 (and its -wal, -shm) in WAL mode, synchronous FULL', async () => {
    const nested = path.join(dir, 'a', 'b', 'c');
    const s = new SqliteTraceStore({ dir: nested });
    await s.put(randomBytes(64), { ttlMs: DAY });
    const file = path.join(nested, DB_FILE_NAME);
    expect(mode(nested)).toBe('700');
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f), f).toBe('600');
    // synchronous is per connection: read it back through the store's own handle
    expect(s.database.pragma('synchronous', { simple: true })).toBe(2);
    await s.close();
    const db = new Database(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal'); // persistent in the file
    expect(db.pragma('auto_vacuum', { simple: true })).toBe(2); // INCREMENTAL
    db.close();
  });

  it('makes an existing data folder that others could read (0755) private when it opens it', async () => {
    const d = tempDir();
    chmodSync(d, 0o755);
    const s = new SqliteTraceStore({ dir: d });
    expect(mode(d)).toBe('700');
    await s.close();
  });

  it('makes an existing world-readable traces.db private when it opens it', async () => {
    const d = tempDir();
    const file = path.join(d, DB_FILE_NAME);
    new Database(file).close();
    expect(mode(file)).toBe('644');
    const s = new SqliteTraceStore({ dir: d });
    expect(mode(file)).toBe('600');
    await s.close();
  });

  it('opens a file from before confirmations: its rows count as confirmed and are not swept as orphans', async () => {
    const d = tempDir();
    const old = new Database(path.join(d, DB_FILE_NAME));
    old.exec(
      'CREATE TABLE traces (id TEXT PRIMARY KEY NOT NULL, blob BLOB NOT NULL, size INTEGER NOT NULL CHECK (size = length(blob)), delete_hash TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL)',
    );
    const id = randomBytes(16).toString('base64url');
    old
      .prepare('INSERT INTO traces VALUES (?, ?, 3, ?, ?, ?)')
      .run(id, Buffer.from([1, 2, 3]), hashDeleteToken('t'), 1, Date.now() + DAY);
    old.close();
    const s = new SqliteTraceStore({ dir: d, orphanGraceMs: 0 });
    expect(await s.sweep()).toBe(0);
    expect((await s.get(id))?.bytes).toEqual(Buffer.from([1, 2, 3]));
    expect(await s.usedBytes()).toBe(3);
    await s.close();
  });

  it('stores only the SHA-256 of the delete token, never the token', async () => {
    const put = await store.put(randomBytes(64), { ttlMs: DAY });
    const row = store.database.prepare('SELECT delete_hash FROM traces WHERE id = ?').get(put.id) as {
      delete_hash: string;
    };
    expect(row.delete_hash).not.toBe(put.deleteToken);
    expect(row.delete_hash).toBe(hashDeleteToken(put.deleteToken));
    expect(row.delete_hash).toMatch(/^[0-9a-f]{64}$/);
    await store.close();
    for (const f of [store.file, `${store.file}-wal`])
      expect(fileContains(f, Buffer.from(put.deleteToken))).toBe(false);
  });

  it('a deleted or swept blob no longer appears in traces.db or its WAL (secure_delete + WAL truncate)', async () => {
    const a = randomBytes(200_000);
    const b = randomBytes(200_000);
    const pa = await store.put(a, { ttlMs: DAY });
    const pb = await store.put(b, { ttlMs: 60_000 });
    await store.confirm(pa.id);
    await store.confirm(pb.id);
    const probeA = a.subarray(100_000, 100_064);
    const probeB = b.subarray(100_000, 100_064);
    const inFiles = (probe: Buffer) => [store.file, `${store.file}-wal`].some((f) => fileContains(f, probe));
    expect(inFiles(probeA)).toBe(true); // the probe works
    expect(await store.delete(pa.id, pa.deleteToken)).toBe('deleted');
    expect(await store.sweep(now + 60_000)).toBe(1);
    expect(inFiles(probeA)).toBe(false);
    expect(inFiles(probeB)).toBe(false);
  });

  it('sweep gives the space of deleted and expired blobs back (auto_vacuum = INCREMENTAL)', async () => {
    const keep = await store.put(randomBytes(1000), { ttlMs: DAY });
    const del = await store.put(randomBytes(2_000_000), { ttlMs: DAY });
    const exp = await store.put(randomBytes(2_000_000), { ttlMs: 60_000 });
    for (const p of [keep, del, exp]) await store.confirm(p.id);
    const size = () =>
      [store.file, `${store.file}-wal`].reduce((n, f) => n + (existsSync(f) ? statSync(f).size : 0), 0);
    expect(size()).toBeGreaterThan(4_000_000);
    expect(await store.delete(del.id, del.deleteToken)).toBe('deleted');
    expect(await store.sweep(now + 60_000)).toBe(1);
    expect(size()).toBeLessThan(200_000);
    expect(await store.get(keep.id)).toBeDefined();
  });

  it('the quota counts expired traces until they are swept, and sweeps them itself when they are in the way', async () => {
    const old = await store.put(randomBytes(800), { ttlMs: 60_000, maxStoreBytes: 1000 });
    await store.confirm(old.id);
    now += 60_000;
    // 800 expired bytes stand between the store and the quota: the put sweeps them first.
    const fresh = await store.put(randomBytes(800), { ttlMs: DAY, maxStoreBytes: 1000 });
    expect(await store.usedBytes()).toBe(800);
    expect(await store.get(old.id)).toBeUndefined();
    expect(await store.get(fresh.id)).toBeDefined();
  });

  it('keeps the event loop free while it writes: a 40 MB insert runs on the writer thread', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await store.put(randomBytes(40 * 1024 * 1024), { ttlMs: DAY });
    clearInterval(timer);
    // A synchronous insert of 40 MB (fsync'd) holds the thread for its whole duration: no tick could run.
    expect(ticks).toBeGreaterThan(2);
  });
});

describe('getStore singleton', () => {
  it('opens $LOUPE_DATA_DIR/traces.db once and reuses it; closeStore releases it', async () => {
    const prev = process.env.LOUPE_DATA_DIR;
    process.env.LOUPE_DATA_DIR = path.join(dir, 'singleton');
    try {
      const a = getStore();
      expect(getStore()).toBe(a);
      expect(a instanceof SqliteTraceStore ? a.file : '').toBe(path.join(dir, 'singleton', DB_FILE_NAME));
      await closeStore();
      const b = getStore();
      expect(b).not.toBe(a);
      await closeStore();
    } finally {
      if (prev === undefined) delete process.env.LOUPE_DATA_DIR;
      else process.env.LOUPE_DATA_DIR = prev;
    }
  });
});
