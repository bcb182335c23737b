/** Where one input line came from: enough to re-read its exact bytes from the source later. */
export interface LineRef {
  /** Index of the source file in `Trace.sources`. */
  readonly source: number;
  /** 1-based line number in the (decompressed) source. */
  readonly line: number;
  /** Byte offset of the line's first byte in the (decompressed) source. */
  readonly offset: number;
  /** Byte length of the line, without its terminator. */
  readonly length: number;
}

/** One decoded line. `text` has no terminator, no `\r`, and no BOM. */
export interface RawLine {
  readonly text: string;
  readonly line: number;
  readonly offset: number;
  readonly length: number;
  /** True for the last line of the input when it had no trailing newline. */
  readonly unterminated: boolean;
}

export type ByteSource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

const LF = 0x0a;
/** Lines up to this many bytes are decoded in runs. */
const SHORT_LINE = 2048;
const CR = 0x0d;

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
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        if (value && value.byteLength > 0) yield value;
      }
    } finally {
      reader.releaseLock();
    }
  }
  yield* source;
}

/**
 * Splits bytes into lines on `\n`, decoding each line on its own (a non-ASCII character in one line must not turn
 * the whole file into a two-byte string). Invalid UTF-8 becomes U+FFFD; a UTF-8 BOM at the start is dropped.
 */
export async function* readLines(source: ByteSource, onBytes?: (bytesRead: number) => void): AsyncGenerator<RawLine> {
  for await (const batch of readLineBatches(source, onBytes)) yield* batch;
}

/** Like `readLines`, one array per input chunk: a promise per chunk instead of one per line. */
export async function* readLineBatches(source: ByteSource, onBytes?: (bytesRead: number) => void): AsyncGenerator<RawLine[]> {
  const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
  let pending: Uint8Array[] = [];
  let pendingLength = 0;
  let lineStart = 0; // absolute offset of the first byte of the pending line
  let absolute = 0; // absolute offset of the current chunk's first byte
  let lineNo = 0;
  let first = true;

  const decode = (bytes: Uint8Array): string => {
    let end = bytes.length;
    if (end > 0 && bytes[end - 1] === CR) end -= 1;
    return decoder.decode(end === bytes.length ? bytes : bytes.subarray(0, end));
  };

  for await (let chunk of chunksOf(source)) {
    if (first && chunk.length > 0) {
      first = false;
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
        chunk = chunk.subarray(3);
        absolute = 3;
        lineStart = 3;
      }
    }
    let start = 0;
    const batch: RawLine[] = [];
    const firstNl = chunk.indexOf(LF);
    if (firstNl >= 0 && pendingLength > 0) {
      // The line that began in an earlier chunk ends here.
      pending.push(chunk.subarray(0, firstNl));
      const bytes = concat(pending, pendingLength + firstNl);
      pending = [];
      pendingLength = 0;
      lineNo += 1;
      const length = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
      batch.push({ text: decode(bytes), line: lineNo, offset: lineStart, length, unterminated: false });
      start = firstNl + 1;
      lineStart = absolute + start;
    }
    // Runs of short lines are decoded with one call and split on "\n" (a 0x0A byte is never inside a multi-byte
    // character, and U+FFFD is never "\n", so string lines and byte lines match one to one). A long line is decoded
    // alone, so one non-ASCII character does not make its neighbours two-byte strings.
    let runFrom = -1;
    let runTo = -1;
    const flush = (): void => {
      if (runFrom < 0) return;
      const texts = decoder.decode(chunk.subarray(runFrom, runTo)).split('\n');
      let at = runFrom;
      for (const raw of texts) {
        const nl = chunk.indexOf(LF, at);
        const end = nl < 0 || nl > runTo ? runTo : nl;
        const cr = end > at && chunk[end - 1] === CR;
        lineNo += 1;
        batch.push({ text: cr ? raw.slice(0, -1) : raw, line: lineNo, offset: absolute + at, length: end - at - (cr ? 1 : 0), unterminated: false });
        at = end + 1;
      }
      runFrom = -1;
    };
    for (let nl = firstNl < 0 ? -1 : chunk.indexOf(LF, start); nl >= 0; nl = chunk.indexOf(LF, start)) {
      if (nl - start > SHORT_LINE) {
        flush();
        const bytes = chunk.subarray(start, nl);
        const length = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
        lineNo += 1;
        batch.push({ text: decode(bytes), line: lineNo, offset: absolute + start, length, unterminated: false });
      } else {
        if (runFrom < 0) runFrom = start;
        runTo = nl;
      }
      start = nl + 1;
    }
    flush();
    // The next line starts after this chunk's last newline; a chunk with none continues the pending line.
    if (firstNl >= 0) lineStart = absolute + start;
    if (start < chunk.length) {
      // Copy: the caller may reuse the chunk's buffer.
      pending.push(chunk.slice(start));
      pendingLength += chunk.length - start;
    }
    absolute += chunk.length;
    onBytes?.(absolute);
    if (batch.length > 0) yield batch;
  }
  if (pendingLength > 0) {
    const bytes = concat(pending, pendingLength);
    lineNo += 1;
    const length = bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
    yield [{ text: decode(bytes), line: lineNo, offset: lineStart, length, unterminated: true }];
  }
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

/** True when the bytes start with the gzip magic number. */
export function isGzipMagic(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/**
 * Returns the source decompressed when it is gzip (by magic number, whatever its name), otherwise unchanged.
 * `onDetect` learns which it was before the first chunk is yielded (never, for an empty source).
 * Uses the web-standard `DecompressionStream`, present in browsers, workers and Node 18+.
 */
export async function* maybeGunzip(source: ByteSource, onDetect?: (gzip: boolean) => void): AsyncGenerator<Uint8Array> {
  const it = chunksOf(source)[Symbol.asyncIterator]();
  const head = await it.next();
  if (head.done) return;
  const rest: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: () => it };
  const gzip = isGzipMagic(head.value);
  onDetect?.(gzip);
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
  });
  // The cast-free pipe: DecompressionStream is a TransformStream<BufferSource, Uint8Array>.
  const out = input.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>);
  yield* chunksOf(out);
}
