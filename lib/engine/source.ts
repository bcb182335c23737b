import type { ByteSource } from '../trace/byte-source';
import type { SourceInput } from '../trace/parse';

/** Re-reads a loaded source's decompressed bytes as text: the Raw tab's line, the Share dialog's whole file. */
export interface SourceText {
  /** Bytes [start, end) decoded as UTF-8 (invalid bytes become U+FFFD, a leading BOM is dropped). */
  slice(start: number, end: number): Promise<string>;
  /** The whole source decoded as UTF-8. */
  all(): Promise<string>;
}

/** One file to load, as stored (gzip or not). `name` is its path relative to what the user dropped. */
export interface EngineInput extends SourceInput {
  /** Re-reads the stored bytes later. Ignored for gzip, whose stored bytes are compressed: see `LoadHooks.keep`. */
  readonly reread?: SourceText;
  /** The stored bytes from an offset on: a growing file is read on from the end of its last complete line. */
  readonly openFrom?: (offset: number) => ByteSource;
  /** When the file was last changed (epoch ms), where the host knows it. */
  readonly lastModified?: number;
}

/** Collects a source's decompressed bytes while it is parsed, so its lines can be re-read later. */
export interface ByteKeeper {
  push(chunk: Uint8Array): void;
  done(): SourceText;
}

/** Text over bytes in memory. */
export function memoryText(bytes: Uint8Array): SourceText {
  const decode = (b: Uint8Array): string => new TextDecoder().decode(b);
  return {
    slice: (start, end) => Promise.resolve(decode(bytes.subarray(start, end))),
    all: () => Promise.resolve(decode(bytes)),
  };
}

/** Keeps the bytes in memory (tests, Node). The chunks are copied: a reader may reuse its buffers. */
export function memoryKeeper(): ByteKeeper {
  const parts: Uint8Array[] = [];
  let total = 0;
  return {
    push(chunk) {
      // A copy whatever the chunk is (a Node Buffer's own `slice` is a view).
      parts.push(Uint8Array.prototype.slice.call(chunk));
      total += chunk.length;
    },
    done() {
      const all = new Uint8Array(total);
      let at = 0;
      for (const p of parts) {
        all.set(p, at);
        at += p.length;
      }
      parts.length = 0;
      return memoryText(all);
    },
  };
}

/** An input over bytes already in memory (tests, pasted text). */
export function memorySource(name: string, data: string | Uint8Array): EngineInput {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  return {
    name,
    size: bytes.length,
    open: () => [bytes],
    openFrom: (offset) => [bytes.subarray(offset)],
    reread: memoryText(bytes),
  };
}
