// The generator's only source of randomness: a seeded PRNG, and the ids drawn from it.

/** sfc32 seeded through splitmix32, so that seeds 1, 2, 3… give unrelated streams. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const mix = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix();
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  next(): number {
    return this.u32() / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Inclusive on both ends. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Sizes in real transcripts are heavy-tailed; log-uniform gets many small and a few large. */
  logUniform(lo: number, hi: number): number {
    return Math.round(lo * Math.pow(hi / lo, this.next()));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick() from an empty list');
    return item;
  }

  weighted<T>(table: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of table) total += w;
    let r = this.next() * total;
    for (const [item, w] of table) {
      r -= w;
      if (r < 0) return item;
    }
    const last = table[table.length - 1];
    if (last === undefined) throw new Error('weighted() from an empty table');
    return last[0];
  }
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const HEX = '0123456789abcdef';

const BYTE_HEX: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Table lookup: uuids are generated for every line, and toString(16)+padStart showed up in profiles. */
function hex8(n: number): string {
  return (
    (BYTE_HEX[n >>> 24] ?? '') +
    (BYTE_HEX[(n >>> 16) & 255] ?? '') +
    (BYTE_HEX[(n >>> 8) & 255] ?? '') +
    (BYTE_HEX[n & 255] ?? '')
  );
}

export function hexString(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += HEX.charAt(rng.int(16));
  return s;
}

export function uuidV4(rng: Rng): string {
  const a = hex8(rng.u32());
  const b = hex8(rng.u32());
  const c = hex8(rng.u32());
  const d = hex8(rng.u32());
  const variant = '89ab'.charAt(rng.int(4));
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
}

export function base58(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += BASE58.charAt(rng.int(58));
  return s;
}

// Prefix lengths copied from real ids (msg_01 + 22, req_011C + 20, toolu_01 + 22).
export const messageId = (rng: Rng): string => `msg_01${base58(rng, 22)}`;
export const requestId = (rng: Rng): string => `req_011C${base58(rng, 20)}`;
export const toolUseId = (rng: Rng): string => `toolu_01${base58(rng, 22)}`;
