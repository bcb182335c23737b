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
  /** The line is longer than the line limit: its bytes were skipped, not decoded (`text` is empty, `length` is true). */
  readonly tooLong?: true;
  /** A run of empty lines given as one entry (a file of newlines must not cost an object per line): how many. */
  readonly blankLines?: number;
  /** With `deferLong`, a long line's bytes (no terminator, no `\r`), not decoded yet: `text` is empty until
   *  `lineText` decodes them. Valid only until the next batch is asked for (they may be the chunk's own). */
  readonly bytes?: Uint8Array;
}

export type ByteSource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

const MiB = 1024 * 1024;
/** The longest line read by default; a longer one becomes a `line-too-long` diagnostic and reading goes on. */
export const DEFAULT_MAX_LINE_BYTES = 64 * MiB;
/** No line limit can go past this: a JavaScript string holds at most about 2^29 characters. */
export const MAX_LINE_BYTES_CEILING = 512 * MiB - 1024;

export interface LineOptions {
  /** Called after each chunk with the bytes read so far. */
  readonly onBytes?: (bytesRead: number) => void;
  /** Lines longer than this (in bytes, without the terminator) are skipped and reported `tooLong`. */
  readonly maxLineBytes?: number;
  /** The source's bytes start here (a file read again from the end of its last complete line): offsets and line
   *  numbers continue from it, and no BOM is looked for. */
  readonly from?: LinePosition;
  /** The file is still being written: a last line without its newline is not read (it completes later). */
  readonly hold?: boolean;
  /** Told at the end where the next line starts: after the last line read (or, with `hold`, the held one's start). */
  readonly onEnd?: (next: LinePosition) => void;
  /** Lines longer than `SHORT_LINE` bytes come with their `bytes` instead of their text, for the reader to decode
   *  (`lineText`) or to read otherwise. */
  readonly deferLong?: boolean;
}

/** Where a line starts: its byte offset in the (decompressed) source, and the number of lines before it. */
export interface LinePosition {
  readonly offset: number;
  readonly line: number;
}

/** The line limit in force: the default when none is given, never past the ceiling. */
export function lineLimit(max: number | undefined): number {
  const n = max === undefined || !Number.isFinite(max) ? DEFAULT_MAX_LINE_BYTES : Math.floor(max);
  return Math.max(1, Math.min(n, MAX_LINE_BYTES_CEILING));
}

const LF = 0x0a;
/** Lines up to this many bytes are decoded in runs. */
export const SHORT_LINE = 2048;
const CR = 0x0d;
/** The most bytes of a chunk decoded as one string by the all-ASCII path (a string holds at most about 2^29). */
const ASCII_RUN = 64 * MiB;

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

/**
 * Splits bytes into lines on `\n`, decoding each line on its own (a non-ASCII character in one line must not turn
 * the whole file into a two-byte string). Invalid UTF-8 becomes U+FFFD; a UTF-8 BOM at the start is dropped.
 */
export async function* readLines(source: ByteSource, opts: LineOptions = {}): AsyncGenerator<RawLine> {
  for await (const batch of readLineBatches(source, opts)) yield* batch;
}

/**
 * Like `readLines`, one array per input chunk: a promise per chunk instead of one per line. A line longer than the
 * limit is never held whole: its bytes are counted and dropped, and it comes out as one `tooLong` entry with its true
 * offset and length. Runs of empty lines come out as one entry each (`blankLines`).
 */
export async function* readLineBatches(source: ByteSource, opts: LineOptions = {}): AsyncGenerator<RawLine[]> {
  const max = lineLimit(opts.maxLineBytes);
  const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
  let pending: Uint8Array[] = [];
  let pendingLength = 0;
  // The pending line went past the limit: its bytes are no longer kept, only counted.
  let skipping = false;
  let lastByte = -1; // the pending line's last byte (a CR before the newline is not part of the line)
  let lineStart = opts.from?.offset ?? 0; // absolute offset of the first byte of the pending line
  let absolute = lineStart; // absolute offset of the current chunk's first byte
  let lineNo = opts.from?.line ?? 0;
  let first = absolute === 0;
  // The last chunk's runs of short lines held non-ASCII text: this chunk's are decoded line by line.
  let lineByLine = false;
  const defer = opts.deferLong === true;

  /** The line's text; a line too long to become a string (or to decode) is reported too long instead. */
  const decode = (bytes: Uint8Array): string | undefined => {
    let end = bytes.length;
    if (end > 0 && bytes[end - 1] === CR) end -= 1;
    try {
      return decoder.decode(end === bytes.length ? bytes : bytes.subarray(0, end));
    } catch {
      return undefined;
    }
  };
  const tooLong = (line: number, offset: number, length: number, unterminated: boolean): RawLine => ({
    text: '',
    line,
    offset,
    length,
    unterminated,
    tooLong: true,
  });
  const whole = (bytes: Uint8Array, line: number, offset: number, unterminated: boolean): RawLine => {
    const length = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
    if (defer && length > SHORT_LINE)
      return { text: '', line, offset, length, unterminated, bytes: bytes.subarray(0, length) };
    const text = decode(bytes);
    return text === undefined
      ? tooLong(line, offset, length, unterminated)
      : { text, line, offset, length, unterminated };
  };
  const hold = (bytes: Uint8Array): void => {
    if (bytes.length === 0) return;
    lastByte = bytes[bytes.length - 1] ?? -1;
    // One byte past the limit may be the CR of a CRLF, which is not part of the line.
    if (!skipping && pendingLength + bytes.length > max + 1) {
      skipping = true;
      pending = [];
    }
    // Copy: the caller may reuse the chunk's buffer (and a Node Buffer's own `slice` makes a view, not a copy).
    if (!skipping) pending.push(Uint8Array.prototype.slice.call(bytes));
    pendingLength += bytes.length;
  };

  /**
   * The chunk's whole lines from `start` on, decoded with one call when they are all ASCII (nearly every transcript
   * chunk): split on "\n", each line's byte offset is its character offset, so no newline is looked for twice.
   * Returns where the lines left to read start: `start` itself when the chunk holds non-ASCII text (read line by line
   * below) or is too big for one string.
   */
  const asciiLines = (chunk: Uint8Array, start: number, batch: RawLine[]): number => {
    const last = chunk.lastIndexOf(LF);
    if (last < start || last - start > ASCII_RUN) return start;
    const decoded = decoder.decode(chunk.subarray(start, last));
    if (decoded.length !== last - start) return start;
    const texts = decoded.split('\n');
    let at = absolute + start;
    for (let i = 0; i < texts.length; i++) {
      const raw = texts[i] ?? '';
      if (raw.length === 0 && texts[i + 1] === '') {
        // Two or more empty lines in a row: counted, one entry for the run.
        let count = 2;
        while (i + count < texts.length && texts[i + count] === '') count += 1;
        batch.push({ text: '', line: lineNo + 1, offset: at, length: 0, unterminated: false, blankLines: count });
        lineNo += count;
        at += count;
        i += count - 1;
        continue;
      }
      const cr = raw.charCodeAt(raw.length - 1) === CR;
      const length = cr ? raw.length - 1 : raw.length;
      lineNo += 1;
      batch.push(
        length > max
          ? tooLong(lineNo, at, length, false)
          : { text: cr ? raw.slice(0, -1) : raw, line: lineNo, offset: at, length, unterminated: false },
      );
      at += raw.length + 1;
    }
    return last + 1;
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
      lineNo += 1;
      const endsCr = firstNl > 0 ? chunk[firstNl - 1] === CR : lastByte === CR;
      const length = pendingLength + firstNl - (endsCr ? 1 : 0);
      if (skipping || length > max) {
        batch.push(tooLong(lineNo, lineStart, length, false));
      } else {
        pending.push(chunk.subarray(0, firstNl));
        batch.push(whole(concat(pending, pendingLength + firstNl), lineNo, lineStart, false));
      }
      pending = [];
      pendingLength = 0;
      skipping = false;
      start = firstNl + 1;
      lineStart = absolute + start;
    }
    // (Deferred long lines are not decoded here: the chunk goes line by line below.)
    if (!lineByLine && !defer && firstNl >= 0) start = asciiLines(chunk, start, batch);
    // Runs of short lines are decoded with one call and split on "\n" (a 0x0A byte is never inside a multi-byte
    // character, and U+FFFD is never "\n", so string lines and byte lines match one to one). Once a run holds
    // non-ASCII text (fewer characters than bytes), its lines are decoded one by one instead, until a whole chunk
    // comes without any: one non-ASCII character would make the run, and every line cut from it, a two-byte string,
    // which costs more to decode and to parse than a call per line. A long line is always decoded alone.
    let runFrom = -1;
    let runTo = -1;
    let sawWide = false;
    const flush = (): void => {
      if (runFrom < 0) return;
      if (lineByLine) {
        for (let at = runFrom; at <= runTo; ) {
          const nl = chunk.indexOf(LF, at);
          const end = nl < 0 || nl > runTo ? runTo : nl;
          const cr = end > at && chunk[end - 1] === CR;
          const length = end - at - (cr ? 1 : 0);
          const text = length === 0 ? '' : decoder.decode(chunk.subarray(at, at + length));
          if (text.length !== length) sawWide = true;
          lineNo += 1;
          batch.push({ text, line: lineNo, offset: absolute + at, length, unterminated: false });
          at = end + 1;
        }
        runFrom = -1;
        return;
      }
      const decoded = decoder.decode(chunk.subarray(runFrom, runTo));
      // All ASCII (one character per byte): each line ends where its text does, no need to look for its newline.
      const ascii = decoded.length === runTo - runFrom;
      if (!ascii) lineByLine = sawWide = true;
      const texts = decoded.split('\n');
      let at = runFrom;
      for (const raw of texts) {
        const nl = ascii ? at + raw.length : chunk.indexOf(LF, at);
        const end = nl < 0 || nl > runTo ? runTo : nl;
        const cr = end > at && chunk[end - 1] === CR;
        lineNo += 1;
        batch.push({
          text: cr ? raw.slice(0, -1) : raw,
          line: lineNo,
          offset: absolute + at,
          length: end - at - (cr ? 1 : 0),
          unterminated: false,
        });
        at = end + 1;
      }
      runFrom = -1;
    };
    for (let nl = firstNl < 0 ? -1 : chunk.indexOf(LF, start); nl >= 0; nl = chunk.indexOf(LF, start)) {
      if (nl === start && chunk[nl + 1] === LF) {
        // Two or more empty lines in a row: counted, one entry for the run.
        flush();
        let end = nl;
        while (chunk[end + 1] === LF) end += 1;
        const count = end - nl + 1;
        batch.push({
          text: '',
          line: lineNo + 1,
          offset: absolute + start,
          length: 0,
          unterminated: false,
          blankLines: count,
        });
        lineNo += count;
        start = end + 1;
        continue;
      }
      if (nl - start > SHORT_LINE || nl - start > max) {
        flush();
        lineNo += 1;
        const length = nl > start && chunk[nl - 1] === CR ? nl - start - 1 : nl - start;
        batch.push(
          length > max
            ? tooLong(lineNo, absolute + start, length, false)
            : whole(chunk.subarray(start, nl), lineNo, absolute + start, false),
        );
      } else {
        if (runFrom < 0) runFrom = start;
        runTo = nl;
      }
      start = nl + 1;
    }
    flush();
    if (!sawWide) lineByLine = false;
    // The next line starts after this chunk's last newline; a chunk with none continues the pending line.
    if (firstNl >= 0) lineStart = absolute + start;
    if (start < chunk.length) hold(chunk.subarray(start));
    absolute += chunk.length;
    opts.onBytes?.(absolute);
    if (batch.length > 0) yield batch;
  }
  if (pendingLength > 0 && opts.hold) {
    opts.onEnd?.({ offset: lineStart, line: lineNo });
    return;
  }
  if (pendingLength > 0) {
    lineNo += 1;
    const length = pendingLength - (lastByte === CR ? 1 : 0);
    if (skipping || length > max) yield [tooLong(lineNo, lineStart, length, true)];
    else yield [whole(concat(pending, pendingLength), lineNo, lineStart, true)];
  }
  opts.onEnd?.({ offset: absolute, line: lineNo });
}

const LINE_DECODER = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/**
 * A deferred line (`deferLong`) decoded, as `readLineBatches` would have given it: a line whose text cannot be made
 * (too long for a string) comes out `tooLong`. Any other line is returned as it is.
 */
export function lineText(l: RawLine): RawLine {
  if (!l.bytes) return l;
  const base = { line: l.line, offset: l.offset, length: l.length, unterminated: l.unterminated };
  try {
    return { ...base, text: LINE_DECODER.decode(l.bytes) };
  } catch {
    return { ...base, text: '', tooLong: true };
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
