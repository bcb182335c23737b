// POST /api/traces — store one encrypted trace. The body is opaque ciphertext (AES-GCM, encrypted in the browser
// with a key the server never sees). See lib/server/store.ts for storage and durability, lib/server/rate-limit.ts
// for who counts as a client.
//
// Request:  Content-Type: application/octet-stream (parameters ignored), body = IV ‖ ciphertext ‖ tag (≥ 28 bytes).
//           Optional expiry in seconds: header `X-Loupe-Expires-In` (wins) or query `?ttl=`; default and maximum
//           30 days (longer is clamped, the response says what was applied), minimum 60 s (shorter is refused:
//           quietly extending a lifetime someone chose to keep short would be the unsafe direction); `never` where
//           LOUPE_ALLOW_NEVER_EXPIRE=1 (else it is the longest). Optional `X-Loupe-Burn-After-Reading: 1` (or
//           `?burn=1`): the first GET that serves the trace deletes it (lib/server/share-options.ts).
// Response: 201 {id, deleteToken, expiresAt (ISO 8601, null = never), burnAfterReading}, Location: /api/traces/<id>,
//           Cache-Control: no-store.
// Errors (all JSON {error, message}, all Cache-Control: no-store):
//   429 rate_limited + Retry-After: past the per-client limit, or the server-wide one (checked first, before the
//       body is read; the client is the TCP peer unless LOUPE_TRUST_PROXY says which X-Forwarded-For entry to trust)
//   415 unsupported_media_type   missing or other Content-Type
//   400 invalid_content_length   Content-Length not a decimal integer
//   413 payload_too_large        Content-Length or the streamed body over LOUPE_MAX_UPLOAD_BYTES (default 50 MB);
//                                the stream is cancelled as soon as it passes the limit
//   400 invalid_ttl | ttl_too_short | invalid_burn
//   507 insufficient_storage     the store would pass LOUPE_MAX_STORE_BYTES (default 10 GB), or the data disk would
//                                keep less than LOUPE_MIN_FREE_DISK_BYTES free (default 1 GB); checked from
//                                Content-Length before the body is read, and again with the bytes received
//   408 request_timeout          the body did not arrive within LOUPE_BODY_TIMEOUT_SECONDS (default 30); the
//                                connection is closed
//   400 empty_body | not_ciphertext (shorter than 12-byte IV + 16-byte tag) | body_incomplete (fewer or more bytes
//       than Content-Length, e.g. a proxy that truncated the body) | bad_request (the body could not be read)
//   405 method_not_allowed (any other method; OPTIONS answers 204 with Allow), 500 internal_error
//
// The 201's body (the id) is released only once the store has recorded that the id left the server (`confirm`);
// a trace stored but never confirmed (the server died, the client left) is an orphan and is swept.

import { shareLimits } from '@/lib/server/config';
import { peerAddress } from '@/lib/server/peer';
import { getStore } from '@/lib/server/store-instance';
import { StoreFullError, type TraceStore } from '@/lib/server/store';
import { clientKey, takeGlobalUploadToken, takeUploadToken } from '@/lib/server/rate-limit';
import { expiresAtJson, parseBurn, parseExpiry } from '@/lib/server/share-options';
import {
  MIN_CIPHERTEXT_BYTES,
  accessLog,
  formatBytes,
  internalError,
  jsonError,
  logInternalError,
  methodNotAllowed,
  readBodyLimited,
} from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const ROUTE = '/api/traces';
const ALLOW = 'OPTIONS, POST';

/** 507 when `incoming` more bytes would pass the store quota or the free-disk watermark; undefined when they fit. */
async function capacityRefusal(
  store: TraceStore,
  incoming: number,
  limits: ReturnType<typeof shareLimits>,
): Promise<Response | undefined> {
  const free = await store.freeDiskBytes();
  if (free !== undefined && free - incoming < limits.minFreeDiskBytes) {
    return jsonError(
      507,
      'insufficient_storage',
      `The server's disk is nearly full (it keeps ${formatBytes(limits.minFreeDiskBytes)} free): it cannot take this trace now. Try again later, or ask its operator.`,
    );
  }
  const used = await store.usedBytes();
  if (used + incoming > limits.maxStoreBytes) return storeFull(limits.maxStoreBytes);
  return undefined;
}

function storeFull(max: number): Response {
  return jsonError(
    507,
    'insufficient_storage',
    `The share store is full (it holds up to ${formatBytes(max)} of traces): it cannot take this trace until older ones expire. Try again later, or ask its operator.`,
  );
}

/** The 201 answer; its body (the id) is released only once the store has confirmed the id is leaving. */
function created(
  stored: { id: string; deleteToken: string; expiresAt: number },
  burnAfterReading: boolean,
  store: TraceStore,
): Response {
  const body = new TextEncoder().encode(
    JSON.stringify({
      id: stored.id,
      deleteToken: stored.deleteToken,
      expiresAt: expiresAtJson(stored.expiresAt),
      burnAfterReading,
    }),
  );
  // highWaterMark 0: pull() runs when the server reads the body to send it, not when the stream is made.
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          await store.confirm(stored.id);
        } catch (err) {
          // The id never leaves: to the client the upload failed, and the unconfirmed trace is swept as an orphan.
          logInternalError('POST', ROUTE, err);
          controller.error(err);
          return;
        }
        controller.enqueue(body);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(stream, {
    status: 201,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(body.byteLength),
      'cache-control': 'no-store',
      location: `${ROUTE}/${stored.id}`,
    },
  });
}

async function handlePost(request: Request): Promise<{ response: Response; bytes: number }> {
  const limited = takeUploadToken(clientKey(request.headers, process.env, peerAddress()));
  if (!limited.ok) {
    const response = jsonError(
      429,
      'rate_limited',
      `Too many uploads from this client (limit ${limited.limit} per minute). Try again in ${limited.retryAfterSeconds} s.`,
      { 'retry-after': String(limited.retryAfterSeconds) },
    );
    return { response, bytes: 0 };
  }
  const global = takeGlobalUploadToken();
  if (!global.ok) {
    const response = jsonError(
      429,
      'rate_limited',
      `This server is taking too many uploads right now (limit ${global.limit} per minute for everyone). Try again in ${global.retryAfterSeconds} s.`,
      { 'retry-after': String(global.retryAfterSeconds) },
    );
    return { response, bytes: 0 };
  }
  const limits = shareLimits();

  const contentType = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (contentType !== 'application/octet-stream') {
    const got = contentType ? `"${contentType.slice(0, 80)}"` : 'none';
    const response = jsonError(
      415,
      'unsupported_media_type',
      `Content-Type must be application/octet-stream (got ${got}).`,
    );
    return { response, bytes: 0 };
  }

  const limit = limits.maxUploadBytes;
  const tooLarge = () =>
    jsonError(
      413,
      'payload_too_large',
      `The encrypted trace is larger than this server's limit of ${formatBytes(limit)}.`,
    );

  const lengthHeader = request.headers.get('content-length');
  let declared: number | undefined;
  if (lengthHeader !== null) {
    if (!/^\s*\d{1,16}\s*$/.test(lengthHeader)) {
      return {
        response: jsonError(400, 'invalid_content_length', 'Content-Length must be a decimal byte count.'),
        bytes: 0,
      };
    }
    declared = Number(lengthHeader);
    if (declared > limit) return { response: tooLarge(), bytes: 0 };
  }

  const ttl = parseExpiry(request, limits.allowNeverExpire);
  if (!ttl.ok) return { response: ttl.response, bytes: 0 };
  const burn = parseBurn(request);
  if (!burn.ok) return { response: burn.response, bytes: 0 };

  const store = getStore();
  const full = await capacityRefusal(store, declared ?? 0, limits);
  if (full) return { response: full, bytes: 0 };

  const body = await readBodyLimited(request.body, limit, declared, limits.bodyTimeoutMs);
  switch (body.kind) {
    case 'timeout': {
      const response = jsonError(
        408,
        'request_timeout',
        `The upload did not arrive within ${Math.round(limits.bodyTimeoutMs / 1000)} s (${formatBytes(body.received)} received). Try again on a faster connection.`,
        { connection: 'close' },
      );
      return { response, bytes: body.received };
    }
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

  if (declared === undefined) {
    const refused = await capacityRefusal(store, bytes.byteLength, limits);
    if (refused) return { response: refused, bytes: bytes.byteLength };
  }
  // Handed over: the store may move the buffer to its writer thread, after which `bytes` is empty.
  const size = bytes.byteLength;
  try {
    const stored = await store.put(bytes, {
      ttlMs: ttl.ttlSeconds * 1000,
      burnAfterReading: burn.burn,
      maxStoreBytes: limits.maxStoreBytes,
      handOver: true,
    });
    return { response: created(stored, burn.burn, store), bytes: size };
  } catch (err) {
    if (err instanceof StoreFullError) return { response: storeFull(limits.maxStoreBytes), bytes: size };
    throw err;
  }
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

/** What this endpoint accepts (and only that: Next would otherwise list the 405 handlers below as allowed). */
export function OPTIONS(): Response {
  return new Response(null, { status: 204, headers: { allow: ALLOW, 'cache-control': 'no-store' } });
}

function notAllowed(): Response {
  return methodNotAllowed(ALLOW);
}
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
