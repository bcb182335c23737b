import { concat } from './byte-source';
import type { LinePosition, RawLine } from './line-types';

// One source split into lines, a chunk at a time: the work under `readLineBatches` (lines.ts).

const MiB = 1024 * 1024;
const LF = 0x0a;
/** Lines up to this many bytes are decoded in runs. */
export const SHORT_LINE = 2048;
const CR = 0x0d;
/** The most bytes of a chunk decoded as one string by the all-ASCII path (a string holds at most about 2^29). */
const ASCII_RUN = 64 * MiB;

function tooLong(line: number, offset: number, length: number, unterminated: boolean): RawLine {
  return { text: '', line, offset, length, unterminated, tooLong: true };
}

/** The first byte past 0x7F in `b[from, to)`, or -1: four bytes at a time where they are aligned. */
export function nextHigh(b: Uint8Array, from: number, to: number): number {
  let i = from;
  while (i < to && (b.byteOffset + i) & 3) {
    if ((b[i] ?? 0) & 0x80) return i;
    i++;
  }
  const n = (to - i) >> 2;
  if (n > 0) {
    const words = new Uint32Array(b.buffer, b.byteOffset + i, n);
    for (let k = 0; k < n; k++) {
      if (((words[k] ?? 0) & 0x80808080) === 0) continue;
      let j = i + k * 4;
      while (!((b[j] ?? 0x80) & 0x80)) j++;
      return j;
    }
    i += n * 4;
  }
  for (; i < to; i++) if ((b[i] ?? 0) & 0x80) return i;
  return -1;
}

/**
 * The entry of a whole line of an all-ASCII run, `raw` its text up to its newline (a "\r" before it is not part of the
 * line), at `offset` in the source, in `chunk` (whose first byte is at `base`): too long, or long with its bytes
 * (`defer`), or its text.
 */
export function asciiLine(
  raw: string,
  line: number,
  offset: number,
  max: number,
  defer: boolean,
  chunk: Uint8Array,
  base: number,
): RawLine {
  const cr = raw.charCodeAt(raw.length - 1) === CR;
  const length = cr ? raw.length - 1 : raw.length;
  if (length > max) return tooLong(line, offset, length, false);
  // Its bytes, as `whole` gives a long line (the text decoded with the rest is let go).
  if (defer && length > SHORT_LINE)
    return {
      text: '',
      line,
      offset,
      length,
      unterminated: false,
      bytes: chunk.subarray(offset - base, offset - base + length),
    };
  return { text: cr ? raw.slice(0, -1) : raw, line, offset, length, unterminated: false };
}

/** One source split into lines, a chunk at a time (`readLineBatches`): the line begun in an earlier chunk, where the
 *  next line starts, how many lines so far. */
export class LineSplitter {
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
  /** The last chunk pushed (past a BOM) and the offset of its first byte: the lines of its batch are in it. */
  lastChunk: Uint8Array = new Uint8Array(0);
  lastBase = 0;

  constructor(
    private readonly max: number,
    from: LinePosition | undefined,
    /** Long lines come with their bytes, undecoded (`LineOptions.deferLong`). */
    private readonly defer = false,
    /** Finds a chunk's newlines (`LineOptions.lineEnds`). */
    private readonly findEnds?: (chunk: Uint8Array) => Int32Array | undefined,
    /** Whether a chunk's all-ASCII lines may come as one run (`LineOptions.runs`). */
    private readonly runs?: () => boolean,
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
    this.lastChunk = chunk;
    this.lastBase = this.absolute;
    let start = 0;
    const batch: RawLine[] = [];
    const firstNl = chunk.indexOf(LF);
    const lastNl = firstNl < 0 ? -1 : chunk.lastIndexOf(LF);
    if (firstNl >= 0 && this.pendingLength > 0) start = this.endPending(chunk, firstNl, batch);
    if (!this.lineByLine && firstNl >= 0) start = this.asciiLines(chunk, start, lastNl, batch);
    // Lines left (not all ASCII): their newlines found at once, where that is faster than one by one.
    const ends = lastNl >= start ? this.findEnds?.(chunk) : undefined;
    start = this.restOfLines(chunk, start, firstNl, batch, ends);
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
   * chunk): split on "\n", each line's byte offset is its character offset, so no newline is looked for twice
   * (`last`: the chunk's last newline). Returns where the lines left to read start: `start` itself when the chunk holds
   * non-ASCII text (read line by line below) or is too big for one string.
   */
  private asciiLines(chunk: Uint8Array, start: number, last: number, batch: RawLine[]): number {
    if (last < start || last - start > ASCII_RUN) return start;
    const decoded = this.decoder.decode(chunk.subarray(start, last));
    if (decoded.length !== last - start) return start;
    if (this.runs?.()) {
      this.pushRun(decoded, chunk, start, batch);
      return last + 1;
    }
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
      lineNo += 1;
      batch.push(asciiLine(raw, lineNo, at, max, this.defer, chunk, this.absolute));
      at += raw.length + 1;
    }
    this.lineNo = lineNo;
    return last + 1;
  }

  /**
   * The chunk's lines from `start` on that `asciiLines` left: runs of empty lines, long lines decoded alone, runs of
   * short lines (`flush`). Returns where the bytes after the chunk's last newline start.
   */
  private restOfLines(
    chunk: Uint8Array,
    from: number,
    firstNl: number,
    batch: RawLine[],
    ends: Int32Array | undefined,
  ): number {
    const max = this.max;
    const absolute = this.absolute;
    let start = from;
    // The current run of short lines, `[runFrom, runTo]` (none: -1).
    let runFrom = -1;
    let runTo = -1;
    this.sawWide = false;
    // The next newline at or after `start`: from `ends` (`k` the first not yet passed) when given.
    let k = 0;
    const next = (): number => {
      if (!ends) return chunk.indexOf(LF, start);
      while (k < ends.length && (ends[k] ?? 0) < start) k++;
      return k < ends.length ? (ends[k] ?? -1) : -1;
    };
    for (let nl = firstNl < 0 ? -1 : next(); nl >= 0; nl = next()) {
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
   * non-ASCII text (fewer characters than bytes), each line with a byte past 0x7F is decoded alone instead, and the
   * ASCII lines between them together, until a whole chunk comes without any: one non-ASCII character would make the
   * run, and every line cut from it, a two-byte string, which costs more to decode and to parse. A long line is always
   * decoded alone. Returns -1: the run is read.
   */
  private flush(chunk: Uint8Array, runFrom: number, runTo: number, batch: RawLine[]): -1 {
    if (runFrom < 0) return -1;
    if (!this.lineByLine) {
      if (!this.run(chunk, runFrom, runTo, batch)) this.lineByLine = this.sawWide = true;
      return -1;
    }
    // A call per line costs more than its bytes (in Chromium about 2 µs): the lines before the next byte past 0x7F
    // are decoded with one call, the line that holds it alone.
    for (let at = runFrom; at <= runTo; ) {
      const high = nextHigh(chunk, at, runTo);
      const start = high < 0 ? runTo + 1 : Math.max(at, chunk.lastIndexOf(LF, high) + 1);
      if (start > at) this.run(chunk, at, start - 1, batch);
      if (high < 0) break;
      const nl = chunk.indexOf(LF, high);
      const end = nl < 0 || nl > runTo ? runTo : nl;
      const cr = end > start && chunk[end - 1] === CR;
      const length = end - start - (cr ? 1 : 0);
      const text = this.decoder.decode(chunk.subarray(start, start + length));
      if (text.length !== length) this.sawWide = true;
      batch.push({ text, line: ++this.lineNo, offset: this.absolute + start, length, unterminated: false });
      at = end + 1;
    }
    return -1;
  }

  /** The lines `[from, to]` (`to`: the last one's newline) decoded with one call and split; whether they were ASCII. */
  private run(chunk: Uint8Array, from: number, to: number, batch: RawLine[]): boolean {
    const decoded = this.decoder.decode(chunk.subarray(from, to));
    // All ASCII (one character per byte): each line ends where its text does, no need to look for its newline.
    const ascii = decoded.length === to - from;
    if (ascii && this.runs?.()) {
      this.pushRun(decoded, chunk, from, batch);
      return true;
    }
    const texts = decoded.split('\n');
    const absolute = this.absolute;
    let lineNo = this.lineNo;
    let at = from;
    for (const raw of texts) {
      const nl = ascii ? at + raw.length : chunk.indexOf(LF, at);
      const end = nl < 0 || nl > to ? to : nl;
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
    return ascii;
  }

  /** All-ASCII lines `decoded` from `chunk[from]` on (up to the last one's newline) as one entry (`LineOptions.runs`). */
  private pushRun(decoded: string, chunk: Uint8Array, from: number, batch: RawLine[]): void {
    let lines = 1;
    for (let nl = decoded.indexOf('\n'); nl >= 0; nl = decoded.indexOf('\n', nl + 1)) lines += 1;
    const run = { text: decoded, chunk, at: from, base: this.absolute, lines };
    batch.push({
      text: '',
      line: this.lineNo + 1,
      offset: this.absolute + from,
      length: decoded.length,
      unterminated: false,
      run,
    });
    this.lineNo += lines;
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
