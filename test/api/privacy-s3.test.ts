// The burn-after-reading and expiry contract on the S3 store, against a real S3 protocol server (s3rver).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { S3TraceStore, s3ClientFromEnv } from '@/lib/server/store';
import { startS3, type S3Server } from '../../scripts/s3-server';
import { privacyContract } from './privacy-contract';

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

async function freshBucket(): Promise<string> {
  const bucket = `privacy-${++bucketN}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return bucket;
}

privacyContract(
  'S3TraceStore',
  async (clock) => new S3TraceStore({ client: s3ClientFromEnv(s3.env), bucket: await freshBucket(), clock }),
);

describe('S3TraceStore burn after reading objects', () => {
  it('a read deletes the trace and its marker and leaves only the tombstone read/<id>; the sweep removes that in time', async () => {
    const bucket = await freshBucket();
    let now = Date.UTC(2026, 0, 1);
    const store = new S3TraceStore({ client: s3ClientFromEnv(s3.env), bucket, clock: () => now });
    const put = await store.put(randomBytes(64), { ttlMs: 60 * 60_000, burnAfterReading: true });
    await store.confirm(put.id);
    const keys = async () =>
      ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key).sort();
    expect(await keys()).toHaveLength(2);
    expect(await store.get(put.id)).toBeDefined();
    expect(await keys()).toEqual([`read/${put.id}`]);
    now += 60 * 60_000;
    await store.sweep(now);
    expect(await keys()).toEqual([]);
    await store.close();
  });
});
