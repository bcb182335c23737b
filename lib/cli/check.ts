import { formatUsd } from '../trace/money';
import { count } from './format';
import type { Trace } from '../trace/model/types';
import type { TraceStats } from '../trace/stats';
import type { Diagnostic } from '../trace/types';
import { LOST_CODES, lossText } from '../view/loss';

// What `loupe check` fails on, and what `loupe stats` says it left out: both in words, naming file and line.

/** `file:line: message` for a diagnostic (a file's own diagnostic names the file itself). */
export function where(trace: Trace, d: Diagnostic): string {
  return lossText(d, trace.sources[d.src?.source ?? -1]?.name ?? '?', true);
}

/** What was skipped or not counted (lines past the limit, files cut short, unsound numbers): `stats` prints these. */
export function lossNotes(trace: Trace): string[] {
  return trace.diagnostics.filter((d) => LOST_CODES.has(d.code)).map((d) => where(trace, d));
}

/** Problems that make `loupe check` fail, each in words. */
export function checkProblems(trace: Trace, stats: TraceStats, maxCost: number | undefined): string[] {
  const problems: string[] = [];
  const files = trace.sources.filter((s) => s.format !== 'agent-meta').length;
  // With no file read (every path given was missing, which is said already) there is nothing to call empty.
  if (trace.events.length === 0 && files > 0) {
    problems.push(
      `no events: ${count(files, 'file')} ${files === 1 ? 'holds' : 'hold'} no transcript line (${stats.lines.blank} blank, ${stats.lines.invalid} invalid)`,
    );
  }
  const interrupted = trace.responses.filter((r) => r.end === 'interrupted').length;
  if (interrupted > 0) problems.push(`${count(interrupted, 'response')} interrupted: no result frame at the end`);
  const incomplete = trace.turns.filter((t) => t.stream?.verdict === 'incomplete').length;
  if (incomplete > 0) problems.push(`${count(incomplete, 'streamed message')} never completed`);
  // Every line not read, and what was read but not counted; calls that count more than their result frame reports.
  for (const d of trace.diagnostics) if (d.consumesLine || LOST_CODES.has(d.code) || d.code === 'result-excess') problems.push(where(trace, d));
  if (maxCost !== undefined) {
    const cost = Math.max(stats.cost.reportedUsd ?? 0, stats.cost.computedUsd);
    if (cost > maxCost) problems.push(`cost ${formatUsd(cost)} exceeds --max-cost $${maxCost}`);
  }
  return problems;
}
