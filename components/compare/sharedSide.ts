'use client';

import { SealError, WrongPasswordError, decryptSealed, fromBase64Url, needsPassword } from '../../lib/share/seal';
import type { LoadSource } from '../../lib/engine/protocol';
import { fetchShared } from '../data/fetchShared';

// A share link as a side of a comparison, opened as the shared-trace page opens it: the sealed bytes fetched by the
// page (from the store, or carried in the link), a password asked for where the trace was sealed under one, and the
// trace decrypted here before its worker unpacks it. A link that burns after reading is fetched only once the person
// has said so (see `SideSource`'s `burn`). The key and the password never leave the browser.

/** A pasted link, parsed: a stored trace (`/t/<id>#k=…`, `&b=1` if it burns) or one carried whole (`/t#d=…&k=…`). */
export type SharedLink =
  | { readonly kind: 'stored'; readonly id: string; readonly key: string; readonly burn: boolean }
  | { readonly kind: 'inline'; readonly data: string; readonly key: string };

/** What a share side needs, in the compare URL's fragment: its key, the trace it carries, whether it burns. */
export interface SideFragment {
  readonly key?: string | undefined;
  readonly data?: string | undefined;
  readonly burn?: boolean | undefined;
}

export type SharedStep =
  | { readonly kind: 'open'; readonly source: LoadSource }
  | { readonly kind: 'error'; readonly message: string }
  /** Sealed under a password: `attempt` tries one (`error`: the last one did not open it). */
  | {
      readonly kind: 'password';
      readonly error?: string;
      readonly attempt: (password: string) => Promise<SharedStep>;
    };

/** A share link pasted (`https://host/t/<id>#k=<key>`, or `…/t#d=<trace>&k=<key>`): what it names, or undefined. */
export function shareLinkOf(text: string, base: string): SharedLink | undefined {
  let u: URL;
  try {
    u = new URL(text.trim(), base);
  } catch {
    return undefined;
  }
  const frag = new URLSearchParams(u.hash.slice(1));
  const key = frag.get('k');
  if (!key) return undefined;
  const data = frag.get('d');
  if (/^\/t\/?$/.test(u.pathname) && data) return { kind: 'inline', data, key };
  const id = /^\/t\/([A-Za-z0-9_-]+)$/.exec(u.pathname)?.[1];
  return id ? { kind: 'stored', id, key, burn: frag.get('b') === '1' } : undefined;
}

/** Decrypts sealed bytes with the link's key, asking for a password first where the trace was sealed under one. */
async function unlock(sealed: Uint8Array<ArrayBuffer>, key: string, password?: string): Promise<SharedStep> {
  const again = (error?: string): SharedStep => ({
    kind: 'password',
    ...(error ? { error } : {}),
    attempt: (p) => unlock(sealed, key, p),
  });
  if (needsPassword(sealed) && password === undefined) return again();
  try {
    return { kind: 'open', source: { kind: 'sealed', packed: await decryptSealed(sealed, key, password), key } };
  } catch (e) {
    if (e instanceof WrongPasswordError) return again(e.message);
    return { kind: 'error', message: e instanceof SealError ? e.message : 'The shared trace could not be decrypted.' };
  }
}

/** Fetches (a stored trace) or reads (one carried in the link) the sealed bytes, then unlocks them. */
export async function openShared(link: SharedLink): Promise<SharedStep> {
  if (link.kind === 'inline') {
    let sealed: Uint8Array<ArrayBuffer>;
    try {
      sealed = fromBase64Url(link.data);
    } catch {
      return {
        kind: 'error',
        message: 'The trace carried in this link is damaged (it is not base64url). Ask for the whole link.',
      };
    }
    return unlock(sealed, link.key);
  }
  const got = await fetchShared(link.id);
  if (got.kind === 'read')
    return {
      kind: 'error',
      message: `${got.message} Only its sender can share the trace again.`,
    };
  if (got.kind === 'failed') return { kind: 'error', message: got.message };
  return unlock(got.sealed, link.key);
}
