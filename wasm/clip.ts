// What the workbench's load need not parse (lib/fast/clip.ts). AssemblyScript (see fast-scan.ts).
// Finds, in a `user` line of either dialect, the long strings of a tool's output: a tool result's `content` (a string,
// or its blocks' `text`) and a structured output's (`toolUseResult` / `tool_use_result`) `stdout`, of which the model
// keeps the first `clamp` characters (lib/trace/adapters/common.ts `clampText`) and the length; and that output's
// `file.content` and `originalFile`, which it never reads. For each, it gives where its first `keep` UTF-16 units end
// (a whole character or escape; none for a string never read) and how many units follow: the JavaScript side keeps
// those bytes and writes the count after them. In a `file-history-snapshot` line it gives the `snapshot` object, never
// read (the JavaScript side writes `{}`). The whole line is checked as JSON.parse checks it. A kept string holding an
// escaped ESC or BEL (`\u001b`, `\u0007`: terminal colours and titles, which the adapter strips before it counts, a
// title's end in a later block's tail) is left whole; a line with an escaped NUL in a kept string is not cut at all
// (the count is written between two NULs), nor one whose kept string is not sound UTF-8 (the decoder's U+FFFD are not
// one per byte counted here).

import { at, B, BACKSLASH, END, escaped, GIVE_UP, hex, key, MAX_DEPTH, num, QUOTE, str, word, ws } from './json';

const C_NONE: i32 = 0;
const C_MESSAGE: i32 = 1;
const C_BLOCKS: i32 = 2;
const C_BLOCK: i32 = 3;
const C_RESULT: i32 = 4;
const C_RESULT_BLOCK: i32 = 5;
const C_OUTPUT: i32 = 6;
const C_FILE: i32 = 7;
/** A string the model keeps the start of. */
const C_CUT: i32 = 8;
/** A string the model never reads. */
const C_DROP: i32 = 9;
/** A value the model never reads (a snapshot). */
const C_WHOLE: i32 = 10;
const C_TYPE: i32 = -2;
/** The third number of a span that is a whole value, not a string's tail. */
const WHOLE: i32 = -1;

let out: usize = 0;
let count: i32 = 0;
let max: i32 = 0;
let keepUnits: i32 = 0;
let minBytes: i32 = 0;
let nul = false;
let typeS: i32 = -1;
let typeE: i32 = -1;

function ckey(ctx: i32, depth: i32, ks: i32, ke: i32): i32 {
  if (depth == 0) {
    if (key(ks, ke, 'type')) return C_TYPE;
    if (key(ks, ke, 'message')) return C_MESSAGE;
    if (key(ks, ke, 'toolUseResult') || key(ks, ke, 'tool_use_result')) return C_OUTPUT;
    return key(ks, ke, 'snapshot') ? C_WHOLE : C_NONE;
  }
  if (ctx == C_MESSAGE) return key(ks, ke, 'content') ? C_BLOCKS : C_NONE;
  if (ctx == C_BLOCK) return key(ks, ke, 'content') ? C_RESULT : C_NONE;
  // A tool reference's name is read into the text too: cut as a text (past the clamp), and checked for NULs.
  if (ctx == C_RESULT_BLOCK) return key(ks, ke, 'text') || key(ks, ke, 'tool_name') ? C_CUT : C_NONE;
  if (ctx == C_OUTPUT) {
    if (key(ks, ke, 'stdout')) return C_CUT;
    if (key(ks, ke, 'originalFile')) return C_DROP;
    return key(ks, ke, 'file') ? C_FILE : C_NONE;
  }
  if (ctx == C_FILE) return key(ks, ke, 'content') ? C_DROP : C_NONE;
  return C_NONE;
}

/**
 * A string that may be cut, at its opening quote: checked as `str` checks it, its UTF-16 units counted (a byte that
 * does not continue a UTF-8 sequence is one, a four-byte sequence two, an escape one; a kept string's UTF-8 is checked).
 * Writes a cut after `keep` units (`kept`; none for a string never read) when it has more and they take `minBytes`; a
 * kept one sets `nul` on an escaped NUL. Returns the position past its closing quote, or GIVE_UP.
 */
function cutString(p: i32, kept: bool): i32 {
  const keep = kept ? keepUnits : 0;
  let units: i32 = 0;
  let cut: i32 = -1;
  let cutUnits: i32 = 0;
  let esc = false;
  let i = p + 1;
  const q = i8x16.splat(0x22);
  const bs = i8x16.splat(0x5c);
  const ctl = i8x16.splat(0x20);
  const top = i8x16.splat(<i8>0xc0);
  const cont = i8x16.splat(<i8>0x80);
  const four = i8x16.splat(<i8>0xf0);
  while (i < END) {
    // At a character's first byte (not inside a UTF-8 sequence).
    if (cut < 0 && units >= keep && (load<u8>(B + <usize>i) & 0xc0) != 0x80) {
      cut = i;
      cutUnits = units;
    }
    // 16 bytes at a time while none is a quote, a backslash or a control byte (nor, in a kept string, past ASCII: those
    // are checked one character at a time), and the cut is not among them (16 bytes are at most 16 units).
    if ((cut >= 0 || units + 16 < keep) && i + 16 <= END) {
      const v = v128.load(B + <usize>i);
      let stop = i8x16.bitmask(v128.or(v128.or(i8x16.eq(v, q), i8x16.eq(v, bs)), i8x16.lt_u(v, ctl)));
      if (kept) stop |= i8x16.bitmask(v);
      // The bytes before the first that stops (all 16 when none does) are counted at once.
      const n = stop == 0 ? 16 : <i32>ctz(stop);
      if (n > 0) {
        const mask = (1 << n) - 1;
        const c = i8x16.bitmask(i8x16.eq(v128.and(v, top), cont)) & mask;
        const f = i8x16.bitmask(i8x16.ge_u(v, four)) & mask;
        units += n - <i32>popcnt(c) + <i32>popcnt(f);
        i += n;
        continue;
      }
    }
    const c = <u32>load<u8>(B + <usize>i);
    if (c == QUOTE) break;
    if (c == BACKSLASH) {
      const n = at(i + 1);
      if (n == 0x75) {
        if (!(hex(at(i + 2)) && hex(at(i + 3)) && hex(at(i + 4)) && hex(at(i + 5)))) return GIVE_UP;
        if (at(i + 2) == 0x30 && at(i + 3) == 0x30) {
          const a = at(i + 4);
          const b = at(i + 5);
          if (a == 0x30 && b == 0x30 && kept) nul = true;
          if ((a == 0x31 && (b == 0x62 || b == 0x42)) || (a == 0x30 && b == 0x37)) esc = true;
        }
        i += 6;
      } else if (n == QUOTE || n == BACKSLASH || n == 0x2f || n == 0x62 || n == 0x66 || n == 0x6e || n == 0x72 || n == 0x74) {
        i += 2;
      } else return GIVE_UP;
      units++;
      continue;
    }
    if (c < 0x20) return GIVE_UP;
    if (kept && c >= 0x80) {
      // A run of them (CJK text), up to where the cut goes.
      do {
        const n = utf8(i);
        if (n == 0) return GIVE_UP;
        units += n == 4 ? 2 : 1;
        i += n;
      } while (i < END && load<u8>(B + <usize>i) >= 0x80 && (cut >= 0 || units < keep));
      continue;
    }
    if ((c & 0xc0) != 0x80) units += c >= 0xf0 ? 2 : 1;
    i++;
  }
  if (i >= END) return GIVE_UP;
  // What is cut must be longer than the mark that replaces it (the JavaScript side rewrites the line in place).
  if (cut >= 0 && units > cutUnits && !(esc && kept) && i - cut >= minBytes) span(cut, i, units - cutUnits);
  return i + 1;
}

function tail(c: u32): bool {
  return (c & 0xc0) == 0x80;
}

/** The length of the sound UTF-8 sequence of two to four bytes at p (as the decoder reads one), or 0. */
function utf8(p: i32): i32 {
  const c = at(p);
  const d = at(p + 1);
  if (c >= 0xc2 && c <= 0xdf) return tail(d) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    const lo: u32 = c == 0xe0 ? 0xa0 : 0x80;
    const hi: u32 = c == 0xed ? 0x9f : 0xbf;
    return d >= lo && d <= hi && tail(at(p + 2)) ? 3 : 0;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    const lo: u32 = c == 0xf0 ? 0x90 : 0x80;
    const hi: u32 = c == 0xf4 ? 0x8f : 0xbf;
    return d >= lo && d <= hi && tail(at(p + 2)) && tail(at(p + 3)) ? 4 : 0;
  }
  return 0;
}

function span(a: i32, b: i32, n: i32): void {
  if (count >= max) return;
  const o = out + <usize>(count * 12);
  store<i32>(o, a);
  store<i32>(o, b, 4);
  store<i32>(o, n, 8);
  count++;
}

function cvalue(p: i32, ctx: i32, depth: i32): i32 {
  if (depth > MAX_DEPTH) return GIVE_UP;
  const c = at(p);
  if (c == QUOTE) return ctx == C_CUT || ctx == C_RESULT || ctx == C_DROP ? cutString(p, ctx != C_DROP) : str(p);
  if (c == 0x7b) {
    const e = cobject(p, ctx, depth);
    if (ctx == C_WHOLE && e - p >= minBytes) span(p, e, WHOLE);
    return e;
  }
  if (c == 0x5b) return carray(p, ctx, depth);
  if (c == 0x74 || c == 0x66 || c == 0x6e) return word(p);
  return num(p);
}

function cobject(p: i32, ctx: i32, depth: i32): i32 {
  let i = ws(p + 1);
  if (at(i) == 0x7d) return i + 1;
  while (true) {
    if (at(i) != QUOTE) return GIVE_UP;
    const ke = str(i);
    // An escaped key could spell any name: the line is read whole.
    if (ke < 0 || escaped) return GIVE_UP;
    const k = ckey(ctx, depth, i + 1, ke - 1);
    i = ws(ke);
    if (at(i) != 0x3a) return GIVE_UP;
    i = ws(i + 1);
    const vs = i;
    i = cvalue(i, k < 0 ? C_NONE : k, depth + 1);
    if (i < 0) return GIVE_UP;
    if (k == C_TYPE) {
      if (at(vs) == QUOTE && !escaped) {
        typeS = vs + 1;
        typeE = i - 1;
      } else typeS = -1;
    }
    i = ws(i);
    const c = at(i);
    if (c == 0x7d) return i + 1;
    if (c != 0x2c) return GIVE_UP;
    i = ws(i + 1);
  }
  return GIVE_UP;
}

function carray(p: i32, ctx: i32, depth: i32): i32 {
  const item = ctx == C_BLOCKS ? C_BLOCK : ctx == C_RESULT ? C_RESULT_BLOCK : C_NONE;
  let i = ws(p + 1);
  if (at(i) == 0x5d) return i + 1;
  while (true) {
    i = cvalue(i, item, depth + 1);
    if (i < 0) return GIVE_UP;
    i = ws(i);
    const c = at(i);
    if (c == 0x5d) return i + 1;
    if (c != 0x2c) return GIVE_UP;
    i = ws(i + 1);
  }
  return GIVE_UP;
}

/**
 * The cuts of the line at [s, e) of the memory (see above): writes, per cut, three i32 at `o`: where its kept bytes
 * end, where its closing quote is, how many UTF-16 units are cut off; or, for a whole value, where it starts, where it
 * ends and WHOLE. At most `most`, each saving at least `min` bytes, keeping `units` units of a string the model keeps
 * the start of; returns how many. 0 when none, or when the line is not valid JSON with an object at its top, neither a
 * `user` nor a `file-history-snapshot` line, holds an escaped NUL in a kept string, or the walk is unsure.
 */
export function clip(s: i32, e: i32, o: usize, most: i32, units: i32, min: i32): i32 {
  B = 0;
  END = e;
  out = o;
  count = 0;
  max = most;
  keepUnits = units;
  minBytes = min;
  nul = false;
  typeS = -1;
  typeE = -1;
  let p = ws(s);
  if (at(p) != 0x7b) return 0;
  p = cobject(p, C_NONE, 0);
  if (p < 0 || ws(p) != e || typeS < 0 || nul) return 0;
  // A line's cuts are of its kind: a user line's strings, a snapshot line's snapshot (a line with both keeps those).
  const user = key(typeS, typeE, 'user');
  if (!user && !key(typeS, typeE, 'file-history-snapshot')) return 0;
  let n = 0;
  for (let k = 0; k < count; k++) {
    const from = out + <usize>(k * 12);
    if ((load<i32>(from, 8) == WHOLE) == user) continue;
    const to = out + <usize>(n * 12);
    store<i32>(to, load<i32>(from));
    store<i32>(to, load<i32>(from, 4), 4);
    store<i32>(to, load<i32>(from, 8), 8);
    n++;
  }
  return n;
}
