// Server-only: the S3 store's sweep (see s3-store.ts): expired traces, orphans and spent tombstones deleted.

import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { EXPIRY, READ, TRACES, readKey, traceKey, type Bucket } from './s3-bucket';
import { isValidId } from './trace-store';

/**
 * Deletes, in `bucket`, the traces whose expiry marker is past `now` (through `remove`, which deletes the trace and its
 * marker), the traces older than `orphanGraceMs` with no marker, and the tombstones of burned traces past their
 * `until`. Returns how many traces it deleted.
 */
export async function sweepBucket(
  bucket: Bucket,
  now: number,
  orphanGraceMs: number,
  remove: (id: string, expiresAt: number) => Promise<void>,
): Promise<number> {
  let removed = 0;
  const confirmed = new Set<string>();
  for await (const o of bucket.list(EXPIRY)) {
    const m = /^expiry\/(\d{15})\/(.+)$/.exec(o.Key ?? '');
    if (!m?.[1] || !m[2]) continue;
    const expiresAt = Number(m[1]);
    if (expiresAt <= now) {
      await remove(m[2], expiresAt);
      removed++;
    } else {
      confirmed.add(m[2]);
    }
  }
  const orphansBefore = now - orphanGraceMs;
  for await (const o of bucket.list(TRACES)) {
    const id = (o.Key ?? '').slice(TRACES.length);
    if (!isValidId(id) || confirmed.has(id)) continue;
    if ((o.LastModified?.getTime() ?? now) < orphansBefore) {
      await bucket.client.send(new DeleteObjectCommand({ Bucket: bucket.name, Key: traceKey(id) }));
      removed++;
    }
  }
  // Tombstones of burned traces, past their `until` (not counted: they hold no trace).
  for await (const o of bucket.list(READ)) {
    const id = (o.Key ?? '').slice(READ.length);
    if (isValidId(id) && ((await bucket.readUntil(id)) ?? 0) <= now)
      await bucket.client.send(new DeleteObjectCommand({ Bucket: bucket.name, Key: readKey(id) }));
  }
  return removed;
}
