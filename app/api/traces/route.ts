// POST /api/traces — store one encrypted trace. The body is opaque ciphertext (AES-GCM, encrypted in the browser
// with a key the server never sees). See lib/server/store.ts for storage and durability, lib/server/rate-limit.ts
// for who counts as a client.
//
// Request:  Content-Type: application/octet-stream (parameters ignored), body = IV ‖ ciphertext ‖ tag (≥ 28 bytes).
//           Optional expiry in seconds: header `X-Loupe-Expires-In` (wins) or query `?ttl=`; default and maximum
//           30 days (longer is clamped, the response says what was applied), minimum 60 s (shorter is refused:
//           quietly extending a lifetime someone chose to keep short would be the unsafe direction).
// Response: 201 {id, deleteToken, expiresAt (ISO 8601)}, Location: /api/traces/<id>, Cache-Control: no-store.
// Errors (all JSON {error, message}, all Cache-Control: no-store):
//   429 rate_limited + Retry-After (checked first, before the body is read)
//   415 unsupported_media_type   missing or other Content-Type
//   400 invalid_content_length   Content-Length not a decimal integer
//   413 payload_too_large        Content-Length or the streamed body over LOUPE_MAX_UPLOAD_BYTES (default 50 MB);
//                                the stream is cancelled as soon as it passes the limit
//   400 invalid_ttl | ttl_too_short
//   400 empty_body | not_ciphertext (shorter than 12-byte IV + 16-byte tag) | body_incomplete (fewer or more bytes
//       than Content-Length, e.g. a proxy that truncated the body) | bad_request (the body could not be read)
//   405 method_not_allowed (any other method), 500 internal_error

import { getStore } from '@/lib/server/store-instance';
import { clientKey, takeUploadToken } from '@/lib/server/rate-limit';
import {
  MIN_CIPHERTEXT_BYTES,
  accessLog,
  formatBytes,
  internalError,
  json,
  jsonError,
  logInternalError,
  maxUploadBytes,
  methodNotAllowed,
  parseTtl,
  readBodyLimited,
} from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const ROUTE = '/api/traces';
const ALLOW = 'POST';

async function handlePost(request: Request): Promise<{ response: Response; bytes: number }> {
  const limited = takeUploadToken(clientKey(request.headers));
  if (!limited.ok) {
    const response = jsonError(
      429,
      'rate_limited',
      `Too many uploads from this client (limit ${limited.limit} per minute). Try again in ${limited.retryAfterSeconds} s.`,
      { 'retry-after': String(limited.retryAfterSeconds) },
    );
    return { response, bytes: 0 };
  }

  const contentType = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (contentType !== 'application/octet-stream') {
    const got = contentType ? `"${contentType.slice(0, 80)}"` : 'none';
    const response = jsonError(415, 'unsupported_media_type', `Content-Type must be application/octet-stream (got ${got}).`);
    return { response, bytes: 0 };
  }

  const limit = maxUploadBytes();
  const tooLarge = () =>
    jsonError(413, 'payload_too_large', `The encrypted trace is larger than this server's limit of ${formatBytes(limit)}.`);

  const lengthHeader = request.headers.get('content-length');
  let declared: number | undefined;
  if (lengthHeader !== null) {
    if (!/^\s*\d{1,16}\s*$/.test(lengthHeader)) {
      return { response: jsonError(400, 'invalid_content_length', 'Content-Length must be a decimal byte count.'), bytes: 0 };
    }
    declared = Number(lengthHeader);
    if (declared > limit) return { response: tooLarge(), bytes: 0 };
  }

  const ttl = parseTtl(request);
  if (!ttl.ok) return { response: ttl.response, bytes: 0 };

  const body = await readBodyLimited(request.body, limit, declared);
  switch (body.kind) {
    case 'too_large':
      return { response: tooLarge(), bytes: 0 };
    case 'longer_than_declared':
      return { response: jsonError(400, 'body_incomplete', 'The body is longer than its Content-Length.'), bytes: 0 };
    case 'read_failed':
      return { response: jsonError(400, 'bad_request', 'The request body could not be read to the end.'), bytes: 0 };
    case 'ok':
      break;
  }
  const bytes = body.bytes;
  if (declared !== undefined && bytes.byteLength !== declared) {
    const response = jsonError(
      400,
      'body_incomplete',
      `The body ended after ${bytes.byteLength} of the ${declared} bytes its Content-Length announced.`,
    );
    return { response, bytes: bytes.byteLength };
  }
  if (bytes.byteLength === 0) {
    return { response: jsonError(400, 'empty_body', 'The request body is empty: send the encrypted trace.'), bytes: 0 };
  }
  if (bytes.byteLength < MIN_CIPHERTEXT_BYTES) {
    const response = jsonError(
      400,
      'not_ciphertext',
      `The body is ${bytes.byteLength} bytes; AES-GCM ciphertext is at least ${MIN_CIPHERTEXT_BYTES} (12-byte IV and 16-byte tag).`,
    );
    return { response, bytes: bytes.byteLength };
  }

  const stored = await getStore().put(bytes, { ttlMs: ttl.ttlSeconds * 1000 });
  const response = json(
    201,
    { id: stored.id, deleteToken: stored.deleteToken, expiresAt: new Date(stored.expiresAt).toISOString() },
    { location: `${ROUTE}/${stored.id}` },
  );
  return { response, bytes: bytes.byteLength };
}

export async function POST(request: Request): Promise<Response> {
  const startedAt = performance.now();
  let result: { response: Response; bytes: number };
  try {
    result = await handlePost(request);
  } catch (err) {
    logInternalError('POST', ROUTE, err);
    result = { response: internalError(), bytes: 0 };
  }
  accessLog('POST', ROUTE, result.response.status, result.bytes, startedAt);
  return result.response;
}

function notAllowed(): Response {
  return methodNotAllowed(ALLOW);
}
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
