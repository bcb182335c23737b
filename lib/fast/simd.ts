import { searchBytes, type ByteSearch } from './search';

/**
 * The binary of simd-find.wat (342 bytes; simd.test.ts assembles the source and checks it is this). Embedded so that
 * every bundle (the CLI, its worker threads, the browser's Web Workers) has it without a file to fetch.
 */
export const SIMD_FIND_WASM =
  'AGFzbQEAAAABCgFgBX9/f39/AX8DAgEABQMBAAEHEQIGbWVtb3J5AgAEZmluZAAACqMCAaACAwF/AnsEfyACLQAA/Q8hBiACIANBAWtqLQAA/Q8hByAEIQUgAUEPIANqayELAkADQCAFIAtKDQEgACAFav0ABAAgBv0jIAAgBWogA0EBa2r9AAQAIAf9I/1O/WQhCAJAA0AgCEUNASAFIAhoaiEJQQEhCgJAA0AgCiADQQFrTw0BIAAgCWogCmotAAAgAiAKai0AAEcNASAKQQFqIQoMAAsLIAogA0EBa08EQCAJDwsgCCAIQQFrcSEIDAALCyAFQRBqIQUMAAsLAkADQCAFIANqIAFKDQFBACEKAkADQCAKIANPDQEgACAFaiAKai0AACACIApqLQAARw0BIApBAWohCgwACwsgCiADTwRAIAUPCyAFQQFqIQUMAAsLQX8L';

/** Bytes kept for needles at the start of the memory; chunks go after them. */
const NEEDLE_BYTES = 4096;
const PAGE = 65536;
/** The chunk size the memory holds (the CLI reads 4 MiB at a time). */
export const SIMD_CHUNK = 4 << 20;

type Find = (hay: number, len: number, needle: number, n: number, from: number) => number;

/**
 * A byte search over WebAssembly SIMD, 4-5x faster than Node's `Buffer.indexOf` on transcripts. It searches chunks
 * that are in its own memory (`chunk()` hands out that space; `hold` copies a chunk in); any other bytes go to the
 * fallback search. One per thread: the memory never grows after it is made, so views of it stay valid.
 */
export class SimdSearch {
  private readonly memory: WebAssembly.Memory;
  private readonly find: Find;
  private readonly needles = new Map<Uint8Array, number>();
  private needleEnd = 0;
  private readonly space: Uint8Array;

  private constructor(instance: WebAssembly.Instance) {
    const { memory, find } = instance.exports;
    if (!(memory instanceof WebAssembly.Memory) || typeof find !== 'function') throw new Error('simd-find.wasm: unexpected exports');
    this.memory = memory;
    this.find = (hay, len, needle, n, from) => Number(find(hay, len, needle, n, from));
    memory.grow(Math.ceil((NEEDLE_BYTES + SIMD_CHUNK) / PAGE));
    this.space = new Uint8Array(memory.buffer, NEEDLE_BYTES, SIMD_CHUNK);
  }

  /** A new search, or undefined where WebAssembly SIMD is not available (or a policy forbids compiling it). */
  static create(): SimdSearch | undefined {
    try {
      const bytes = base64Bytes(SIMD_FIND_WASM);
      if (typeof WebAssembly === 'undefined' || !WebAssembly.validate(bytes)) return undefined;
      return new SimdSearch(new WebAssembly.Instance(new WebAssembly.Module(bytes)));
    } catch {
      return undefined;
    }
  }

  /** The space a chunk can be read into (`SIMD_CHUNK` bytes); what `hold` copies in overwrites it. */
  chunk(): Uint8Array {
    return this.space;
  }

  /** Whether `bytes` are in this memory (a view of `chunk()`), so that `search` runs on them as they are. */
  holds(bytes: Uint8Array): boolean {
    return bytes.buffer === this.memory.buffer;
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

  /** Where a needle is in the memory (copied in the first time it is searched for); -1 when its space is full. */
  private needleAt(needle: Uint8Array): number {
    const known = this.needles.get(needle);
    if (known !== undefined) return known;
    if (this.needleEnd + needle.length > NEEDLE_BYTES) return -1;
    const at = this.needleEnd;
    new Uint8Array(this.memory.buffer, at, needle.length).set(needle);
    this.needleEnd += needle.length;
    this.needles.set(needle, at);
    return at;
  }
}

let shared: SimdSearch | null | undefined;

/** This thread's search (made on first use), or undefined where there is none. Scanners share it: `push` is synchronous,
 *  so one scanner's chunk is never in the memory while another's is searched. */
export function sharedSimd(): SimdSearch | undefined {
  if (shared === undefined) shared = SimdSearch.create() ?? null;
  return shared ?? undefined;
}

function base64Bytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
