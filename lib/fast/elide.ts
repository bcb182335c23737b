import { sharedWasm, SIMD_CHUNK, type ScanWasm } from './scan-wasm';

// What `loupe stats` (the full report, lib/engine/stats-load.ts) need not decode of a Claude Code line. Most of a
// session file's bytes are text the totals never read: a tool's structured output (`toolUseResult`: a file read or
// written, a command's output, a patch), the text of a tool result that is not an error (lib/engine/lean-events.ts
// keeps only an error's, whose words tell a denial), a `file-history-snapshot`'s backups, a thinking block's
// signature (only whether there is one is read), the long strings of a progress line's data (output, a hook's command,
// the text of the message an agent_progress copies, of which only ids, model and usage are read). Decoding and parsing
// them was most of the report's time and garbage.
//
// The WebAssembly reader (wasm/elide.ts `elide`) checks the line as JSON.parse would and finds those strings (of
// ELIDE_MIN bytes or more); each is replaced here by `"~"`, every other byte kept. The JSON keeps its shape, every
// key and every other value, so the adapters take the same branches (a side effect is told by its keys; an agent's id,
// a status, are short and kept) and the lean events come out the same: lib/cli/stats-lean.test.ts compares the report
// with the full model's on every fixture, sample and the made corpus. A line that is not sound JSON, or that the
// reader is unsure of (an escaped key), is read whole, so it is reported in its own words.

/** Strings shorter than this many bytes (between the quotes) are kept: an id, a status, a path. */
export const ELIDE_MIN = 256;

const ELIDED = new TextEncoder().encode('"~"');

/** Reads a line's bytes into its JSON text, with the strings the report never reads made short; undefined: read it
 *  whole. */
export type LineShrink = (bytes: Uint8Array) => string | undefined;

/**
 * The shrink for `loadStatsTrace`, on this thread's WebAssembly module (its chunk space is overwritten: not while a
 * fast-path scan runs on it); undefined where there is no module.
 */
export function lineElider(wasm: ScanWasm | undefined = sharedWasm()): LineShrink | undefined {
  if (!wasm) return undefined;
  const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
  return (bytes) => {
    if (bytes.length > SIMD_CHUNK) return undefined;
    // Always a copy: the elision rewrites the bytes in place, and a line read whole after all must find them intact.
    const held = wasm.hold(bytes);
    const n = wasm.elide(held, 0, held.length, ELIDE_MIN);
    if (n <= 0) return undefined;
    const mem = wasm.bytes;
    const spans = wasm.spans;
    const end = held.byteOffset + held.length;
    // In place: each string's bytes become `"~"` and what follows moves up (never past what is still to be read).
    let to = spans[0] ?? 0;
    for (let k = 0; k < n; k++) {
      mem.set(ELIDED, to);
      to += ELIDED.length;
      const from = spans[2 * k + 1] ?? end;
      const next = k + 1 < n ? (spans[2 * k + 2] ?? end) : end;
      mem.copyWithin(to, from, next);
      to += next - from;
    }
    return decoder.decode(mem.subarray(held.byteOffset, to));
  };
}
