// The JSON cursor the line readers (assistant.ts, elide.ts, clip.ts, frames.ts) walk with: the line's bytes at B, up to END, checked as
// JSON.parse checks them (strings, numbers, words, keys). AssemblyScript (see fast-scan.ts).

export const QUOTE: u32 = 0x22;
export const BACKSLASH: u32 = 0x5c;
export const MAX_DEPTH: i32 = 256;
export const GIVE_UP: i32 = -1;

export let B: usize = 0;
export let END: i32 = 0;
/**
 * Where a reader's slots go (readAssistant's, assistant.ts; readFrame's, frames.ts). Declared here, between END and `escaped`, because the compiler numbers
 * the module's globals in the order it meets them: this keeps the binary that of the one-file source.
 */
export let OUT: usize = 0;
export let escaped = false;

@inline export function at(p: i32): u32 {
  return p < END ? <u32>load<u8>(B + <usize>p) : 0;
}

export function ws(p: i32): i32 {
  while (p < END) {
    const c = load<u8>(B + <usize>p);
    if (c != 0x20 && c != 0x0a && c != 0x0d && c != 0x09) break;
    p++;
  }
  return p;
}

@inline export function hex(c: u32): bool {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}
@inline export function digit(c: u32): bool {
  return c >= 0x30 && c <= 0x39;
}

/** A string at its opening quote; sets `escaped`. Checked as JSON.parse checks it. */
export function str(p: i32): i32 {
  let esc = false;
  let i = p + 1;
  // 16 bytes at a time while none is a quote, a backslash or a control byte.
  const q = i8x16.splat(0x22);
  const bs = i8x16.splat(0x5c);
  const ctl = i8x16.splat(0x20);
  while (i + 16 <= END) {
    const v = v128.load(B + <usize>i);
    const m = i8x16.bitmask(v128.or(v128.or(i8x16.eq(v, q), i8x16.eq(v, bs)), i8x16.lt_u(v, ctl)));
    if (m == 0) {
      i += 16;
      continue;
    }
    i += ctz(m);
    const c = load<u8>(B + <usize>i);
    if (c == QUOTE) {
      escaped = esc;
      return i + 1;
    }
    if (c < 0x20) return GIVE_UP;
    esc = true;
    const n = at(i + 1);
    if (n == 0x75) {
      if (!(hex(at(i + 2)) && hex(at(i + 3)) && hex(at(i + 4)) && hex(at(i + 5)))) return GIVE_UP;
      i += 6;
    } else if (n == QUOTE || n == BACKSLASH || n == 0x2f || n == 0x62 || n == 0x66 || n == 0x6e || n == 0x72 || n == 0x74) {
      i += 2;
    } else return GIVE_UP;
  }
  while (i < END) {
    const c = load<u8>(B + <usize>i);
    if (c == QUOTE) {
      escaped = esc;
      return i + 1;
    }
    if (c == BACKSLASH) {
      esc = true;
      const n = at(i + 1);
      if (n == 0x75) {
        if (!(hex(at(i + 2)) && hex(at(i + 3)) && hex(at(i + 4)) && hex(at(i + 5)))) return GIVE_UP;
        i += 6;
      } else if (n == QUOTE || n == BACKSLASH || n == 0x2f || n == 0x62 || n == 0x66 || n == 0x6e || n == 0x72 || n == 0x74) {
        i += 2;
      } else return GIVE_UP;
      continue;
    }
    if (c < 0x20) return GIVE_UP;
    i++;
  }
  return GIVE_UP;
}

export function num(p: i32): i32 {
  let i = p;
  if (at(i) == 0x2d) i++;
  if (at(i) == 0x30) i++;
  else if (digit(at(i))) {
    while (digit(at(i))) i++;
  } else return GIVE_UP;
  if (at(i) == 0x2e) {
    i++;
    if (!digit(at(i))) return GIVE_UP;
    while (digit(at(i))) i++;
  }
  if (at(i) == 0x65 || at(i) == 0x45) {
    i++;
    if (at(i) == 0x2b || at(i) == 0x2d) i++;
    if (!digit(at(i))) return GIVE_UP;
    while (digit(at(i))) i++;
  }
  return i;
}

/** `true`, `false` or `null` at p (by its first byte), or -1. */
export function word(p: i32): i32 {
  const c = at(p);
  if (c == 0x74) return at(p + 1) == 0x72 && at(p + 2) == 0x75 && at(p + 3) == 0x65 ? p + 4 : GIVE_UP;
  if (c == 0x66) return at(p + 1) == 0x61 && at(p + 2) == 0x6c && at(p + 3) == 0x73 && at(p + 4) == 0x65 ? p + 5 : GIVE_UP;
  if (c == 0x6e) return at(p + 1) == 0x75 && at(p + 2) == 0x6c && at(p + 3) == 0x6c ? p + 4 : GIVE_UP;
  return GIVE_UP;
}

/** Whether the key bytes [s, e) spell `name` (ASCII). */
export function key(s: i32, e: i32, name: string): bool {
  const n = name.length;
  if (e - s != n) return false;
  for (let k = 0; k < n; k++) if (load<u8>(B + <usize>(s + k)) != <u32>name.charCodeAt(k)) return false;
  return true;
}

/** A reader's output slot `slot` at OUT (assistant.ts, frames.ts): its kind, start, end and whether it is escaped. */
export function setSlot(slot: i32, kind: i32, s: i32, e: i32, esc: i32): void {
  const o = OUT + <usize>(slot * 16);
  store<i32>(o, kind);
  store<i32>(o, s, 4);
  store<i32>(o, e, 8);
  store<i32>(o, esc, 12);
}
