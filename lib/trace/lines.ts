import { chunksOf, type ByteSource } from './byte-source';
import { LineSplitter } from './line-splitter';
import type { LinePosition, RawLine } from './line-types';

// Reading a trace's bytes as lines: the limits, the options, and the lines in batches (split by line-splitter.ts).

const MiB = 1024 * 1024;
/** The longest line read by default; a longer one becomes a `line-too-long` diagnostic and reading goes on. */
export const DEFAULT_MAX_LINE_BYTES = 64 * MiB;
/** No line limit can go past this: a JavaScript string holds at most about 2^29 characters. */
export const MAX_LINE_BYTES_CEILING = 512 * MiB - 1024;

export interface LineOptions {
  /** Called after each chunk's lines were taken (parsed, by the reader of the batches), with the bytes read so far:
   *  a count of what the lines made is then up to date. */
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
  /** Told each chunk before its lines, with the offset of its first byte: a line at `offset` whose bytes are all in it
   *  is at `offset - base` there (valid until the next batch is asked for). */
  readonly onChunk?: (chunk: Uint8Array, base: number) => void;
  /** Finds the offsets of a chunk's newlines, in order (undefined: the splitter looks for them): asked, when the
   *  chunk has lines the splitter does not read at once (not all ASCII), before `onChunk`, with the same chunk. */
  readonly lineEnds?: (chunk: Uint8Array) => Int32Array | undefined;
  /** Asked before a chunk's all-ASCII lines are split: true lets them come as one entry (`RawLine.run`), decoded with
   *  one call and not split, for the reader to walk (`asciiLine` makes the entry each line would have had). */
  readonly runs?: () => boolean;
}

/** The line limit in force: the default when none is given, never past the ceiling. */
export function lineLimit(max: number | undefined): number {
  const n = max === undefined || !Number.isFinite(max) ? DEFAULT_MAX_LINE_BYTES : Math.floor(max);
  return Math.max(1, Math.min(n, MAX_LINE_BYTES_CEILING));
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
  const split = new LineSplitter(
    lineLimit(opts.maxLineBytes),
    opts.from,
    opts.deferLong === true,
    opts.lineEnds,
    opts.runs,
  );
  for await (const chunk of chunksOf(source)) {
    const batch = split.push(chunk);
    opts.onChunk?.(split.lastChunk, split.lastBase);
    if (batch.length > 0) yield batch;
    opts.onBytes?.(split.absolute);
  }
  if (split.pendingLength > 0 && opts.hold) {
    opts.onEnd?.({ offset: split.lineStart, line: split.lineNo });
    return;
  }
  const last = split.finish();
  if (last) yield [last];
  opts.onEnd?.({ offset: split.absolute, line: split.lineNo });
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
