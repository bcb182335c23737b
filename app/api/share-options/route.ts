// GET /api/share-options → 200 {expiries, defaultExpiry, minTtlSeconds, maxTtlSeconds, neverExpires}: the choices
// this server takes for a share link (lib/server/share-options.ts), so the share dialog offers only those. `null`
// in `expiries` is "never", there only where the operator set LOUPE_ALLOW_NEVER_EXPIRE=1.
import { json, methodNotAllowed } from '@/lib/server/http';
import { shareOptions } from '@/lib/server/share-options';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const ALLOW = 'GET, HEAD, OPTIONS';

export function GET(): Response {
  return json(200, shareOptions());
}

export function OPTIONS(): Response {
  return new Response(null, { status: 204, headers: { allow: ALLOW, 'cache-control': 'no-store' } });
}

function notAllowed(): Response {
  return methodNotAllowed(ALLOW);
}
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
