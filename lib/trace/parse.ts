import { normalizeClaudeCodeLine } from './adapters/claude-code';
import { DEFAULT_NORMALIZE, withInterner, type NormalizeOptions } from './adapters/common';
import { agentMetaEvent, documentItems, looksLikeDocument, normalizeItem } from './adapters/json-document';
import { normalizeSdkLine } from './adapters/sdk-stream';
import { readLineBatches, type ByteSource, type LineRef, type RawLine } from './lines';
import type { Diagnostic, SourceFormat, TraceEvent } from './types';
import type { Head, RawObject } from './adapters/messages';

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
  readonly gzip: boolean;
}

/** Where parsed events and line diagnostics go; the model builder is the usual sink. */
export interface ParseSink {
  /** The seq the next event will get (events are numbered in arrival order). */
  nextSeq(): number;
  event(e: TraceEvent): void;
  diagnostic(d: Diagnostic): void;
}

export type Dialect = 'sdk-stream' | 'claude-code';

const CC_TYPES = new Set([
  'progress',
  'attachment',
  'summary',
  'file-history-snapshot',
  'queue-operation',
  'permission-mode',
  'last-prompt',
  'custom-title',
  'ai-title',
  'tag',
  'checkpoint',
  'pr-link',
  'agent-setting',
]);
const SDK_TYPES = new Set([
  'stream_event',
  'result',
  'control_request',
  'control_response',
  'control_cancel_request',
  'keep_alive',
  'tool_progress',
  'rate_limit_event',
]);

/** Decides the dialect from one line, or returns undefined when the line could be either. */
export function detectDialect(obj: RawObject): Dialect | undefined {
  const type = obj['type'];
  if (typeof type === 'string') {
    if (CC_TYPES.has(type)) return 'claude-code';
    if (SDK_TYPES.has(type)) return 'sdk-stream';
  }
  if ('sessionId' in obj || 'parentUuid' in obj || 'isSidechain' in obj) return 'claude-code';
  if ('session_id' in obj || 'parent_tool_use_id' in obj) return 'sdk-stream';
  return undefined;
}

export function normalizeLine(obj: RawObject, dialect: Dialect | undefined, opts: NormalizeOptions, h: Head): TraceEvent {
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
}

/**
 * Parses one source's bytes (already decompressed: gzip is undone by the engine's load loop) into the sink. Never
 * throws on bad input: every non-blank line becomes exactly one event or one line diagnostic, and the counts land in
 * the returned `SourceInfo`.
 */
export async function parseBytes(name: string, bytes: ByteSource, index: number, sink: ParseSink, opts: ParseOptions = {}): Promise<SourceInfo> {
  const norm = opts.normalize?.intern ? opts.normalize : withInterner(opts.normalize ?? DEFAULT_NORMALIZE);
  const info: SourceInfo = {
    index,
    name,
    format: 'empty',
    bytes: 0,
    lines: { total: 0, blank: 0, events: 0, invalid: 0 },
    ...fileIdentity(name),
    gzip: /\.gz$/i.test(name),
  };
  const lineDiag = (code: Diagnostic['code'], message: string, src: LineRef): void => {
    info.lines.invalid += 1;
    sink.diagnostic({ code, severity: 'error', message, src, consumesLine: true });
  };
  const head = (src: LineRef, path?: string): Head => ({ seq: sink.nextSeq(), src, path });
  const emit = (e: TraceEvent): void => {
    info.lines.events += 1;
    sink.event(e);
  };

  let dialect: Dialect | undefined;
  let mode: 'undecided' | 'lines' | 'document' = name.endsWith('.meta.json') ? 'document' : 'undecided';
  const buffered: RawLine[] = [];
  let bufferedBytes = 0;

  const handleLine = (l: RawLine): void => {
    const src: LineRef = { source: index, line: l.line, offset: l.offset, length: l.length };
    const text = l.text;
    const first = firstNonSpace(text);
    if (first !== '{' && first !== '[') {
      info.lines.total += 1;
      lineDiag(l.unterminated ? 'truncated-last-line' : 'non-json-line', `line ${l.line} is not JSON: ${preview(text)}`, src);
      return;
    }
    let obj: unknown;
    try {
      obj = JSON.parse(text);
    } catch (err) {
      info.lines.total += 1;
      if (l.unterminated) lineDiag('truncated-last-line', `last line ${l.line} is cut off (no newline, not valid JSON): ${preview(text)}`, src);
      else lineDiag('malformed-json', `line ${l.line}: ${err instanceof Error ? err.message : 'invalid JSON'}`, src);
      return;
    }
    if (!isObject(obj)) {
      info.lines.total += 1;
      lineDiag('not-an-object', `line ${l.line} is JSON but not an object`, src);
      return;
    }
    info.lines.total += 1;
    if (!dialect) {
      dialect = detectDialect(obj);
      if (dialect) info.format = dialect;
    }
    emit(normalizeLine(obj, dialect, norm, head(src)));
  };

  for await (const batch of readLineBatches(bytes, (b) => {
    info.bytes = b;
    opts.onBytes?.(b);
  })) {
    for (const l of batch) handleRaw(l);
  }

  function handleRaw(l: RawLine): void {
    if (l.text.length === 0 || isBlank(l.text)) {
      if (mode === 'document') buffered.push(l);
      else info.lines.blank += 1;
      return;
    }
    if (mode === 'undecided') {
      mode = decideMode(l, name);
      if (mode === 'lines') info.format = 'unknown';
    }
    if (mode === 'document') {
      buffered.push(l);
      bufferedBytes += l.length;
      if (bufferedBytes > DOC_LIMIT) {
        // Too big to be one JSON document here: fall back to lines.
        mode = 'lines';
        for (const b of buffered.splice(0)) handleOrBlank(b);
      }
      return;
    }
    handleLine(l);
  }

  function handleOrBlank(l: RawLine): void {
    if (isBlank(l.text)) info.lines.blank += 1;
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
    const src: LineRef = { source: index, line: firstLine?.line ?? 1, offset: firstLine?.offset ?? 0, length: info.bytes - (firstLine?.offset ?? 0) };
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
        else lineDiag('invalid-document', `${item.path}: ${item.type === 'invalid' ? item.problem : 'not an object'}`, src);
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
  if (info.format === 'unknown' && info.lines.total === 0) info.format = 'empty';
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

function isBlank(text: string): boolean {
  return text.trim().length === 0;
}

function preview(text: string): string {
  const t = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return JSON.stringify(t);
}
