// Small Agent SDK frames read off their bytes (lib/fast/frames.ts makes their events). AssemblyScript (see fast-scan.ts).
// A line is read when it is valid JSON (checked as JSON.parse checks it) whose top level is an object of only these
// members, each at most once, no key escaped: `type` (a string), `subtype` (a string), `status`, `session_id`, `uuid`,
// `timestamp`, `parent_tool_use_id` (each a string or null) and `event`, an object of `type` (a string), `index` (a
// number) and `delta`, an object of `type` (a string) and one of `text`, `thinking`, `partial_json`, `signature` (a
// string). Output: SLOTS fields of 4 i32 (kind, start, end, escaped) at `out`; the words the lines repeat, told apart
// here (EVENT_WORD, DELTA_WORD: which of the known ones, 0 for any other), and a plain index's value (INDEX_VALUE's
// start, when its kind is PLAIN).

import { at, B, END, escaped, GIVE_UP, key, num, OUT, QUOTE, setSlot, str, word, ws } from './json';

const TYPE: i32 = 0;
const SUBTYPE: i32 = 1;
const STATUS: i32 = 2;
const SESSION_ID: i32 = 3;
const UUID: i32 = 4;
const TIMESTAMP: i32 = 5;
const PARENT: i32 = 6;
const EVENT: i32 = 7;
const EVENT_TYPE: i32 = 8;
const INDEX: i32 = 9;
const DELTA: i32 = 10;
const DELTA_TYPE: i32 = 11;
const FRAGMENT: i32 = 12;
const EVENT_WORD: i32 = 13;
const DELTA_WORD: i32 = 14;
const INDEX_VALUE: i32 = 15;
const SLOTS: i32 = 16;

/** What `readFrame` returns: the line's `type`. */
const NOT_READ: i32 = 0;
const STREAM_EVENT: i32 = 1;
const SYSTEM: i32 = 2;

const ABSENT: i32 = 0;
const STRING: i32 = 1;
const NULL: i32 = 2;
const NUMBER: i32 = 5;
const OBJECT: i32 = 6;
const PLAIN: i32 = 1;

const IN_TOP: i32 = 0;
const IN_EVENT: i32 = 1;
const IN_DELTA: i32 = 2;

function kindOf(slot: i32): i32 {
  return load<i32>(OUT + <usize>(slot * 16));
}

/** A string (or null, with `nullable`) at p into `slot`, which must be empty (JSON.parse keeps the last of a key given
 *  twice: such a line is left to it). */
function scalar(slot: i32, p: i32, nullable: bool): i32 {
  if (kindOf(slot) != ABSENT) return GIVE_UP;
  const c = at(p);
  if (c == QUOTE) {
    const end = str(p);
    if (end < 0) return GIVE_UP;
    setSlot(slot, STRING, p, end, escaped ? 1 : 0);
    return end;
  }
  if (c == 0x6e && nullable) {
    const end = word(p);
    if (end < 0) return GIVE_UP;
    setSlot(slot, NULL, p, end, 0);
    return end;
  }
  return GIVE_UP;
}

function member(what: i32, ks: i32, ke: i32, p: i32): i32 {
  if (what == IN_DELTA) {
    if (key(ks, ke, 'type')) return scalar(DELTA_TYPE, p, false);
    // Its text, under whichever of the names the adapter reads; a second one gives up (the slot is taken).
    if (key(ks, ke, 'text') || key(ks, ke, 'thinking') || key(ks, ke, 'partial_json') || key(ks, ke, 'signature'))
      return scalar(FRAGMENT, p, false);
    return GIVE_UP;
  }
  if (what == IN_EVENT) {
    if (key(ks, ke, 'type')) return scalar(EVENT_TYPE, p, false);
    if (key(ks, ke, 'index')) {
      if (kindOf(INDEX) != ABSENT) return GIVE_UP;
      const end = num(p);
      if (end < 0) return GIVE_UP;
      setSlot(INDEX, NUMBER, p, end, 0);
      return end;
    }
    if (key(ks, ke, 'delta')) return object(DELTA, p, IN_DELTA);
    return GIVE_UP;
  }
  if (key(ks, ke, 'type')) return scalar(TYPE, p, false);
  if (key(ks, ke, 'subtype')) return scalar(SUBTYPE, p, false);
  if (key(ks, ke, 'status')) return scalar(STATUS, p, true);
  if (key(ks, ke, 'session_id')) return scalar(SESSION_ID, p, true);
  if (key(ks, ke, 'uuid')) return scalar(UUID, p, true);
  if (key(ks, ke, 'timestamp')) return scalar(TIMESTAMP, p, true);
  if (key(ks, ke, 'parent_tool_use_id')) return scalar(PARENT, p, true);
  if (key(ks, ke, 'event')) return object(EVENT, p, IN_EVENT);
  return GIVE_UP;
}

/** An object at p, into `slot` (which must be empty), its members read as `what`. */
function object(slot: i32, p: i32, what: i32): i32 {
  if (kindOf(slot) != ABSENT || at(p) != 0x7b) return GIVE_UP;
  const end = members(p, what);
  if (end < 0) return GIVE_UP;
  setSlot(slot, OBJECT, p, end, 0);
  return end;
}

function members(p: i32, what: i32): i32 {
  let i = ws(p + 1);
  if (at(i) == 0x7d) return i + 1;
  while (true) {
    if (at(i) != QUOTE) return GIVE_UP;
    const ke = str(i);
    // An escaped key could spell any name: the full path reads such lines.
    if (ke < 0 || escaped) return GIVE_UP;
    const ks = i;
    i = ws(ke);
    if (at(i) != 0x3a) return GIVE_UP;
    i = member(what, ks + 1, ke - 1, ws(i + 1));
    if (i < 0) return GIVE_UP;
    i = ws(i);
    const c = at(i);
    if (c == 0x7d) return i + 1;
    if (c != 0x2c) return GIVE_UP;
    i = ws(i + 1);
  }
  return GIVE_UP;
}

/** Whether string `slot` holds `word` (unescaped). */
function holds(slot: i32, word: string): bool {
  const o = OUT + <usize>(slot * 16);
  return load<i32>(o) == STRING && load<i32>(o, 12) == 0 && key(load<i32>(o, 4) + 1, load<i32>(o, 8) - 1, word);
}

/** The index's value, when it is a plain integer of at most 9 digits. */
function indexValue(): void {
  const o = OUT + <usize>(INDEX * 16);
  if (load<i32>(o) != NUMBER) return;
  const s = load<i32>(o, 4);
  const e = load<i32>(o, 8);
  if (e - s > 9 || (e - s > 1 && at(s) == 0x30)) return;
  let v = 0;
  for (let i = s; i < e; i++) {
    const c = at(i);
    if (c < 0x30 || c > 0x39) return;
    v = v * 10 + <i32>(c - 0x30);
  }
  setSlot(INDEX_VALUE, PLAIN, v, 0, 0);
}

/**
 * Reads the line at [s, e) of the memory into the slots at `out`: STREAM_EVENT or SYSTEM when it is a frame of the
 * shape above whose `type` is that, else NOT_READ.
 */
export function readFrame(s: i32, e: i32, out: usize): i32 {
  B = 0;
  END = e;
  OUT = out;
  for (let k = 0; k < SLOTS; k++) setSlot(k, ABSENT, 0, 0, 0);
  let p = ws(s);
  if (at(p) != 0x7b) return NOT_READ;
  p = members(p, IN_TOP);
  if (p < 0 || ws(p) != e) return NOT_READ;
  if (holds(TYPE, 'system')) return SYSTEM;
  if (!holds(TYPE, 'stream_event')) return NOT_READ;
  let ev = 0;
  if (holds(EVENT_TYPE, 'content_block_delta')) ev = 1;
  else if (holds(EVENT_TYPE, 'content_block_stop')) ev = 2;
  else if (holds(EVENT_TYPE, 'message_stop')) ev = 3;
  setSlot(EVENT_WORD, ev, 0, 0, 0);
  let d = 0;
  if (holds(DELTA_TYPE, 'text_delta')) d = 1;
  else if (holds(DELTA_TYPE, 'input_json_delta')) d = 2;
  else if (holds(DELTA_TYPE, 'thinking_delta')) d = 3;
  else if (holds(DELTA_TYPE, 'signature_delta')) d = 4;
  setSlot(DELTA_WORD, d, 0, 0, 0);
  indexValue();
  return STREAM_EVENT;
}
