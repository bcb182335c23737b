import { DEFAULT_NORMALIZE, withInterner, type NormalizeOptions } from '../trace/adapters/common';
import type { Head } from '../trace/adapters/messages';
import { unknownEvent } from '../trace/adapters/messages';
import { DialectDetector, UNDECIDED_BYTES, UNDECIDED_LINES } from '../trace/dialect';
import { lineLimit } from '../trace/lines';
import { decideMode, isObject, normalizeLine, type Dialect } from '../trace/parse';
import { LeanAssistantReader } from './lean';
import { FileTail } from './tail';
import { TAIL_BYTES } from '../trace/session-summary';
import { ChunkedLines } from './scan-chunks';
import { sharedWasm, type ScanWasm } from './scan-wasm';
import {
  foldSplitLine,
  inPromptWindow,
  PROMPT_WINDOW,
  RecordSink,
  type AssistantRecord,
  type PromptWindow,
} from '../trace/line-records';
import {
  CANDIDATE_PATTERNS,
  nextStructural,
  searchBytes,
  SESSION_PATTERNS,
  STREAM_PATTERNS,
  TOOL_RESULT_PATTERN,
  USER_PATTERN,
  type ByteSearch,
} from './search';
import type { TraceEvent } from '../trace/types';
import { SEARCH_PROMPT_CHARS, type FileScan, type ScannedPrompt, type ScanOptions } from './scan-types';

export { SEARCH_PROMPT_CHARS, type FileScan, type ScannedPrompt, type ScanOptions } from './scan-types';

const LF = 0x0a;
const CR = 0x0d;
/** Normalized events keep no text: the stats read none (prompts use their own options). */
const NO_TEXT: NormalizeOptions = { clamp: 0, noBlocks: true };

export { inPromptWindow, PROMPT_WINDOW, type PromptWindow };

/**
 * Scans a file pushed in chunks (of any size; the caller may reuse a chunk's buffer once `push` returns). Lines are
 * split on `\n` bytes; a line is decoded and parsed only inside the prompt window or when one of the candidate
 * patterns occurs in it unescaped. Parsed lines go through the same adapters as the full model (`normalizeLine`),
 * so usage normalization, the synthetic rule and every schema check are the full model's own.
 */
export class FileScanner extends ChunkedLines {
  private readonly name: string;
  private readonly search: ByteSearch;
  private readonly promptWindow: PromptWindow;
  private readonly decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
  private readonly norm: NormalizeOptions;
  private readonly promptNorm: NormalizeOptions;
  private readonly sink: RecordSink;
  private mode: 'undecided' | 'lines' | 'document';
  private dialect: Dialect | undefined;
  private readonly detector = new DialectDetector();
  /** Lines parsed while the dialect is open, normalized once it is known (the full parser's rule). */
  private readonly held: {
    obj: Readonly<Record<string, unknown>>;
    norm: NormalizeOptions;
    head: Head;
    length: number;
  }[] = [];
  private heldBytes = 0;
  private unrecognized = false;
  private lineNo = 0;
  private window = true;
  private parsedLines = 0;
  private cwd: string | undefined;
  private invalidLines = 0;
  private readonly prompts: ScannedPrompt[] | undefined;
  private readonly lean: LeanAssistantReader | undefined;
  /** The last record the lean reader gave (folded into while it is the last of the scan's records). */
  private lastLean: AssistantRecord | undefined;
  private readonly tail = new FileTail();
  private readonly tailFrom: number | undefined;
  /** Where the lines the prompt window parsed end: the tail skips them (their times are in the records already). */
  private windowTo = 0;

  constructor(name: string, opts: ScanOptions = {}) {
    const simd = opts.simd === false ? undefined : sharedWasm();
    super(simd, lineLimit(opts.maxLineBytes));
    this.name = name;
    const plain = opts.search ?? searchBytes;
    this.search = simd
      ? (hay, needle, from) => (simd.holds(hay) ? simd.search(hay, needle, from) : plain(hay, needle, from))
      : plain;
    this.promptWindow = opts.window ?? PROMPT_WINDOW;
    this.tailFrom = opts.tailFrom;
    this.sink = new RecordSink(name, this.promptWindow);
    this.norm = withInterner(NO_TEXT);
    this.promptNorm = { ...DEFAULT_NORMALIZE, ...(this.norm.intern ? { intern: this.norm.intern } : {}) };
    this.mode = /\.json(\.gz)?$/i.test(name) ? 'document' : 'undecided';
    this.prompts = opts.prompts ? [] : undefined;
    this.lean = simd && opts.lean !== false ? new LeanAssistantReader(simd, this.decoder, this.norm.intern) : undefined;
    const cont = opts.continuation;
    if (cont) {
      this.mode = 'lines';
      this.dialect = cont.dialect;
      this.sink.spanAll = cont.dialect === 'sdk-stream';
      this.window = false;
      this.started = true;
      this.absolute = cont.offset;
      this.lineStart = cont.offset;
      this.startOffset = cont.offset;
    }
  }

  /** The dialect the file's lines so far decided (the full model's rule: the first line that tells). */
  get fileDialect(): Dialect | undefined {
    return this.dialect;
  }

  get isDocument(): boolean {
    return this.mode === 'document';
  }

  protected get stopped(): boolean {
    return this.mode === 'document';
  }

  /** The file's scan; undefined when it is a JSON document, which `scanDocument` parses whole instead. */
  finish(): FileScan | undefined {
    if (this.mode === 'document') return undefined;
    this.flushPending();
    if (this.isDocument) return undefined;
    // A file that never said which dialect it is: its lines are raw rows (they may still carry session ids).
    this.unrecognized = this.unrecognized || this.held.length > 0;
    for (const h of this.held.splice(0)) this.sink.add(unknownEvent(h.obj, '', h.norm, h.head));
    this.readTail();
    return {
      name: this.name,
      bytes: this.absolute - this.startOffset,
      records: this.sink.records,
      ...(this.sink.firstSessionId !== undefined ? { firstSessionId: this.sink.firstSessionId } : {}),
      parsedLines: this.parsedLines,
      invalidLines: this.invalidLines,
      ...(this.prompts ? { prompts: this.prompts } : {}),
      ...(this.cwd !== undefined ? { cwd: this.cwd } : {}),
    };
  }

  /** A line past the line limit, never held whole: counted as the full parser counts it (one invalid line). */
  protected skippedLine(): void {
    if (this.window) this.lineNo += 1;
    if (this.mode === 'undecided') this.mode = 'lines';
    this.parsedLines += 1;
    this.invalidLines += 1;
  }

  protected lines(buf: Uint8Array, from: number, to: number, base: number): void {
    this.tail.keep(buf, from, to, base);
    let at = from;
    while (this.window && at < to && this.mode !== 'document') {
      const nl = buf.indexOf(LF, at);
      const end = nl < 0 || nl >= to ? to : nl;
      this.windowLine(buf, at, end, base + at);
      at = end + 1;
    }
    if (at < to && this.mode !== 'document') this.rest(buf, at, to, base);
  }

  /**
   * Lines outside the prompt window: only candidates, once the file's dialect is known. Until then every line is
   * parsed, as the full parser parses it: which lines decide the dialect must not depend on the prefilter.
   */
  private rest(buf: Uint8Array, from: number, to: number, base: number): void {
    let at = from;
    while (this.dialect === undefined && !this.unrecognized && at < to && this.mode !== 'document') {
      const nl = buf.indexOf(LF, at);
      const end = nl < 0 || nl >= to ? to : nl;
      this.parseLine(buf, at, end, base + at, false);
      at = end + 1;
    }
    if (at < to && this.mode !== 'document') this.candidates(buf, at, to, base);
  }

  /** Outside the window: jumps from one pattern match to the next, decoding only the lines that hold one. */
  private candidates(buf: Uint8Array, from: number, to: number, base: number): void {
    const counted =
      this.dialect === 'claude-code'
        ? SESSION_PATTERNS
        : this.dialect === 'sdk-stream'
          ? STREAM_PATTERNS
          : CANDIDATE_PATTERNS;
    const one = counted.length === 1 ? counted[0] : undefined;
    if (one && !this.prompts && this.simd && this.simd.holds(buf) && this.simd.canSearch(one))
      return this.sessionLines(this.simd, one, buf, from, to, base);
    const pats = this.prompts ? [...counted, USER_PATTERN] : counted;
    const next = pats.map((p) => nextStructural(this.search, buf, p, from, to));
    const simd = this.simd;
    for (;;) {
      let m = -1;
      // Index loops: this runs for every candidate line, often before the JIT has optimized it (no iterators made).
      for (let k = 0; k < next.length; k++) {
        const n = next[k] ?? -1;
        if (n >= 0 && (m < 0 || n < m)) m = n;
      }
      if (m < 0) return;
      // The line around the match: searched 16 bytes at a time where the bytes are in the SIMD memory.
      const s = m <= from ? from : (simd ? simd.lastIndexOf(buf, LF, m - 1) : buf.lastIndexOf(LF, m - 1)) + 1;
      const nl = simd ? simd.indexOf(buf, LF, m) : buf.indexOf(LF, m);
      const end = nl < 0 || nl >= to ? to : nl;
      const start = Math.max(s, from);
      // A line only `"user"` matched is read for its prompt alone, unless it is a tool result.
      let counts = false;
      for (let k = 0; k < counted.length; k++) counts ||= (next[k] ?? -1) >= 0 && (next[k] ?? -1) <= end;
      if (counts) this.countedLine(buf, start, end, base + start);
      else if (nextStructural(this.search, buf, TOOL_RESULT_PATTERN, start, end) < 0) this.promptLine(buf, start, end);
      for (let k = 0; k < pats.length; k++) {
        const n = next[k] ?? -1;
        const p = pats[k];
        if (n >= 0 && n <= end && p) next[k] = nextStructural(this.search, buf, p, end + 1, to);
      }
    }
  }

  /** `candidates` for one pattern (a session file's) on bytes in the module's memory: one call into it per line. */
  private sessionLines(
    simd: ScanWasm,
    needle: Uint8Array,
    buf: Uint8Array,
    from: number,
    to: number,
    base: number,
  ): void {
    for (let at = from; at < to; ) {
      if (simd.nextLine(buf, needle, at, to) < 0) return;
      const start = simd.lineStart();
      const end = simd.lineEnd();
      this.countedLine(buf, start, end, base + start);
      at = end + 1;
    }
  }

  /** A line a counted pattern matched: a Claude Code assistant line read off its bytes where it can, else parsed. */
  private countedLine(buf: Uint8Array, s: number, e: number, offset: number): void {
    if (this.lean && this.dialect === 'claude-code' && e - s <= this.maxLine) {
      const rec = this.lean.read(buf, s, e, offset);
      if (rec) {
        this.parsedLines += 1;
        if (rec.kind === 'assistant') {
          // A call's next split line widens the record of its first (see `foldSplitLine`).
          const last = this.lastLean;
          if (last && foldSplitLine(this.sink.records, last, rec)) return;
          this.sink.addRecord(rec);
          this.lastLean = rec;
        } else {
          this.sink.addUncounted(rec.sessionId, offset);
        }
        return;
      }
    }
    this.parseLine(buf, s, e, offset, false);
  }

  private windowLine(buf: Uint8Array, s: number, e: number, offset: number): void {
    this.lineNo += 1;
    const length = e > s && buf[e - 1] === CR ? e - s - 1 : e - s;
    const src = { line: this.lineNo, offset, length };
    if (!inPromptWindow(src, this.promptWindow)) {
      // Past the window's lines or bytes it closes; a line too long for it is only skipped.
      if (src.length <= this.promptWindow.lineBytes) this.window = false;
      this.rest(buf, s, e, offset - s);
      return;
    }
    this.parseLine(buf, s, e, offset, true);
    this.windowTo = offset + (e - s) + 1;
    if (!this.sink.open && this.dialect !== undefined) this.window = false;
  }

  private parseLine(buf: Uint8Array, s: number, e: number, offset: number, inWindow: boolean): void {
    const length = e > s && buf[e - 1] === CR ? e - s - 1 : e - s;
    if (length > this.maxLine) {
      if (this.mode === 'undecided') this.mode = 'lines';
      this.parsedLines += 1;
      this.invalidLines += 1;
      return;
    }
    const text = this.decoder.decode(buf.subarray(s, e));
    if (this.mode === 'undecided') {
      if (text.trim().length === 0) return;
      this.mode = decideMode({ text, line: this.lineNo, offset, length: e - s, unterminated: false }, this.name);
      if (this.mode === 'document') return;
    }
    let obj: unknown;
    try {
      obj = JSON.parse(text);
    } catch {
      if (text.trim().length > 0) {
        this.parsedLines += 1;
        this.invalidLines += 1;
      }
      return;
    }
    this.parsedLines += 1;
    if (!isObject(obj)) {
      this.invalidLines += 1;
      return;
    }
    if (this.cwd === undefined && typeof obj['cwd'] === 'string') this.cwd = obj['cwd'];
    const head: Head = {
      seq: 0,
      src: { source: 0, line: inWindow ? this.lineNo : 0, offset, length },
      path: undefined,
    };
    const norm = inWindow && this.sink.open ? this.promptNorm : this.norm;
    if (!this.dialect) {
      if (this.unrecognized) return this.sink.add(unknownEvent(obj, '', norm, head));
      this.dialect = this.detector.observe(obj);
      this.sink.spanAll = this.dialect === 'sdk-stream';
      if (!this.dialect) {
        this.held.push({ obj, norm, head, length });
        this.heldBytes += length;
        if (this.held.length > UNDECIDED_LINES || this.heldBytes > UNDECIDED_BYTES) {
          this.unrecognized = true;
          for (const h of this.held.splice(0)) this.sink.add(unknownEvent(h.obj, '', h.norm, h.head));
        }
        return;
      }
      for (const h of this.held.splice(0)) this.addEvent(h.obj, h.norm, h.head);
    }
    this.addEvent(obj, norm, head);
  }

  /** The lines at the file's end, read as the full parser reads them: their times widen their sessions' spans. */
  private readTail(): void {
    for (const line of this.tail.lines(Math.max(this.windowTo, this.tailFrom ?? this.absolute - TAIL_BYTES))) {
      // Past the line limit (not counting a CR before the newline, as the parser counts): a line never read.
      const n = line.bytes.length;
      if ((n > 0 && line.bytes[n - 1] === CR ? n - 1 : n) > this.maxLine) continue;
      let obj: unknown;
      try {
        obj = JSON.parse(this.decoder.decode(line.bytes));
      } catch {
        continue;
      }
      if (!isObject(obj)) continue;
      const head: Head = {
        seq: 0,
        src: { source: 0, line: 0, offset: line.offset, length: line.bytes.length },
        path: undefined,
      };
      this.sink.end(
        this.dialect && !this.unrecognized
          ? normalizeLine(obj, this.dialect, this.norm, head)
          : unknownEvent(obj, '', this.norm, head),
      );
    }
  }

  /** Adds a line's record; a prompt is kept for search too, read with its text whatever the record's options. */
  private addEvent(obj: Readonly<Record<string, unknown>>, norm: NormalizeOptions, head: Head): void {
    const event = normalizeLine(obj, this.dialect, norm, head);
    this.sink.add(event);
    if (this.prompts && event.kind === 'user' && event.role === 'prompt')
      this.keepPrompt(norm === this.promptNorm ? event : normalizeLine(obj, this.dialect, this.promptNorm, head));
  }

  /** A line parsed for its prompt only (outside the first lines): it adds no record, and decides no dialect. */
  private promptLine(buf: Uint8Array, s: number, e: number): void {
    let obj: unknown;
    try {
      obj = JSON.parse(this.decoder.decode(buf.subarray(s, e)));
    } catch {
      return;
    }
    if (!isObject(obj)) return;
    this.keepPrompt(
      normalizeLine(obj, this.dialect, this.promptNorm, {
        seq: 0,
        src: { source: 0, line: 0, offset: 0, length: 0 },
        path: undefined,
      }),
    );
  }

  private keepPrompt(e: TraceEvent): void {
    if (!this.prompts || e.kind !== 'user' || e.role !== 'prompt') return;
    const text = e.text.length > SEARCH_PROMPT_CHARS ? e.text.slice(0, SEARCH_PROMPT_CHARS) : e.text;
    this.prompts.push({ ...(e.sessionId !== undefined ? { sessionId: e.sessionId } : {}), text });
  }
}

/** Scans bytes already in memory; undefined for a JSON document (see `FileScanner.finish`). */
export function scanBytes(name: string, chunks: Iterable<Uint8Array>, opts: ScanOptions = {}): FileScan | undefined {
  const s = new FileScanner(name, opts);
  for (const c of chunks) s.push(c);
  return s.finish();
}
