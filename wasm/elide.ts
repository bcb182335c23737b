// Strings nobody reads (lib/fast/elide.ts). AssemblyScript (see fast-scan.ts).
// Finds, in a Claude Code line, the values `loupe stats` never reads: a user line's `toolUseResult` /
// `tool_use_result` whole (or, when it is an object with an `agentId` or `totalToolUseCount`, the agent's, each of its
// long strings), a tool result's `content` (a string, or its blocks' `text`) unless a result's `is_error` is anything
// but `false`, a file-history-snapshot's `snapshot` whole, an assistant line's blocks' `signature` (only whether there
// is one is read), every long string under a progress line's `data` (its output, a hook's command, the text of the
// message an agent_progress copies: only the copy's ids, model and usage are read); the whole line checked as
// JSON.parse checks it.

import { at, B, END, escaped, GIVE_UP, key, MAX_DEPTH, num, QUOTE, str, word, ws } from './json';

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
