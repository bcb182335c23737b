import { summarize, systemText } from '../trace/describe';
import type { TraceEvent } from '../trace/types';

// What the Message tab shows of an event that has no view of its own (a system, hook, progress, meta, permission or
// control line): its fields as a reader reads them, not the model's record of it.

/** Where the event sits in the load (seq, source ref, path): the model's bookkeeping, not the line's content. */
const BOOKKEEPING = new Set(['kind', 'seq', 'source', 'line', 'offset', 'length', 'path', 'time']);

const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);

/** The event's one-line summary, then each field it has (none left out as "undefined"), the time in UTC. */
export function eventFields(e: TraceEvent): {
  readonly title: string;
  readonly rows: readonly (readonly [string, string])[];
} {
  const rows: [string, string][] = [];
  if (e.time !== undefined && Number.isFinite(e.time)) rows.push(['time', new Date(e.time).toISOString()]);
  for (const [k, v] of Object.entries(e)) {
    if (BOOKKEEPING.has(k) || v === undefined || v === null) continue;
    // A recording's own fields (`result.toolCallsMade`): one row each, named by their path in the document.
    if (k === 'documentFields' && e.kind === 'meta' && e.documentFields) {
      for (const [name, value] of e.documentFields) rows.push([name, value]);
      continue;
    }
    rows.push([k, k === 'text' && e.kind === 'system' ? systemText(e) : text(v)]);
  }
  return { title: summarize(e), rows };
}
