import { DEFAULT_NORMALIZE, withInterner, type NormalizeOptions } from '../trace/adapters/common';
import type { ByteSource } from '../trace/byte-source';
import type { Dialect, ParseCheckpoint, ParseOptions, ParseSink, SourceInfo } from '../trace/parse';
import { parseBytes } from '../trace/parse-bytes';
import type { Diagnostic, TraceEvent } from '../trace/types';
import { leanEvent } from './lean-events';
import { StatsBuilder } from './stats-builder';
import type { Trace } from '../trace/model/types';

// The stats load of one big file in two parts read at once (lib/cli/stats-parallel.ts): a later part of the file,
// from the start of a line on, parsed apart (in a worker thread) into the lean events `StatsBuilder` keeps, then taken
// into the builder after the lines before it. Everything is as the one-part load makes it: the part knows the dialect
// (the file's start told it) and the offset it starts at; its line numbers (in diagnostics' words too) are moved on by
// the lines before it once they are counted, and its events numbered in file order when they are taken.

/** Where a part starts: its first byte (the start of a line), the line numbers it counts from, the file's dialect. */
export interface PartStart {
  readonly index: number;
  readonly name: string;
  readonly offset: number;
  readonly line: number;
  readonly dialect: Dialect;
}

/** A parsed part: its events (lean but for stream frames, which the builder folds), and its diagnostics, each with
 *  the count of the part's events before it. */
export interface StatsPart {
  /** Where it starts and the dialect it was read in. */
  readonly start: PartStart;
  readonly events: TraceEvent[];
  readonly diagnostics: { readonly at: number; readonly d: Diagnostic }[];
  readonly lines: SourceInfo['lines'];
  /** Its length in bytes. */
  readonly bytes: number;
  readonly cwd?: string;
}

/** Parses a part (`bytes` are the file's from `start.offset` on, to its end or a line's end). */
export async function parseStatsPart(
  bytes: ByteSource,
  start: PartStart,
  opts: Pick<ParseOptions, 'maxLineBytes' | 'shrink' | 'clip' | 'frames'> & {
    readonly normalize?: NormalizeOptions;
  } = {},
): Promise<StatsPart> {
  const norm = withInterner(opts.normalize ?? DEFAULT_NORMALIZE);
  const intern = norm.intern ?? ((s: string) => s);
  const events: TraceEvent[] = [];
  const diagnostics: { at: number; d: Diagnostic }[] = [];
  const sink: ParseSink = {
    nextSeq: () => events.length,
    event: (e) => events.push(e.kind === 'stream' ? e : leanEvent(e, intern)),
    diagnostic: (d) => diagnostics.push({ at: events.length, d }),
  };
  const lines = { total: 0, blank: 0, events: 0, invalid: 0 };
  const info = await parseBytes(start.name, bytes, start.index, sink, {
    normalize: norm,
    ...(opts.maxLineBytes !== undefined ? { maxLineBytes: opts.maxLineBytes } : {}),
    ...(opts.shrink ? { shrink: opts.shrink } : {}),
    ...(opts.clip ? { clip: opts.clip } : {}),
    ...(opts.frames ? { frames: opts.frames } : {}),
    resume: {
      offset: start.offset,
      line: start.line,
      mode: 'lines',
      dialect: start.dialect,
      format: start.dialect,
      lines,
    },
  });
  return {
    start,
    events,
    diagnostics,
    lines: info.lines,
    bytes: info.bytes - start.offset,
    ...(info.cwd !== undefined ? { cwd: info.cwd } : {}),
  };
}

/**
 * Takes a part into the builder after the lines before it (`info` is their source's, from the file's start; `lines`
 * their count, which the part's numbers, counted from its `start.line`, are moved by): events and diagnostics in the
 * order the part made them, each event numbered in the builder's order (a diagnostic's seq follows its event's), and
 * the part's line counts added to the source's.
 */
export function takeStatsPart(builder: StatsBuilder, part: StatsPart, info: SourceInfo, lines: number): void {
  const by = lines - part.start.line;
  const seqs = new Int32Array(part.events.length);
  let d = 0;
  const diags = part.diagnostics;
  const flush = (upTo: number): void => {
    for (let at = diags[d]; at !== undefined && at.at <= upTo; at = diags[++d]) {
      const rel = at.d.seq;
      const moved = by === 0 ? at.d : movedDiagnostic(at.d, by);
      builder.diagnostic(rel === undefined ? moved : { ...moved, seq: seqs[rel] ?? rel });
    }
  };
  for (let i = 0; i < part.events.length; i++) {
    flush(i);
    const e = part.events[i];
    if (!e) continue;
    const seq = builder.nextSeq();
    seqs[i] = seq;
    Object.assign(e, by === 0 ? { seq } : { seq, line: e.line + by });
    if (e.kind === 'stream') builder.event(e);
    else builder.takeLean(e);
  }
  flush(part.events.length);
  info.bytes = part.start.offset + part.bytes;
  info.lines.total += part.lines.total;
  info.lines.blank += part.lines.blank;
  info.lines.events += part.lines.events;
  info.lines.invalid += part.lines.invalid;
  if (info.cwd === undefined && part.cwd !== undefined) info.cwd = part.cwd;
}

/** A part's diagnostic with its line moved: in its place, and in its words, which start by naming it (parse-bytes.ts). */
function movedDiagnostic(d: Diagnostic, by: number): Diagnostic {
  if (!d.src) return d;
  const was = d.src.line;
  const line = was + by;
  const lead = [`line ${was}`, `last line ${was}`].find((p) => d.message.startsWith(p));
  const message = lead ? `${lead.slice(0, -String(was).length)}${line}${d.message.slice(lead.length)}` : d.message;
  return { ...d, src: { ...d.src, line }, message };
}

/**
 * The stats load of one file read as two parts: `head`, its bytes before the part's start, parsed here (named as the
 * part says) while `part` (the rest, `parseStatsPart`) is parsed elsewhere. Undefined when the head did not end where
 * the part starts (not lines of the dialect the part was read in, or not at its offset): the caller then loads the
 * file whole.
 */
export async function loadStatsParts(
  head: ByteSource,
  part: Promise<StatsPart>,
  opts: Pick<ParseOptions, 'maxLineBytes' | 'shrink' | 'clip' | 'frames'> & { readonly name: string },
): Promise<Trace | undefined> {
  const norm = withInterner(DEFAULT_NORMALIZE);
  const builder = new StatsBuilder(norm);
  let end: ParseCheckpoint | undefined;
  const info = await parseBytes(opts.name, head, 0, builder, {
    normalize: norm,
    ...(opts.maxLineBytes !== undefined ? { maxLineBytes: opts.maxLineBytes } : {}),
    ...(opts.shrink ? { shrink: opts.shrink } : {}),
    ...(opts.clip ? { clip: opts.clip } : {}),
    ...(opts.frames ? { frames: opts.frames } : {}),
    onCheckpoint: (c) => (end = c),
  });
  const rest = await part;
  const at = rest.start;
  if (at.index !== 0 || end?.mode !== 'lines' || end.dialect !== at.dialect || end.offset !== at.offset)
    return undefined;
  takeStatsPart(builder, rest, info, end.line);
  builder.addSource(info);
  return builder.finish();
}
