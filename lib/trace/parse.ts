import { normalizeClaudeCodeLine } from './adapters/claude-code';
import { DEFAULT_NORMALIZE, withInterner, type NormalizeOptions } from './adapters/common';
import {
  agentMetaEvent,
  documentItems,
  looksLikeDocument,
  normalizeItem,
  type DocumentItem,
} from './adapters/json-document';
import { normalizeSdkLine } from './adapters/sdk-stream';
import { detectDialect, DialectDetector, UNDECIDED_BYTES, UNDECIDED_LINES, type Dialect } from './dialect';
import { bytesText } from './sizes';
import {
  lineLimit,
  lineText,
  readLineBatches,
  type ByteSource,
  type LinePosition,
  type LineRef,
  type RawLine,
} from './lines';
import type { Diagnostic, SourceFormat, TraceEvent } from './types';
import { unknownEvent, type Head, type RawObject } from './adapters/messages';
import { count } from './text-order';

/** One input file. `name` is its path relative to what the user dropped (it carries the subagent layout). */
export interface SourceInput {
  readonly name: string;
  readonly size?: number;
  readonly open: () => ByteSource;
}

export interface SourceInfo {
  readonly index: number;
  readonly name: string;
  format: SourceFormat;
  /** Decompressed bytes read. */
  bytes: number;
  /** Line accounting: `total` non-blank lines (records, for JSON documents) = `events` + `invalid`. */
  readonly lines: { total: number; blank: number; events: number; invalid: number };
  /** Agent id from the file name (`agent-<id>.jsonl`), when the file is a subagent transcript. */
  readonly fileAgentId?: string;
  /** Session id from the file name or folder (`<sessionId>.jsonl`, `<sessionId>/subagents/…`). */
  readonly fileSessionId?: string;
  /** The first `cwd` a line of the file carries (Claude Code lines, an SDK `init` frame): what its project folder's
   *  name stands for (see `projectPath`). */
  cwd?: string;
  readonly gzip: boolean;
}

/** Where parsed events and line diagnostics go; the model builder is the usual sink. */
export interface ParseSink {
  /** The seq the next event will get (events are numbered in arrival order). */
  nextSeq(): number;
  event(e: TraceEvent): void;
  diagnostic(d: Diagnostic): void;
}

export { detectDialect, type Dialect } from './dialect';
export { bytesText } from './sizes';

export function normalizeLine(
  obj: RawObject,
  dialect: Dialect | undefined,
  opts: NormalizeOptions,
  h: Head,
): TraceEvent {
  return dialect === 'claude-code' ? normalizeClaudeCodeLine(obj, opts, h) : normalizeSdkLine(obj, opts, h);
}

const AGENT_FILE = /(?:^|\/)agent-([A-Za-z0-9_-]+)\.(?:jsonl|meta\.json)(?:\.gz)?$/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

export function fileIdentity(name: string): { fileAgentId?: string; fileSessionId?: string } {
  const agent = AGENT_FILE.exec(name);
  const parts = name.split('/');
  const base = parts[parts.length - 1] ?? '';
  let session: string | undefined;
  const subIdx = parts.lastIndexOf('subagents');
  if (subIdx > 0) session = parts[subIdx - 1] || undefined;
  if (!session && !agent) session = UUID.exec(base)?.[0];
  return { ...(agent?.[1] ? { fileAgentId: agent[1] } : {}), ...(session ? { fileSessionId: session } : {}) };
}

export function isObject(v: unknown): v is RawObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const DOC_LIMIT = 256 * 1024 * 1024;

export interface ParseOptions {
  readonly normalize?: NormalizeOptions;
  /** Called after each chunk with the decompressed bytes read so far. */
  readonly onBytes?: (bytes: number) => void;
  /** Lines longer than this many bytes become `line-too-long` diagnostics (default 64 MiB). */
  readonly maxLineBytes?: number;
  /**
   * The file is still being written (live tail): a last line without its newline is left for a later call, not
   * reported as cut off. `info.bytes` then counts the bytes up to it.
   */
  readonly hold?: boolean;
  /** Continues a source from where an earlier call stopped: `bytes` are the source's bytes from `resume.offset` on. */
  readonly resume?: ParseCheckpoint;
  /** Told at the end where a later call can continue (see `ParseCheckpoint`). */
  readonly onCheckpoint?: (c: ParseCheckpoint) => void;
  /**
   * For a load that reads less than the whole line (`loupe stats`, lib/engine/stats-load.ts): given a long line's
   * bytes in a Claude Code session, the line's JSON with the strings nobody will read made short, or undefined to
   * read it whole. Text it gives that is not JSON is read again whole, so a broken line is reported as it is.
   */
  readonly shrink?: (bytes: Uint8Array) => string | undefined;
}

/**
 * Where the parse of a growing source stopped, and the state it continues with: the next line's offset and number,
 * the dialect and mode the first lines decided, the line counts so far. A JSON document (`mode: 'document'`) is
 * parsed whole and cannot be continued: a grown one is parsed again from its start.
 */
/** A long line's text made short by `ParseOptions.shrink`, with the line as read (its bytes) to read whole instead. */
interface Shrunk extends RawLine {
  readonly whole: RawLine;
}

export interface ParseCheckpoint extends LinePosition {
  readonly mode: 'undecided' | 'lines' | 'document';
  readonly dialect: Dialect | undefined;
  readonly format: SourceFormat;
  readonly lines: SourceInfo['lines'];
  readonly cwd?: string;
}

/** Whether a later call can continue from a checkpoint: the file is lines, and its first lines decided the dialect
 *  (lines still waiting for that decision are not carried over: such a file is read again from its start). */
export function resumable(c: ParseCheckpoint | undefined): c is ParseCheckpoint {
  return c !== undefined && c.mode === 'lines' && c.dialect !== undefined;
}

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
  const info: SourceInfo = {
    index,
    name,
    format: resume?.format ?? 'empty',
    bytes: resume?.offset ?? 0,
    lines: { ...(resume?.lines ?? { total: 0, blank: 0, events: 0, invalid: 0 }) },
    ...fileIdentity(name),
    gzip: /\.gz$/i.test(name),
    ...(resume?.cwd !== undefined ? { cwd: resume.cwd } : {}),
  };
  const lineDiag = (code: Diagnostic['code'], message: string, src: LineRef): void => {
    info.lines.invalid += 1;
    sink.diagnostic({ code, severity: 'error', message, src, consumesLine: true });
  };
  const head = (src: LineRef, path?: string): Head => ({ seq: sink.nextSeq(), src, path });
  const emit = (e: TraceEvent): void => {
    info.lines.events += 1;
    sink.event(e);
    if ((e.kind === 'assistant' || e.kind === 'stream' || e.kind === 'result') && e.numberErrors)
      sink.diagnostic(numberDiagnostic(e, e.numberErrors));
  };

  let mode: 'undecided' | 'lines' | 'document' =
    resume?.mode ?? (name.endsWith('.meta.json') ? 'document' : 'undecided');
  const buffered: RawLine[] = [];
  let bufferedBytes = 0;
  // Lines wait here, parsed, until the file's dialect is known (see DialectDetector); past the limits, or at the end
  // of a file that never said, they become raw rows.
  const detector = new DialectDetector();
  // A continued source goes on in the dialect its start decided.
  let dialect: Dialect | undefined = resume?.dialect;
  let unrecognized = false;
  let rawRows = 0;
  const held: { obj: RawObject; src: LineRef }[] = [];
  let heldBytes = 0;
  const raw = (obj: RawObject, src: LineRef): void => {
    rawRows += 1;
    emit(unknownEvent(obj, 'a line of a file that is not a Claude Code or Agent SDK transcript', norm, head(src)));
  };
  const giveUp = (): void => {
    unrecognized = true;
    for (const h of held.splice(0)) raw(h.obj, h.src);
  };

  /** A deferred long line: shrunk where `opts.shrink` may (a Claude Code file read as lines), else decoded whole. */
  const shrunk = (l: RawLine): RawLine | Shrunk => {
    const text =
      opts.shrink && mode === 'lines' && dialect === 'claude-code' && l.bytes ? opts.shrink(l.bytes) : undefined;
    if (text === undefined) return lineText(l);
    return { text, line: l.line, offset: l.offset, length: l.length, unterminated: l.unterminated, whole: l };
  };

  const handleLine = (l: RawLine | Shrunk): void => {
    const src: LineRef = { source: index, line: l.line, offset: l.offset, length: l.length };
    info.lines.total += 1;
    if (l.tooLong) {
      lineDiag(
        'line-too-long',
        `line ${l.line} is ${bytesText(l.length)} (bytes ${l.offset}–${l.offset + l.length}): longer than the ${bytesText(maxLine)} line limit, skipped`,
        src,
      );
      return;
    }
    const text = l.text;
    // FF FE or FE FF, decoded as UTF-8, is two U+FFFD; UTF-16 then puts a NUL beside every ASCII character.
    if (l.offset === 0 && text.startsWith('\uFFFD\uFFFD') && text.includes('\u0000'))
      sink.diagnostic({
        code: 'utf16-file',
        severity: 'error',
        message: `${name} is UTF-16 text (it starts with a UTF-16 byte order mark): Loupe reads UTF-8 JSON lines; save it as UTF-8 and open it again`,
        src: { source: index, line: 1, offset: 0, length: 0 },
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
        info.lines.total -= 1;
        handleLine(lineText(l.whole));
        return;
      }
      if (l.unterminated)
        lineDiag(
          'truncated-last-line',
          `last line ${l.line} is cut off (no newline, not valid JSON): ${preview(text)}`,
          src,
        );
      else if (structured)
        lineDiag(
          'malformed-json',
          `line ${l.line}: ${err instanceof Error ? err.message : 'invalid JSON'}: ${preview(text)}`,
          src,
        );
      else lineDiag('non-json-line', `line ${l.line} is not JSON: ${preview(text)}`, src);
      return;
    }
    if (!isObject(obj)) {
      lineDiag('not-an-object', `line ${l.line} is JSON but not an object: ${preview(text)}`, src);
      return;
    }
    if (info.cwd === undefined && typeof obj['cwd'] === 'string') info.cwd = obj['cwd'];
    if (!dialect) {
      if (unrecognized) return raw(obj, src);
      dialect = detector.observe(obj);
      if (!dialect) {
        held.push({ obj, src });
        heldBytes += l.length;
        if (held.length > UNDECIDED_LINES || heldBytes > UNDECIDED_BYTES) giveUp();
        return;
      }
      info.format = dialect;
      for (const h of held.splice(0)) emit(normalizeLine(h.obj, dialect, norm, head(h.src)));
    }
    emit(normalizeLine(obj, dialect, norm, head(src)));
  };

  const maxLine = lineLimit(opts.maxLineBytes);
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
    ...(opts.shrink ? { deferLong: true } : {}),
  })) {
    for (const l of batch) handleRaw(l.bytes ? shrunk(l) : l);
  }
  if (hold) info.bytes = next.offset;

  function handleRaw(l: RawLine | Shrunk): void {
    if (!l.tooLong && (l.text.length === 0 || isBlank(l.text))) {
      if (mode === 'document') buffered.push(l);
      else info.lines.blank += l.blankLines ?? 1;
      return;
    }
    if (mode === 'undecided') {
      mode = l.tooLong ? 'lines' : decideMode(l, name);
      if (mode === 'lines') info.format = 'unknown';
    }
    if (mode === 'document') {
      buffered.push(l);
      bufferedBytes += l.length;
      // Too big to be one JSON document here, or a line past the limit in it: fall back to lines.
      if (bufferedBytes > DOC_LIMIT || l.tooLong) {
        mode = 'lines';
        for (const b of buffered.splice(0)) handleOrBlank(b);
      }
      return;
    }
    handleLine(l);
  }

  function handleOrBlank(l: RawLine | Shrunk): void {
    if (!l.tooLong && isBlank(l.text)) info.lines.blank += l.blankLines ?? 1;
    else handleLine(l);
  }

  if (mode === 'document') {
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
      source: index,
      line: firstLine?.line ?? 1,
      offset: firstLine?.offset ?? 0,
      length: info.bytes - (firstLine?.offset ?? 0),
    };
    if (ok && name.endsWith('.meta.json') && isObject(doc)) {
      info.format = 'agent-meta';
      info.lines.total += 1;
      emit(agentMetaEvent(doc, norm, head(src)));
    } else if (ok && looksLikeDocument(doc)) {
      const { format, items } = documentItems(doc);
      info.format = format;
      for (const item of items) {
        info.lines.total += 1;
        const e = normalizeItem(item, norm, head(src, item.path));
        if (e) emit(e);
        // The record itself in the words: the document's first line is all the diagnostic's line can show.
        else
          lineDiag(
            'invalid-document',
            `${item.path}: ${item.type === 'invalid' ? item.problem : `not an object: ${preview(JSON.stringify(itemValue(item)) ?? 'undefined')}`}`,
            src,
          );
      }
    } else if (ok && isObject(doc) && buffered.filter((b) => !isBlank(b.text)).length > 1) {
      // One pretty-printed message: a single record.
      info.lines.total += 1;
      dialect = detectDialect(doc);
      info.format = dialect ?? 'unknown';
      emit(normalizeLine(doc, dialect, norm, head(src)));
    } else {
      // Not one document after all: every line on its own, so nothing is lost.
      info.format = 'unknown';
      for (const b of buffered) handleOrBlank(b);
    }
  }
  // The end of a file that never said which dialect it is: its lines are kept as raw rows, with one word on why.
  if (held.length > 0) giveUp();
  if (rawRows > 0) {
    info.format = 'unknown';
    sink.diagnostic({
      code: 'unrecognized-file',
      severity: 'info',
      message: `${name} is not a Claude Code or Agent SDK transcript (no line says which it is): its ${count(rawRows, 'line')} ${rawRows === 1 ? 'is' : 'are'} kept as raw rows`,
      src: { source: index, line: 1, offset: 0, length: 0 },
      consumesLine: false,
    });
  }
  if (info.format === 'unknown' && info.lines.total === 0) info.format = 'empty';
  opts.onCheckpoint?.({
    ...next,
    mode,
    dialect,
    format: info.format,
    lines: { ...info.lines },
    ...(info.cwd !== undefined ? { cwd: info.cwd } : {}),
  });
  return info;
}

export function decideMode(l: RawLine, name: string): 'lines' | 'document' {
  const first = firstNonSpace(l.text);
  if (first === '[') return 'document';
  if (/\.json(\.gz)?$/i.test(name)) return 'document';
  if (first === '{') {
    try {
      JSON.parse(l.text);
      return 'lines';
    } catch {
      // A `{` line that does not parse on its own: the start of a pretty-printed document, or corruption.
      return l.text.trim() === '{' ? 'document' : 'lines';
    }
  }
  return 'lines';
}

function firstNonSpace(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13 && c !== 0xfeff) return text[i] ?? '';
  }
  return '';
}

/** What a line's unsound numbers cost it, in words: the field and value of each, and what is left out. */
function numberDiagnostic(e: TraceEvent, errors: readonly string[]): Diagnostic {
  const what =
    e.kind === 'assistant'
      ? 'this model call stays in the timeline, its usage is not counted in the totals'
      : e.kind === 'stream'
        ? "this streamed message's usage is not counted in the totals"
        : 'each of these is left out (no reported cost or usage from it)';
  const where = e.path ? `line ${e.src.line} (${e.path})` : `line ${e.src.line}`;
  return {
    code: 'invalid-number',
    severity: 'error',
    message: `${where}: ${errors.join('; ')}; ${what}`,
    src: e.src,
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
