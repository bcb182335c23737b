'use client';

// The browser's side of sharing: upload sealed bytes, delete them, and remember the links this browser created
// (with their delete tokens) in localStorage. Only ciphertext ever goes to the server; keys stay in link fragments.

export interface SharedLink {
  readonly id: string;
  /** The full link, key fragment included. */
  readonly link: string;
  readonly deleteToken: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly title: string;
}

const STORAGE_KEY = 'loupe.sharedLinks';
const CHANGED = 'loupe:shared-links';

async function errorOf(res: Response, fallback: string): Promise<string> {
  try {
    const body: unknown = await res.json();
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: a proxy's page, say.
  }
  return `${fallback} (the server answered ${res.status} ${res.statusText}).`;
}

export async function uploadSealed(sealed: Uint8Array<ArrayBuffer>, ttlSeconds: number): Promise<{ id: string; deleteToken: string; expiresAt: string }> {
  let res: Response;
  try {
    res = await fetch('/api/traces', { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'x-loupe-expires-in': String(ttlSeconds) }, body: sealed });
  } catch {
    throw new Error('Could not reach the Loupe server to upload. Check your connection and try again.');
  }
  if (res.status !== 201) throw new Error(await errorOf(res, 'The upload was refused'));
  const body: unknown = await res.json();
  if (typeof body === 'object' && body !== null && 'id' in body && 'deleteToken' in body && 'expiresAt' in body && typeof body.id === 'string' && typeof body.deleteToken === 'string' && typeof body.expiresAt === 'string') {
    return { id: body.id, deleteToken: body.deleteToken, expiresAt: body.expiresAt };
  }
  throw new Error('The server answered the upload with something that is not a share id.');
}

/** Deletes a shared trace. A trace that is already gone (expired, deleted elsewhere) counts as deleted. */
export async function deleteShared(id: string, token: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/api/traces/${encodeURIComponent(id)}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  } catch {
    throw new Error('Could not reach the Loupe server to delete the trace. Try again.');
  }
  if (res.ok || res.status === 404) return;
  throw new Error(await errorOf(res, 'The server refused to delete it'));
}

function isLink(v: unknown): v is SharedLink {
  if (typeof v !== 'object' || v === null) return false;
  const o: Partial<Record<keyof SharedLink, unknown>> = v;
  return typeof o.id === 'string' && typeof o.link === 'string' && typeof o.deleteToken === 'string' && typeof o.createdAt === 'number' && typeof o.expiresAt === 'number' && typeof o.title === 'string';
}

export function loadLinks(): SharedLink[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isLink).filter((l) => l.expiresAt > Date.now()) : [];
  } catch {
    return [];
  }
}

function store(links: readonly SharedLink[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(links));
  } catch {
    // Storage full or refused: the link still works, it is only not listed here.
  }
  window.dispatchEvent(new Event(CHANGED));
}

export function rememberLink(link: SharedLink): void {
  store([link, ...loadLinks().filter((l) => l.id !== link.id)]);
}

export function forgetLink(id: string): void {
  store(loadLinks().filter((l) => l.id !== id));
}

export function onLinksChanged(fn: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEY) fn();
  };
  window.addEventListener(CHANGED, fn);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, fn);
    window.removeEventListener('storage', onStorage);
  };
}
