// The stats fast path's byte-level work, compiled to WebAssembly by AssemblyScript (`npm run build:wasm` writes
// lib/fast/wasm-binary.ts; lib/fast/wasm.test.ts checks that it is this file's build). Not TypeScript: i32, usize, load<u8>
// and v128 are AssemblyScript's. Everything here reads bytes in the module's memory and writes numbers; the JavaScript
// side (lib/fast/scan-wasm.ts, lib/fast/lean.ts) decodes the few strings it needs.

const QUOTE: u32 = 0x22;
const BACKSLASH: u32 = 0x5c;
const MAX_DEPTH: i32 = 256;
const GIVE_UP: i32 = -1;

// ---- search ----------------------------------------------------------------------------------------------------

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

// ---- assistant lines ---------------------------------------------------------------------------------------------
// Output: SLOTS fields of 4 i32 (kind, start, end, escaped), then usage start and end; then the usage's counts when
// they are plain (see USAGE_STATE).

const UUID: i32 = 0;
const SESSION_ID: i32 = 1;
const SESSION_ID_SNAKE: i32 = 2;
const REQUEST_ID: i32 = 3;
const REQUEST_ID_SNAKE: i32 = 4;
const TIMESTAMP: i32 = 5;
const TYPE: i32 = 6;
const IS_SIDECHAIN: i32 = 7;
const IS_API_ERROR: i32 = 8;
const MESSAGE_ID: i32 = 9;
const MODEL: i32 = 10;
const AGENT_ID: i32 = 11;
const PARENT_TOOL_USE_ID: i32 = 12;
const SLOTS: i32 = 13;
const CHECK_ONLY: i32 = -1;

const ABSENT: i32 = 0;
const STRING: i32 = 1;
const NULL: i32 = 2;
const TRUE: i32 = 3;
const FALSE: i32 = 4;

const SKIP: i32 = 0;
const TOP: i32 = 1;
const MESSAGE: i32 = 2;
const BLOCK: i32 = 3;
const USAGE: i32 = 4;
const SPLIT: i32 = 5;
const SERVER: i32 = 6;

// The message's usage, read where every count in it is a plain integer: at USAGE_STATE an i32 (0: no usage object,
// 1: plain, 2: anything else, which the JavaScript side reads itself), then a mask of the counts present, then the
// counts as f64 (input, output, cache write, cache read, 5m and 1h writes, web searches).
const USAGE_STATE: i32 = SLOTS * 16 + 8;
const USAGE_MASK: i32 = USAGE_STATE + 4;
const USAGE_COUNTS: i32 = USAGE_STATE + 8;
const U_INPUT: i32 = 0;
const U_OUTPUT: i32 = 1;
const U_CREATION: i32 = 2;
const U_READ: i32 = 3;
const U_5M: i32 = 4;
const U_1H: i32 = 5;
const U_WEB: i32 = 6;

let B: usize = 0;
let END: i32 = 0;
let OUT: usize = 0;
let escaped = false;
let message = false;
let blocks = false;
let typed = false;
let usageState = 0;
let usageMask = 0;

@inline function at(p: i32): u32 {
  return p < END ? <u32>load<u8>(B + <usize>p) : 0;
}

function setSlot(slot: i32, kind: i32, s: i32, e: i32, esc: i32): void {
  const o = OUT + <usize>(slot * 16);
  store<i32>(o, kind);
  store<i32>(o, s, 4);
  store<i32>(o, e, 8);
  store<i32>(o, esc, 12);
}

function ws(p: i32): i32 {
  while (p < END) {
    const c = load<u8>(B + <usize>p);
    if (c != 0x20 && c != 0x0a && c != 0x0d && c != 0x09) break;
    p++;
  }
  return p;
}

@inline function hex(c: u32): bool {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}
@inline function digit(c: u32): bool {
  return c >= 0x30 && c <= 0x39;
}

/** A string at its opening quote; sets `escaped`. Checked as JSON.parse checks it. */
function str(p: i32): i32 {
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

function num(p: i32): i32 {
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
function word(p: i32): i32 {
  const c = at(p);
  if (c == 0x74) return at(p + 1) == 0x72 && at(p + 2) == 0x75 && at(p + 3) == 0x65 ? p + 4 : GIVE_UP;
  if (c == 0x66) return at(p + 1) == 0x61 && at(p + 2) == 0x6c && at(p + 3) == 0x73 && at(p + 4) == 0x65 ? p + 5 : GIVE_UP;
  if (c == 0x6e) return at(p + 1) == 0x75 && at(p + 2) == 0x6c && at(p + 3) == 0x6c ? p + 4 : GIVE_UP;
  return GIVE_UP;
}

function skip(p: i32, depth: i32): i32 {
  const c = at(p);
  if (c == QUOTE) return str(p);
  if (c == 0x7b) return members(p, depth, SKIP);
  if (c == 0x5b) return items(p, depth, false);
  if (c == 0x74 || c == 0x66 || c == 0x6e) return word(p);
  return num(p);
}

function members(p: i32, depth: i32, what: i32): i32 {
  if (depth > MAX_DEPTH) return GIVE_UP;
  let i = ws(p + 1);
  if (at(i) == 0x7d) return i + 1;
  while (true) {
    if (at(i) != QUOTE) return GIVE_UP;
    const ke = str(i);
    if (ke < 0) return GIVE_UP;
    const ks = i;
    const kesc = escaped;
    i = ws(ke);
    if (at(i) != 0x3a) return GIVE_UP;
    i = ws(i + 1);
    if (what == SKIP) i = skip(i, depth + 1);
    else {
      // An escaped key could spell any name: the JavaScript side reads such lines.
      if (kesc) return GIVE_UP;
      i = member(what, ks + 1, ke - 1, i, depth + 1);
    }
    if (i < 0) return GIVE_UP;
    i = ws(i);
    const c = at(i);
    if (c == 0x7d) return i + 1;
    if (c != 0x2c) return GIVE_UP;
    i = ws(i + 1);
  }
  return GIVE_UP;
}

function items(p: i32, depth: i32, isBlocks: bool): i32 {
  if (depth > MAX_DEPTH) return GIVE_UP;
  let i = ws(p + 1);
  if (at(i) == 0x5d) return i + 1;
  while (true) {
    if (isBlocks) {
      if (at(i) != 0x7b) return GIVE_UP;
      typed = false;
      i = members(i, depth + 1, BLOCK);
      if (!typed) return GIVE_UP;
    } else i = skip(i, depth + 1);
    if (i < 0) return GIVE_UP;
    i = ws(i);
    const c = at(i);
    if (c == 0x5d) return i + 1;
    if (c != 0x2c) return GIVE_UP;
    i = ws(i + 1);
  }
  return GIVE_UP;
}

/** Whether the key bytes [s, e) spell `name` (ASCII). */
function key(s: i32, e: i32, name: string): bool {
  const n = name.length;
  if (e - s != n) return false;
  for (let k = 0; k < n; k++) if (load<u8>(B + <usize>(s + k)) != <u32>name.charCodeAt(k)) return false;
  return true;
}

/** A string or null (`strings`), else a boolean or null, into `slot`; anything else gives up. */
function scalar(slot: i32, p: i32, strings: bool): i32 {
  const c = at(p);
  let end = GIVE_UP;
  let kind = ABSENT;
  let esc = 0;
  if (c == QUOTE && strings) {
    end = str(p);
    kind = STRING;
    esc = escaped ? 1 : 0;
  } else if (c == 0x6e) {
    end = word(p);
    kind = NULL;
  } else if (c == 0x74 && !strings) {
    end = word(p);
    kind = TRUE;
  } else if (c == 0x66 && !strings) {
    end = word(p);
    kind = FALSE;
  }
  if (slot >= 0) setSlot(slot, kind, p, end, esc);
  return end;
}

/** A count at p: stored when it is a plain integer (digits, at most 15: a safe integer); else the usage is not plain. */
function count(which: i32, p: i32, depth: i32): i32 {
  let i = p;
  let v: f64 = 0;
  if (at(i) == 0x30) i++;
  else
    while (digit(at(i)) && i - p < 16) {
      v = v * 10 + <f64>(at(i) - 0x30);
      i++;
    }
  const c = at(i);
  if (i == p || i - p > 15 || digit(c) || c == 0x2e || c == 0x65 || c == 0x45) {
    usageState = 2;
    return skip(p, depth);
  }
  store<f64>(OUT + <usize>(USAGE_COUNTS + which * 8), v);
  usageMask |= 1 << which;
  return i;
}

/** A nested object of the usage (the 5m/1h split, the server tools): its counts are forgotten when it comes again. */
function nestedUsage(what: i32, a: i32, b: i32, p: i32, depth: i32): i32 {
  if (at(p) != 0x7b) {
    usageState = 2;
    return skip(p, depth);
  }
  usageMask &= ~((1 << a) | (1 << b));
  return members(p, depth, what);
}

function usageMember(what: i32, ks: i32, ke: i32, p: i32, depth: i32): i32 {
  if (what == USAGE) {
    if (key(ks, ke, 'input_tokens')) return count(U_INPUT, p, depth);
    if (key(ks, ke, 'output_tokens')) return count(U_OUTPUT, p, depth);
    if (key(ks, ke, 'cache_creation_input_tokens')) return count(U_CREATION, p, depth);
    if (key(ks, ke, 'cache_read_input_tokens')) return count(U_READ, p, depth);
    if (key(ks, ke, 'cache_creation')) return nestedUsage(SPLIT, U_5M, U_1H, p, depth);
    if (key(ks, ke, 'server_tool_use')) return nestedUsage(SERVER, U_WEB, U_WEB, p, depth);
  } else if (what == SPLIT) {
    if (key(ks, ke, 'ephemeral_5m_input_tokens')) return count(U_5M, p, depth);
    if (key(ks, ke, 'ephemeral_1h_input_tokens')) return count(U_1H, p, depth);
  } else if (key(ks, ke, 'web_search_requests')) return count(U_WEB, p, depth);
  return skip(p, depth);
}

function member(what: i32, ks: i32, ke: i32, p: i32, depth: i32): i32 {
  if (what >= USAGE) return usageMember(what, ks, ke, p, depth);
  if (what == BLOCK) {
    if (key(ks, ke, 'type')) typed = at(p) == QUOTE;
    return skip(p, depth);
  }
  if (what == MESSAGE) {
    if (key(ks, ke, 'id')) return scalar(MESSAGE_ID, p, true);
    if (key(ks, ke, 'model')) return scalar(MODEL, p, true);
    if (key(ks, ke, 'stop_reason')) return scalar(CHECK_ONLY, p, true);
    if (key(ks, ke, 'usage')) {
      // The last `usage` wins, as in JSON.parse.
      let end: i32;
      if (at(p) == 0x7b) {
        usageState = 1;
        usageMask = 0;
        end = members(p, depth, USAGE);
      } else {
        usageState = 2;
        end = skip(p, depth);
      }
      store<i32>(OUT + <usize>(SLOTS * 16), p);
      store<i32>(OUT + <usize>(SLOTS * 16 + 4), end);
      return end;
    }
    if (key(ks, ke, 'content')) {
      blocks = at(p) == 0x5b;
      return blocks ? items(p, depth, true) : GIVE_UP;
    }
    return skip(p, depth);
  }
  // The top level.
  const len = ke - ks;
  if (len == 7 && key(ks, ke, 'message')) {
    // The last `message` wins: what an earlier one held is forgotten.
    message = at(p) == 0x7b;
    if (!message) return GIVE_UP;
    setSlot(MESSAGE_ID, ABSENT, 0, 0, 0);
    setSlot(MODEL, ABSENT, 0, 0, 0);
    store<i32>(OUT + <usize>(SLOTS * 16), -1);
    blocks = false;
    usageState = 0;
    return members(p, depth, MESSAGE);
  }
  if (key(ks, ke, 'uuid')) return scalar(UUID, p, true);
  if (key(ks, ke, 'sessionId')) return scalar(SESSION_ID, p, true);
  if (key(ks, ke, 'session_id')) return scalar(SESSION_ID_SNAKE, p, true);
  if (key(ks, ke, 'requestId')) return scalar(REQUEST_ID, p, true);
  if (key(ks, ke, 'request_id')) return scalar(REQUEST_ID_SNAKE, p, true);
  if (key(ks, ke, 'timestamp')) return scalar(TIMESTAMP, p, true);
  if (key(ks, ke, 'type')) return scalar(TYPE, p, true);
  if (key(ks, ke, 'agentId')) return scalar(AGENT_ID, p, true);
  if (key(ks, ke, 'parent_tool_use_id')) return scalar(PARENT_TOOL_USE_ID, p, true);
  if (key(ks, ke, 'parentUuid')) return scalar(CHECK_ONLY, p, true);
  if (key(ks, ke, 'isSidechain')) return scalar(IS_SIDECHAIN, p, false);
  if (key(ks, ke, 'isApiErrorMessage')) return scalar(IS_API_ERROR, p, false);
  if (key(ks, ke, 'aborted')) return scalar(CHECK_ONLY, p, false);
  return skip(p, depth);
}

/**
 * Reads the line at [s, e) of the memory into the slots at `out`: 1 when it is valid JSON whose top level is an object
 * with a `message` object whose `content` is an array of blocks (each an object whose last `type` is a string), every
 * checked field of the type the adapter wants; 2 when it is valid JSON whose top level is such an object but for the
 * message (none, or no content: a progress line), its top-level slots read all the same (the usage's are not); else 0
 * (the JavaScript side then reads the line itself).
 */
export function readAssistant(s: i32, e: i32, out: usize): i32 {
  B = 0;
  END = e;
  OUT = out;
  for (let k = 0; k < SLOTS; k++) setSlot(k, ABSENT, 0, 0, 0);
  store<i32>(OUT + <usize>(SLOTS * 16), -1);
  message = false;
  blocks = false;
  usageState = 0;
  usageMask = 0;
  let p = ws(s);
  if (at(p) != 0x7b) return 0;
  p = members(p, 0, TOP);
  if (p < 0 || ws(p) != e) return 0;
  if (!message || !blocks) return 2;
  store<i32>(OUT + <usize>USAGE_STATE, usageState);
  store<i32>(OUT + <usize>USAGE_MASK, usageMask);
  return 1;
}

// ---- strings nobody reads (lib/fast/elide.ts) ---------------------------------------------------------------------
// Finds, in a Claude Code line, the values `loupe stats` never reads: a user line's `toolUseResult` /
// `tool_use_result` whole (or, when it is an object with an `agentId` or `totalToolUseCount`, the agent's, each of its
// long strings), a tool result's `content` (a string, or its blocks' `text`) unless a result's `is_error` is anything
// but `false`, a file-history-snapshot's `snapshot` whole, an assistant line's blocks' `signature` (only whether there
// is one is read), every long string under a progress line's `data` (its output, a hook's command, the text of the
// message an agent_progress copies: only the copy's ids, model and usage are read); the whole line checked as
// JSON.parse checks it.

const E_NONE: i32 = 0;
const E_USER_ALL: i32 = 1;
const E_MESSAGE: i32 = 3;
const E_BLOCKS: i32 = 4;
const E_BLOCK: i32 = 5;
const E_RESULT: i32 = 6;
const E_RESULT_BLOCK: i32 = 7;
const E_RESULT_TEXT: i32 = 8;
const E_SIGNATURE: i32 = 9;
const E_DATA_ALL: i32 = 10;
const E_TYPE: i32 = -2;
const E_IS_ERROR: i32 = -3;
const E_SNAPSHOT: i32 = -4;
const E_OUTPUT: i32 = -5;

const K_USER: i32 = 0;
const K_RESULT: i32 = 1;
const K_SNAPSHOT: i32 = 2;
const K_SIGNATURE: i32 = 3;
const K_DATA: i32 = 4;

let spanOut: usize = 0;
let spanCount: i32 = 0;
let spanMax: i32 = 0;
let minLen: i32 = 0;
let resultError = false;
let typeS: i32 = -1;
let typeE: i32 = -1;
/** The structured output walked has an agent's keys at its top. */
let agentish = false;

/** What the value of the key [ks, ke) (quotes excluded) of an object at `ctx` is. */
function ekey(ctx: i32, depth: i32, ks: i32, ke: i32): i32 {
  if (depth == 0) {
    if (key(ks, ke, 'type')) return E_TYPE;
    if (key(ks, ke, 'toolUseResult') || key(ks, ke, 'tool_use_result')) return E_OUTPUT;
    if (key(ks, ke, 'snapshot')) return E_SNAPSHOT;
    if (key(ks, ke, 'message')) return E_MESSAGE;
    if (key(ks, ke, 'data')) return E_DATA_ALL;
    return E_NONE;
  }
  if (ctx == E_DATA_ALL) return ctx;
  if (ctx == E_USER_ALL) {
    if (depth == 1 && (key(ks, ke, 'agentId') || key(ks, ke, 'totalToolUseCount'))) agentish = true;
    return ctx;
  }
  if (ctx == E_MESSAGE) return key(ks, ke, 'content') ? E_BLOCKS : E_NONE;
  if (ctx == E_BLOCK) {
    if (key(ks, ke, 'is_error')) return E_IS_ERROR;
    if (key(ks, ke, 'signature')) return E_SIGNATURE;
    return key(ks, ke, 'content') ? E_RESULT : E_NONE;
  }
  if (ctx == E_RESULT_BLOCK) return key(ks, ke, 'text') ? E_RESULT_TEXT : E_NONE;
  return E_NONE;
}

function espan(s: i32, e: i32, kind: i32): bool {
  if (spanCount >= spanMax) return false;
  const o = spanOut + <usize>(spanCount * 12);
  store<i32>(o, s);
  store<i32>(o, e, 4);
  store<i32>(o, kind, 8);
  spanCount++;
  return true;
}

function evalue(p: i32, ctx: i32, depth: i32): i32 {
  if (depth > MAX_DEPTH) return GIVE_UP;
  const c = at(p);
  if (c == QUOTE) {
    const e = str(p);
    if (e < 0) return GIVE_UP;
    if (e - p - 2 >= minLen) {
      let kind = -1;
      if (ctx == E_USER_ALL) kind = K_USER;
      else if (ctx == E_RESULT || ctx == E_RESULT_TEXT) kind = K_RESULT;
      else if (ctx == E_SIGNATURE) kind = K_SIGNATURE;
      else if (ctx == E_DATA_ALL) kind = K_DATA;
      if (kind >= 0 && !espan(p, e, kind)) return GIVE_UP;
    }
    return e;
  }
  if (c == 0x7b) return eobject(p, ctx, depth);
  if (c == 0x5b) return earray(p, ctx, depth);
  if (c == 0x74 || c == 0x66 || c == 0x6e) return word(p);
  return num(p);
}

function eobject(p: i32, ctx: i32, depth: i32): i32 {
  let i = ws(p + 1);
  if (at(i) == 0x7d) return i + 1;
  while (true) {
    if (at(i) != QUOTE) return GIVE_UP;
    const ke = str(i);
    // An escaped key could spell any name: the line is read whole.
    if (ke < 0 || escaped) return GIVE_UP;
    const k = ekey(ctx, depth, i + 1, ke - 1);
    i = ws(ke);
    if (at(i) != 0x3a) return GIVE_UP;
    i = ws(i + 1);
    const vs = i;
    const before = spanCount;
    if (k == E_OUTPUT) agentish = false;
    i = evalue(i, k == E_OUTPUT ? E_USER_ALL : k < 0 ? E_NONE : k, depth + 1);
    if (i < 0) return GIVE_UP;
    // A structured output that is no agent's, or a snapshot: the whole value (in place of the strings found in it).
    if ((k == E_OUTPUT && !(agentish && at(vs) == 0x7b)) || k == E_SNAPSHOT) {
      spanCount = before;
      if (i - vs >= minLen && !espan(vs, i, k == E_OUTPUT ? K_USER : K_SNAPSHOT)) return GIVE_UP;
    }
    if (k == E_TYPE) {
      if (at(vs) == QUOTE && !escaped) {
        typeS = vs + 1;
        typeE = i - 1;
      } else typeS = -1;
    }
    // Anything but `false` may make the result an error, whose words are read.
    if (k == E_IS_ERROR && !(i - vs == 5 && at(vs) == 0x66)) resultError = true;
    i = ws(i);
    const c = at(i);
    if (c == 0x7d) return i + 1;
    if (c != 0x2c) return GIVE_UP;
    i = ws(i + 1);
  }
  return GIVE_UP;
}

function earray(p: i32, ctx: i32, depth: i32): i32 {
  const item =
    ctx == E_BLOCKS ? E_BLOCK : ctx == E_RESULT ? E_RESULT_BLOCK : ctx == E_USER_ALL || ctx == E_DATA_ALL ? ctx : E_NONE;
  let i = ws(p + 1);
  if (at(i) == 0x5d) return i + 1;
  while (true) {
    i = evalue(i, item, depth + 1);
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
 * The strings of at least `min` bytes (between the quotes) that the line at [s, e) of the memory lets go: writes their
 * bounds (opening quote, past the closing one) as pairs of i32 at `out` (room for `max` triples) and returns how many;
 * 0 when none, or when the line is not valid JSON with an object at its top, or the walk is unsure (an escaped key,
 * more strings than `max`).
 */
export function elide(s: i32, e: i32, out: usize, max: i32, min: i32): i32 {
  B = 0;
  END = e;
  spanOut = out;
  spanCount = 0;
  spanMax = max;
  minLen = min;
  resultError = false;
  typeS = -1;
  typeE = -1;
  let p = ws(s);
  if (at(p) != 0x7b) return 0;
  p = eobject(p, E_NONE, 0);
  if (p < 0 || ws(p) != e || typeS < 0) return 0;
  const user = key(typeS, typeE, 'user');
  const snapshot = !user && key(typeS, typeE, 'file-history-snapshot');
  const assistant = !user && !snapshot && key(typeS, typeE, 'assistant');
  const progress = !user && !snapshot && !assistant && key(typeS, typeE, 'progress');
  let n = 0;
  for (let k = 0; k < spanCount; k++) {
    const o = out + <usize>(k * 12);
    const a = load<i32>(o);
    const b = load<i32>(o, 4);
    const kind = load<i32>(o, 8);
    if (
      (user && (kind == K_USER || (kind == K_RESULT && !resultError))) ||
      (snapshot && kind == K_SNAPSHOT) ||
      (assistant && kind == K_SIGNATURE) ||
      (progress && kind == K_DATA)
    ) {
      const d = out + <usize>(n * 8);
      store<i32>(d, a);
      store<i32>(d, b, 4);
      n++;
    }
  }
  return n;
}

/** Where the module's own data ends: the JavaScript side puts needles, slots and chunks after it. */
export function heapBase(): usize {
  return __heap_base;
}
