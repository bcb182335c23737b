// What a line read from a trace's bytes is: its decoded text and where it came from (lines.ts reads them).

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
  /** With `LineOptions.runs`, this entry is a chunk's all-ASCII lines at once (`line`, `offset`: the first one's;
   *  `length`: their bytes up to the last one's end; `text` empty): for the reader to walk. */
  readonly run?: LineRun;
}

/**
 * Lines decoded with one call and left whole: `text` is their characters up to the last one's end (each "\n"-separated
 * line is one, a character per byte, a "\r" before the "\n" included), at `at` in `chunk` (whose first byte is at
 * `base` in the source). Valid only until the next batch is asked for.
 */
export interface LineRun {
  readonly text: string;
  readonly chunk: Uint8Array;
  readonly at: number;
  readonly base: number;
  /** How many lines. */
  readonly lines: number;
}

/** Where a line starts: its byte offset in the (decompressed) source, and the number of lines before it. */
export interface LinePosition {
  readonly offset: number;
  readonly line: number;
}

/** Where a line is, copied off what holds it (an event has the four fields): a diagnostic keeps this, not the event. */
export function lineRef(at: LineRef): LineRef {
  return { source: at.source, line: at.line, offset: at.offset, length: at.length };
}
