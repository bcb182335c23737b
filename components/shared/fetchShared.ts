'use client';

// The receiving page's fetch of a shared trace's sealed bytes: done by the page (not the worker) so that it can tell
// a link already read (410) from one deleted or expired (404), read the lifetime headers, and ask for a password
// before anything is unpacked. One request per id and page: React's strict mode runs effects twice in development,
// and a second GET of a burn-after-reading trace would find it gone.

import { lifetimeOf, type Lifetime } from '../../lib/share/expiry-text';

export type Fetched =
  | { readonly kind: 'ok'; readonly sealed: Uint8Array<ArrayBuffer>; readonly lifetime: Lifetime | undefined }
  /** 410: a burn-after-reading trace someone has read. */
  | { readonly kind: 'read'; readonly message: string }
  /** `final`: trying again cannot help (404). */
  | { readonly kind: 'failed'; readonly message: string; readonly final: boolean };

const inflight = new Map<string, Promise<Fetched>>();

async function messageOf(res: Response): Promise<string | undefined> {
  const body: unknown = await res.json().catch(() => undefined);
  return typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
    ? body.message
    : undefined;
}

async function request(id: string): Promise<Fetched> {
  let res: Response;
  try {
    res = await fetch(`/api/traces/${encodeURIComponent(id)}`, { credentials: 'omit', cache: 'no-store' });
  } catch {
    return {
      kind: 'failed',
      message: 'Could not reach the Loupe server to fetch this shared trace. Check your connection and try again.',
      final: false,
    };
  }
  if (res.status === 410) {
    return {
      kind: 'read',
      message: (await messageOf(res)) ?? 'This link was set to burn after reading, and it has been read.',
    };
  }
  if (res.status === 404)
    return { kind: 'failed', message: (await messageOf(res)) ?? 'This trace was deleted or has expired.', final: true };
  if (!res.ok) {
    const message = await messageOf(res);
    return {
      kind: 'failed',
      message: `The server answered ${res.status} ${res.statusText} for this shared trace${message ? `: ${message}` : ''}. Try again later.`,
      final: false,
    };
  }
  const lifetime = lifetimeOf(res.headers.get('x-loupe-expires-at'), res.headers.get('x-loupe-burn-after-reading'));
  try {
    return { kind: 'ok', sealed: new Uint8Array(await res.arrayBuffer()), lifetime };
  } catch {
    return {
      kind: 'failed',
      message: 'The shared trace stopped arriving part-way. Check your connection and try again.',
      final: false,
    };
  }
}

/** The sealed bytes of `/t/<id>`, fetched once per page; `again` forgets a failed attempt first (Try again). */
export function fetchShared(id: string, again = false): Promise<Fetched> {
  if (again) inflight.delete(id);
  const known = inflight.get(id);
  if (known) return known;
  const p = request(id);
  inflight.set(id, p);
  // Forgotten once answered (the page keeps what it needs): a tab does not hold a second copy of the bytes.
  const forget = (): void => {
    if (inflight.get(id) === p) inflight.delete(id);
  };
  p.then(forget, forget);
  return p;
}
