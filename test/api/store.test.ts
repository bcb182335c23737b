// SqliteTraceStore against a real SQLite file in a temp folder. No mocks; time is an injected clock.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, existsSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DB_FILE_NAME, ID_PATTERN, SqliteTraceStore, TOKEN_PATTERN, hashDeleteToken } from '@/lib/server/store';
import { closeStore, getStore } from '@/lib/server/store-instance';

const DAY = 24 * 60 * 60 * 1000;

let dir: string;
let now: number;
let store: SqliteTraceStore;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-store-'));
  now = Date.UTC(2026, 0, 1);
  store = new SqliteTraceStore({ dir, clock: () => now });
});

afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function fileContains(file: string, needle: Buffer): boolean {
  return existsSync(file) && readFileSync(file).includes(needle);
}

describe('SqliteTraceStore', () => {
  it('round-trips the exact bytes with created/expiry times', () => {
    const bytes = randomBytes(100_000);
    const put = store.put(bytes, { ttlMs: DAY });
    expect(put.expiresAt).toBe(now + DAY);
    const got = store.get(put.id);
    expect(got).toBeDefined();
    expect(Buffer.from(got!.bytes).equals(bytes)).toBe(true);
    expect(got).toMatchObject({ id: put.id, createdAt: now, expiresAt: now + DAY });
  });

  it('creates the data folder (mkdir -p) with traces.db in WAL mode, synchronous FULL', () => {
    const nested = path.join(dir, 'a', 'b', 'c');
    const s = new SqliteTraceStore({ dir: nested });
    s.put(randomBytes(64), { ttlMs: DAY });
    s.close();
    expect(existsSync(path.join(nested, DB_FILE_NAME))).toBe(true);
    const db = new Database(path.join(nested, DB_FILE_NAME));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal'); // persistent in the file
    expect(db.pragma('auto_vacuum', { simple: true })).toBe(2); // INCREMENTAL
    db.close();
    const s2 = new SqliteTraceStore({ dir: nested });
    // synchronous is per connection: read it back through the store's own handle
    expect((s2 as unknown as { db: Database.Database }).db.pragma('synchronous', { simple: true })).toBe(2);
    s2.close();
  });

  it('returns undefined for an expired id and removes the row on read', () => {
    const put = store.put(randomBytes(64), { ttlMs: 60_000 });
    now += 59_999;
    expect(store.get(put.id)).toBeDefined();
    now += 1; // expiresAt itself counts as expired
    expect(store.get(put.id)).toBeUndefined();
    const db = new Database(store.file, { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM traces').get()).toEqual({ n: 0 });
    db.close();
  });

  it('sweep removes exactly the expired rows', () => {
    const short = [1, 2, 3].map(() => store.put(randomBytes(64), { ttlMs: 60_000 }).id);
    const long = [1, 2].map(() => store.put(randomBytes(64), { ttlMs: DAY }).id);
    expect(store.sweep(now + 59_999)).toBe(0);
    expect(store.sweep(now + 60_000)).toBe(3);
    expect(store.sweep(now + 60_000)).toBe(0);
    for (const id of short) expect(store.get(id)).toBeUndefined();
    for (const id of long) expect(store.get(id)).toBeDefined();
    now += DAY;
    expect(store.sweep()).toBe(2); // defaults to the store's clock
  });

  it('delete: right token → deleted, then not-found; wrong token → forbidden and the trace stays', () => {
    const put = store.put(randomBytes(64), { ttlMs: DAY });
    expect(store.delete(put.id, 'x'.repeat(43))).toBe('forbidden');
    expect(store.delete(put.id, '')).toBe('forbidden');
    expect(store.delete(put.id, put.deleteToken.slice(0, -1))).toBe('forbidden');
    expect(store.get(put.id)).toBeDefined();
    expect(store.delete(put.id, put.deleteToken)).toBe('deleted');
    expect(store.get(put.id)).toBeUndefined();
    expect(store.delete(put.id, put.deleteToken)).toBe('not-found');
  });

  it('delete of an unknown, malformed or expired id is not-found', () => {
    const put = store.put(randomBytes(64), { ttlMs: 60_000 });
    expect(store.delete(randomBytes(16).toString('base64url'), put.deleteToken)).toBe('not-found');
    expect(store.delete('../../etc/passwd', put.deleteToken)).toBe('not-found');
    now += 60_000;
    expect(store.delete(put.id, put.deleteToken)).toBe('not-found');
  });

  it('ids are 22-char base64url (128 bits) and unique across 1000; tokens are 43-char base64url', () => {
    const ids = new Set<string>();
    const tokens = new Set<string>();
    const bytes = randomBytes(32);
    for (let i = 0; i < 1000; i++) {
      const put = store.put(bytes, { ttlMs: DAY });
      expect(put.id).toMatch(ID_PATTERN);
      expect(Buffer.from(put.id, 'base64url')).toHaveLength(16);
      expect(put.deleteToken).toMatch(TOKEN_PATTERN);
      expect(Buffer.from(put.deleteToken, 'base64url')).toHaveLength(32);
      ids.add(put.id);
      tokens.add(put.deleteToken);
    }
    expect(ids.size).toBe(1000);
    expect(tokens.size).toBe(1000);
  });

  it('stores only the SHA-256 of the delete token, never the token', () => {
    const put = store.put(randomBytes(64), { ttlMs: DAY });
    const db = new Database(store.file, { readonly: true });
    const row = db.prepare('SELECT delete_hash FROM traces WHERE id = ?').get(put.id) as { delete_hash: string };
    db.close();
    expect(row.delete_hash).not.toBe(put.deleteToken);
    expect(row.delete_hash).toBe(hashDeleteToken(put.deleteToken));
    expect(row.delete_hash).toMatch(/^[0-9a-f]{64}$/);
    store.close();
    for (const f of [store.file, `${store.file}-wal`]) expect(fileContains(f, Buffer.from(put.deleteToken))).toBe(false);
  });

  it('a deleted or swept blob no longer appears in traces.db or its WAL (secure_delete + WAL truncate)', () => {
    const a = randomBytes(200_000);
    const b = randomBytes(200_000);
    const pa = store.put(a, { ttlMs: DAY });
    store.put(b, { ttlMs: 60_000 });
    const probeA = a.subarray(100_000, 100_064);
    const probeB = b.subarray(100_000, 100_064);
    const inFiles = (probe: Buffer) => [store.file, `${store.file}-wal`].some((f) => fileContains(f, probe));
    expect(inFiles(probeA)).toBe(true); // the probe works
    expect(store.delete(pa.id, pa.deleteToken)).toBe('deleted');
    expect(store.sweep(now + 60_000)).toBe(1);
    expect(inFiles(probeA)).toBe(false);
    expect(inFiles(probeB)).toBe(false);
  });

  it('sweep gives the space of deleted and expired blobs back (auto_vacuum = INCREMENTAL)', () => {
    const keep = store.put(randomBytes(1000), { ttlMs: DAY });
    const del = store.put(randomBytes(2_000_000), { ttlMs: DAY });
    store.put(randomBytes(2_000_000), { ttlMs: 60_000 });
    const size = () => [store.file, `${store.file}-wal`].reduce((n, f) => n + (existsSync(f) ? statSync(f).size : 0), 0);
    const full = size();
    expect(full).toBeGreaterThan(4_000_000);
    expect(store.delete(del.id, del.deleteToken)).toBe('deleted');
    expect(store.sweep(now + 60_000)).toBe(1);
    expect(size()).toBeLessThan(200_000);
    expect(store.get(keep.id)).toBeDefined();
  });

  it('refuses a non-positive ttl', () => {
    expect(() => store.put(randomBytes(64), { ttlMs: 0 })).toThrow(RangeError);
    expect(() => store.put(randomBytes(64), { ttlMs: Number.NaN })).toThrow(RangeError);
  });
});

describe('getStore singleton', () => {
  it('opens $LOUPE_DATA_DIR/traces.db once and reuses it; closeStore releases it', () => {
    const prev = process.env.LOUPE_DATA_DIR;
    process.env.LOUPE_DATA_DIR = path.join(dir, 'singleton');
    try {
      const a = getStore();
      expect(getStore()).toBe(a);
      expect((a as SqliteTraceStore).file).toBe(path.join(dir, 'singleton', DB_FILE_NAME));
      closeStore();
      const b = getStore();
      expect(b).not.toBe(a);
      closeStore();
    } finally {
      if (prev === undefined) delete process.env.LOUPE_DATA_DIR;
      else process.env.LOUPE_DATA_DIR = prev;
    }
  });
});
