import type { StreamRebuild } from '../trace/model/types';
import type { ContentBlock, SideEffect, StreamEvent, ToolResultBlock, TraceEvent } from '../trace/types';

// Events reduced to what the totals read (see stats-load.ts), for the model `loupe stats` builds.
//
// Text the model only compares is replaced by a digest of it (its length and a 64-bit hash): completed blocks are
// merged by their text (one per distinct text) and compared with the blocks rebuilt from the stream. A digest is
// equal exactly when the text is (two different texts with the same length and hash are the only way they could
// differ, a chance of about 2^-64 per pair). Text the totals never read (prompts, tool output, side effects other
// than the subagent id, hook and progress text, raw rows) is dropped. What they do read stays: tool-call ids and
// names, the name/description/subagent_type an agent lane is labelled with, the text of an error result (a denial
// is told by its words), usage, ids, times, flags.

/** The length, then two independent 32-bit FNV-1a hashes of the UTF-16 code units, in fixed-width hex. */
export function digest(s: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  // Joined, not concatenated: one flat string (a template makes a tree of strings: 0.4 MB more per 100 MB read).
  return [s.length, ':', hex(a), hex(b)].join('');
}

const hex = (n: number): string => (n >>> 0).toString(16).padStart(8, '0');

/**
 * A digest of a JSON value as `digest` makes of text, taken as the value is walked (its objects' keys sorted), without
 * writing it out as JSON first: two values are `sameJson` (stream.ts) exactly when their digests are equal (but for
 * the 2^-64 chance). Each value is fed with a tag of its kind; a string, a key and a number with their length.
 */
export function jsonDigest(value: unknown): string {
  const h = { a: 0x811c9dc5, b: 0x01000193, n: 0 };
  feedValue(h, value);
  return [h.n, ':', hex(h.a), hex(h.b)].join('');
}

interface HashState {
  a: number;
  b: number;
  /** Code units fed. */
  n: number;
}

function feed(h: HashState, c: number): void {
  h.a = Math.imul(h.a ^ c, 0x01000193);
  h.b = Math.imul(h.b ^ c, 0x5bd1e995) ^ (h.b >>> 15);
  h.n += 1;
}

function feedString(h: HashState, tag: number, s: string): void {
  feed(h, tag);
  feed(h, s.length);
  for (let i = 0; i < s.length; i++) feed(h, s.charCodeAt(i));
}

// Tags, fed first for every value: what follows each (a length, then as many code units or values) is then read one
// way only, so two different values are never fed alike.
const T_STRING = 0x10000 + 1;
const T_NUMBER = 0x10000 + 2;
const T_TRUE = 0x10000 + 3;
const T_FALSE = 0x10000 + 4;
const T_NULL = 0x10000 + 5;
const T_ARRAY = 0x10000 + 6;
const T_OBJECT = 0x10000 + 7;
const T_KEY = 0x10000 + 8;
const T_OTHER = 0x10000 + 9;

function feedValue(h: HashState, v: unknown): void {
  if (typeof v === 'string') return feedString(h, T_STRING, v);
  // As JSON.stringify writes it (a non-finite number is null there).
  if (typeof v === 'number') return Number.isFinite(v) ? feedString(h, T_NUMBER, String(v)) : feed(h, T_NULL);
  if (v === true) return feed(h, T_TRUE);
  if (v === false) return feed(h, T_FALSE);
  if (v === null) return feed(h, T_NULL);
  if (typeof v !== 'object') return feed(h, T_OTHER);
  if (Array.isArray(v)) {
    feed(h, T_ARRAY);
    feed(h, v.length);
    for (const x of v) feedValue(h, x);
    return;
  }
  const keys = Object.keys(v).sort();
  feed(h, T_OBJECT);
  feed(h, keys.length);
  for (const k of keys) {
    feedString(h, T_KEY, k);
    feedValue(h, Reflect.get(v, k));
  }
}

/** The input fields an agent lane's label reads (agent-names.ts). */
const LABEL_KEYS = ['name', 'description', 'subagent_type'];

/** A tool input as the totals see it: the label fields, and a digest of the whole for comparing with the stream. */
export function leanInput(input: unknown): unknown {
  const d = jsonDigest(input);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return d;
  const out: Record<string, unknown> = { '#': d };
  for (const k of LABEL_KEYS) {
    const v: unknown = Reflect.get(input, k);
    if (typeof v === 'string') out[k] = v;
  }
  return out;
}

function leanBlock(b: ContentBlock): ContentBlock {
  switch (b.type) {
    case 'text':
    case 'thinking':
      return { ...b, text: digest(b.text) };
    case 'tool_use':
      return { ...b, input: leanInput(b.input) };
    default:
      return b;
  }
}

function leanResult(r: ToolResultBlock): ToolResultBlock {
  return r.isError || r.text === '' ? r : { ...r, text: '' };
}

/** Only a subagent's id is read from a side effect (it links the subagent to its call). */
function leanSideEffect(s: SideEffect | undefined): SideEffect | undefined {
  return s?.type === 'agent' && s.agentId !== undefined ? { type: 'agent', agentId: s.agentId, text: '' } : undefined;
}

type Intern = (s: string) => string;

/** Interns a short string that repeats from line to line (a model, a hook name); JSON.parse makes a copy each time. */
const once = (v: string | undefined, intern: Intern): string | undefined => (v === undefined ? v : intern(v));

/**
 * The event with what the totals do not read left out, and the strings that repeat shared. Stream frames go through
 * `leanFrame`.
 */
export function leanEvent(e: Exclude<TraceEvent, StreamEvent>, intern: Intern): TraceEvent {
  switch (e.kind) {
    case 'assistant':
      return {
        ...e,
        model: once(e.model, intern),
        stopReason: once(e.stopReason, intern),
        blocks: e.blocks.map(leanBlock),
      };
    case 'tool-result':
      return { ...e, results: e.results.map(leanResult), sideEffect: leanSideEffect(e.sideEffect) };
    case 'user':
      return e.text === '' ? e : { ...e, text: '' };
    // A field the event lacks is not given to the copy, even as undefined: a key added to a spread copy costs V8
    // several times the copy (a million status frames, which have no model, cwd or version: 2.2 s of 11).
    case 'system':
      return e.model === undefined && e.cwd === undefined && e.version === undefined
        ? { ...e, text: undefined, type: intern(e.type), subtype: once(e.subtype, intern) }
        : {
            ...e,
            text: undefined,
            type: intern(e.type),
            subtype: once(e.subtype, intern),
            model: once(e.model, intern),
            cwd: once(e.cwd, intern),
            version: once(e.version, intern),
          };
    case 'hook':
      return e.outcome === undefined
        ? { ...e, text: undefined, hookEvent: once(e.hookEvent, intern), hookName: once(e.hookName, intern) }
        : {
            ...e,
            text: undefined,
            hookEvent: once(e.hookEvent, intern),
            hookName: once(e.hookName, intern),
            outcome: once(e.outcome, intern),
          };
    case 'progress':
      return { ...e, text: undefined, progressType: intern(e.progressType) };
    case 'meta':
      return { ...e, text: undefined, metaType: intern(e.metaType) };
    case 'unknown':
      return { ...e, raw: '' };
    case 'eval':
      return e.workspaceDiff === undefined ? e : { ...e, workspaceDiff: undefined };
    default:
      return e;
  }
}

/** The frame types as literals of this file: one shared string each, not one per line. */
const FRAME: Readonly<Record<StreamEvent['event'], StreamEvent['event']>> = {
  message_start: 'message_start',
  content_block_start: 'content_block_start',
  content_block_delta: 'content_block_delta',
  content_block_stop: 'content_block_stop',
  message_delta: 'message_delta',
  message_stop: 'message_stop',
  ping: 'ping',
  error: 'error',
};

/**
 * A stream frame once the rebuild has taken what it carries (blocks, fragment, usage, stop reason): where and when it
 * was, its lane, and on a `message_start` the message id and model its model call is found by.
 */
export function leanFrame(e: StreamEvent, intern: Intern): StreamEvent {
  const start = e.event === 'message_start';
  return {
    seq: e.seq,
    source: e.source,
    line: e.line,
    offset: e.offset,
    length: e.length,
    kind: 'stream',
    event: FRAME[e.event],
    ...(e.path !== undefined ? { path: e.path } : {}),
    ...(e.sessionId !== undefined ? { sessionId: e.sessionId } : {}),
    ...(e.parentToolUseId !== undefined ? { parentToolUseId: e.parentToolUseId } : {}),
    ...(e.agentId !== undefined ? { agentId: e.agentId } : {}),
    ...(e.isSidechain !== undefined ? { isSidechain: e.isSidechain } : {}),
    ...(e.time !== undefined ? { time: e.time } : {}),
    ...(e.uuid !== undefined ? { uuid: e.uuid } : {}),
    ...(e.parentUuid !== undefined ? { parentUuid: e.parentUuid } : {}),
    ...(start && e.messageId !== undefined ? { messageId: e.messageId } : {}),
    ...(start && e.model !== undefined ? { model: intern(e.model) } : {}),
  };
}

/**
 * A stream's rebuilt texts in the terms of `leanEvent`'s: each the digest of what a completed block keeps of it (the
 * first `clamp` characters; a longer text is marked so it never equals a completed text kept whole). Its tool inputs
 * are made lean as their blocks stop (stats-builder.ts).
 */
export function leanRebuild(s: StreamRebuild, clamp: number): void {
  for (const b of s.blocks)
    if (b) b.text = b.text.length > clamp ? `${digest(b.text.slice(0, clamp))}…` : digest(b.text);
}
