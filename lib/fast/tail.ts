import { TAIL_BYTES } from '../trace/session-summary';

const LF = 0x0a;

/** A line of the tail: its bytes (without the `\n`) and file offset. */
export interface TailLine {
  readonly bytes: Uint8Array;
  readonly offset: number;
}

interface Segment {
  readonly bytes: Uint8Array;
  readonly base: number;
  /** The segment's first byte starts a line. */
  readonly startsLine: boolean;
}

/**
 * The last `TAIL_BYTES` of a file pushed as ranges of complete lines, in file order (`FileScanner.lines`), copied so
 * that the scan can read the lines that start there once the file ends (see `SessionRecord`).
 */
export class FileTail {
  private segments: Segment[] = [];
  private end = 0;

  /** Complete lines in `buf[from, to)`; `base` is the file offset of `buf[0]`. */
  keep(buf: Uint8Array, from: number, to: number, base: number): void {
    const cut = Math.max(from, to - TAIL_BYTES);
    this.segments.push({
      // A copy, even of a Node Buffer (whose own `slice` is a view): the reader reuses its buffer for the next read.
      bytes: Uint8Array.prototype.slice.call(buf, cut, to),
      base: base + cut,
      startsLine: cut === from || buf[cut - 1] === LF,
    });
    this.end = base + to;
    const low = this.end - TAIL_BYTES;
    // Segments wholly before the window go; a segment the window starts inside stays whole (copied once already).
    while (this.segments.length > 1 && (this.segments[0]?.base ?? 0) + (this.segments[0]?.bytes.length ?? 0) <= low)
      this.segments.shift();
  }

  /** The lines kept that start at file offset `low` or after (the file's tail), blank ones left out. */
  lines(low: number): TailLine[] {
    const out: TailLine[] = [];
    for (const seg of this.segments) {
      const b = seg.bytes;
      // A segment cut inside a line starts with its next one.
      const first = seg.startsLine ? 0 : b.indexOf(LF) + 1;
      if (first === 0 && !seg.startsLine) continue;
      for (let at = first; at < b.length; ) {
        const nl = b.indexOf(LF, at);
        const end = nl < 0 ? b.length : nl;
        if (seg.base + at >= low && !blank(b, at, end)) out.push({ bytes: b.subarray(at, end), offset: seg.base + at });
        if (nl < 0) break;
        at = nl + 1;
      }
    }
    return out;
  }
}

function blank(b: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = b[i];
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}
