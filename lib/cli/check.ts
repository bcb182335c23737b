import { formatCost, formatUsd, unpricedNote } from '../trace/money';
import { count } from './format';
import type { Trace } from '../trace/model/types';
import { countedTurns, type TraceStats } from '../trace/stats';
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

/**
 * Whether the reported cost stands in for an unknown computed one: there is one, and every call of an unpriced model
 * came before its session's last result (whose cumulative `total_cost_usd` therefore includes it).
 */
export function reportedCovers(trace: Trace, stats: TraceStats): boolean {
  if (stats.cost.reportedUsd === null) return false;
  const unpriced = new Set(stats.cost.unpricedModels);
  return countedTurns(trace).every((t) => {
    if (!unpriced.has(t.model ?? '(no model)')) return true;
    const s = trace.sessions[t.session];
    const first = t.seqs[0] ?? t.streamSeqs[0];
    return s?.reportedCostSeq !== undefined && first !== undefined && first < s.reportedCostSeq;
  });
}

export interface CostCheck {
  readonly maxCost?: number;
  /** `--allow-unpriced`: an unknown cost is checked by its priced part instead of failing. */
  readonly allowUnpriced?: boolean;
}

/** What `--max-cost` finds: a cost over the limit, or one it cannot know (a model with no price, no reported cost). */
function costProblems(trace: Trace, stats: TraceStats, { maxCost, allowUnpriced = false }: CostCheck): string[] {
  if (maxCost === undefined) return [];
  const { computedUsd, reportedUsd, unpricedModels } = stats.cost;
  const unknown = unpricedModels.length > 0 && !reportedCovers(trace, stats);
  if (unknown && !allowUnpriced)
    return [
      `cost unknown, so --max-cost $${maxCost} cannot be checked: ${unpricedNote(unpricedModels)} (computed ${formatCost(computedUsd, unpricedModels)}, ` +
        `${reportedUsd === null ? 'no reported cost' : `reported ${formatUsd(reportedUsd)} does not cover them all`}); ` +
        'give prices with --prices FILE, or --allow-unpriced to check the priced part',
    ];
  const cost = Math.max(reportedUsd ?? 0, computedUsd);
  return cost > maxCost ? [`cost ${unknown ? '≥ ' : ''}${formatUsd(cost)} exceeds --max-cost $${maxCost}`] : [];
}

/** Problems that make `loupe check` fail, each in words. */
export function checkProblems(trace: Trace, stats: TraceStats, cost: CostCheck = {}): string[] {
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
  for (const d of trace.diagnostics)
    if (d.consumesLine || LOST_CODES.has(d.code) || d.code === 'result-excess') problems.push(where(trace, d));
  problems.push(...costProblems(trace, stats, cost));
  return problems;
}
