// SIMD byte search over the module's memory. AssemblyScript (see fast-scan.ts).

import { BACKSLASH, QUOTE } from './json';

/** First index >= from of the needle (n >= 1 bytes at nd) in hay[0, len), or -1 (Mula's first/last byte SIMD compare). */
export function find(hay: usize, len: i32, nd: usize, n: i32, from: i32): i32 {
  const first = i8x16.splat(<i8>load<u8>(nd));
  const last = i8x16.splat(<i8>load<u8>(nd + <usize>(n - 1)));
  let i = from;
  const stop = len - 15 - n;
  while (i <= stop) {
    const a = v128.load(hay + <usize>i);
    const b = v128.load(hay + <usize>(i + n - 1));
    let m = i8x16.bitmask(v128.and(i8x16.eq(a, first), i8x16.eq(b, last)));
    while (m != 0) {
      const pos = i + ctz(m);
      let k = 1;
      while (k < n - 1 && load<u8>(hay + <usize>(pos + k)) == load<u8>(nd + <usize>k)) k++;
      if (k >= n - 1) return pos;
      m &= m - 1;
    }
    i += 16;
  }
  while (i + n <= len) {
    let k = 0;
    while (k < n && load<u8>(hay + <usize>(i + k)) == load<u8>(nd + <usize>k)) k++;
    if (k >= n) return i;
    i++;
  }
  return -1;
}

/** First index >= from of `byte` in hay[0, len), or -1 (a line's end). */
export function findByte(hay: usize, len: i32, byte: i32, from: i32): i32 {
  const v = i8x16.splat(<i8>byte);
  let i = from;
  while (i + 16 <= len) {
    const m = i8x16.bitmask(i8x16.eq(v128.load(hay + <usize>i), v));
    if (m != 0) return i + ctz(m);
    i += 16;
  }
  while (i < len) {
    if (load<u8>(hay + <usize>i) == <u32>byte) return i;
    i++;
  }
  return -1;
}

/** Last index <= at of `byte` in hay, or -1 (a line's start, searched back from a match in it). */
export function findByteBack(hay: usize, byte: i32, at: i32): i32 {
  const v = i8x16.splat(<i8>byte);
  let i = at + 1;
  while (i >= 16) {
    const m = i8x16.bitmask(i8x16.eq(v128.load(hay + <usize>(i - 16)), v));
    if (m != 0) return i - 16 + 31 - clz(m);
    i -= 16;
  }
  while (i > 0) {
    i--;
    if (load<u8>(hay + <usize>i) == <u32>byte) return i;
  }
  return -1;
}

/**
 * The next line of hay[from, to) in which the needle follows an unescaped quote (a key or value of the structure, as
 * lib/fast/search.ts `nextStructural` finds it): writes the line's start (not before `from`) and end (its `\n`, or `to`)
 * at `out` and returns the match, or -1. One call per candidate line instead of a search and two byte searches.
 */
export function nextLine(hay: usize, len: i32, nd: usize, n: i32, from: i32, to: i32, out: usize): i32 {
  let m = find(hay, len, nd, n, from);
  while (m >= 0 && m < to) {
    if (m >= 1 && load<u8>(hay + <usize>(m - 1)) == QUOTE && (m == 1 || load<u8>(hay + <usize>(m - 2)) != BACKSLASH)) {
      const s = m <= from ? from : findByteBack(hay, 0x0a, m - 1) + 1;
      const nl = findByte(hay, len, 0x0a, m);
      store<i32>(out, s < from ? from : s);
      store<i32>(out + 4, nl < 0 || nl >= to ? to : nl);
      return m;
    }
    m = find(hay, len, nd, n, m + 1);
  }
  return -1;
}

/**
 * Writes the offset of each `\n` in hay[0, len) at `out` (an i32 each, in order) and returns how many; -1 when there
 * are more than `max` (the caller then looks for them itself). 16 bytes at a time.
 */
export function lineEnds(hay: usize, len: i32, out: usize, max: i32): i32 {
  const lf = i8x16.splat(0x0a);
  let n = 0;
  let i = 0;
  while (i + 16 <= len) {
    let m = i8x16.bitmask(i8x16.eq(v128.load(hay + <usize>i), lf));
    while (m != 0) {
      if (n >= max) return -1;
      store<i32>(out + (<usize>n << 2), i + ctz(m));
      n++;
      m &= m - 1;
    }
    i += 16;
  }
  for (; i < len; i++) {
    if (load<u8>(hay + <usize>i) != 0x0a) continue;
    if (n >= max) return -1;
    store<i32>(out + (<usize>n << 2), i);
    n++;
  }
  return n;
}
