// Share links as private as PrivateBin's, at the store: burn after reading (atomic: of simultaneous reads exactly one
// gets the bytes), traces that never expire, and what HEAD may know. Run against SQLite (privacy-sqlite.test.ts) and
// a real S3 protocol server (privacy-s3.test.ts); time is an injected clock, the stores are real.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NEVER_EXPIRES, type TraceStore } from '@/lib/server/store';

const DAY = 24 * 60 * 60 * 1000;

export function privacyContract(name: string, make: (clock: () => number) => Promise<TraceStore>): void {
  describe(`${name}: burn after reading and expiry choices`, () => {
    async function fixture(): Promise<{ store: TraceStore; now: number }> {
      const f = { now: Date.UTC(2026, 0, 1) } as { store: TraceStore; now: number };
      f.store = await make(() => f.now);
      return f;
    }

    it('a burn-after-reading trace is served once, then deleted and remembered as read', async () => {
      const f = await fixture();
      const bytes = randomBytes(20_000);
      const put = await f.store.put(bytes, { ttlMs: DAY, burnAfterReading: true });
      await f.store.confirm(put.id);
      expect(await f.store.peek(put.id)).toMatchObject({ burnAfterReading: true, expiresAt: f.now + DAY });
      // HEAD burns nothing.
      expect(await f.store.peek(put.id)).toBeDefined();
      expect(await f.store.wasRead(put.id)).toBe(false);
      const got = await f.store.get(put.id);
      expect(Buffer.from(got?.bytes ?? []).equals(bytes)).toBe(true);
      expect(got?.burnAfterReading).toBe(true);
      expect(await f.store.get(put.id)).toBeUndefined();
      expect(await f.store.peek(put.id)).toBeUndefined();
      expect(await f.store.wasRead(put.id)).toBe(true);
      // The bytes are gone from the store: what the quota counts is back to zero.
      expect(await f.store.usedBytes()).toBe(0);
      // The sender's delete token finds nothing left to delete.
      expect(await f.store.delete(put.id, put.deleteToken)).toBe('not-found');
      await f.store.close();
    });

    it('of eight simultaneous reads of a burn-after-reading trace exactly one gets it', async () => {
      const f = await fixture();
      const bytes = randomBytes(200_000);
      const put = await f.store.put(bytes, { ttlMs: DAY, burnAfterReading: true });
      await f.store.confirm(put.id);
      const reads = await Promise.all(Array.from({ length: 8 }, () => f.store.get(put.id)));
      const served = reads.filter((r) => r !== undefined);
      expect(served).toHaveLength(1);
      expect(Buffer.from(served[0]?.bytes ?? []).equals(bytes)).toBe(true);
      expect(await f.store.wasRead(put.id)).toBe(true);
      await f.store.close();
    });

    it('an ordinary trace is read any number of times and is never "read"', async () => {
      const f = await fixture();
      const put = await f.store.put(randomBytes(64), { ttlMs: DAY });
      await f.store.confirm(put.id);
      for (let i = 0; i < 3; i++) expect((await f.store.get(put.id))?.burnAfterReading).toBe(false);
      expect(await f.store.wasRead(put.id)).toBe(false);
      await f.store.close();
    });

    it('an expired burn-after-reading trace is missing, not read; a deleted one too', async () => {
      const f = await fixture();
      const a = await f.store.put(randomBytes(64), { ttlMs: 60_000, burnAfterReading: true });
      const b = await f.store.put(randomBytes(64), { ttlMs: DAY, burnAfterReading: true });
      for (const p of [a, b]) await f.store.confirm(p.id);
      expect(await f.store.delete(b.id, b.deleteToken)).toBe('deleted');
      f.now += 60_000;
      expect(await f.store.get(a.id)).toBeUndefined();
      expect(await f.store.get(b.id)).toBeUndefined();
      expect(await f.store.wasRead(a.id)).toBe(false);
      expect(await f.store.wasRead(b.id)).toBe(false);
      await f.store.close();
    });

    it('the tombstone lasts until the trace would have expired, and the sweep removes it', async () => {
      const f = await fixture();
      const put = await f.store.put(randomBytes(64), { ttlMs: DAY, burnAfterReading: true });
      await f.store.confirm(put.id);
      expect(await f.store.get(put.id)).toBeDefined();
      f.now += DAY - 1;
      expect(await f.store.wasRead(put.id)).toBe(true);
      expect(await f.store.sweep(f.now)).toBe(0);
      expect(await f.store.wasRead(put.id)).toBe(true);
      f.now += 1;
      expect(await f.store.wasRead(put.id)).toBe(false);
      await f.store.sweep(f.now);
      f.now -= 1; // gone from the store, not only hidden by the clock
      expect(await f.store.wasRead(put.id)).toBe(false);
      await f.store.close();
    });

    it('a trace that never expires survives any sweep, and its delete token still works', async () => {
      const f = await fixture();
      const put = await f.store.put(randomBytes(64), { ttlMs: Number.POSITIVE_INFINITY });
      expect(put.expiresAt).toBe(NEVER_EXPIRES);
      await f.store.confirm(put.id);
      f.now += 5000 * 365 * DAY;
      expect(await f.store.sweep(f.now)).toBe(0);
      expect(await f.store.get(put.id)).toMatchObject({ expiresAt: NEVER_EXPIRES, burnAfterReading: false });
      expect(await f.store.delete(put.id, put.deleteToken)).toBe('deleted');
      expect(await f.store.get(put.id)).toBeUndefined();
      await f.store.close();
    });

    it('a never-expiring burn-after-reading trace keeps its tombstone 30 days', async () => {
      const f = await fixture();
      const put = await f.store.put(randomBytes(64), { ttlMs: Number.POSITIVE_INFINITY, burnAfterReading: true });
      await f.store.confirm(put.id);
      expect(await f.store.get(put.id)).toBeDefined();
      f.now += 30 * DAY - 1;
      expect(await f.store.wasRead(put.id)).toBe(true);
      f.now += 1;
      expect(await f.store.wasRead(put.id)).toBe(false);
      await f.store.close();
    });
  });
}
