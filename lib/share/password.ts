/**
 * An optional password on a share link, as PrivateBin has one: the link's key (in the fragment) is combined with a
 * key derived from the password, so neither the server (which holds only the sealed bytes) nor someone holding the
 * link without the password can open the trace.
 *
 *   password key  = PBKDF2-SHA-256(password (NFC, UTF-8), salt, iterations) → 256 bits
 *   AES-GCM key   = HKDF-SHA-256(link key ‖ password key, salt, "loupe share password v1") → 256 bits
 *
 * The salt (16 random bytes) and the iteration count travel with the sealed bytes in a header that is also the
 * AES-GCM additional data, so neither can be changed unnoticed:
 *
 *   "LOUPEPW1" (8) ‖ iterations (uint32, big-endian) ‖ salt (16) ‖ IV (12) ‖ ciphertext ‖ tag (16)
 *
 * A sealed trace without a password is IV ‖ ciphertext ‖ tag as before (its first 8 bytes are a random IV: the magic
 * is 2^-64 likely there). Isomorphic: WebCrypto only (browsers, workers, Node 20).
 */

/** OWASP's 2023 figure for PBKDF2-HMAC-SHA-256. */
export const PASSWORD_ITERATIONS = 600_000;
/** What a sealed header may ask for: fewer is too weak to be ours, more would let a hostile link stall the tab. */
export const MIN_ITERATIONS = 100_000;
export const MAX_ITERATIONS = 10_000_000;

const MAGIC = new TextEncoder().encode('LOUPEPW1');
const SALT_BYTES = 16;
export const PASSWORD_HEADER_BYTES = MAGIC.length + 4 + SALT_BYTES;
const INFO = new TextEncoder().encode('loupe share password v1');

export interface PasswordHeader {
  readonly iterations: number;
  readonly salt: Uint8Array<ArrayBuffer>;
  /** The header's bytes: the AES-GCM additional data. */
  readonly bytes: Uint8Array<ArrayBuffer>;
}

/** A fresh header (random salt) for sealing under a password. */
export function newPasswordHeader(iterations = PASSWORD_ITERATIONS): PasswordHeader {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const bytes = new Uint8Array(PASSWORD_HEADER_BYTES);
  bytes.set(MAGIC, 0);
  new DataView(bytes.buffer).setUint32(MAGIC.length, iterations, false);
  bytes.set(salt, MAGIC.length + 4);
  return { iterations, salt, bytes };
}

/** The sealed bytes start with a password header (whether or not its numbers are sane: see `readPasswordHeader`). */
export function needsPassword(sealed: Uint8Array): boolean {
  return sealed.length >= PASSWORD_HEADER_BYTES && MAGIC.every((b, i) => sealed[i] === b);
}

/** The header of password-sealed bytes, or undefined when they carry none or an iteration count out of bounds. */
export function readPasswordHeader(sealed: Uint8Array<ArrayBuffer>): PasswordHeader | undefined {
  if (!needsPassword(sealed)) return undefined;
  const bytes = sealed.slice(0, PASSWORD_HEADER_BYTES);
  const iterations = new DataView(bytes.buffer).getUint32(MAGIC.length, false);
  if (iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) return undefined;
  return { iterations, salt: bytes.slice(MAGIC.length + 4), bytes };
}

/** The AES-GCM key for `linkKey` (the fragment's 32 bytes) and `password`, under `header`'s salt and iterations. */
export async function passwordKey(
  linkKey: Uint8Array<ArrayBuffer>,
  password: string,
  header: PasswordHeader,
  usage: KeyUsage,
): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password.normalize('NFC')),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const fromPassword = new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: 'PBKDF2', hash: 'SHA-256', salt: header.salt, iterations: header.iterations },
      material,
      256,
    ),
  );
  const both = new Uint8Array(linkKey.length + fromPassword.length);
  both.set(linkKey, 0);
  both.set(fromPassword, linkKey.length);
  const hkdf = await crypto.subtle.importKey('raw', both, 'HKDF', false, ['deriveKey']);
  both.fill(0);
  fromPassword.fill(0);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: header.salt, info: INFO },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}
