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
  const split = new LineSplitter(lineLimit(opts.maxLineBytes), opts.from, opts.deferLong === true);
  for await (const chunk of chunksOf(source)) {
    const batch = split.push(chunk);
    opts.onBytes?.(split.absolute);
    if (batch.length > 0) yield batch;
  }
  if (split.pendingLength > 0 && opts.hold) {
    opts.onEnd?.({ offset: split.lineStart, line: split.lineNo });
    return;
  }
  const last = split.finish();
  if (last) yield [last];
  opts.onEnd?.({ offset: split.absolute, line: split.lineNo });
}

function tooLong(line: number, offset: number, length: number, unterminated: boolean): RawLine {
  return { text: '', line, offset, length, unterminated, tooLong: true };
}

/** One source split into lines, a chunk at a time (`readLineBatches`): the line begun in an earlier chunk, where the
 *  next line starts, how many lines so far. */
class LineSplitter {
  private readonly decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
  private pending: Uint8Array[] = [];
  /** Bytes of the pending line: the one begun in an earlier chunk. */
  pendingLength = 0;
  /** The pending line went past the limit: its bytes are no longer kept, only counted. */
  private skipping = false;
  /** The pending line's last byte (a CR before the newline is not part of the line). */
  private lastByte = -1;
  /** Absolute offset of the first byte of the pending line. */
  lineStart: number;
  /** Absolute offset of the current chunk's first byte; after it, of the next chunk's. */
  absolute: number;
  lineNo: number;
  private first: boolean;
  /** The last chunk's runs of short lines held non-ASCII text: this chunk's are decoded line by line. */
  private lineByLine = false;
  /** One of this chunk's runs of short lines held non-ASCII text. */
  private sawWide = false;

  constructor(
    private readonly max: number,
    from: LinePosition | undefined,
    /** Long lines come with their bytes, undecoded (`LineOptions.deferLong`). */
    private readonly defer = false,
  ) {
    this.lineStart = from?.offset ?? 0;
    this.absolute = this.lineStart;
    this.lineNo = from?.line ?? 0;
    this.first = this.absolute === 0;
  }

  /** The line's text; a line too long to become a string (or to decode) is reported too long instead. */
  private decode(bytes: Uint8Array): string | undefined {
    let end = bytes.length;
    if (end > 0 && bytes[end - 1] === CR) end -= 1;
    try {
      return this.decoder.decode(end === bytes.length ? bytes : bytes.subarray(0, end));
    } catch {
      return undefined;
    }
  }

  private whole(bytes: Uint8Array, line: number, offset: number, unterminated: boolean): RawLine {
    const length = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
    if (this.defer && length > SHORT_LINE)
      return { text: '', line, offset, length, unterminated, bytes: bytes.subarray(0, length) };
    const text = this.decode(bytes);
    return text === undefined
      ? tooLong(line, offset, length, unterminated)
      : { text, line, offset, length, unterminated };
  }

  private hold(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.lastByte = bytes[bytes.length - 1] ?? -1;
    // One byte past the limit may be the CR of a CRLF, which is not part of the line.
    if (!this.skipping && this.pendingLength + bytes.length > this.max + 1) {
      this.skipping = true;
      this.pending = [];
    }
    // Copy: the caller may reuse the chunk's buffer (and a Node Buffer's own `slice` makes a view, not a copy).
    if (!this.skipping) this.pending.push(Uint8Array.prototype.slice.call(bytes));
    this.pendingLength += bytes.length;
  }

  /** The lines of one chunk; its bytes after its last newline are kept for the next. */
  push(input: Uint8Array): RawLine[] {
    let chunk = input;
    if (this.first && chunk.length > 0) {
      this.first = false;
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
        chunk = chunk.subarray(3);
        this.absolute = 3;
        this.lineStart = 3;
      }
    }
    let start = 0;
    const batch: RawLine[] = [];
    const firstNl = chunk.indexOf(LF);
    if (firstNl >= 0 && this.pendingLength > 0) start = this.endPending(chunk, firstNl, batch);
    // (Deferred long lines are not decoded here: the chunk goes line by line below.)
    if (!this.lineByLine && !this.defer && firstNl >= 0) start = this.asciiLines(chunk, start, batch);
    start = this.restOfLines(chunk, start, firstNl, batch);
    // The next line starts after this chunk's last newline; a chunk with none continues the pending line.
    if (firstNl >= 0) this.lineStart = this.absolute + start;
    if (start < chunk.length) this.hold(chunk.subarray(start));
    this.absolute += chunk.length;
    return batch;
  }

  /** The line that began in an earlier chunk ends at `firstNl`; returns where the chunk's next line starts. */
  private endPending(chunk: Uint8Array, firstNl: number, batch: RawLine[]): number {
    this.lineNo += 1;
    const endsCr = firstNl > 0 ? chunk[firstNl - 1] === CR : this.lastByte === CR;
    const length = this.pendingLength + firstNl - (endsCr ? 1 : 0);
    if (this.skipping || length > this.max) {
      batch.push(tooLong(this.lineNo, this.lineStart, length, false));
    } else {
      this.pending.push(chunk.subarray(0, firstNl));
      batch.push(this.whole(concat(this.pending, this.pendingLength + firstNl), this.lineNo, this.lineStart, false));
    }
    this.pending = [];
    this.pendingLength = 0;
    this.skipping = false;
    const start = firstNl + 1;
    this.lineStart = this.absolute + start;
    return start;
  }

  /**
   * The chunk's whole lines from `start` on, decoded with one call when they are all ASCII (nearly every transcript
   * chunk): split on "\n", each line's byte offset is its character offset, so no newline is looked for twice.
   * Returns where the lines left to read start: `start` itself when the chunk holds non-ASCII text (read line by line
   * below) or is too big for one string.
   */
  private asciiLines(chunk: Uint8Array, start: number, batch: RawLine[]): number {
    const last = chunk.lastIndexOf(LF);
    if (last < start || last - start > ASCII_RUN) return start;
    const decoded = this.decoder.decode(chunk.subarray(start, last));
    if (decoded.length !== last - start) return start;
    const texts = decoded.split('\n');
    const max = this.max;
    let lineNo = this.lineNo;
    let at = this.absolute + start;
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
    this.lineNo = lineNo;
    return last + 1;
  }

  /**
   * The chunk's lines from `start` on that `asciiLines` left: runs of empty lines, long lines decoded alone, runs of
   * short lines (`flush`). Returns where the bytes after the chunk's last newline start.
   */
  private restOfLines(chunk: Uint8Array, from: number, firstNl: number, batch: RawLine[]): number {
    const max = this.max;
    const absolute = this.absolute;
    let start = from;
    // The current run of short lines, `[runFrom, runTo]` (none: -1).
    let runFrom = -1;
    let runTo = -1;
    this.sawWide = false;
    for (let nl = firstNl < 0 ? -1 : chunk.indexOf(LF, start); nl >= 0; nl = chunk.indexOf(LF, start)) {
      if (nl === start && chunk[nl + 1] === LF) {
        // Two or more empty lines in a row: counted, one entry for the run.
        runFrom = this.flush(chunk, runFrom, runTo, batch);
        let end = nl;
        while (chunk[end + 1] === LF) end += 1;
        const count = end - nl + 1;
        batch.push({
          text: '',
          line: this.lineNo + 1,
          offset: absolute + start,
          length: 0,
          unterminated: false,
          blankLines: count,
        });
        this.lineNo += count;
        start = end + 1;
        continue;
      }
      if (nl - start > SHORT_LINE || nl - start > max) {
        runFrom = this.flush(chunk, runFrom, runTo, batch);
        const line = ++this.lineNo;
        const length = nl > start && chunk[nl - 1] === CR ? nl - start - 1 : nl - start;
        batch.push(
          length > max
            ? tooLong(line, absolute + start, length, false)
            : this.whole(chunk.subarray(start, nl), line, absolute + start, false),
        );
      } else {
        if (runFrom < 0) runFrom = start;
        runTo = nl;
      }
      start = nl + 1;
    }
    this.flush(chunk, runFrom, runTo, batch);
    if (!this.sawWide) this.lineByLine = false;
    return start;
  }

  /**
   * The run of short lines `[runFrom, runTo]` (none when `runFrom` is -1), decoded with one call and split on "\n" (a 0x0A byte is never inside a
   * multi-byte character, and U+FFFD is never "\n", so string lines and byte lines match one to one). Once a run holds
   * non-ASCII text (fewer characters than bytes), its lines are decoded one by one instead, until a whole chunk
   * comes without any: one non-ASCII character would make the run, and every line cut from it, a two-byte string,
   * which costs more to decode and to parse than a call per line. A long line is always decoded alone. Returns -1:
   * the run is read.
   */
  private flush(chunk: Uint8Array, runFrom: number, runTo: number, batch: RawLine[]): -1 {
    if (runFrom < 0) return -1;
    const absolute = this.absolute;
    const decoder = this.decoder;
    let lineNo = this.lineNo;
    if (this.lineByLine) {
      let wide = false;
      for (let at = runFrom; at <= runTo; ) {
        const nl = chunk.indexOf(LF, at);
        const end = nl < 0 || nl > runTo ? runTo : nl;
        const cr = end > at && chunk[end - 1] === CR;
        const length = end - at - (cr ? 1 : 0);
        const text = length === 0 ? '' : decoder.decode(chunk.subarray(at, at + length));
        if (text.length !== length) wide = true;
        lineNo += 1;
        batch.push({ text, line: lineNo, offset: absolute + at, length, unterminated: false });
        at = end + 1;
      }
      this.lineNo = lineNo;
      if (wide) this.sawWide = true;
      return -1;
    }
    const decoded = decoder.decode(chunk.subarray(runFrom, runTo));
    // All ASCII (one character per byte): each line ends where its text does, no need to look for its newline.
    const ascii = decoded.length === runTo - runFrom;
    if (!ascii) this.lineByLine = this.sawWide = true;
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
    this.lineNo = lineNo;
    return -1;
  }

  /** The last line, when the source does not end with a newline. */
  finish(): RawLine | undefined {
    if (this.pendingLength === 0) return undefined;
    this.lineNo += 1;
    const length = this.pendingLength - (this.lastByte === CR ? 1 : 0);
    if (this.skipping || length > this.max) return tooLong(this.lineNo, this.lineStart, length, true);
    return this.whole(concat(this.pending, this.pendingLength), this.lineNo, this.lineStart, true);
  }
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
