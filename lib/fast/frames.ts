import { detach, timeFrom, type NormalizeOptions } from '../trace/adapters/common';
import { isoMillisBytes } from '../trace/adapters/time';
import { leaveUuidBytes, type Head } from '../trace/adapters/messages';
import { deltaName } from '../trace/adapters/sdk-stream';
import { deltaEvent, stopEvent } from '../trace/adapters/stream-events';
import { statusWord, systemSubtype, tinySystemEvent } from '../trace/adapters/sdk-system';
import type { FrameRead, FrameReaders } from '../trace/parse';
import type { TraceEvent } from '../trace/types';
import { FRAME, sharedWasm, SIMD_CHUNK, type ScanWasm } from './scan-wasm';

// The small frames most of an Agent SDK stream's lines are, made into events without JSON.parse: a stream's
// `content_block_delta` frames (three quarters of its lines) and its bare `content_block_stop` / `message_stop` frames,
// and the tiny system frames (status, task progress) of which a long run may hold a million. JSON.parse makes an object
// of each and a string of each value, which the adapter then mostly drops. Here the WebAssembly reader (wasm/frames.ts)
// checks the line as JSON.parse would and finds where its values are; this side makes the event from the line's text,
// copying only the strings the event keeps and comparing the ids and words the lines repeat with the last ones. Each
// event is the adapter's, field for field and in the same shape (lib/fast/frames.test.ts); any line of another shape,
// or of more bytes than characters (text past ASCII), is left to JSON.parse and the adapter.

/** `readFrame`'s slots (wasm/frames.ts; slot 0 is the line's `type`, slot 8 the event's, both told apart there). Slots
 *  are the module's, shared with its other readers: read straight after the call. */
const SUBTYPE = 1;
const STATUS = 2;
const SESSION_ID = 3;
const UUID = 4;
const TIMESTAMP = 5;
const PARENT = 6;
const EVENT = 7;
const INDEX = 9;
const DELTA = 10;
const DELTA_TYPE = 11;
const FRAGMENT = 12;
const EVENT_WORD = 13;
const DELTA_WORD = 14;
const INDEX_VALUE = 15;

/** EVENT_WORD's and DELTA_WORD's kinds: the words as the adapter keeps them (its shared copies). */
const EVENT_WORDS = [undefined, 'content_block_delta', 'content_block_stop', 'message_stop'] as const;
const DELTA_WORDS = [undefined, 'text_delta', 'input_json_delta', 'thinking_delta', 'signature_delta'].map((w) =>
  deltaName(w),
);

/** A slot's kind (INDEX_VALUE's: PLAIN when the module read the index's value). */
const ABSENT = 0;
const STRING = 1;
const PLAIN = 1;

/**
 * The frame readers on this thread's WebAssembly module; undefined where there is none. With `findLines` they also
 * find each chunk's newlines in the module (`FrameRead.lineEnds`), the chunk then copied in once for both: in a
 * browser a `Uint8Array`'s `indexOf` is a byte loop (about 57 ms per 100 MB, against 10 for the copy and the scan); a
 * Node Buffer's is memchr, which the copy makes slower (`loupe stats` on cc-500: 1.47-1.52 s against 1.41-1.49 s).
 */
export function frameReaders(wasm: ScanWasm | undefined = sharedWasm(), findLines = true): FrameReaders | undefined {
  if (!wasm) return undefined;
  return (norm) => new SdkFrames(wasm, norm, findLines);
}

/** A value the lines repeat (a session id, a status word): the last one as written and as read. */
class Repeated {
  private raw = '\u0000';
  private value = '';

  constructor(private readonly share: (s: string) => string) {}

  /** The string at `[s, e)` of `text` (its quotes included), shared with the last line's when written the same. */
  of(text: string, s: number, e: number): string {
    const raw = text.slice(s, e);
    if (raw !== this.raw) {
      // A copy (`detach`): kept until the value changes, a slice would keep the text it was cut from.
      this.raw = detach(raw);
      this.value = this.share(JSON.parse(raw) as string);
    }
    return this.value;
  }
}

class SdkFrames implements FrameRead {
  private readonly slots: Int32Array;
  /** The chunk the lines come from; copied into the module's memory from its first frame line on. */
  private bytes: Uint8Array = new Uint8Array(0);
  private held = false;
  /** The part of the chunk held, `[from, to)`. */
  private from = 0;
  private to = 0;
  /** Where the text of the line read last starts, in the module's memory's positions: its slots' positions, less this,
   *  are its characters' in the text. */
  private base = 0;
  private readonly sessions: Repeated;
  private readonly parents: Repeated;
  private readonly statuses: Repeated;

  constructor(
    private readonly wasm: ScanWasm,
    norm: NormalizeOptions,
    findLines: boolean,
  ) {
    if (!findLines) this.lineEnds = undefined;
    this.slots = wasm.slots;
    const intern = (s: string): string => (norm.intern ? norm.intern(s) : s);
    this.sessions = new Repeated(intern);
    this.parents = new Repeated(intern);
    this.statuses = new Repeated((s) => statusWord(s, norm));
  }

  /** The chunk `lineEnds` was asked of, copied whole into the module's memory (undefined: it did not fit). */
  private found: Uint8Array | undefined;

  lineEnds: FrameRead['lineEnds'] = (bytes) => {
    this.found = this.wasm.holdFrames(bytes, this) ? bytes : undefined;
    return this.found ? this.wasm.lineEnds(bytes.length) : undefined;
  };

  chunk(bytes: Uint8Array): void {
    this.bytes = bytes;
    // The chunk `lineEnds` copied in is the one its frames are read from: no second copy.
    this.held = this.found === bytes && this.wasm.holdsFrames(this);
    this.from = 0;
    this.to = this.held ? bytes.length : 0;
    this.found = undefined;
  }

  read(text: string, at: number, h: Head, start = 0, length = text.length - start): TraceEvent | undefined {
    // A cheap filter: the SDKs write `{"type":"system"` or `{"type":"stream_event"` (the module takes the members in
    // any order, and checks them all).
    if (text.charCodeAt(start + 9) !== 0x73 || text.charCodeAt(start) !== 0x7b) return undefined;
    const end = at + length;
    if (!this.held || !this.wasm.holdsFrames(this) || at < this.from || end > this.to) {
      // The chunk from this line on, or as much of it as the module's space holds.
      this.from = at;
      this.to = Math.min(this.bytes.length, at + SIMD_CHUNK);
      this.held = end <= this.to && this.wasm.holdFrames(this.bytes.subarray(this.from, this.to), this);
      if (!this.held) return undefined;
    }
    const frame = this.wasm.readFrame(at - this.from, end - this.from);
    if (frame === FRAME.none) return undefined;
    // A slot's position in the memory, less this, is its character's in `text`.
    this.base = this.wasm.frameBase + at - this.from - start;
    return frame === FRAME.stream ? this.stream(text, h) : this.system(text, h);
  }

  /** A tiny system frame, as `tinySystem` (lib/trace/adapters/sdk-system.ts) reads it. */
  private system(text: string, h: Head): TraceEvent | undefined {
    if (this.kind(PARENT) !== ABSENT || this.kind(EVENT) !== ABSENT || this.kind(SUBTYPE) !== STRING) return undefined;
    const subtype = systemSubtype(this.word(text, SUBTYPE));
    if (subtype === undefined) return undefined;
    const status = this.kind(STATUS) === STRING ? this.repeated(text, STATUS, this.statuses) : undefined;
    const session = this.session(text);
    const time = this.time(text);
    // Last: the event is sure to take the shape without a uuid once it is left.
    const left = this.leaveUuid(h);
    return tinySystemEvent(h, session, left ? undefined : this.string(text, UUID), time, subtype, status, left);
  }

  /** A content_block_delta, content_block_stop or message_stop frame, as `streamFastPath` (sdk-stream.ts) reads it. */
  private stream(text: string, h: Head): TraceEvent | undefined {
    if (this.kind(SUBTYPE) !== ABSENT || this.kind(STATUS) !== ABSENT || this.kind(EVENT) === ABSENT) return undefined;
    const type = EVENT_WORDS[this.kind(EVENT_WORD)];
    if (type === undefined || (type === 'content_block_delta') === (this.kind(DELTA) === ABSENT)) return undefined;
    const index = this.index(text);
    const sessionId = this.session(text);
    const parent = this.kind(PARENT) === STRING ? this.repeated(text, PARENT, this.parents) : undefined;
    if (type !== 'content_block_delta')
      return stopEvent(h, sessionId, parent, this.time(text), this.string(text, UUID), type, index, undefined);
    const deltaType =
      this.kind(DELTA_TYPE) !== STRING
        ? undefined
        : (DELTA_WORDS[this.kind(DELTA_WORD)] ?? deltaName(this.string(text, DELTA_TYPE)));
    return deltaEvent(h, sessionId, parent, this.time(text), index, deltaType, this.string(text, FRAGMENT));
  }

  /** The event's index: a plain one as the module read it, any other number as JSON.parse reads it. */
  private index(text: string): number | undefined {
    if (this.kind(INDEX) === ABSENT) return undefined;
    if (this.kind(INDEX_VALUE) === PLAIN) return this.slots[INDEX_VALUE * 4 + 1];
    return Number(text.slice(this.start(INDEX), this.end(INDEX)));
  }

  private kind(slot: number): number {
    return this.slots[slot * 4] ?? ABSENT;
  }

  private start(slot: number): number {
    return (this.slots[slot * 4 + 1] ?? 0) - this.base;
  }

  private end(slot: number): number {
    return (this.slots[slot * 4 + 2] ?? 0) - this.base;
  }

  /** A string slot's value, to compare with a word (a slice of the line, never kept). */
  private word(text: string, slot: number): string {
    const s = this.start(slot);
    const e = this.end(slot);
    return this.slots[slot * 4 + 3] ? (JSON.parse(text.slice(s, e)) as string) : text.slice(s + 1, e - 1);
  }

  /** A string slot's value to keep, undefined when the slot is absent or null: its escapes read by JSON.parse, else
   *  its characters copied (`detach`: a slice would keep the chunk's whole decoded text alive as long as the event). */
  private string(text: string, slot: number): string | undefined {
    if (this.kind(slot) !== STRING) return undefined;
    const s = this.start(slot);
    const e = this.end(slot);
    return this.slots[slot * 4 + 3] ? (JSON.parse(text.slice(s, e)) as string) : detach(text.slice(s + 1, e - 1));
  }

  /** The uuid left apart as its bytes in the module's memory (`leaveUuidBytes`), when the sink keeps uuids and it is
   *  written plainly in ASCII: no escape, no byte past 0x7F (a line of invalid UTF-8 may reach here, each such byte
   *  decoded as one U+FFFD, which the string keeps). No string is made of it. */
  private leaveUuid(h: Head): boolean {
    if (this.kind(UUID) !== STRING || this.slots[UUID * 4 + 3]) return false;
    const s = (this.slots[UUID * 4 + 1] ?? 0) + 1;
    const length = (this.slots[UUID * 4 + 2] ?? 0) - 1 - s;
    if (length > 255) return false;
    const mem = this.wasm.bytes;
    for (let i = s; i < s + length; i++) if ((mem[i] ?? 0x80) > 0x7f) return false;
    return leaveUuidBytes(h, mem, s, length);
  }

  private repeated(text: string, slot: number, last: Repeated): string {
    return last.of(text, this.start(slot), this.end(slot));
  }

  private session(text: string): string | undefined {
    return this.kind(SESSION_ID) === STRING ? this.repeated(text, SESSION_ID, this.sessions) : undefined;
  }

  /** The timestamp read off the line's bytes in the module when it is written plainly (no escape: its bytes are its
   *  characters); any other form as the adapter reads it (`timeFrom`). No string is made of it either way but the
   *  last. */
  private time(text: string): number | undefined {
    if (this.kind(TIMESTAMP) !== STRING) return undefined;
    if (!this.slots[TIMESTAMP * 4 + 3]) {
      const s = (this.slots[TIMESTAMP * 4 + 1] ?? 0) + 1;
      const t = isoMillisBytes(this.wasm.bytes, s, (this.slots[TIMESTAMP * 4 + 2] ?? 0) - 1 - s);
      if (t !== undefined) return t;
    }
    return timeFrom(this.word(text, TIMESTAMP));
  }
}
