import { DEFAULT_PRICES, type PriceTable } from '../trace/pricing/pricing';
import { lineRef } from '../trace/line-types';
import type { Trace } from '../trace/model/types';
import { mediaPayload, type MediaPayload } from '../trace/media';
import { documentItems, normalizeItem } from '../trace/adapters/json-document';
import { detectDialect, isObject, normalizeLine } from '../trace/parse';
import { detailsOf, type DetailsView } from '../view/details';
import type { RawLines } from './protocol';
import type { SourceText } from './source';

// What needs the source bytes again: the Raw tab's line, and "Show all" (an event normalized without clamping).

/**
 * Reads a loaded source again. A dropped file is read from disk each time: it may have changed since (a session still
 * being written), moved or been deleted, and the browser then refuses; that is said in words, with what to do.
 */
export async function readAgain(name: string, why: string, read: () => Promise<string>): Promise<string> {
  try {
    return await read();
  } catch (err) {
    throw new Error(
      `${name} could not be read again (${err instanceof Error ? err.message : String(err)}). It may have changed or moved since it was opened: open it again ${why}.`,
    );
  }
}

/** The exact line (or document record) an event came from, re-read from its source. */
export async function rawLines(
  trace: Trace,
  texts: readonly (SourceText | undefined)[],
  seq: number,
): Promise<RawLines | undefined> {
  const e = trace.events[seq];
  const source = e && texts[e.source];
  if (!e || !source) return undefined;
  const sourceName = trace.sources[e.source]?.name ?? '?';
  const text = await readAgain(sourceName, 'to see this line', () => source.slice(e.offset, e.offset + e.length));
  return {
    sourceName,
    line: e.line,
    offset: e.offset,
    length: e.length,
    text: e.path ? (recordText(text, e.path) ?? text) : text,
    ...(e.path ? { path: e.path } : {}),
  };
}

/**
 * The record at `path` (`messages[3].message`, `[2]`, `$`) of a JSON document, as JSON: a record has no line of its
 * own, and the whole document is not what the event came from. Undefined when the path does not resolve.
 */
export function recordText(doc: string, path: string): string | undefined {
  if (path === '$') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(doc);
  } catch {
    return undefined;
  }
  for (const [, key, index] of path.matchAll(/([A-Za-z_$][\w$]*)|\[(\d+)\]/g)) {
    if (index !== undefined && Array.isArray(value)) value = value[Number(index)];
    else if (key !== undefined && isObject(value)) value = value[key];
    else return undefined;
  }
  return value === undefined ? undefined : JSON.stringify(value);
}

/** The most of a line a diagnostic shows (a line past the line limit may be gigabytes). */
export const DIAGNOSTIC_LINE_MAX = 64 * 1024;

/**
 * The line a line diagnostic is about (one that made no event: it did not parse, or was too long), re-read from its
 * source: its first `DIAGNOSTIC_LINE_MAX` bytes, `more` saying how many are left out. Undefined when no diagnostic of
 * that source starts at that offset.
 */
export async function diagnosticLine(
  trace: Trace,
  texts: readonly (SourceText | undefined)[],
  at: { readonly source: number; readonly offset: number },
): Promise<RawLines | undefined> {
  const src = trace.diagnostics.find(
    (d) => d.consumesLine && d.src?.source === at.source && d.src.offset === at.offset,
  )?.src;
  const source = src && texts[src.source];
  if (!src || !source) return undefined;
  const sourceName = trace.sources[src.source]?.name ?? '?';
  const shown = Math.min(src.length, DIAGNOSTIC_LINE_MAX);
  const text = await readAgain(sourceName, 'to see this line', () => source.slice(src.offset, src.offset + shown));
  return {
    sourceName,
    line: src.line,
    offset: src.offset,
    length: src.length,
    text,
    ...(shown < src.length ? { more: src.length - shown } : {}),
  };
}

/** An event's details; with `full`, its line (or document record) is re-read and normalized again without clamping long text. */
export async function fullDetails(
  trace: Trace,
  texts: readonly (SourceText | undefined)[],
  seq: number,
  full: boolean,
  prices: PriceTable = DEFAULT_PRICES,
): Promise<DetailsView | undefined> {
  const d = detailsOf(trace, seq, prices);
  const source = d && texts[d.event.source];
  if (!d || !full || !source) return d;
  const { path } = d.event;
  const src = lineRef(d.event);
  const sourceName = trace.sources[src.source]?.name ?? '?';
  const text = await readAgain(sourceName, 'to see all of it', () => source.slice(src.offset, src.offset + src.length));
  const opts = { clamp: Number.MAX_SAFE_INTEGER };
  try {
    // A record inside a JSON document: the document read again, and that record normalized as it was when loaded.
    if (path) {
      const item = documentItems(JSON.parse(text)).items.find((i) => i.path === path);
      const event = item && normalizeItem(item, opts, { seq, src, path });
      return event ? { ...d, event } : d;
    }
    const obj: unknown = JSON.parse(text);
    if (!isObject(obj)) return d;
    const format = trace.sources[src.source]?.format;
    const dialect = format === 'claude-code' || format === 'sdk-stream' ? format : detectDialect(obj);
    return { ...d, event: normalizeLine(obj, dialect, opts, { seq, src, path: undefined }) };
  } catch {
    return d;
  }
}

/**
 * The bytes of the image at `at` in event `seq`'s line, read again and checked (see `mediaPayload`): events keep an
 * image's figures, never its data, so only the images in view are ever decoded.
 */
export async function mediaBytes(
  trace: Trace,
  texts: readonly (SourceText | undefined)[],
  seq: number,
  at: string,
): Promise<MediaPayload> {
  const raw = await rawLines(trace, texts, seq);
  if (!raw) return { ok: false, reason: 'the line of this event cannot be read again' };
  let obj: unknown;
  try {
    obj = JSON.parse(raw.text);
  } catch {
    return { ok: false, reason: 'the line is not JSON (it changed since it was read?)' };
  }
  const found = mediaPayload(obj, at);
  // A record of a JSON document may be the message itself rather than a line around it.
  return !found.ok && raw.path && at.startsWith('message.') ? mediaPayload(obj, at.slice('message.'.length)) : found;
}
