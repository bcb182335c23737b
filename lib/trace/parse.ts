import { normalizeClaudeCodeLine } from './adapters/claude-code';
import type { NormalizeOptions } from './adapters/common';
import { normalizeSdkLine } from './adapters/sdk-stream';
import type { Dialect } from './dialect';
import type { ByteSource } from './byte-source';
import type { LinePosition, RawLine } from './line-types';
import type { Diagnostic, SourceFormat, TraceEvent } from './types';
import type { Head, LeftUuid, RawObject } from './adapters/messages';

// What a parse reads and tells (sources, sinks, options, checkpoints), and the rules shared by the parse of a source
// (`parse-bytes.ts`) and the fast path's scan: a file's identity, its mode, a line's dialect.

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
  /** `uuid`: the uuid the event left apart (see `Head.apart`), given only to a sink that `keepsUuids`; its bytes are
   *  valid only during the call. */
  event(e: TraceEvent, uuid?: LeftUuid): void;
  /** The sink keeps the uuids of events other than calls in a column, so events may leave theirs apart. */
  readonly keepsUuids?: boolean;
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
  /**
   * For the workbench's load (lib/fast/clip.ts): given a long line's bytes in either dialect, the line's JSON with its
   * long tool outputs cut where the model stops reading them, or undefined to read it whole. Read again whole when
   * what it gives is not JSON, as `shrink`.
   */
  readonly clip?: (bytes: Uint8Array) => string | undefined;
  /**
   * For the workbench's and the CLI's loads (lib/fast/frames.ts): given the normalize options, a reader for each
   * source of an Agent SDK stream that makes the event of a small frame's line without JSON.parse (the adapter's
   * event, exactly), or undefined to read the line the usual way.
   */
  readonly frames?: FrameReaders;
}

/** Reads the lines of one source: told each chunk of its bytes, then the lines of that chunk. */
export interface FrameRead {
  /** The offsets of a chunk's newlines, in order, found off the JavaScript heap (the lines of every dialect are split
   *  on them); undefined: the splitter looks for them itself. Asked (or not) before the chunk's `chunk`. */
  lineEnds?(bytes: Uint8Array): Int32Array | undefined;
  /** The bytes the lines that follow come from (valid until the next chunk). */
  chunk(bytes: Uint8Array): void;
  /** The event of the line at `at` in the chunk's bytes, or undefined to read it the usual way: its text (one character
   *  per byte) is `text`, or its `length` characters from `start` (a run of lines decoded at once). */
  read(text: string, at: number, h: Head, start?: number, length?: number): TraceEvent | undefined;
}
/** A `FrameRead` for each source (the ids it compares are the source's own), given the load's normalize options. */
export type FrameReaders = (norm: NormalizeOptions) => FrameRead;

/**
 * Where the parse of a growing source stopped, and the state it continues with: the next line's offset and number,
 * the dialect and mode the first lines decided, the line counts so far. A JSON document (`mode: 'document'`) is
 * parsed whole and cannot be continued: a grown one is parsed again from its start.
 */
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

/** The first character that is not white space (or a byte order mark), or ''. */
export function firstNonSpace(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13 && c !== 0xfeff) return text[i] ?? '';
  }
  return '';
}
