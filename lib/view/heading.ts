import type { SessionHead, TraceSummary } from './trace-summary';
import { formatDuration } from './rowview';

// The workbench's title: what it was opened as (a file, a sample, a project) and the first prompt of the session it
// is about, as the library and `loupe stats --by session` name it. The tab, the toolbar and the share dialog use it.

/** The session the trace is about (`TraceSummary.head`). */
export function headOf(summary: Pick<TraceSummary, 'sessions' | 'head'>): SessionHead | undefined {
  return summary.head === undefined ? undefined : summary.sessions[summary.head];
}

/** `<opened as> · <first prompt>`; either alone when the other is missing. */
export function traceHeading(openedAs: string, head: SessionHead | undefined): string {
  const prompt = head?.firstPrompt;
  if (!prompt) return openedAs;
  return openedAs ? `${openedAs} · ${prompt}` : prompt;
}

/** The heading's tooltip: the whole heading, then the session's id and its main thread's span. */
export function headingTooltip(heading: string, head: SessionHead | undefined): string {
  if (!head) return heading;
  const span =
    head.start !== null && head.end !== null
      ? ` · ${head.start.replace('T', ' ').replace(/\.\d+Z$/, 'Z')} → ${head.end.replace('T', ' ').replace(/\.\d+Z$/, 'Z')} (${formatDuration(head.durationMs ?? 0)})`
      : '';
  return `${heading}\nsession ${head.id}${span}`;
}
