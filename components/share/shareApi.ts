'use client';

// The browser's side of sharing: upload sealed bytes, delete them, and remember the links this browser created
// (with their delete tokens) in localStorage. Only ciphertext ever goes to the server; keys stay in link fragments.

export interface SharedLink {
  readonly id: string;
  /** The full link, key fragment included. */
  readonly link: string;
  readonly deleteToken: string;
  readonly createdAt: number;
  /** epoch ms; null: kept until deleted. */
  readonly expiresAt: number | null;
  readonly title: string;
  /** The first person to open it deletes it. */
  readonly burnAfterReading?: boolean;
  readonly password?: boolean;
}

/** The expiries this server takes (GET /api/share-options); `null` is "never". */
export interface ShareChoices {
  readonly expiries: readonly (number | null)[];
  readonly defaultExpiry: number;
}

export const DEFAULT_CHOICES: ShareChoices = {
  expiries: [3600, 86_400, 7 * 86_400, 30 * 86_400],
  defaultExpiry: 30 * 86_400,
};

/** What this server offers; the defaults when it cannot say (an older server). */
export async function fetchShareChoices(): Promise<ShareChoices> {
  try {
    const res = await fetch('/api/share-options', { cache: 'no-store' });
    const body: unknown = res.ok ? await res.json() : undefined;
    if (typeof body !== 'object' || body === null || !('expiries' in body) || !Array.isArray(body.expiries))
      return DEFAULT_CHOICES;
    const expiries: unknown[] = body.expiries;
    const valid = expiries.filter((e): e is number | null => e === null || (typeof e === 'number' && e > 0));
    const def =
      'defaultExpiry' in body && typeof body.defaultExpiry === 'number'
        ? body.defaultExpiry
        : DEFAULT_CHOICES.defaultExpiry;
    return valid.length > 0 ? { expiries: valid, defaultExpiry: def } : DEFAULT_CHOICES;
  } catch {
    return DEFAULT_CHOICES;
  }
}

const STORAGE_KEY = 'loupe.sharedLinks';
const CHANGED = 'loupe:shared-links';

async function errorOf(res: Response, fallback: string): Promise<string> {
  try {
    const body: unknown = await res.json();
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string')
      return body.message;
  } catch {
    // Not JSON: a proxy's page, say.
  }
  return `${fallback} (the server answered ${res.status} ${res.statusText}).`;
}

export interface Uploaded {
  readonly id: string;
  readonly deleteToken: string;
  /** ISO 8601; null: kept until deleted. */
  readonly expiresAt: string | null;
}

/** `ttlSeconds` null asks for a link that never expires (the server clamps it where its operator does not allow that). */
export async function uploadSealed(
  sealed: Uint8Array<ArrayBuffer>,
  ttlSeconds: number | null,
  burnAfterReading = false,
): Promise<Uploaded> {
  let res: Response;
  try {
    const headers = {
      'content-type': 'application/octet-stream',
      'x-loupe-expires-in': ttlSeconds === null ? 'never' : String(ttlSeconds),
      ...(burnAfterReading ? { 'x-loupe-burn-after-reading': '1' } : {}),
    };
    res = await fetch('/api/traces', { method: 'POST', headers, body: sealed });
  } catch {
    throw new Error('Could not reach the Loupe server to upload. Check your connection and try again.');
  }
  if (res.status !== 201) throw new Error(await errorOf(res, 'The upload was refused'));
  const body: unknown = await res.json();
  if (
    typeof body === 'object' &&
    body !== null &&
    'id' in body &&
    'deleteToken' in body &&
    'expiresAt' in body &&
    typeof body.id === 'string' &&
    typeof body.deleteToken === 'string' &&
    (typeof body.expiresAt === 'string' || body.expiresAt === null)
  ) {
    return { id: body.id, deleteToken: body.deleteToken, expiresAt: body.expiresAt };
  }
  throw new Error('The server answered the upload with something that is not a share id.');
}

/** Deletes a shared trace. A trace that is already gone (expired, deleted elsewhere) counts as deleted. */
export async function deleteShared(id: string, token: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/api/traces/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  } catch {
    throw new Error('Could not reach the Loupe server to delete the trace. Try again.');
  }
  if (res.ok || res.status === 404) return;
  throw new Error(await errorOf(res, 'The server refused to delete it'));
}

function isLink(v: unknown): v is SharedLink {
  if (typeof v !== 'object' || v === null) return false;
  const o: Partial<Record<keyof SharedLink, unknown>> = v;
  return (
    typeof o.id === 'string' &&
    typeof o.link === 'string' &&
    typeof o.deleteToken === 'string' &&
    typeof o.createdAt === 'number' &&
    (typeof o.expiresAt === 'number' || o.expiresAt === null) &&
    typeof o.title === 'string'
  );
}

export function loadLinks(): SharedLink[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(isLink).filter((l) => l.expiresAt === null || l.expiresAt > Date.now())
      : [];
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
