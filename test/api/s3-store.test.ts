// S3TraceStore against a real S3 protocol server (s3rver): the shared TraceStore contract, then what is S3's own:
// the objects and metadata it writes, the conditional create, the expiry markers the sweep reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { S3TraceStore, hashDeleteToken, s3ClientFromEnv, s3StoreFromEnv } from '@/lib/server/store';
import { startS3, type S3Server } from '../../scripts/s3-server';
import { DAY, storeContract } from './store-contract';

let s3: S3Server;
let client: S3Client;
let bucketN = 0;

beforeAll(async () => {
  s3 = await startS3();
  client = s3ClientFromEnv(s3.env);
});
afterAll(async () => {
  client.destroy();
  await s3.close();
});

/** A fresh bucket for each store: the tests do not see each other's objects. */
async function freshBucket(): Promise<string> {
  const bucket = `contract-${++bucketN}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return bucket;
}

storeContract(
  'S3TraceStore',
  async (clock, orphanGraceMs) =>
    new S3TraceStore({ client: s3ClientFromEnv(s3.env), bucket: await freshBucket(), clock, orphanGraceMs }),
);

async function keys(bucket: string, prefix = ''): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key ?? '').sort();
}

describe('S3TraceStore objects', () => {
  it('stores the ciphertext under traces/<id> with the token hash and times as metadata, and a marker once confirmed', async () => {
    const bucket = await freshBucket();
    const now = Date.UTC(2026, 0, 1);
    const store = new S3TraceStore({ client: s3ClientFromEnv(s3.env), bucket, clock: () => now });
    const bytes = randomBytes(5000);
    const put = await store.put(bytes, { ttlMs: DAY });
    expect(await keys(bucket)).toEqual([`traces/${put.id}`]);
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: `traces/${put.id}` }));
    expect(head.ContentType).toBe('application/octet-stream');
    expect(head.ContentLength).toBe(5000);
    expect(head.Metadata).toEqual({
      'delete-hash': hashDeleteToken(put.deleteToken),
      'created-at': String(now),
      'expires-at': String(now + DAY),
    });
    const obj = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `traces/${put.id}` }));
    expect(Buffer.from((await obj.Body?.transformToByteArray()) ?? []).equals(bytes)).toBe(true);
    await store.confirm(put.id);
    expect(await keys(bucket, 'expiry/')).toEqual([`expiry/${String(now + DAY).padStart(15, '0')}/${put.id}`]);
    // Nothing in the bucket holds the token itself.
    expect(JSON.stringify(head)).not.toContain(put.deleteToken);
    await store.close();
  });

  it('sends If-None-Match: * with every trace PUT, and tries another id when one is taken', async () => {
    const bucket = await freshBucket();
    const sent: { method: string; path: string; ifNoneMatch?: string }[] = [];
    const c = s3ClientFromEnv(s3.env);
    // Observes the real requests (no mock: they go to the server as they are).
    c.middlewareStack.add(
      (next) => async (args) => {
        const req = args.request as { method?: string; path?: string; headers?: Record<string, string> };
        sent.push({
          method: req.method ?? '',
          path: req.path ?? '',
          ...(req.headers?.['if-none-match'] ? { ifNoneMatch: req.headers['if-none-match'] } : {}),
        });
        return next(args);
      },
      { step: 'finalizeRequest' },
    );
    const taken = randomBytes(16).toString('base64url');
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: `traces/${taken}`,
        Body: Buffer.from('someone else'),
        ContentLength: 12,
      }),
    );
    const ids = [taken, randomBytes(16).toString('base64url')];
    const store = new S3TraceStore({ client: c, bucket, newId: () => ids.shift() ?? 'exhausted' });
    const put = await store.put(randomBytes(100), { ttlMs: DAY });
    expect(put.id).not.toBe(taken);
    const puts = sent.filter((r) => r.method === 'PUT' && r.path.includes('/traces/'));
    expect(puts).toHaveLength(1);
    expect(puts[0]?.ifNoneMatch).toBe('*');
    // The existing object is untouched.
    const other = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `traces/${taken}` }));
    expect(await other.Body?.transformToString()).toBe('someone else');
    await store.close();
  });

  it('sweep reads expired markers in key order and removes trace and marker', async () => {
    const bucket = await freshBucket();
    let now = Date.UTC(2026, 0, 1);
    const store = new S3TraceStore({ client: s3ClientFromEnv(s3.env), bucket, clock: () => now });
    const short = await store.put(randomBytes(10), { ttlMs: 60_000 });
    const long = await store.put(randomBytes(10), { ttlMs: DAY });
    await store.confirm(short.id);
    await store.confirm(long.id);
    now += 60_000;
    expect(await store.sweep()).toBe(1);
    expect(await keys(bucket)).toEqual([
      `expiry/${String(long.expiresAt).padStart(15, '0')}/${long.id}`,
      `traces/${long.id}`,
    ]);
    await store.close();
  });

  it('is configured by the standard variables plus LOUPE_S3_BUCKET, and says what is missing', async () => {
    const { LOUPE_S3_BUCKET: _bucket, ...noBucket } = s3.env;
    expect(() => s3StoreFromEnv(noBucket)).toThrow(/LOUPE_S3_BUCKET/);
    const store = s3StoreFromEnv({ ...s3.env, LOUPE_S3_BUCKET: await freshBucket() });
    const put = await store.put(randomBytes(64), { ttlMs: DAY });
    expect(await store.get(put.id)).toBeDefined();
    expect(await store.freeDiskBytes()).toBeUndefined();
    await store.close();
  });
});
