// Assistant lines read off their bytes (lib/fast/lean.ts decodes the slots). AssemblyScript (see fast-scan.ts).
// Output: SLOTS fields of 4 i32 (kind, start, end, escaped), then usage start and end; then the usage's counts when
// they are plain (see USAGE_STATE).

import { at, B, digit, END, escaped, GIVE_UP, key, MAX_DEPTH, num, OUT, QUOTE, setSlot, str, word, ws } from './json';

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

let message = false;
let blocks = false;
let typed = false;
let usageState = 0;
let usageMask = 0;

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
