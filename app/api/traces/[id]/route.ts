// GET /api/traces/<id>    → 200 application/octet-stream (the ciphertext as uploaded), Cache-Control: no-store,
//                           X-Loupe-Expires-At: <ISO 8601> or `never`; X-Loupe-Burn-After-Reading: 1 when this read
//                           deleted it (burn after reading: only one read ever gets it). Unknown, expired or malformed
//                           id → 404 {error:"not_found", message:"This trace was deleted or has expired."}; a burned
//                           trace already read → 410 {error:"already_read", …}.
// HEAD /api/traces/<id>   → the same status and headers, without the body, and without burning anything.
// DELETE /api/traces/<id> with `Authorization: Bearer <deleteToken>`
//                         → 204 No Content. Missing or non-Bearer Authorization → 401 unauthorized
//                           (+ WWW-Authenticate: Bearer); wrong token → 403 forbidden; unknown/expired → 404.
//                           Revealing 403 vs 404 leaks nothing: whoever knows the id can GET it anyway.
// OPTIONS → 204 with Allow. Other methods → 405 method_not_allowed. Every error is JSON {error, message} with
// Cache-Control: no-store.

import { getStore } from '@/lib/server/store-instance';
import { isValidId } from '@/lib/server/store';
import {
  EXPIRES_AT_HEADER,
  accessLog,
  internalError,
  jsonError,
  logInternalError,
  methodNotAllowed,
  notFound,
} from '@/lib/server/http';
import { BURN_HEADER, alreadyRead, expiresAtHeader } from '@/lib/server/share-options';
import type { TraceStore } from '@/lib/server/store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Logged instead of the real path: ids are capabilities and stay out of logs. */
const ROUTE = '/api/traces/:id';
const ALLOW = 'DELETE, GET, HEAD, OPTIONS';

type Context = { params: Promise<{ id: string }> };

export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const startedAt = performance.now();
  let response: Response;
  let bytes = 0;
  try {
    const { id } = await params;
    const store = getStore();
    const trace = isValidId(id) ? await store.get(id) : undefined;
    if (!trace) {
      response = await missing(store, id);
    } else {
      bytes = trace.bytes.byteLength;
      response = new Response(trace.bytes as Uint8Array<ArrayBuffer>, {
        status: 200,
        headers: { ...traceHeaders(trace), 'content-length': String(bytes) },
      });
    }
  } catch (err) {
    logInternalError('GET', ROUTE, err);
    response = internalError();
  }
  accessLog('GET', ROUTE, response.status, bytes, startedAt);
  return response;
}

/** Why an id gives nothing: read already (a burned trace's tombstone), or deleted, expired or never there. */
async function missing(store: TraceStore, id: string): Promise<Response> {
  return isValidId(id) && (await store.wasRead(id)) ? alreadyRead() : notFound();
}

function traceHeaders(trace: { expiresAt: number; burnAfterReading: boolean }): Record<string, string> {
  return {
    'content-type': 'application/octet-stream',
    'cache-control': 'no-store',
    [EXPIRES_AT_HEADER]: expiresAtHeader(trace.expiresAt),
    ...(trace.burnAfterReading ? { [BURN_HEADER]: '1' } : {}),
  };
}

/** As GET without the body, and without burning: a burn-after-reading trace stays for its one real read. */
export async function HEAD(_request: Request, { params }: Context): Promise<Response> {
  const startedAt = performance.now();
  let response: Response;
  try {
    const { id } = await params;
    const store = getStore();
    const info = isValidId(id) ? await store.peek(id) : undefined;
    const answer = info ? new Response(null, { status: 200, headers: traceHeaders(info) }) : await missing(store, id);
    response = new Response(null, { status: answer.status, headers: answer.headers });
  } catch (err) {
    logInternalError('HEAD', ROUTE, err);
    response = internalError();
  }
  accessLog('HEAD', ROUTE, response.status, 0, startedAt);
  return response;
}

export async function DELETE(request: Request, { params }: Context): Promise<Response> {
  const startedAt = performance.now();
  let response: Response;
  try {
    const { id } = await params;
    const auth = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(request.headers.get('authorization') ?? '');
    const token = auth?.[1];
    if (!token) {
      response = jsonError(401, 'unauthorized', 'Send the delete token as "Authorization: Bearer <deleteToken>".', {
        'www-authenticate': 'Bearer',
      });
    } else if (!isValidId(id)) {
      response = notFound();
    } else {
      const outcome = await getStore().delete(id, token);
      response =
        outcome === 'deleted'
          ? new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } })
          : outcome === 'forbidden'
            ? jsonError(403, 'forbidden', 'This delete token does not match the trace.')
            : notFound();
    }
  } catch (err) {
    logInternalError('DELETE', ROUTE, err);
    response = internalError();
  }
  accessLog('DELETE', ROUTE, response.status, 0, startedAt);
  return response;
}

/** What this endpoint accepts (and only that: Next would otherwise list the 405 handlers below as allowed). */
export function OPTIONS(): Response {
  return new Response(null, { status: 204, headers: { allow: ALLOW, 'cache-control': 'no-store' } });
}

function notAllowed(): Response {
  return methodNotAllowed(ALLOW);
}
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH };
