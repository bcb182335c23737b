// The byte sources a trace is read from (a stream, an async or a plain iterable of chunks) and the chunks' joining.

export type ByteSource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

function isAsyncIterable(x: unknown): x is AsyncIterable<Uint8Array> {
  return typeof x === 'object' && x !== null && Symbol.asyncIterator in x;
}

/** Iterates the chunks of any byte source; a `ReadableStream` is read through its reader so it works everywhere. */
export async function* chunksOf(source: ByteSource): AsyncGenerator<Uint8Array> {
  if (isAsyncIterable(source)) {
    yield* source;
    return;
  }
  if ('getReader' in source) {
    const reader = source.getReader();
    let done = false;
    try {
      for (;;) {
        const next = await reader.read();
        if (next.done) {
          done = true;
          return;
        }
        if (next.value && next.value.byteLength > 0) yield next.value;
      }
    } finally {
      // Stopped early (a limit was reached): cancel, so the producer stops too.
      if (!done) await reader.cancel().catch(() => undefined);
      reader.releaseLock();
    }
  }
  yield* source;
}

/** The parts joined into one array (the part itself when there is only one). */
export function concat(parts: readonly Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
