import { chunksOf, type ByteSource } from './byte-source';

// Gzip undone on the way in: by magic number, whatever the file's name, and never past its inflate limit.

/** True when the bytes start with the gzip magic number. */
export function isGzipMagic(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

export interface GunzipOptions {
  /** Learns whether the source is gzip before the first chunk is yielded (never, for an empty source). */
  readonly onDetect?: (gzip: boolean) => void;
  /** The most bytes a gzip source may inflate to; past it, reading stops (`onLimit` is told). */
  readonly maxInflateBytes?: number;
  /** Called once when the inflated bytes reach `maxInflateBytes`, with the bytes given out (exactly the limit). */
  readonly onLimit?: (inflated: number) => void;
  /** Given, a damaged gzip stream ends the source (the bytes inflated so far are kept) instead of throwing. */
  readonly onError?: (message: string, inflated: number) => void;
}

/**
 * Returns the source decompressed when it is gzip (by magic number, whatever its name), otherwise unchanged.
 * Uses the web-standard `DecompressionStream`, present in browsers, workers and Node 18+. A gzip source stops at
 * `maxInflateBytes`: a small file that inflates without end (a "gzip bomb") is cut there, not read for minutes.
 */
export async function* maybeGunzip(source: ByteSource, opts: GunzipOptions = {}): AsyncGenerator<Uint8Array> {
  const it = chunksOf(source)[Symbol.asyncIterator]();
  const head = await it.next();
  if (head.done) return;
  const rest: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: () => it };
  const gzip = isGzipMagic(head.value);
  opts.onDetect?.(gzip);
  if (!gzip) {
    yield head.value;
    yield* rest;
    return;
  }
  const input = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head.value);
    },
    async pull(controller) {
      const next = await it.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      // The reader stopped early: let the underlying source (a file stream) close.
      await it.return?.(undefined);
    },
  });
  // The cast-free pipe: DecompressionStream is a TransformStream<BufferSource, Uint8Array>.
  const out = input.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>);
  const max = opts.maxInflateBytes ?? Infinity;
  let inflated = 0;
  const reader = chunksOf(out)[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await reader.next();
      } catch (err) {
        // A truncated or corrupt gzip file: what inflated before the damage is kept.
        if (!opts.onError) throw err;
        opts.onError(err instanceof Error ? err.message : String(err), inflated);
        return;
      }
      if (next.done) return;
      const chunk = next.value;
      if (inflated + chunk.length > max) {
        const room = max - inflated;
        if (room > 0) yield chunk.subarray(0, room);
        opts.onLimit?.(max);
        return;
      }
      inflated += chunk.length;
      yield chunk;
    }
  } finally {
    // Stopped early (the limit, or the reader left): cancels the decompressor and, through it, the file.
    await reader.return?.(undefined);
  }
}
