/**
 * Sealing a trace for a share link: the files are packed into one bundle, gzip-compressed (CompressionStream) and
 * encrypted with a fresh AES-GCM 256-bit key (WebCrypto). The server stores the sealed bytes and never the key, which
 * travels only in the link's fragment.
 *
 * Isomorphic: uses only Web APIs that browsers, workers and Node 20 all have as globals (crypto.subtle,
 * CompressionStream, TextEncoder). No module-level mutable state.
 *
 * Sealed bytes: IV (12) ‖ ciphertext ‖ tag (16). Key: the raw 32 bytes, base64url. With a password, a header with
 * the salt and iteration count comes first and the key is combined with the password's (password.ts).
 * Bundle (the plaintext before compression): one JSON header line `{"loupe":"bundle","v":1,"files":[{path,size}]}`
 * then the files' bytes, concatenated in that order.
 */

import { PASSWORD_HEADER_BYTES, newPasswordHeader, passwordKey, readPasswordHeader, needsPassword } from './password';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const BUNDLE_MAGIC = 'bundle';

export interface BundleFile {
  readonly path: string;
  readonly bytes: Uint8Array<ArrayBuffer>;
}

export class SealError extends Error {}
/** The trace was sealed under a password and none was given. */
export class PasswordNeededError extends SealError {
  constructor() {
    super('This trace is protected by a password. Enter it to open the trace.');
    this.name = 'PasswordNeededError';
  }
}
/** The password (with the link's key) does not open the trace. */
export class WrongPasswordError extends SealError {
  constructor() {
    super('That password does not open this trace. Check it and try again (it is case-sensitive).');
    this.name = 'WrongPasswordError';
  }
}

export interface SealOptions {
  /** Combined with the fresh key: the link alone no longer opens the trace. Empty means none. */
  readonly password?: string;
  /** PBKDF2 iterations for the password (default PASSWORD_ITERATIONS); tests use fewer. */
  readonly iterations?: number;
}

export function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(s: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new SealError('not base64url');
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function encodeBundle(files: readonly BundleFile[]): Uint8Array<ArrayBuffer> {
  const header = new TextEncoder().encode(
    `${JSON.stringify({ loupe: BUNDLE_MAGIC, v: 1, files: files.map((f) => ({ path: f.path, size: f.bytes.length })) })}\n`,
  );
  const out = new Uint8Array(header.length + files.reduce((n, f) => n + f.bytes.length, 0));
  out.set(header, 0);
  let at = header.length;
  for (const f of files) {
    out.set(f.bytes, at);
    at += f.bytes.length;
  }
  return out;
}

function isHeader(v: unknown): v is { files: { path: string; size: number }[] } {
  if (
    typeof v !== 'object' ||
    v === null ||
    !('loupe' in v) ||
    v.loupe !== BUNDLE_MAGIC ||
    !('files' in v) ||
    !Array.isArray(v.files)
  )
    return false;
  const files: unknown[] = v.files;
  return files.every(
    (f) =>
      typeof f === 'object' &&
      f !== null &&
      'path' in f &&
      typeof f.path === 'string' &&
      'size' in f &&
      typeof f.size === 'number' &&
      Number.isInteger(f.size) &&
      f.size >= 0,
  );
}

const NOT_LOUPE =
  'The shared trace opened, but it is not a trace Loupe packed (its list of files is missing or damaged).';

export function decodeBundle(bytes: Uint8Array<ArrayBuffer>): BundleFile[] {
  const nl = bytes.indexOf(0x0a);
  if (nl < 0) throw new SealError(NOT_LOUPE);
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(0, nl)));
  } catch {
    throw new SealError(NOT_LOUPE);
  }
  if (!isHeader(header)) throw new SealError(NOT_LOUPE);
  const files: BundleFile[] = [];
  let at = nl + 1;
  for (const f of header.files) {
    if (at + f.size > bytes.length)
      throw new SealError('The shared trace is shorter than its list of files says: it was cut off.');
    files.push({ path: f.path, bytes: bytes.subarray(at, at + f.size) });
    at += f.size;
  }
  return files;
}

async function through(
  bytes: Uint8Array<ArrayBuffer>,
  transform: CompressionStream | DecompressionStream,
  limit = Infinity,
): Promise<Uint8Array<ArrayBuffer>> {
  const reader = new Blob([bytes]).stream().pipeThrough(transform).getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel();
      throw new SealError(
        `The shared trace unpacks to more than ${(limit / 1024 ** 3).toFixed(1)} GB: more than this tab can hold.`,
      );
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Compresses and encrypts `plain` under a fresh key (combined with `password` when one is given). */
export async function seal(
  plain: Uint8Array<ArrayBuffer>,
  opts: SealOptions = {},
): Promise<{ sealed: Uint8Array<ArrayBuffer>; key: string }> {
  const raw = crypto.getRandomValues(new Uint8Array(32));
  const header = opts.password ? newPasswordHeader(opts.iterations) : undefined;
  const key = header
    ? await passwordKey(raw, opts.password ?? '', header, 'encrypt')
    : await crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const packed = await through(plain, new CompressionStream('gzip'));
  const params: AesGcmParams = header ? { name: 'AES-GCM', iv, additionalData: header.bytes } : { name: 'AES-GCM', iv };
  const cipher = new Uint8Array(await crypto.subtle.encrypt(params, key, packed));
  const head = header?.bytes.length ?? 0;
  const sealed = new Uint8Array(head + IV_BYTES + cipher.length);
  if (header) sealed.set(header.bytes, 0);
  sealed.set(iv, head);
  sealed.set(cipher, head + IV_BYTES);
  return { sealed, key: toBase64Url(raw) };
}

export { needsPassword };

/**
 * Decrypts what `seal` made (still compressed): with the link's key, and the password when it was sealed under one.
 * Throws SealError with a reason a person can act on: PasswordNeededError, WrongPasswordError among them.
 */
export async function decryptSealed(
  sealed: Uint8Array<ArrayBuffer>,
  key: string,
  password?: string,
): Promise<Uint8Array<ArrayBuffer>> {
  let raw: Uint8Array<ArrayBuffer>;
  try {
    raw = fromBase64Url(key);
  } catch {
    raw = new Uint8Array(0);
  }
  if (raw.length !== 32)
    throw new SealError('The key in this link is not a valid key (it may have been cut short when it was copied).');
  const locked = needsPassword(sealed);
  const header = locked ? readPasswordHeader(sealed) : undefined;
  if (locked && !header)
    throw new SealError('The shared trace asks for a password in a way Loupe never makes: it was altered.');
  const head = locked ? PASSWORD_HEADER_BYTES : 0;
  if (sealed.length < head + IV_BYTES + TAG_BYTES)
    throw new SealError('The shared trace is too short to be one Loupe made.');
  if (header && !password) throw new PasswordNeededError();
  const k = header
    ? await passwordKey(raw, password ?? '', header, 'decrypt')
    : await crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['decrypt']);
  const iv = sealed.subarray(head, head + IV_BYTES);
  const params: AesGcmParams = header ? { name: 'AES-GCM', iv, additionalData: header.bytes } : { name: 'AES-GCM', iv };
  try {
    return new Uint8Array(await crypto.subtle.decrypt(params, k, sealed.subarray(head + IV_BYTES)));
  } catch {
    if (header) throw new WrongPasswordError();
    throw new SealError(
      'The key in this link does not open this trace: the link was altered or cut short. Ask for the full link again.',
    );
  }
}

/** Decompresses what `decryptSealed` gave, refusing to unpack more than `limit` bytes (a hostile link must not
 * exhaust the tab). */
export async function unpack(packed: Uint8Array<ArrayBuffer>, limit = Infinity): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return await through(packed, new DecompressionStream('gzip'), limit);
  } catch (e) {
    throw e instanceof SealError ? e : new SealError('The shared trace opened but could not be decompressed.');
  }
}

/** Decrypts and decompresses what `seal` made (see `decryptSealed` and `unpack`). */
export async function unseal(
  sealed: Uint8Array<ArrayBuffer>,
  key: string,
  limit = Infinity,
  password?: string,
): Promise<Uint8Array<ArrayBuffer>> {
  return unpack(await decryptSealed(sealed, key, password), limit);
}
