import type { Trace } from '../trace/model/types';

/**
 * Where an event is in its source: its line, and for a record of a JSON document its path (`messages[29].message`).
 * Every record of a document shares the document's first line, so the path, not the line, names it.
 */
export interface Where {
  readonly line?: number;
  readonly path?: string;
}

export function whereOf(trace: Trace, seq: number): Where {
  const e = trace.events[seq];
  if (!e) return {};
  return { line: e.line, ...(e.path ? { path: e.path } : {}) };
}

/** How a link names it: `messages[29].message` in a document, `line 12` in a JSONL file. */
export const whereLabel = (w: Where): string => w.path ?? `line ${w.line ?? '?'}`;

/** `{ path }` for a record of a JSON document, `{}` for a line: to spread beside a line number. */
export function pathOf(trace: Trace, seq: number): { path?: string } {
  const path = trace.events[seq]?.path;
  return path ? { path } : {};
}
