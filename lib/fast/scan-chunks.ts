import { concat } from '../trace/byte-source';
import { SIMD_CHUNK, type ScanWasm } from './scan-wasm';

const LF = 0x0a;

/**
 * A file pushed in chunks (of any size; the caller may reuse a chunk's buffer once `push` returns), cut into complete
 * lines on `\n` bytes for `lines`: a line that spans chunks is the only one copied, and one past `maxLine` is only
 * counted (`skippedLine`). A leading UTF-8 byte order mark is skipped. `FileScanner` reads the lines.
 */
export abstract class ChunkedLines {
  protected readonly simd: ScanWasm | undefined;
  protected readonly maxLine: number;
  private pending: Uint8Array[] = [];
  private pendingLength = 0;
  /** The pending line is past the line limit: its bytes are counted, not kept. */
  private skipping = false;
  /** Absolute offset of the next chunk's first byte, and of the pending line's first byte. */
  protected absolute = 0;
  protected lineStart = 0;
  /** Offset of the first byte pushed (a continuation starts inside the file). */
  protected startOffset = 0;
  protected started = false;

  constructor(simd: ScanWasm | undefined, maxLine: number) {
    this.simd = simd;
    this.maxLine = maxLine;
  }

  /** No more lines are wanted (the file is a JSON document). */
  protected abstract get stopped(): boolean;
  /** Complete lines in `buf[from, to)` (each ends with `\n`, or at `to` for the last line of the file); `base` is the
   *  file offset of `buf[0]`. */
  protected abstract lines(buf: Uint8Array, from: number, to: number, base: number): void;
  /** A line past the line limit, never held whole. */
  protected abstract skippedLine(): void;

  push(input: Uint8Array): void {
    const simd = this.simd;
    if (!simd || simd.holds(input)) return this.pushChunk(input);
    for (let at = 0; at < input.length; at += SIMD_CHUNK)
      this.pushChunk(simd.hold(input.subarray(at, at + SIMD_CHUNK)));
  }

  /**
   * Pushes the complete lines at the start of `input` and returns how many bytes they took, so that the caller reads
   * again from there: a line that a read cuts is read whole by the next one (and so stays in the SIMD memory) instead
   * of being copied together. With a line pending (longer than a read), only up to its end. 0: no line ends in
   * `input` (`push` it then).
   */
  pushLines(input: Uint8Array): number {
    if (this.stopped) return input.length;
    const end = this.pendingLength > 0 ? input.indexOf(LF) : input.lastIndexOf(LF);
    if (end < 0) return 0;
    this.push(input.subarray(0, end + 1));
    return end + 1;
  }

  /** The file's last line, when it has no `\n` (or is past the line limit): read or counted. */
  protected flushPending(): void {
    if (this.pendingLength === 0) return;
    if (this.skipping) this.skippedLine();
    else {
      const line = concat(this.pending, this.pendingLength);
      this.lines(line, 0, line.length, this.lineStart);
    }
    this.pending = [];
    this.pendingLength = 0;
    this.skipping = false;
  }

  private pushChunk(input: Uint8Array): void {
    if (this.stopped) return;
    let chunk = input;
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
        chunk = chunk.subarray(3);
        this.absolute = 3;
        this.lineStart = 3;
      }
    }
    const base = this.absolute;
    this.absolute += chunk.length;
    let start = 0;
    if (this.pendingLength > 0) {
      const nl = chunk.indexOf(LF);
      if (nl < 0) {
        this.keep(chunk);
        return;
      }
      // The line that began in an earlier chunk ends here: it is the only one copied.
      if (this.skipping || this.pendingLength + nl > this.maxLine) {
        this.skippedLine();
      } else {
        const line = concat([...this.pending, chunk.subarray(0, nl)], this.pendingLength + nl);
        this.lines(line, 0, line.length, this.lineStart);
      }
      this.pending = [];
      this.pendingLength = 0;
      this.skipping = false;
      start = nl + 1;
    }
    const last = chunk.lastIndexOf(LF);
    if (last >= start) {
      this.lines(chunk, start, last + 1, base);
      start = last + 1;
    }
    this.lineStart = base + start;
    if (start < chunk.length) this.keep(chunk.subarray(start));
  }

  private keep(bytes: Uint8Array): void {
    if (!this.skipping && this.pendingLength + bytes.length > this.maxLine) {
      this.skipping = true;
      this.pending = [];
    }
    this.pendingLength += bytes.length;
    if (this.skipping) return;
    // A copy: the caller may reuse the chunk's buffer (and a Node Buffer's `slice` would not copy).
    const copy = new Uint8Array(bytes.length);
    copy.set(bytes);
    this.pending.push(copy);
  }
}
