// Server-only helpers for the /api/traces route handlers: limits from the environment, JSON errors, bounded body
// reading (in size and in time), TTL parsing and an access log that never contains bodies or ids.

import { DEFAULTS, shareLimits } from './config';

export const DEFAULT_MAX_UPLOAD_BYTES = DEFAULTS.maxUploadBytes;
export const DEFAULT_TTL_SECONDS = 30 * 24 * 60 * 60;
export const MAX_TTL_SECONDS = DEFAULT_TTL_SECONDS;
export const MIN_TTL_SECONDS = 60;
/** AES-GCM: a 12-byte IV and a 16-byte tag around zero or more bytes of ciphertext. */
export const MIN_CIPHERTEXT_BYTES = 12 + 16;

export const TTL_HEADER = 'x-loupe-expires-in';
export const EXPIRES_AT_HEADER = 'x-loupe-expires-at';

export function maxUploadBytes(env: Readonly<Record<string, string | undefined>> = process.env): number {
  return shareLimits(env).maxUploadBytes;
}

export type ErrorCode =
  | 'bad_request'
  | 'empty_body'
  | 'not_ciphertext'
  | 'body_incomplete'
  | 'invalid_content_length'
  | 'invalid_ttl'
  | 'ttl_too_short'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'request_timeout'
  | 'insufficient_storage'
  | 'rate_limited'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'internal_error';

const NO_STORE = { 'cache-control': 'no-store' };

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...NO_STORE, ...headers },
  });
}

export function jsonError(
  status: number,
  error: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return json(status, { error, message }, headers);
}

export const NOT_FOUND_MESSAGE = 'This trace was deleted or has expired.';

export function notFound(): Response {
  return jsonError(404, 'not_found', NOT_FOUND_MESSAGE);
}

export function methodNotAllowed(allow: string): Response {
  return jsonError(405, 'method_not_allowed', `This endpoint accepts only ${allow}.`, { allow });
}

export function internalError(): Response {
  return jsonError(500, 'internal_error', 'The server could not complete the request. Try again later.');
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}

/** TTL from `X-Loupe-Expires-In` (wins) or `?ttl=`, in whole seconds. Longer than the maximum is clamped. */
export function parseTtl(request: Request): { ok: true; ttlSeconds: number } | { ok: false; response: Response } {
  const fromHeader = request.headers.get(TTL_HEADER);
  const fromQuery = new URL(request.url).searchParams.get('ttl');
  const raw = fromHeader ?? fromQuery;
  if (raw === null) return { ok: true, ttlSeconds: DEFAULT_TTL_SECONDS };
  const source = fromHeader !== null ? 'X-Loupe-Expires-In' : 'ttl';
  const text = raw.trim();
  if (!/^\d{1,12}$/.test(text)) {
    return {
      ok: false,
      response: jsonError(
        400,
        'invalid_ttl',
        `${source} must be a whole number of seconds (got "${text.slice(0, 40)}").`,
      ),
    };
  }
  const seconds = Number(text);
  if (seconds < MIN_TTL_SECONDS) {
    return {
      ok: false,
      response: jsonError(
        400,
        'ttl_too_short',
        `${source} must be at least ${MIN_TTL_SECONDS} seconds (got ${seconds}).`,
      ),
    };
  }
  return { ok: true, ttlSeconds: Math.min(seconds, MAX_TTL_SECONDS) };
}

export type BodyResult =
  | { kind: 'ok'; bytes: Uint8Array }
  | { kind: 'too_large' }
  | { kind: 'longer_than_declared' }
  | { kind: 'timeout'; received: number }
  | { kind: 'read_failed' };

/**
 * Reads a request body, never holding more than `limit` bytes: the stream is cancelled as soon as it passes the
 * limit, or when the whole body has not arrived within `timeoutMs` (a client that declares a body and never sends it
 * must not hold a connection). With a declared length, the buffer is allocated once and filled in place.
 */
export async function readBodyLimited(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  declaredLength: number | undefined,
  timeoutMs = Number.POSITIVE_INFINITY,
): Promise<BodyResult> {
  if (!body) return { kind: 'ok', bytes: new Uint8Array(0) };
  const reader = body.getReader();
  const cancel = () => reader.cancel().catch(() => {});
  // Not zero-filled (a 50 MB memset on the request thread for nothing): every byte is written before it is read, and
  // a body that ends short is returned as the filled prefix only.
  const prealloc = declaredLength !== undefined ? Buffer.allocUnsafe(declaredLength) : undefined;
  const chunks: Uint8Array[] = [];
  let total = 0;
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = Number.isFinite(timeoutMs)
    ? new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => {
          timedOut = true;
          resolve('timeout');
        }, timeoutMs);
      })
    : undefined;
  try {
    for (;;) {
      const step = deadline ? await Promise.race([reader.read(), deadline]) : await reader.read();
      if (step === 'timeout' || timedOut) {
        // Not awaited: cancelling a request body that is still arriving may only settle when the socket closes.
        void cancel();
        return { kind: 'timeout', received: total };
      }
      const { done, value } = step;
      if (done) break;
      if (!value || value.byteLength === 0) continue;
      const next = total + value.byteLength;
      if (next > limit) {
        await cancel();
        return { kind: 'too_large' };
      }
      if (prealloc) {
        if (next > prealloc.byteLength) {
          await cancel();
          return { kind: 'longer_than_declared' };
        }
        prealloc.set(value, total);
      } else {
        chunks.push(value);
      }
      total = next;
    }
  } catch {
    void cancel();
    return timedOut ? { kind: 'timeout', received: total } : { kind: 'read_failed' };
  } finally {
    clearTimeout(timer);
    if (!timedOut) reader.releaseLock();
  }
  if (prealloc) return { kind: 'ok', bytes: total === prealloc.byteLength ? prealloc : prealloc.subarray(0, total) };
  if (chunks.length === 1 && chunks[0]) return { kind: 'ok', bytes: chunks[0] };
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.byteLength;
  }
  return { kind: 'ok', bytes };
}

/**
 * One line per request: method, route pattern (never the id: ids are capabilities), status, body size, duration.
 * Off when LOUPE_ACCESS_LOG=0 and under NODE_ENV=test.
 */
export function accessLog(method: string, route: string, status: number, bytes: number, startedAt: number): void {
  const flag = process.env.LOUPE_ACCESS_LOG;
  if (flag === '0' || (flag === undefined && process.env.NODE_ENV === 'test')) return;
  console.info(`[loupe] ${method} ${route} ${status} ${bytes}B ${Math.round(performance.now() - startedAt)}ms`);
}

/** Logs an unexpected error by code/name only: messages could in principle echo input. */
export function logInternalError(method: string, route: string, err: unknown): void {
  const e = err as { code?: unknown; name?: unknown } | null;
  const what = (typeof e?.code === 'string' && e.code) || (typeof e?.name === 'string' && e.name) || 'unknown';
  console.error(`[loupe] ${method} ${route} failed: ${what}`);
}
