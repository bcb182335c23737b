import { searchText, summarize } from '../trace/describe';
import type { Trace } from '../trace/model/types';
import type { TraceEvent } from '../trace/types';
import { eventIcon, type RowView } from '../view/rowview';
import { ROW_EVENT, ROW_RESPONSE, ROW_TURN, type RowTable } from '../view/rows';

// Moving around the row table: rows while loading, header rows, text search.

/** Rows while still parsing: events in arrival order, so the first rows show before the model exists. */
export function liveRows(events: readonly TraceEvent[], start: number, end: number): RowView[] {
  const out: RowView[] = [];
  for (let i = Math.max(0, start); i < Math.min(end, events.length); i++) {
    const e = events[i];
    if (e)
      out.push({ row: i, kind: 'event', depth: 0, icon: eventIcon(e), label: summarize(e), seq: e.seq, badges: [] });
  }
  return out;
}

function isHeader(rows: RowTable, row: number): boolean {
  const k = rows.kind[row];
  return k === ROW_TURN || k === ROW_RESPONSE;
}

/** The next (dir 1) or previous (dir -1) model-call or response header row from `row`, or -1. */
export function neighborHeader(rows: RowTable, row: number, dir: 1 | -1): number {
  for (let r = row + dir; r >= 0 && r < rows.length; r += dir) if (isHeader(rows, r)) return r;
  return -1;
}

/** The header row (model call or response) a row sits under, or -1. */
export function headerOf(rows: RowTable, row: number): number {
  for (let r = row; r >= 0; r--) if (isHeader(rows, r)) return r;
  return -1;
}

/** Event rows whose label or searchable text contains the query, case-insensitively. */
export function findRows(trace: Trace, rows: RowTable, query: string): number[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const out: number[] = [];
  for (let row = 0; row < rows.length; row++) {
    if (rows.kind[row] !== ROW_EVENT) continue;
    const e = trace.events[rows.ref[row] ?? -1];
    if (e && (summarize(e).toLowerCase().includes(q) || searchText(e).toLowerCase().includes(q))) out.push(row);
  }
  return out;
}
