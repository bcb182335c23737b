// GET /api/traces/<id>    → 200 application/octet-stream (the ciphertext as uploaded), Cache-Control: no-store,
//                           X-Loupe-Expires-At: <ISO 8601>. Unknown, expired or malformed id → 404
//                           {error:"not_found", message:"This trace was deleted or has expired."}.
//                           (HEAD is answered by Next from GET, without the body.)
// DELETE /api/traces/<id> with `Authorization: Bearer <deleteToken>`
//                         → 204 No Content. Missing or non-Bearer Authorization → 401 unauthorized
//                           (+ WWW-Authenticate: Bearer); wrong token → 403 forbidden; unknown/expired → 404.
//                           Revealing 403 vs 404 leaks nothing: whoever knows the id can GET it anyway.
// OPTIONS → 204 with Allow. Other methods → 405 method_not_allowed. Every error is JSON {error, message} with
// Cache-Control: no-store.

import { getStore } from '@/lib/server/store-instance';
import { isValidId } from '@/lib/server/store';
import { EXPIRES_AT_HEADER, accessLog, internalError, jsonError, logInternalError, methodNotAllowed, notFound } from '@/lib/server/http';

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
    const trace = isValidId(id) ? await getStore().get(id) : undefined;
    if (!trace) {
      response = notFound();
    } else {
      bytes = trace.bytes.byteLength;
      response = new Response(trace.bytes as Uint8Array<ArrayBuffer>, {
        status: 200,
        headers: {
          'content-type': 'application/octet-stream',
          'content-length': String(bytes),
          'cache-control': 'no-store',
          [EXPIRES_AT_HEADER]: new Date(trace.expiresAt).toISOString(),
        },
      });
    }
  } catch (err) {
    logInternalError('GET', ROUTE, err);
    response = internalError();
  }
  accessLog('GET', ROUTE, response.status, bytes, startedAt);
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
