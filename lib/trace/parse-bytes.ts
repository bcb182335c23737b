import { DEFAULT_NORMALIZE, withInterner, type NormalizeOptions } from './adapters/common';
import {
  agentMetaEvent,
  documentItems,
  looksLikeDocument,
  normalizeItem,
  type DocumentItem,
} from './adapters/json-document';
import { detectDialect, DialectDetector, UNDECIDED_BYTES, UNDECIDED_LINES, type Dialect } from './dialect';
import { bytesText } from './sizes';
import type { ByteSource } from './byte-source';
import { lineRef, type LinePosition, type LineRef, type LineRun, type RawLine } from './line-types';
import { asciiLine } from './line-splitter';
import { lineLimit, lineText, readLineBatches } from './lines';
import type { Diagnostic, TraceEvent } from './types';
import { unknownEvent, uuidApart, type Head, type RawObject, type UuidApart } from './adapters/messages';
import { count } from './text-order';
import {
  decideMode,
  fileIdentity,
  firstNonSpace,
  isObject,
  normalizeLine,
  resumable,
  type FrameRead,
  type ParseCheckpoint,
  type ParseOptions,
  type ParseSink,
  type SourceInfo,
} from './parse';

/**
 * Parses one source's bytes (already decompressed: gzip is undone by the engine's load loop) into the sink. Never
 * throws on bad input: every non-blank line becomes exactly one event or one line diagnostic, and the counts land in
 * the returned `SourceInfo`.
 */
export async function parseBytes(
  name: string,
  bytes: ByteSource,
  index: number,
  sink: ParseSink,
  opts: ParseOptions = {},
): Promise<SourceInfo> {
  const norm = opts.normalize?.intern ? opts.normalize : withInterner(opts.normalize ?? DEFAULT_NORMALIZE);
  const resume = resumable(opts.resume) ? opts.resume : undefined;
  const maxLine = lineLimit(opts.maxLineBytes);
  const defer = opts.shrink !== undefined || opts.clip !== undefined;
  const parse = new SourceParse(name, index, sink, norm, maxLine, resume, opts.frames?.(norm), defer);
  const info = parse.info;
  let next: LinePosition = { offset: resume?.offset ?? 0, line: resume?.line ?? 0 };
  const hold = opts.hold === true && !/\.json(\.gz)?$/i.test(name);
  for await (const batch of readLineBatches(bytes, {
    maxLineBytes: maxLine,
    onBytes: (b) => {
      info.bytes = b;
      opts.onBytes?.(b);
    },
    ...(resume ? { from: resume } : {}),
    hold,
    onEnd: (p) => (next = p),
    ...(defer ? { deferLong: true } : {}),
    ...(parse.frames ? { onChunk: (c: Uint8Array, base: number) => parse.chunk(c, base) } : {}),
    ...(parse.frames?.lineEnds ? { lineEnds: (c: Uint8Array) => parse.frames?.lineEnds?.(c) } : {}),
    ...(parse.frames ? { runs: () => parse.runs() } : {}),
  })) {
    for (const l of batch)
      if (l.run) parse.handleRun(l.run, l.line, opts.shrink, opts.clip);
      else parse.handleRaw(l.bytes ? parse.shrunk(l, opts.shrink, opts.clip) : l);
  }
  if (hold) info.bytes = next.offset;
  parse.end();
  opts.onCheckpoint?.({
    ...next,
    mode: parse.mode,
    dialect: parse.dialect,
    format: info.format,
    lines: { ...info.lines },
    ...(info.cwd !== undefined ? { cwd: info.cwd } : {}),
  });
  return info;
}

const DOC_LIMIT = 256 * 1024 * 1024;
const CR = 0x0d;

/** A long line's text made short by `ParseOptions.shrink` or `clip` (`cut`), with the line as read (its bytes) to read
 *  whole instead. */
interface Shrunk extends RawLine {
  readonly whole: RawLine;
  readonly cut: boolean;
}

/**
 * One source's parse, line by line: whether it is lines or one JSON document (`mode`), which dialect its lines speak
 * (lines wait, parsed, until it is known: see `DialectDetector`), and the counts in `info`.
 */
class SourceParse {
  readonly info: SourceInfo;
  mode: 'undecided' | 'lines' | 'document';
  /** A continued source goes on in the dialect its start decided. */
  dialect: Dialect | undefined;
  /** The lines of what may be one JSON document. */
  private readonly buffered: RawLine[] = [];
  private bufferedBytes = 0;
  private readonly detector = new DialectDetector();
  /** Lines parsed while the dialect is not known; past the limits, or at the end of a file that never said, they
   *  become raw rows. */
  private readonly held: { obj: RawObject; src: LineRef }[] = [];
  /** Where a line's lean event leaves its uuid, when the sink keeps uuids apart (`Head.apart`). */
  private readonly apart: UuidApart | undefined;
  private heldBytes = 0;
  private chunkBase = 0;
  private chunkEnd = 0;
  private unrecognized = false;
  private rawRows = 0;
  /** How a line cut by `clip` is read: its texts' NULs are the cut's marks. */
  private readonly cutNorm: NormalizeOptions;

  constructor(
    private readonly name: string,
    private readonly index: number,
    private readonly sink: ParseSink,
    private readonly norm: NormalizeOptions,
    private readonly maxLine: number,
    resume: ParseCheckpoint | undefined,
    /** Small Agent SDK frames read without JSON.parse (`ParseOptions.frames`). */
    readonly frames?: FrameRead,
    /** Long lines come with their bytes (`LineOptions.deferLong`). */
    private readonly defer = false,
  ) {
    this.info = {
      index,
      name,
      format: resume?.format ?? 'empty',
      bytes: resume?.offset ?? 0,
      lines: { ...(resume?.lines ?? { total: 0, blank: 0, events: 0, invalid: 0 }) },
      ...fileIdentity(name),
      gzip: /\.gz$/i.test(name),
      ...(resume?.cwd !== undefined ? { cwd: resume.cwd } : {}),
    };
    this.cutNorm = { ...norm, cut: true };
    this.apart = sink.keepsUuids === true ? uuidApart() : undefined;
    this.mode = resume?.mode ?? (name.endsWith('.meta.json') ? 'document' : 'undecided');
    this.dialect = resume?.dialect;
  }

  private lineDiag(code: Diagnostic['code'], message: string, src: LineRef): void {
    this.info.lines.invalid += 1;
    this.sink.diagnostic({ code, severity: 'error', message, src, consumesLine: true });
  }

  private head(src: LineRef, path?: string): Head {
    // Defensive: a uuid is left only by an event that is then emitted, but none must pass to the next line's.
    const apart = this.apart;
    if (apart) {
      apart.uuid = undefined;
      apart.bytes = undefined;
    }
    return { seq: this.sink.nextSeq(), src, path, apart };
  }

  private emit(e: TraceEvent): void {
    this.info.lines.events += 1;
    const apart = this.apart;
    if (apart === undefined || (apart.uuid === undefined && apart.bytes === undefined)) this.sink.event(e);
    else if (apart.uuid !== undefined) {
      const uuid = apart.uuid;
      apart.uuid = undefined;
      this.sink.event(e, uuid);
    } else {
      this.sink.event(e, apart);
      apart.bytes = undefined;
    }
    if ((e.kind === 'assistant' || e.kind === 'stream' || e.kind === 'result') && e.numberErrors)
      this.sink.diagnostic(numberDiagnostic(e, e.numberErrors));
  }

  private raw(obj: RawObject, src: LineRef): void {
    this.rawRows += 1;
    this.emit(
      unknownEvent(
        obj,
        'a line of a file that is not a Claude Code or Agent SDK transcript',
        this.norm,
        this.head(src),
      ),
    );
  }

  private giveUp(): void {
    this.unrecognized = true;
    for (const h of this.held.splice(0)) this.raw(h.obj, h.src);
  }

  /** The chunk the next lines come from (`FrameRead.chunk`), and the offset of its first byte. */
  chunk(bytes: Uint8Array, base: number): void {
    this.chunkBase = base;
    this.chunkEnd = base + bytes.length;
    this.frames?.chunk(bytes);
  }

  /** A deferred long line: shrunk where `shrink` may (a Claude Code file read as lines), or cut where `clip` may (a
   *  file read as lines), else decoded whole. */
  shrunk(l: RawLine, shrink: ParseOptions['shrink'], clip: ParseOptions['clip']): RawLine | Shrunk {
    // Only once the dialect is known: a line held until then is normalized later, past the check of its event.
    const lines = this.mode === 'lines' && this.dialect !== undefined && l.bytes;
    const cut = !(lines && shrink && this.dialect === 'claude-code');
    const text = !cut ? shrink(l.bytes) : lines && clip && l.bytes ? clip(l.bytes) : undefined;
    if (text === undefined) return lineText(l);
    return { text, line: l.line, offset: l.offset, length: l.length, unterminated: l.unterminated, whole: l, cut };
  }

  /** Whether a chunk's all-ASCII lines may come as one run (`LineOptions.runs`): an SDK stream's, read with frames. */
  runs(): boolean {
    return this.frames !== undefined && this.mode === 'lines' && this.dialect === 'sdk-stream';
  }

  /**
   * A run of all-ASCII lines (`LineOptions.runs`), the first numbered `first`: a small frame is read off the run's text
   * (no string or entry is made of its line), any other line goes on as the entry `readLineBatches` would have given.
   */
  handleRun(run: LineRun, first: number, shrink: ParseOptions['shrink'], clip: ParseOptions['clip']): void {
    const { text, chunk, at, base } = run;
    const frames = this.frames;
    let pos = 0;
    for (let line = first; line < first + run.lines; line++) {
      let nl = text.indexOf('\n', pos);
      if (nl < 0) nl = text.length;
      // The line's length without a "\r" before its newline, as `asciiLine` counts it.
      const length = nl - pos - (text.charCodeAt(nl - 1) === CR && nl > pos ? 1 : 0);
      const offset = base + at + pos;
      const tried = frames !== undefined && length >= 10 && length <= this.maxLine;
      if (tried) {
        const src: LineRef = { source: this.index, line, offset, length };
        const e = frames.read(text, at + pos, this.head(src), pos, length);
        if (e) {
          this.info.lines.total += 1;
          this.emit(e);
          pos = nl + 1;
          continue;
        }
      }
      const l = asciiLine(text.slice(pos, nl), line, offset, this.maxLine, this.defer, chunk, base);
      this.handleRaw(l.bytes ? this.shrunk(l, shrink, clip) : l, tried);
      pos = nl + 1;
    }
  }

  /** A line as read: blank, part of a document, or a line of its own (`framesTried`: not a frame). */
  handleRaw(l: RawLine | Shrunk, framesTried = false): void {
    if (!l.tooLong && (l.text.length === 0 || isBlank(l.text))) {
      if (this.mode === 'document') this.buffered.push(l);
      else this.info.lines.blank += l.blankLines ?? 1;
      return;
    }
    if (this.mode === 'undecided') {
      this.mode = l.tooLong ? 'lines' : decideMode(l, this.name);
      if (this.mode === 'lines') this.info.format = 'unknown';
    }
    if (this.mode === 'document') {
      this.buffered.push(l);
      this.bufferedBytes += l.length;
      // Too big to be one JSON document here, or a line past the limit in it: fall back to lines.
      if (this.bufferedBytes > DOC_LIMIT || l.tooLong) {
        this.mode = 'lines';
        for (const b of this.buffered.splice(0)) this.handleOrBlank(b);
      }
      return;
    }
    this.handleLine(l, framesTried);
  }

  private handleOrBlank(l: RawLine | Shrunk): void {
    if (!l.tooLong && isBlank(l.text)) this.info.lines.blank += l.blankLines ?? 1;
    else this.handleLine(l);
  }

  /** A non-blank line of a file of lines: one event, one line diagnostic, or held until the dialect is known. */
  private handleLine(l: RawLine | Shrunk, framesTried = false): void {
    const src: LineRef = { source: this.index, line: l.line, offset: l.offset, length: l.length };
    this.info.lines.total += 1;
    // A small frame of an Agent SDK stream, of as many characters as bytes, all in the chunk being read.
    if (
      this.frames &&
      !framesTried &&
      this.dialect === 'sdk-stream' &&
      l.text.length === l.length &&
      l.offset >= this.chunkBase &&
      l.offset + l.length <= this.chunkEnd &&
      !l.tooLong &&
      !('whole' in l)
    ) {
      const e = this.frames.read(l.text, l.offset - this.chunkBase, this.head(src));
      if (e) return this.emit(e);
    }
    const obj = this.lineObject(l, src);
    if (obj === undefined) return;
    if (this.info.cwd === undefined && typeof obj['cwd'] === 'string') this.info.cwd = obj['cwd'];
    if (!this.dialect) {
      if (this.unrecognized) return this.raw(obj, src);
      this.dialect = this.detector.observe(obj);
      if (!this.dialect) {
        this.held.push({ obj, src });
        this.heldBytes += l.length;
        if (this.held.length > UNDECIDED_LINES || this.heldBytes > UNDECIDED_BYTES) this.giveUp();
        return;
      }
      this.info.format = this.dialect;
      for (const h of this.held.splice(0)) this.emit(normalizeLine(h.obj, this.dialect, this.norm, this.head(h.src)));
    }
    const e = normalizeLine(obj, this.dialect, 'cut' in l && l.cut ? this.cutNorm : this.norm, this.head(src));
    // A cut line (`clip`) that makes no event of its kind is read whole: an unknown event keeps the line's raw JSON.
    if (e.kind === 'unknown' && 'whole' in l) {
      this.info.lines.total -= 1;
      return this.handleLine(lineText(l.whole));
    }
    this.emit(e);
  }

  /** The line's JSON object, or undefined after its line diagnostic (too long, not JSON, cut off, not an object). */
  private lineObject(l: RawLine | Shrunk, src: LineRef): RawObject | undefined {
    if (l.tooLong) {
      this.lineDiag(
        'line-too-long',
        `line ${l.line} is ${bytesText(l.length)} (bytes ${l.offset}–${l.offset + l.length}): longer than the ${bytesText(this.maxLine)} line limit, skipped`,
        src,
      );
      return undefined;
    }
    const text = l.text;
    // FF FE or FE FF, decoded as UTF-8, is two U+FFFD; UTF-16 then puts a NUL beside every ASCII character.
    if (l.offset === 0 && text.startsWith('\uFFFD\uFFFD') && text.includes('\u0000'))
      this.sink.diagnostic({
        code: 'utf16-file',
        severity: 'error',
        message: `${this.name} is UTF-16 text (it starts with a UTF-16 byte order mark): Loupe reads UTF-8 JSON lines; save it as UTF-8 and open it again`,
        src: { source: this.index, line: 1, offset: 0, length: 0 },
        consumesLine: false,
      });
    const first = firstNonSpace(text);
    const structured = first === '{' || first === '[';
    let obj: unknown;
    try {
      // A line that cannot start a JSON value is not handed to the parser at all.
      if (!structured && !SCALAR_START.test(first)) throw new Error('not JSON');
      obj = JSON.parse(text);
    } catch (err) {
      if ('whole' in l) {
        // Only a line that is not JSON makes a shrunk text that is not: read whole, it is reported in its own words.
        this.info.lines.total -= 1;
        this.handleLine(lineText(l.whole));
        return undefined;
      }
      if (l.unterminated)
        this.lineDiag(
          'truncated-last-line',
          `last line ${l.line} is cut off (no newline, not valid JSON): ${preview(text)}`,
          src,
        );
      else if (structured)
        this.lineDiag(
          'malformed-json',
          `line ${l.line}: ${err instanceof Error ? err.message : 'invalid JSON'}: ${preview(text)}`,
          src,
        );
      else this.lineDiag('non-json-line', `line ${l.line} is not JSON: ${preview(text)}`, src);
      return undefined;
    }
    if (!isObject(obj)) {
      this.lineDiag('not-an-object', `line ${l.line} is JSON but not an object: ${preview(text)}`, src);
      return undefined;
    }
    return obj;
  }

  /** The end of the source: a document parsed whole, held lines kept as raw rows, the format settled. */
  end(): void {
    if (this.mode === 'document') this.endDocument();
    // The end of a file that never said which dialect it is: its lines are kept as raw rows, with one word on why.
    if (this.held.length > 0) this.giveUp();
    const info = this.info;
    if (this.rawRows > 0) {
      info.format = 'unknown';
      this.sink.diagnostic({
        code: 'unrecognized-file',
        severity: 'info',
        message: `${this.name} is not a Claude Code or Agent SDK transcript (no line says which it is): its ${count(this.rawRows, 'line')} ${this.rawRows === 1 ? 'is' : 'are'} kept as raw rows`,
        src: { source: this.index, line: 1, offset: 0, length: 0 },
        consumesLine: false,
      });
    }
    if (info.format === 'unknown' && info.lines.total === 0) info.format = 'empty';
  }

  /** The buffered lines as one JSON document: an agent's meta file, a document of records, one pretty-printed
   *  message; or, when they are not one, each line on its own. */
  private endDocument(): void {
    const info = this.info;
    const buffered = this.buffered;
    const text = buffered.map((b) => b.text).join('\n');
    const firstLine = buffered.find((b) => !isBlank(b.text));
    let doc: unknown;
    let ok = false;
    try {
      doc = JSON.parse(text);
      ok = true;
    } catch {
      ok = false;
    }
    const src: LineRef = {
      source: this.index,
      line: firstLine?.line ?? 1,
      offset: firstLine?.offset ?? 0,
      length: info.bytes - (firstLine?.offset ?? 0),
    };
    if (ok && this.name.endsWith('.meta.json') && isObject(doc)) {
      info.format = 'agent-meta';
      info.lines.total += 1;
      this.emit(agentMetaEvent(doc, this.norm, this.head(src)));
    } else if (ok && looksLikeDocument(doc)) {
      const { format, items } = documentItems(doc);
      info.format = format;
      for (const item of items) {
        info.lines.total += 1;
        const e = normalizeItem(item, this.norm, this.head(src, item.path));
        if (e) this.emit(e);
        // The record itself in the words: the document's first line is all the diagnostic's line can show.
        else
          this.lineDiag(
            'invalid-document',
            `${item.path}: ${item.type === 'invalid' ? item.problem : `not an object: ${preview(JSON.stringify(itemValue(item)) ?? 'undefined')}`}`,
            src,
          );
      }
    } else if (ok && isObject(doc) && buffered.filter((b) => !isBlank(b.text)).length > 1) {
      // One pretty-printed message: a single record.
      info.lines.total += 1;
      this.dialect = detectDialect(doc);
      info.format = this.dialect ?? 'unknown';
      this.emit(normalizeLine(doc, this.dialect, this.norm, this.head(src)));
    } else {
      // Not one document after all: every line on its own, so nothing is lost.
      info.format = 'unknown';
      for (const b of buffered) this.handleOrBlank(b);
    }
  }
}

/** What a line's unsound numbers cost it, in words: the field and value of each, and what is left out. */
function numberDiagnostic(e: TraceEvent, errors: readonly string[]): Diagnostic {
  const what =
    e.kind === 'assistant'
      ? 'this model call stays in the timeline, its usage is not counted in the totals'
      : e.kind === 'stream'
        ? "this streamed message's usage is not counted in the totals"
        : 'each of these is left out (no reported cost or usage from it)';
  const where = e.path ? `line ${e.line} (${e.path})` : `line ${e.line}`;
  return {
    code: 'invalid-number',
    severity: 'error',
    message: `${where}: ${errors.join('; ')}; ${what}`,
    src: lineRef(e),
    seq: e.seq,
    consumesLine: false,
  };
}

/** The first character of a JSON value other than an object or array: a number, a string, true, false, null. */
const SCALAR_START = /^[-0-9"tfn]$/;

function isBlank(text: string): boolean {
  // Nearly every line starts with a printable ASCII character, which is never white space: no trimmed copy for it.
  const c = text.charCodeAt(0);
  if (c > 32 && c < 127) return false;
  return text.trim().length === 0;
}

/** What a document record holds (its message, for a message). */
function itemValue(item: DocumentItem): unknown {
  return item.type === 'message' ? item.value : item;
}

function preview(text: string): string {
  const t = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return JSON.stringify(t);
}
