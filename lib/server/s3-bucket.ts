// Server-only: the share bucket's layout (see s3-store.ts) and its plain calls, where a missing object comes back as
// undefined or false rather than thrown.

import {
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
  type HeadObjectCommandOutput,
  type _Object,
} from '@aws-sdk/client-s3';
import type { Env } from './config';

export const TRACES = 'traces/';
export const EXPIRY = 'expiry/';
export const READ = 'read/';

export const traceKey = (id: string): string => `${TRACES}${id}`;
export const readKey = (id: string): string => `${READ}${id}`;
export const markerKey = (id: string, expiresAt: number): string =>
  `${EXPIRY}${String(Math.max(0, Math.floor(expiresAt))).padStart(15, '0')}/${id}`;

function status(err: unknown): number | undefined {
  if (err instanceof S3ServiceException) return err.$metadata.httpStatusCode;
  return undefined;
}

export const isMissing = (err: unknown): boolean =>
  status(err) === 404 || (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound'));
/** 412 from `If-None-Match: *` (409 ConditionalRequestConflict when two PUTs race). */
export const isTaken = (err: unknown): boolean => status(err) === 412 || status(err) === 409;

export function metaNumber(meta: Record<string, string> | undefined, key: string): number | undefined {
  const v = meta?.[key];
  if (v === undefined || !/^\d{1,16}$/.test(v)) return undefined;
  return Number(v);
}

/** One bucket of one client. */
export class Bucket {
  constructor(
    readonly client: S3Client,
    readonly name: string,
  ) {}

  /** An object's metadata; undefined when there is none. */
  async head(key: string): Promise<HeadObjectCommandOutput | undefined> {
    try {
      return await this.client.send(new HeadObjectCommand({ Bucket: this.name, Key: key }));
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== undefined;
  }

  /** Until when the tombstone of a burned trace says "read"; undefined without one. */
  async readUntil(id: string): Promise<number | undefined> {
    const head = await this.head(readKey(id));
    return head ? (metaNumber(head.Metadata, 'until') ?? 0) : undefined;
  }

  async *list(prefix: string): AsyncGenerator<_Object> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.name,
          Prefix: prefix,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const o of page.Contents ?? []) yield o;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
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
