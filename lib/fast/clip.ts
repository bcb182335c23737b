import { DEFAULT_NORMALIZE } from '../trace/adapters/common';
import { cutMark } from '../trace/adapters/cut';
import type { ParseOptions } from '../trace/parse';
import { lineElider, type LineShrink } from './elide';
import { frameReaders } from './frames';
import { sharedWasm, SIMD_CHUNK, type ScanWasm } from './scan-wasm';

// What the workbench's load need not decode of a line. A third of a session's bytes are tool outputs longer than the
// model keeps of them (a file read, a command's output: `clampText` keeps 16,384 characters and the length), and
// more are copies it never reads (a Read's `file.content`, an Edit's `originalFile`, a file-history snapshot's list).
// The rows, filters and details read only what is kept; the Raw tab and "Show all" read the line again from its source.
// The WebAssembly reader (wasm/clip.ts `clip`) checks the line as JSON.parse would and finds those values. A string
// the model keeps the start of keeps the bytes of its first `clamp + 1` characters, followed by how many characters
// were cut off (`cutMark`), which `fullLength` counts back in; one it never reads keeps none; a snapshot becomes `{}`.
// The events are the same as from the whole line (a line whose cut text makes no event of its kind is read again
// whole: lib/trace/parse-bytes.ts): lib/fast/clip-load.test.ts loads every fixture and sample both ways with a small
// clamp and compares the traces.

/** A value must lose at least this many bytes to be cut: the mark costs up to 24. */
const MIN_SAVED = 256;
const EMPTY = new TextEncoder().encode('{}');
// A line whose kind is written otherwise (spaces around the colon) is read whole.
const USER = new TextEncoder().encode('"type":"user"');
const SNAPSHOT = new TextEncoder().encode('"type":"file-history-snapshot"');

/**
 * The shrink for the workbench's load (`LoadHooks.clip`) with the model's `clamp`, on this thread's WebAssembly
 * module (its chunk space is overwritten: not while a fast-path scan runs on it); undefined where there is none.
 */
export function lineClipper(clamp: number, wasm: ScanWasm | undefined = sharedWasm()): LineShrink | undefined {
  if (!wasm) return undefined;
  const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
  const encoder = new TextEncoder();
  const keep = clamp + 1;
  return (bytes) => {
    if (bytes.length > SIMD_CHUNK || bytes.length < 2 * MIN_SAVED) return undefined;
    // Always a copy: the cut rewrites the bytes in place, and a line read whole after all must find them intact.
    const held = wasm.hold(bytes);
    // Most long lines are of other kinds (assistant lines): a search for the two kinds costs less than the walk.
    if (wasm.search(held, USER, 0) < 0 && wasm.search(held, SNAPSHOT, 0) < 0) return undefined;
    const n = wasm.clip(held, 0, held.length, keep, MIN_SAVED);
    if (n <= 0) return undefined;
    const mem = wasm.bytes;
    const spans = wasm.spans;
    const end = held.byteOffset + held.length;
    // In place: each string's bytes past its cut become the mark (a snapshot becomes `{}`) and what follows moves up
    // (never past what is still to be read: what is written is shorter than what it replaces).
    let to = -1;
    let from = held.byteOffset;
    for (let k = 0; k < n; k++) {
      const cut = spans[3 * k] ?? 0;
      const close = spans[3 * k + 1] ?? 0;
      const units = spans[3 * k + 2] ?? 0;
      if (to < 0) to = cut;
      else {
        mem.copyWithin(to, from, cut);
        to += cut - from;
      }
      const mark = units < 0 ? EMPTY : encoder.encode(cutMark(units));
      // Never reached (wasm/clip.ts cuts only what is longer than the mark): a longer mark would overwrite bytes not
      // yet moved.
      if (mark.length > close - cut) return undefined;
      mem.set(mark, to);
      to += mark.length;
      from = close;
    }
    if (to < 0) return undefined;
    mem.copyWithin(to, from, end);
    to += end - from;
    return decoder.decode(mem.subarray(held.byteOffset, to));
  };
}

/** What a load leaves undecoded (`ParseOptions`). */
export type LineReaders = Pick<ParseOptions, 'shrink' | 'clip' | 'frames'>;

/**
 * What a CLI load leaves undecoded, on this thread's module (none without one): every load cuts long tool outputs
 * (`clip`); `loupe stats`, which never reads them, also makes short what else it does not read (`shrink`,
 * lib/fast/elide.ts).
 */
export function lineReaders(stats: boolean): LineReaders {
  const clip = lineClipper(DEFAULT_NORMALIZE.clamp);
  const shrink = stats ? lineElider() : undefined;
  // Its chunks are Node Buffers, whose `indexOf` finds newlines faster than the module (see `frameReaders`).
  const frames = frameReaders(undefined, false);
  return { ...(clip ? { clip } : {}), ...(shrink ? { shrink } : {}), ...(frames ? { frames } : {}) };
}
