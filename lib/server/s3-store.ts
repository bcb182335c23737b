// Server-only: the share store over an S3-compatible bucket, for a fleet of app servers (LOUPE_STORE=s3).
//
// Objects (the bucket should block public access; the app reads it with its own credentials):
//   traces/<id>                    the ciphertext; user metadata `delete-hash` (SHA-256 hex of the delete token),
//                                  `created-at` and `expires-at` (epoch ms)
//   expiry/<expires-at, 15 digits>/<id>
//                                  an empty marker written when the id has left the server (`confirm`); listed in key
//                                  order it is the list of traces by expiry, so `sweep` reads only what has expired
//
//   • put: `PutObject` with `If-None-Match: *`, so an id that exists (a 128-bit collision, which will not happen) is
//     never overwritten: S3 answers 412 and another id is tried. Servers without conditional writes ignore the
//     header (s3rver does), so a `HeadObject` comes first and catches the collision there too — not atomically, but
//     S3 itself needs no help. The PUT returns once the object is durably stored: acknowledged = survives.
//   • get: `GetObject`; an `expires-at` in the past is treated as missing (and the object removed), so expiry holds
//     to the millisecond whatever the lifecycle rule does.
//   • burn after reading (metadata `burn: 1`): before a read serves the bytes it writes the tombstone `read/<id>`
//     with `If-None-Match: *`; only the read whose tombstone write succeeds serves, then deletes the trace and its
//     marker. S3, MinIO and R2 make that write atomic across the fleet; on this server, reads of one id also queue
//     behind each other, and a `HeadObject` of the tombstone comes first (s3rver ignores `If-None-Match`, so across
//     servers it is atomic only on a store that honours it). A later read finds the tombstone: `wasRead`. The sweep
//     deletes tombstones past their `until` (the trace's own expiry, at most 30 days after the read).
//   • never expires (only where the operator allows it): `expires-at` is NEVER_EXPIRES, and so is the marker's key;
//     such a bucket must not have the 31-day lifecycle rule below.
//   • delete: `HeadObject`, constant-time compare of SHA-256(token) with `delete-hash`, then `DeleteObject` of the
//     trace and its marker.
//   • sweep: expired markers → delete the trace and the marker; traces older than the grace period with no marker
//     are orphans (stored, but the id never reached anyone) → deleted. Any server may sweep; deletes are idempotent.
//     A bucket lifecycle rule backs this up (docs/sharing.md): expire `traces/` and `expiry/` after 31 days.
//   • quota: the bytes under `traces/`, listed at most once a minute per server plus this server's own uploads since:
//     approximate across a fleet (each server sees the others' uploads only at its next listing).
//   • free-disk watermark: not applicable (the disk is the bucket's).
//
// The keys, the plain calls and the client from the environment are in s3-bucket.ts, the sweep in s3-sweep.ts.

import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Env } from './config';
import {
  Bucket,
  TRACES,
  isMissing,
  isTaken,
  markerKey,
  metaNumber,
  readKey,
  s3ClientFromEnv,
  traceKey,
} from './s3-bucket';
import { sweepBucket } from './s3-sweep';
import {
  StoreFullError,
  checkTtl,
  expiryOf,
  hashDeleteToken,
  isValidId,
  newDeleteToken,
  newId,
  tokenMatches,
  type DeleteOutcome,
  type PutOptions,
  type PutResult,
  type StoredTrace,
  type TraceInfo,
  type TraceStore,
  tombstoneUntil,
} from './trace-store';

export interface S3TraceStoreOptions {
  readonly client: S3Client;
  readonly bucket: string;
  /** Clock in epoch ms; tests inject one. Default Date.now. */
  readonly clock?: () => number;
  /** A trace never confirmed is removed by `sweep` once older than this. Default 10 minutes. */
  readonly orphanGraceMs?: number;
  /** How long a listed usage total is trusted. Default 60 s. */
  readonly usageTtlMs?: number;
  /** Id generator; tests force a collision with it. */
  readonly newId?: () => string;
}

export function s3StoreFromEnv(env: Env = process.env, opts: { orphanGraceMs?: number } = {}): S3TraceStore {
  const bucket = env.LOUPE_S3_BUCKET?.trim();
  if (!bucket) throw new Error('LOUPE_STORE=s3 needs LOUPE_S3_BUCKET (the bucket that holds the shared traces).');
  return new S3TraceStore({ client: s3ClientFromEnv(env), bucket, ...opts });
}

export class S3TraceStore implements TraceStore {
  readonly kind = 's3' as const;
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly objects: Bucket;
  private readonly clock: () => number;
  private readonly orphanGraceMs: number;
  private readonly usageTtlMs: number;
  private readonly makeId: () => string;
  /** Expiry of the traces this server stored and has not confirmed yet (confirm writes the marker without a HEAD). */
  private readonly unconfirmed = new Map<string, { readonly expiresAt: number; readonly at: number }>();
  private listed: { bytes: number; at: number } | undefined;
  /** Bytes this server stored since the last listing. */
  private since = 0;
  /** Burn-after-reading reads in flight on this server, by id: a second read of the id waits for the first. */
  private readonly taking = new Map<string, Promise<StoredTrace | undefined>>();

  constructor(opts: S3TraceStoreOptions) {
    this.client = opts.client;
    this.bucket = opts.bucket;
    this.objects = new Bucket(opts.client, opts.bucket);
    this.clock = opts.clock ?? (() => Date.now());
    this.orphanGraceMs = opts.orphanGraceMs ?? 10 * 60 * 1000;
    this.usageTtlMs = opts.usageTtlMs ?? 60_000;
    this.makeId = opts.newId ?? newId;
  }

  async put(bytes: Uint8Array, opts: PutOptions): Promise<PutResult> {
    checkTtl(opts.ttlMs);
    if (opts.maxStoreBytes !== undefined) {
      const used = await this.usedBytes();
      if (used + bytes.byteLength > opts.maxStoreBytes) throw new StoreFullError(used);
    }
    const deleteToken = newDeleteToken();
    const createdAt = this.clock();
    const expiresAt = expiryOf(createdAt, opts.ttlMs);
    for (let attempt = 0; attempt < 4; attempt++) {
      const id = this.makeId();
      if (await this.objects.exists(traceKey(id))) continue;
      try {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: traceKey(id),
            Body: bytes,
            ContentLength: bytes.byteLength,
            ContentType: 'application/octet-stream',
            IfNoneMatch: '*',
            Metadata: {
              'delete-hash': hashDeleteToken(deleteToken),
              'created-at': String(createdAt),
              'expires-at': String(expiresAt),
              ...(opts.burnAfterReading === true ? { burn: '1' } : {}),
            },
          }),
        );
      } catch (err) {
        if (isTaken(err)) continue;
        throw err;
      }
      this.since += bytes.byteLength;
      this.unconfirmed.set(id, { expiresAt, at: createdAt });
      return { id, deleteToken, expiresAt };
    }
    throw new Error('could not find a free trace id');
  }

  async confirm(id: string): Promise<void> {
    let expiresAt = this.unconfirmed.get(id)?.expiresAt;
    if (expiresAt === undefined) {
      const head = await this.objects.head(traceKey(id));
      expiresAt = metaNumber(head?.Metadata, 'expires-at');
    }
    if (expiresAt === undefined) return;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: markerKey(id, expiresAt),
        Body: new Uint8Array(0),
        ContentLength: 0,
      }),
    );
    this.unconfirmed.delete(id);
  }

  async get(id: string): Promise<StoredTrace | undefined> {
    if (!isValidId(id)) return undefined;
    let res;
    try {
      res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: traceKey(id) }));
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
    const expiresAt = metaNumber(res.Metadata, 'expires-at');
    const createdAt = metaNumber(res.Metadata, 'created-at');
    if (!res.Body || expiresAt === undefined || createdAt === undefined) {
      void res.Body?.transformToByteArray().catch(() => undefined);
      return undefined;
    }
    if (expiresAt <= this.clock()) {
      await res.Body.transformToByteArray().catch(() => undefined);
      await this.remove(id, expiresAt);
      return undefined;
    }
    const bytes = await res.Body.transformToByteArray();
    if (res.ContentLength !== undefined && bytes.byteLength !== res.ContentLength)
      throw new Error('stored trace failed its length check');
    const trace = { id, bytes, createdAt, expiresAt, burnAfterReading: res.Metadata?.burn === '1' };
    return trace.burnAfterReading ? this.take(trace) : trace;
  }

  /** Burn after reading: serve `trace` only if this read is the one that wrote its tombstone; then delete it. */
  private take(trace: StoredTrace): Promise<StoredTrace | undefined> {
    const earlier = this.taking.get(trace.id);
    // A read of the same id already in flight here: it (or an earlier one) has the trace.
    if (earlier) return earlier.then(() => undefined);
    const taken = (async () => {
      const now = this.clock();
      if (await this.objects.exists(readKey(trace.id))) return undefined;
      try {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: readKey(trace.id),
            Body: new Uint8Array(0),
            ContentLength: 0,
            IfNoneMatch: '*',
            Metadata: { until: String(tombstoneUntil(trace.expiresAt, now)) },
          }),
        );
      } catch (err) {
        if (isTaken(err)) return undefined;
        throw err;
      }
      await this.remove(trace.id, trace.expiresAt);
      return trace;
    })();
    this.taking.set(trace.id, taken);
    const done = (): void => {
      if (this.taking.get(trace.id) === taken) this.taking.delete(trace.id);
    };
    taken.then(done, done);
    return taken;
  }

  async peek(id: string): Promise<TraceInfo | undefined> {
    if (!isValidId(id)) return undefined;
    const head = await this.objects.head(traceKey(id));
    const expiresAt = metaNumber(head?.Metadata, 'expires-at');
    const createdAt = metaNumber(head?.Metadata, 'created-at');
    if (!head || expiresAt === undefined || createdAt === undefined || expiresAt <= this.clock()) return undefined;
    return { id, createdAt, expiresAt, burnAfterReading: head.Metadata?.burn === '1' };
  }

  async wasRead(id: string): Promise<boolean> {
    return isValidId(id) && ((await this.objects.readUntil(id)) ?? 0) > this.clock();
  }

  async delete(id: string, deleteToken: string): Promise<DeleteOutcome> {
    if (!isValidId(id)) return 'not-found';
    const head = await this.objects.head(traceKey(id));
    if (!head) return 'not-found';
    const expiresAt = metaNumber(head.Metadata, 'expires-at') ?? 0;
    if (expiresAt <= this.clock()) {
      await this.remove(id, expiresAt);
      return 'not-found';
    }
    if (!tokenMatches(deleteToken, head.Metadata?.['delete-hash'] ?? '')) return 'forbidden';
    await this.remove(id, expiresAt);
    return 'deleted';
  }

  async sweep(now: number = this.clock()): Promise<number> {
    const orphansBefore = now - this.orphanGraceMs;
    for (const [id, u] of this.unconfirmed) if (u.at < orphansBefore) this.unconfirmed.delete(id);
    const removed = await sweepBucket(this.objects, now, this.orphanGraceMs, (id, expiresAt) =>
      this.remove(id, expiresAt),
    );
    if (removed > 0) this.listed = undefined;
    return removed;
  }

  async freeDiskBytes(): Promise<undefined> {
    return undefined;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  /** Bytes under `traces/`: listed at most once per `usageTtlMs`, plus what this server stored since. */
  async usedBytes(): Promise<number> {
    const now = this.clock();
    if (!this.listed || now - this.listed.at >= this.usageTtlMs) {
      let bytes = 0;
      for await (const o of this.objects.list(TRACES)) bytes += o.Size ?? 0;
      this.listed = { bytes, at: now };
      this.since = 0;
    }
    return this.listed.bytes + this.since;
  }

  private async remove(id: string, expiresAt: number): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: traceKey(id) }));
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: markerKey(id, expiresAt) }));
    this.unconfirmed.delete(id);
    // The next quota check lists the bucket again.
    this.listed = undefined;
  }
}
