import { FAST_SCAN_WASM } from './wasm-binary';
import { searchBytes, type ByteSearch } from './search';

/** Bytes kept for needles; the slots `readAssistant` fills follow, then the chunk space. */
const NEEDLE_BYTES = 4096;
const SLOT_BYTES = 4096;
const PAGE = 65536;
/** The chunk size the memory holds (the CLI reads 4 MiB at a time). */
export const SIMD_CHUNK = 4 << 20;
/** Room after the chunk for `elide`'s output: three i32 per string found. */
const SPAN_BYTES = 64 << 10;
/** The most newlines `lineEnds` gives of a chunk (an i32 each): a 4 MiB chunk of lines of 64 bytes or more. */
const ENDS_MAX = 1 << 16;

/** Slots of `readAssistant`'s output (wasm/assistant.ts): four numbers each (kind, start, end, escaped). */
export const SLOT = {
  uuid: 0,
  sessionId: 1,
  sessionIdSnake: 2,
  requestId: 3,
  requestIdSnake: 4,
  timestamp: 5,
  type: 6,
  isSidechain: 7,
  isApiError: 8,
  messageId: 9,
  model: 10,
  agentId: 11,
  parentToolUseId: 12,
} as const;
/** Where the usage object's start and end follow the slots (start -1: none). */
export const USAGE_SLOT = 13;
/** `slots` indexes of the usage's state (0: no usage object, 1: every count plain, read into `counts`; 2: anything
 *  else, for the JavaScript side to read) and of the mask of the counts present. */
export const USAGE_STATE = USAGE_SLOT * 4 + 2;
export const USAGE_MASK = USAGE_STATE + 1;
/** `counts` indexes (and mask bits) of the usage's counts. */
export const COUNT = {
  input: 0,
  output: 1,
  cacheCreation: 2,
  cacheRead: 3,
  cache5m: 4,
  cache1h: 5,
  webSearch: 6,
} as const;
/** `slots` indexes where `nextLine` writes the line's start and end (past everything `readAssistant` writes). */
const LINE_BOUNDS = SLOT_BYTES / 4 - 2;
/** What `readFrame` found (wasm/frames.ts). */
export const FRAME = { none: 0, stream: 1, system: 2 } as const;
/** What `readLine` found. */
export const LINE = { unsure: 0, assistant: 1, other: 2 } as const;
/** A slot's kind. */
export const KIND = { absent: 0, string: 1, null: 2, true: 3, false: 4 } as const;

type Fn = (...args: number[]) => number;

/** An export, called directly (they take and return i32s: JavaScript numbers, no wrapper needed). */
function fn(v: unknown): Fn {
  if (typeof v !== 'function') throw new Error('fast-scan.wasm: an export is missing');
  return v as Fn;
}

/**
 * The fast path's WebAssembly module (wasm/fast-scan.ts): a SIMD byte search 4-5x faster than Node's `Buffer.indexOf`
 * on transcripts, and a validating reader of assistant lines (lib/fast/lean.ts). Both work on bytes in its own memory:
 * `chunk()` hands out that space, `hold` copies a chunk in; any other bytes go to the plain search. One per thread:
 * the memory never grows after it is made, so views of it stay valid.
 */
export class ScanWasm {
  /** The whole memory, as bytes. */
  readonly bytes: Uint8Array;
  /** `readAssistant`'s, `nextLine`'s and `readFrame`'s output (the same space: read it straight after the call). */
  readonly slots: Int32Array;
  /** Its usage counts, when they are plain (`USAGE_STATE`). */
  readonly counts: Float64Array;
  private readonly find: Fn;
  private readonly findByte: Fn;
  private readonly findByteBack: Fn;
  private readonly read: Fn;
  private readonly next: Fn;
  private readonly elideFn: Fn;
  private readonly clipFn: Fn;
  private readonly frameFn: Fn;
  private readonly endsFn: Fn;
  /** `lineEnds`'s output. */
  private readonly ends: Int32Array;
  /** Where `holdFrames` copies a chunk for `readFrame` (a space of its own: `clip` overwrites the chunk space). */
  private readonly frameSpace: Uint8Array;
  /** Who holds `frameSpace` now (a reader per source: the chunks of two sources may take turns). */
  private frameOwner: object | undefined;
  private readonly spanBase: number;
  /** `elide`'s output: the strings' bounds, two numbers each. */
  readonly spans: Int32Array;
  private readonly needles = new Map<Uint8Array, number>();
  private readonly needleBase: number;
  private needleEnd: number;
  private readonly slotBase: number;
  private readonly space: Uint8Array;

  private constructor(instance: WebAssembly.Instance) {
    const { memory } = instance.exports;
    if (!(memory instanceof WebAssembly.Memory)) throw new Error('fast-scan.wasm: no memory');
    this.find = fn(instance.exports['find']);
    this.findByte = fn(instance.exports['findByte']);
    this.findByteBack = fn(instance.exports['findByteBack']);
    this.read = fn(instance.exports['readAssistant']);
    this.next = fn(instance.exports['nextLine']);
    this.elideFn = fn(instance.exports['elide']);
    this.clipFn = fn(instance.exports['clip']);
    this.frameFn = fn(instance.exports['readFrame']);
    this.endsFn = fn(instance.exports['lineEnds']);
    const base = (fn(instance.exports['heapBase'])() + 15) & ~15;
    this.needleBase = base;
    this.needleEnd = base;
    this.slotBase = base + NEEDLE_BYTES;
    const chunkBase = this.slotBase + SLOT_BYTES;
    this.spanBase = chunkBase + SIMD_CHUNK + 64;
    const frameBase = this.spanBase + SPAN_BYTES;
    const endsBase = frameBase + SIMD_CHUNK;
    const need = endsBase + ENDS_MAX * 4;
    if (need > memory.buffer.byteLength) memory.grow(Math.ceil((need - memory.buffer.byteLength) / PAGE));
    this.bytes = new Uint8Array(memory.buffer);
    this.slots = new Int32Array(memory.buffer, this.slotBase, SLOT_BYTES / 4);
    this.counts = new Float64Array(memory.buffer, this.slotBase + (USAGE_STATE + 2) * 4, 8);
    this.space = new Uint8Array(memory.buffer, chunkBase, SIMD_CHUNK);
    this.spans = new Int32Array(memory.buffer, this.spanBase, SPAN_BYTES / 4);
    this.frameSpace = new Uint8Array(memory.buffer, frameBase, SIMD_CHUNK);
    this.ends = new Int32Array(memory.buffer, endsBase, ENDS_MAX);
  }

  /** A new module instance, or undefined where WebAssembly SIMD is not available (or a policy forbids compiling it). */
  static create(): ScanWasm | undefined {
    try {
      const bytes = base64Bytes(FAST_SCAN_WASM);
      if (typeof WebAssembly === 'undefined' || !WebAssembly.validate(bytes)) return undefined;
      return new ScanWasm(new WebAssembly.Instance(new WebAssembly.Module(bytes)));
    } catch {
      return undefined;
    }
  }

  /** The space a chunk can be read into (`SIMD_CHUNK` bytes); what `hold` copies in overwrites it. */
  chunk(): Uint8Array {
    return this.space;
  }

  /** Whether `bytes` are in this memory (a view of `chunk()`), so that `search` and `readAssistant` run on them. */
  holds(bytes: Uint8Array): boolean {
    // `bytes.buffer` of the view it was made with: `memory.buffer` is a call into the engine each time it is read.
    return bytes.buffer === this.bytes.buffer;
  }

  /** Copies up to `SIMD_CHUNK` bytes into the chunk space; returns the view of them. */
  hold(bytes: Uint8Array): Uint8Array {
    this.space.set(bytes);
    return this.space.subarray(0, bytes.length);
  }

  /** Searches bytes this memory holds (`holds`); others go to the plain JavaScript search. */
  readonly search: ByteSearch = (hay, needle, from) => {
    const at = needle.length > 0 && this.holds(hay) ? this.needleAt(needle) : -1;
    return at < 0 ? searchBytes(hay, needle, from) : this.find(hay.byteOffset, hay.length, at, needle.length, from);
  };

  /** `hay.indexOf(byte, from)`, 16 bytes at a time for bytes this memory holds (V8's takes one at a time). */
  indexOf(hay: Uint8Array, byte: number, from: number): number {
    if (!this.holds(hay) || from < 0) return hay.indexOf(byte, from);
    return this.findByte(hay.byteOffset, hay.length, byte, from);
  }

  /** `hay.lastIndexOf(byte, at)` (for `0 <= at < hay.length`), 16 bytes at a time for bytes this memory holds. */
  lastIndexOf(hay: Uint8Array, byte: number, at: number): number {
    if (!this.holds(hay) || at < 0 || at >= hay.length) return hay.lastIndexOf(byte, at);
    return this.findByteBack(hay.byteOffset, byte, at);
  }

  /** Whether `nextLine` can search for `needle` (it is copied into the memory the first time; the space is small). */
  canSearch(needle: Uint8Array): boolean {
    return needle.length > 0 && this.needleAt(needle) >= 0;
  }

  /**
   * The next line of `hay[from, to)` (bytes this memory holds, a needle `canSearch` takes) in which `needle` follows an
   * unescaped quote, as `nextStructural` finds it: its match, or -1; the line's bounds are then `lineStart()` (not
   * before `from`) and `lineEnd()` (its `\n`, or `to`). One call into the module per line.
   */
  nextLine(hay: Uint8Array, needle: Uint8Array, from: number, to: number): number {
    return this.next(
      hay.byteOffset,
      hay.length,
      this.needleAt(needle),
      needle.length,
      from,
      to,
      this.slotBase + LINE_BOUNDS * 4,
    );
  }

  lineStart(): number {
    return this.slots[LINE_BOUNDS] ?? 0;
  }

  lineEnd(): number {
    return this.slots[LINE_BOUNDS + 1] ?? 0;
  }

  /**
   * Reads the line `buf[s, e)` (held in this memory) into `slots`, with every position in the memory (`bytes`):
   * `LINE.assistant` when it is valid JSON with a `message` object and a `content` array of blocks, and every field
   * the adapter checks has its type; `LINE.other` when it is valid JSON, its top level an object whose checked fields
   * have their types, but with no such message (only the top-level slots are read then); `LINE.unsure` for anything
   * else, which the full path then reads.
   */
  readLine(buf: Uint8Array, s: number, e: number): number {
    return this.read(buf.byteOffset + s, buf.byteOffset + e, this.slotBase);
  }

  /**
   * The strings of the line `buf[s, e)` (held in this memory) of at least `min` bytes that `loupe stats` never reads
   * (wasm/elide.ts `elide`, lib/fast/elide.ts): how many, their bounds in `spans` as positions in the memory (the
   * opening quote, past the closing one); 0 when none, or the line is not sound JSON, or the reader is unsure.
   */
  elide(buf: Uint8Array, s: number, e: number, min: number): number {
    return this.elideFn(buf.byteOffset + s, buf.byteOffset + e, this.spanBase, SPAN_BYTES / 12, min);
  }

  /**
   * The long tool outputs of the `user` line `buf[s, e)` (held in this memory) to cut after `units` UTF-16 units
   * (wasm/clip.ts `clip`, lib/fast/clip.ts): how many, in `spans` three numbers each (where the kept bytes end, where
   * the closing quote is, as positions in the memory; the units cut off). Strings under `min` bytes are left whole.
   */
  clip(buf: Uint8Array, s: number, e: number, units: number, min: number): number {
    return this.clipFn(buf.byteOffset + s, buf.byteOffset + e, this.spanBase, SPAN_BYTES / 12, units, min);
  }

  /**
   * Copies bytes (at most `SIMD_CHUNK`: a chunk of a source's lines) into the space `readFrame` reads, for `owner`;
   * false when they do not fit.
   */
  holdFrames(bytes: Uint8Array, owner: object): boolean {
    if (bytes.length > SIMD_CHUNK) return false;
    this.frameSpace.set(bytes);
    this.frameOwner = owner;
    return true;
  }

  /**
   * The offsets of the newlines in the first `length` bytes held for `readFrame` (`holdFrames`), in order: a view valid
   * until the next call; undefined when there are more than `ENDS_MAX` (the caller looks for them itself).
   */
  lineEnds(length: number): Int32Array | undefined {
    const n = this.endsFn(this.frameSpace.byteOffset, Math.min(length, SIMD_CHUNK), this.ends.byteOffset, ENDS_MAX);
    return n < 0 ? undefined : this.ends.subarray(0, n);
  }

  /** Whether `owner`'s bytes are the ones in the space `readFrame` reads (no one else's came since). */
  holdsFrames(owner: object): boolean {
    return this.frameOwner === owner;
  }

  /**
   * Reads the line at `[s, e)` of the held bytes (`holdFrames`) as a small Agent SDK frame (wasm/frames.ts
   * `readFrame`, lib/fast/frames.ts) into `slots`, each position counted from `frameBase`: which `FRAME` it is.
   */
  readFrame(s: number, e: number): number {
    const base = this.frameSpace.byteOffset;
    return this.frameFn(base + s, base + e, this.slotBase);
  }

  /** Where `readFrame`'s positions count from. */
  get frameBase(): number {
    return this.frameSpace.byteOffset;
  }

  /** Where a needle is in the memory (copied in the first time it is searched for); -1 when its space is full. */
  private needleAt(needle: Uint8Array): number {
    const known = this.needles.get(needle);
    if (known !== undefined) return known;
    if (this.needleEnd + needle.length > this.needleBase + NEEDLE_BYTES) return -1;
    const at = this.needleEnd;
    this.bytes.set(needle, at);
    this.needleEnd += needle.length;
    this.needles.set(needle, at);
    return at;
  }
}

let shared: ScanWasm | null | undefined;

/** This thread's module (made on first use), or undefined where there is none. Scanners share it: `push` is synchronous,
 *  so one scanner's chunk is never in the memory while another's is read. */
export function sharedWasm(): ScanWasm | undefined {
  if (shared === undefined) shared = ScanWasm.create() ?? null;
  return shared ?? undefined;
}

function base64Bytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
