import { isGzipMagic } from '../trace/gunzip';
import type { ByteKeeper, EngineInput, SourceText } from './source';

// Inputs over Blobs (a dropped File, a fetched body, a file of a shared bundle): what the browser worker loads,
// and what Node tests load to run the same path (Node has a global Blob).

export const FIRST_SLICE = 64 * 1024;
export const SLICE = 4 * 1024 * 1024;
/** How many slices are being read ahead of the one being parsed. */
export const AHEAD = 8;

/**
 * Reads a Blob in large slices: fewer, bigger chunks than Blob.stream() gives, which the line reader likes. Several
 * slices are read ahead of the one being parsed. In a browser worker a read only moves while the worker's event loop
 * runs (its bytes come through a pipe the worker drains between tasks, a pipe-full at a time): with one slice read
 * ahead, most of it was still to come when it was awaited, and the worker sat idle for it (a sixth of a big file's
 * load). With several, each pause the parser takes drains several pipes.
 */
export async function* blobChunks(blob: Blob, first?: ArrayBuffer): AsyncGenerator<Uint8Array> {
  // A small first slice, so the first rows can show before a big file's first megabytes are parsed.
  const read = (from: number, size: number) => blob.slice(from, Math.min(blob.size, from + size)).arrayBuffer();
  const reads: Promise<ArrayBuffer>[] = [];
  let at = 0;
  const more = (size: number): void => {
    if (at >= blob.size) return;
    const r = read(at, size);
    // A read ahead that fails after the reader stopped (a file gone) must not be an unhandled rejection; one awaited
    // still throws.
    r.catch(() => undefined);
    reads.push(r);
    at = Math.min(blob.size, at + size);
  };
  if (first) {
    reads.push(Promise.resolve(first));
    at = first.byteLength;
  } else more(FIRST_SLICE);
  // The slices after the first double up to SLICE: a file whose first line is longer than the first slice still
  // shows its first rows after half a megabyte or so, not after the first 4 MiB are read and parsed.
  let size = 2 * FIRST_SLICE;
  for (let next = reads.shift(); next; next = reads.shift()) {
    const buf = await next;
    // Read ahead once the first slice is in: it must not wait behind the others (the first rows wait for it).
    while (reads.length < AHEAD && at < blob.size) {
      more(size);
      size = Math.min(SLICE, size * 2);
    }
    // A file that shrank while read: stop at its end.
    if (buf.byteLength === 0) return;
    yield new Uint8Array(buf);
  }
}

export function blobText(blob: Blob): SourceText {
  return { slice: (start, end) => blob.slice(start, end).text(), all: () => blob.text() };
}

/** How a plain Blob is read (`blobChunks` unless given); `first`: its first slice (`FIRST_SLICE` bytes, or all of a
 *  smaller Blob), already read. */
export type BlobReader = (blob: Blob, first?: ArrayBuffer) => AsyncIterable<Uint8Array>;

/**
 * A read of a Blob that failed, in words: which file, and what to do. A dropped file is read from disk as it is
 * parsed; the browser refuses (NotReadableError) once it changed, moved or was deleted since it was picked.
 */
function unreadable(name: string, err: unknown): Error {
  const why = err instanceof Error ? err.message : String(err);
  return new Error(
    `${name} could not be read (${why}). It may have changed, moved or been deleted since it was opened: open it again.`,
  );
}

async function* named(name: string, chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield* chunks;
  } catch (err) {
    throw unreadable(name, err);
  }
}

/**
 * An input over a Blob: a gzip one is streamed to the decompressor (which says a failed read as damage), a plain one
 * read in slices (a failed read throws, saying which file). Its first bytes say whether it is gzip. With `first`, the
 * check reads the whole first slice, and the input's first read starts with it: a file about to be loaded shows its
 * first rows after one read of the Blob, not two. Without it (an input that may never be read: a file looked at again
 * for growth every 750 ms), the check reads two bytes.
 */
export async function blobInput(
  name: string,
  blob: Blob,
  chunks: BlobReader = blobChunks,
  opts: { readonly first?: boolean } = {},
): Promise<EngineInput> {
  let head: ArrayBuffer;
  try {
    head = await blob.slice(0, opts.first ? FIRST_SLICE : 2).arrayBuffer();
  } catch (err) {
    throw unreadable(name, err);
  }
  const gzip = isGzipMagic(new Uint8Array(head));
  // Kept for the first read only (a later one reads the Blob again).
  let first: ArrayBuffer | undefined = opts.first && !gzip ? head : undefined;
  const lastModified =
    'lastModified' in blob && typeof blob.lastModified === 'number' ? { lastModified: blob.lastModified } : {};
  return {
    name,
    size: blob.size,
    open: () => {
      if (gzip) return blob.stream();
      const given = first;
      first = undefined;
      return named(name, chunks(blob, given));
    },
    ...(gzip ? {} : { openFrom: (offset: number) => named(name, chunks(blob.slice(offset))) }),
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
