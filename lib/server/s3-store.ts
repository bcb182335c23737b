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

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type _Object,
} from '@aws-sdk/client-s3';
import type { Env } from './config';
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

const TRACES = 'traces/';
const EXPIRY = 'expiry/';
const READ = 'read/';

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

const traceKey = (id: string): string => `${TRACES}${id}`;
const readKey = (id: string): string => `${READ}${id}`;
const markerKey = (id: string, expiresAt: number): string =>
  `${EXPIRY}${String(Math.max(0, Math.floor(expiresAt))).padStart(15, '0')}/${id}`;

function status(err: unknown): number | undefined {
  if (err instanceof S3ServiceException) return err.$metadata.httpStatusCode;
  return undefined;
}

const isMissing = (err: unknown): boolean =>
  status(err) === 404 || (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound'));
/** 412 from `If-None-Match: *` (409 ConditionalRequestConflict when two PUTs race). */
const isTaken = (err: unknown): boolean => status(err) === 412 || status(err) === 409;

function metaNumber(meta: Record<string, string> | undefined, key: string): number | undefined {
  const v = meta?.[key];
  if (v === undefined || !/^\d{1,16}$/.test(v)) return undefined;
  return Number(v);
}

/** A client for the standard variables: AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL, AWS_REGION, AWS_ACCESS_KEY_ID… */
export function s3ClientFromEnv(env: Env = process.env): S3Client {
  const endpoint = env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL;
  const {
    AWS_ACCESS_KEY_ID: accessKeyId,
    AWS_SECRET_ACCESS_KEY: secretAccessKey,
    AWS_SESSION_TOKEN: sessionToken,
  } = env;
  return new S3Client({
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    ...(endpoint ? { endpoint } : {}),
    // Keys from these variables when set; otherwise the SDK's default chain (profiles, instance or task roles).
    ...(accessKeyId && secretAccessKey
      ? { credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } }
      : {}),
    forcePathStyle: env.LOUPE_S3_FORCE_PATH_STYLE === '1',
    // Checksums only where the API requires them: what S3-compatible servers (MinIO, R2, s3rver) all accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
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
      if (await this.exists(traceKey(id))) continue;
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
      const head = await this.head(id);
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
      if (await this.exists(readKey(trace.id))) return undefined;
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
    const head = await this.head(id);
    const expiresAt = metaNumber(head?.Metadata, 'expires-at');
    const createdAt = metaNumber(head?.Metadata, 'created-at');
    if (!head || expiresAt === undefined || createdAt === undefined || expiresAt <= this.clock()) return undefined;
    return { id, createdAt, expiresAt, burnAfterReading: head.Metadata?.burn === '1' };
  }

  async wasRead(id: string): Promise<boolean> {
    return isValidId(id) && ((await this.readUntil(id)) ?? 0) > this.clock();
  }

  /** Until when the tombstone of a burned trace says "read"; undefined without one. */
  private async readUntil(id: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: readKey(id) }));
      return metaNumber(head.Metadata, 'until') ?? 0;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async delete(id: string, deleteToken: string): Promise<DeleteOutcome> {
    if (!isValidId(id)) return 'not-found';
    const head = await this.head(id);
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
    let removed = 0;
    const confirmed = new Set<string>();
    for await (const o of this.list(EXPIRY)) {
      const m = /^expiry\/(\d{15})\/(.+)$/.exec(o.Key ?? '');
      if (!m?.[1] || !m[2]) continue;
      const expiresAt = Number(m[1]);
      if (expiresAt <= now) {
        await this.remove(m[2], expiresAt);
        removed++;
      } else {
        confirmed.add(m[2]);
      }
    }
    const orphansBefore = now - this.orphanGraceMs;
    for await (const o of this.list(TRACES)) {
      const id = (o.Key ?? '').slice(TRACES.length);
      if (!isValidId(id) || confirmed.has(id)) continue;
      if ((o.LastModified?.getTime() ?? now) < orphansBefore) {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: traceKey(id) }));
        removed++;
      }
    }
    for (const [id, u] of this.unconfirmed) if (u.at < orphansBefore) this.unconfirmed.delete(id);
    // Tombstones of burned traces, past their `until` (not counted: they hold no trace).
    for await (const o of this.list(READ)) {
      const id = (o.Key ?? '').slice(READ.length);
      if (isValidId(id) && ((await this.readUntil(id)) ?? 0) <= now)
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: readKey(id) }));
    }
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
      for await (const o of this.list(TRACES)) bytes += o.Size ?? 0;
      this.listed = { bytes, at: now };
      this.since = 0;
    }
    return this.listed.bytes + this.since;
  }

  private async head(id: string) {
    try {
      return await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: traceKey(id) }));
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  private async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  private async remove(id: string, expiresAt: number): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: traceKey(id) }));
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: markerKey(id, expiresAt) }));
    this.unconfirmed.delete(id);
    // The next quota check lists the bucket again.
    this.listed = undefined;
  }

  private async *list(prefix: string): AsyncGenerator<_Object> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const o of page.Contents ?? []) yield o;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
