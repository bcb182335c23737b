import { isGzipMagic } from '../trace/lines';
import type { ByteKeeper, EngineInput, SourceText } from './source';

// Inputs over Blobs (a dropped File, a fetched body, a file of a shared bundle): what the browser worker loads,
// and what Node tests load to run the same path (Node has a global Blob).

const FIRST_SLICE = 256 * 1024;
const SLICE = 4 * 1024 * 1024;

/**
 * Reads a Blob in large slices: fewer, bigger chunks than Blob.stream() gives, which the line reader likes. The next
 * slice is already being read while the current one is parsed, so the reader does not sit idle waiting for I/O.
 */
export async function* blobChunks(blob: Blob): AsyncGenerator<Uint8Array> {
  // A small first slice, so the first rows can show before a big file's first megabytes are parsed.
  const read = (from: number, size: number) => blob.slice(from, Math.min(blob.size, from + size)).arrayBuffer();
  let at = 0;
  let next = blob.size > 0 ? read(0, FIRST_SLICE) : undefined;
  while (next) {
    const buf = await next;
    at += buf.byteLength;
    next = at < blob.size && buf.byteLength > 0 ? read(at, SLICE) : undefined;
    yield new Uint8Array(buf);
  }
}

export function blobText(blob: Blob): SourceText {
  return { slice: (start, end) => blob.slice(start, end).text(), all: () => blob.text() };
}

/** An input over a Blob: a gzip one is streamed to the decompressor, a plain one read in slices. */
export async function blobInput(name: string, blob: Blob): Promise<EngineInput> {
  const gzip = isGzipMagic(new Uint8Array(await blob.slice(0, 2).arrayBuffer()));
  const lastModified = 'lastModified' in blob && typeof blob.lastModified === 'number' ? { lastModified: blob.lastModified } : {};
  return {
    name,
    size: blob.size,
    open: () => (gzip ? blob.stream() : blobChunks(blob)),
    ...(gzip ? {} : { openFrom: (offset: number) => blobChunks(blob.slice(offset)) }),
    reread: blobText(blob),
    ...lastModified,
  };
}

/** Keeps decompressed bytes as a Blob (a browser may hold a big one outside the JS heap). */
export function blobKeeper(): ByteKeeper {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  return {
    push: (chunk) => parts.push(new Uint8Array(chunk)),
    done: () => blobText(new Blob(parts)),
  };
}
