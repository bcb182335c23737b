// The behaviour every TraceStore must have, run against the SQLite store and the S3 store (a real s3rver).
// Time is an injected clock; the stores are real.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ID_PATTERN, StoreFullError, TOKEN_PATTERN, type TraceStore } from '@/lib/server/store';

export const DAY = 24 * 60 * 60 * 1000;

export interface Fixture {
  readonly store: TraceStore;
  /** The store's clock; tests move it. */
  now: number;
}

/** `make(clock, orphanGraceMs)` builds a fresh store per test (and `cleanup` disposes of it). */
export function storeContract(
  name: string,
  make: (clock: () => number, orphanGraceMs: number) => Promise<TraceStore>,
): void {
  describe(`${name}: the TraceStore contract`, () => {
    async function fixture(orphanGraceMs = 10 * 60_000): Promise<Fixture> {
      const f: { store?: TraceStore; now: number } = { now: Date.UTC(2026, 0, 1) };
      const store = await make(() => f.now, orphanGraceMs);
      return Object.assign(f, { store });
    }

    it('round-trips the exact bytes with created/expiry times', async () => {
      const f = await fixture();
      const bytes = randomBytes(100_000);
      const put = await f.store.put(bytes, { ttlMs: DAY });
      expect(put.expiresAt).toBe(f.now + DAY);
      await f.store.confirm(put.id);
      const got = await f.store.get(put.id);
      expect(Buffer.from(got?.bytes ?? []).equals(bytes)).toBe(true);
      expect(got).toMatchObject({ id: put.id, createdAt: f.now, expiresAt: f.now + DAY });
      await f.store.close();
    });

    it('an expired id reads as missing (expiry is exact to the millisecond)', async () => {
      const f = await fixture();
      const put = await f.store.put(randomBytes(64), { ttlMs: 60_000 });
      await f.store.confirm(put.id);
      f.now += 59_999;
      expect(await f.store.get(put.id)).toBeDefined();
      f.now += 1;
      expect(await f.store.get(put.id)).toBeUndefined();
      f.now -= 1; // even if the clock went back, the expired trace was removed on that read
      expect(await f.store.get(put.id)).toBeUndefined();
      await f.store.close();
    });

    it('delete: right token → deleted, then not-found; wrong token → forbidden and the trace stays', async () => {
      const f = await fixture();
      const put = await f.store.put(randomBytes(64), { ttlMs: DAY });
      await f.store.confirm(put.id);
      expect(await f.store.delete(put.id, 'x'.repeat(43))).toBe('forbidden');
      expect(await f.store.delete(put.id, '')).toBe('forbidden');
      expect(await f.store.delete(put.id, put.deleteToken.slice(0, -1))).toBe('forbidden');
      expect(await f.store.get(put.id)).toBeDefined();
      expect(await f.store.delete(put.id, put.deleteToken)).toBe('deleted');
      expect(await f.store.get(put.id)).toBeUndefined();
      expect(await f.store.delete(put.id, put.deleteToken)).toBe('not-found');
      await f.store.close();
    });

    it('delete of an unknown, malformed or expired id is not-found', async () => {
      const f = await fixture();
      const put = await f.store.put(randomBytes(64), { ttlMs: 60_000 });
      await f.store.confirm(put.id);
      expect(await f.store.delete(randomBytes(16).toString('base64url'), put.deleteToken)).toBe('not-found');
      expect(await f.store.delete('../../etc/passwd', put.deleteToken)).toBe('not-found');
      expect(await f.store.get('../../etc/passwd')).toBeUndefined();
      f.now += 60_000;
      expect(await f.store.delete(put.id, put.deleteToken)).toBe('not-found');
      await f.store.close();
    });

    it('ids are 22-char base64url (128 bits), tokens 43-char base64url (256 bits), all distinct', async () => {
      const f = await fixture();
      const puts = await Promise.all(Array.from({ length: 40 }, () => f.store.put(randomBytes(32), { ttlMs: DAY })));
      for (const p of puts) {
        expect(p.id).toMatch(ID_PATTERN);
        expect(Buffer.from(p.id, 'base64url')).toHaveLength(16);
        expect(p.deleteToken).toMatch(TOKEN_PATTERN);
      }
      expect(new Set(puts.map((p) => p.id)).size).toBe(40);
      expect(new Set(puts.map((p) => p.deleteToken)).size).toBe(40);
      await f.store.close();
    });

    it('sweep removes the expired traces, and only them', async () => {
      const f = await fixture();
      const short = await Promise.all([1, 2, 3].map(() => f.store.put(randomBytes(64), { ttlMs: 60_000 })));
      const long = await Promise.all([1, 2].map(() => f.store.put(randomBytes(64), { ttlMs: DAY })));
      for (const p of [...short, ...long]) await f.store.confirm(p.id);
      expect(await f.store.sweep(f.now + 59_999)).toBe(0);
      expect(await f.store.sweep(f.now + 60_000)).toBe(3);
      expect(await f.store.sweep(f.now + 60_000)).toBe(0);
      for (const p of short) expect(await f.store.get(p.id)).toBeUndefined();
      for (const p of long) expect(await f.store.get(p.id)).toBeDefined();
      await f.store.close();
    });

    it('sweep removes orphans (stored, never confirmed) once past the grace period, never confirmed traces', async () => {
      // The wall clock here: the S3 store dates an orphan by the object's Last-Modified.
      const store = await make(() => Date.now(), 60_000);
      const orphan = await store.put(randomBytes(64), { ttlMs: DAY });
      const kept = await store.put(randomBytes(64), { ttlMs: DAY });
      await store.confirm(kept.id);
      // Within the grace period an unconfirmed trace may still be on its way to the client: it stays.
      expect(await store.sweep(Date.now())).toBe(0);
      expect(await store.get(orphan.id)).toBeDefined();
      expect(await store.sweep(Date.now() + 61_000)).toBe(1);
      expect(await store.get(orphan.id)).toBeUndefined();
      expect(await store.get(kept.id)).toBeDefined();
      await store.close();
    });

    it('refuses past the quota with StoreFullError, and counts deletes back', async () => {
      const f = await fixture();
      const a = await f.store.put(randomBytes(600), { ttlMs: DAY, maxStoreBytes: 1000 });
      await f.store.confirm(a.id);
      expect(await f.store.usedBytes()).toBe(600);
      await expect(f.store.put(randomBytes(600), { ttlMs: DAY, maxStoreBytes: 1000 })).rejects.toBeInstanceOf(
        StoreFullError,
      );
      const b = await f.store.put(randomBytes(400), { ttlMs: DAY, maxStoreBytes: 1000 });
      expect(await f.store.usedBytes()).toBe(1000);
      expect(await f.store.delete(a.id, a.deleteToken)).toBe('deleted');
      expect(await f.store.delete(b.id, b.deleteToken)).toBe('deleted');
      expect((await f.store.put(randomBytes(900), { ttlMs: DAY, maxStoreBytes: 1000 })).id).toMatch(ID_PATTERN);
      await f.store.close();
    });

    it('refuses a non-positive ttl', async () => {
      const f = await fixture();
      await expect(f.store.put(randomBytes(64), { ttlMs: 0 })).rejects.toThrow(RangeError);
      await expect(f.store.put(randomBytes(64), { ttlMs: Number.NaN })).rejects.toThrow(RangeError);
      await f.store.close();
    });
  });
}
