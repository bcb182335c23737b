// Bytes of images and documents carried as base64 in transcripts: size, decoding and the image header's figures.
// Pure: no Buffer, no atob (the same code runs in the worker, the server and the CLI).

/** The image types a browser shows as pictures from bytes alone. Never SVG: it is markup, with scripts and links. */
export const RASTER_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUES = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;
// base64url too: some producers write it.
VALUES['-'.charCodeAt(0)] = 62;
VALUES['_'.charCodeAt(0)] = 63;

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Whether a string is base64 (standard or url alphabet, padding optional, no whitespace). */
export function isBase64(s: string): boolean {
  return s.length % 4 !== 1 && BASE64.test(s);
}

/** How many bytes a base64 string decodes to. */
export function base64Size(s: string): number {
  let pad = 0;
  if (s.endsWith('==')) pad = 2;
  else if (s.endsWith('=')) pad = 1;
  const chars = s.length - pad;
  return Math.floor((chars * 3) / 4);
}

/**
 * The bytes of a base64 string, or of its first `maxBytes` bytes (a header is enough to read an image's size).
 * Undefined when it is not base64.
 */
export function decodeBase64(s: string, maxBytes = Number.MAX_SAFE_INTEGER): Uint8Array | undefined {
  const size = Math.min(base64Size(s), maxBytes);
  const out = new Uint8Array(size);
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < s.length && o < size; i++) {
    const c = s.charCodeAt(i);
    if (c === 61) break; // '='
    const v = c < 128 ? (VALUES[c] ?? -1) : -1;
    if (v < 0) return undefined;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
    acc &= 0xffff;
  }
  return o === size ? out : out.slice(0, o);
}

export interface ImageHeader {
  /** The type the bytes are, whatever the block says. */
  readonly mediaType: string;
  readonly width?: number;
  readonly height?: number;
}

const be16 = (b: Uint8Array, i: number): number => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const le16 = (b: Uint8Array, i: number): number => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const le24 = (b: Uint8Array, i: number): number => le16(b, i) | ((b[i + 2] ?? 0) << 16);
const be32 = (b: Uint8Array, i: number): number => be16(b, i) * 65536 + be16(b, i + 2);
const ascii = (b: Uint8Array, i: number, n: number): string => String.fromCharCode(...b.subarray(i, i + n));

/** The type and pixel size of a PNG, JPEG, GIF or WebP from its first bytes; undefined for anything else. */
export function sniffImage(b: Uint8Array): ImageHeader | undefined {
  if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, 3) === 'PNG') {
    // The IHDR chunk comes first: width and height, big-endian.
    return b.length >= 24 && ascii(b, 12, 4) === 'IHDR'
      ? sized('image/png', be32(b, 16), be32(b, 20))
      : { mediaType: 'image/png' };
  }
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) {
    return b.length >= 10 ? sized('image/gif', le16(b, 6), le16(b, 8)) : { mediaType: 'image/gif' };
  }
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return webp(b);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpeg(b);
  return undefined;
}

function sized(mediaType: string, width: number, height: number): ImageHeader {
  return width > 0 && height > 0 ? { mediaType, width, height } : { mediaType };
}

function webp(b: Uint8Array): ImageHeader {
  const chunk = b.length >= 16 ? ascii(b, 12, 4) : '';
  if (chunk === 'VP8 ' && b.length >= 30) return sized('image/webp', le16(b, 26) & 0x3fff, le16(b, 28) & 0x3fff);
  if (chunk === 'VP8L' && b.length >= 25) {
    const b1 = b[22] ?? 0;
    const b2 = b[23] ?? 0;
    const b3 = b[24] ?? 0;
    return sized(
      'image/webp',
      1 + (((b1 & 0x3f) << 8) | (b[21] ?? 0)),
      1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)),
    );
  }
  if (chunk === 'VP8X' && b.length >= 30) return sized('image/webp', 1 + le24(b, 24), 1 + le24(b, 27));
  return { mediaType: 'image/webp' };
}

/** A JPEG's size is in its first start-of-frame segment, after any others (EXIF, ICC profiles, tables). */
function jpeg(b: Uint8Array): ImageHeader {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return { mediaType: 'image/jpeg' };
    const m = b[i + 1] ?? 0;
    if (m === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (m === 0xd8 || m === 0x01 || (m >= 0xd0 && m <= 0xd7)) {
      i += 2; // no length
      continue;
    }
    if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc)
      return sized('image/jpeg', be16(b, i + 7), be16(b, i + 5));
    if (m === 0xd9 || m === 0xda) return { mediaType: 'image/jpeg' };
    i += 2 + be16(b, i + 2);
  }
  return { mediaType: 'image/jpeg' };
}

/** `443 KB`, `1.2 MB`, `812 B` (binary multiples, as the limits are written). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  const mb = n / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

const PAGE = /\/Type\s*\/Page(?![a-zA-Z])/g;
const COUNT = /\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g;

/**
 * The pages of a PDF, where its bytes say so plainly: the page tree's `/Count`, else its `/Type /Page` objects.
 * Undefined when they are in compressed object streams (a reader would have to inflate them).
 */
export function pdfPages(bytes: Uint8Array): number | undefined {
  if (ascii(bytes, 0, 5) !== '%PDF-') return undefined;
  const text = new TextDecoder('latin1').decode(bytes);
  let most = 0;
  for (const m of text.matchAll(COUNT)) most = Math.max(most, Number(m[1] ?? m[2] ?? 0));
  if (most > 0) return most;
  const pages = text.match(PAGE)?.length ?? 0;
  return pages > 0 ? pages : undefined;
}
