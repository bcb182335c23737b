// A real S3 protocol server for tests: s3rver (pinned in package.json) on a free port of 127.0.0.1, over a temp
// folder, with one bucket. No SDK mocks anywhere: the stores talk HTTP to it like to S3.
//
// What s3rver does not do, and the tests account for: it ignores `If-None-Match: *` on PUT (S3, MinIO and R2 refuse
// an existing key with 412; s3rver overwrites), and it has no lifecycle rules.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3Server {
  readonly endpoint: string;
  /** The folder s3rver keeps the objects in. */
  readonly directory: string;
  readonly bucket: string;
  /** The variables a Loupe server needs to use this bucket. */
  readonly env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3(bucket = 'loupe-test'): Promise<S3Server> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    directory: dir,
    bucket,
    env: {
      LOUPE_STORE: 's3',
      LOUPE_S3_BUCKET: bucket,
      LOUPE_S3_FORCE_PATH_STYLE: '1',
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
