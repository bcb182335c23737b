import { loadTrace } from '../trace/load';
import { computeStats, type TraceStats } from '../trace/stats';
import type { Trace } from '../trace/model/types';
import { collectInputs } from './files';
import { formatStatsTable } from './format';

const USAGE = `usage:
  loupe stats <files or folders…> [--json]
  loupe check <files or folders…> [--max-cost USD] [--json]

Folders are read recursively for *.jsonl, *.jsonl.gz and *.json.
check exits 1 when a trace is interrupted, has incomplete streams or malformed lines, or costs more than --max-cost.`;

export interface CliIo {
  readonly out: (s: string) => void;
  readonly err: (s: string) => void;
}

export function statsJson(s: TraceStats): Record<string, unknown> {
  return {
    lines: { total: s.lines.total, parsed: s.lines.parsed, invalid: s.lines.invalid },
    apiMessages: s.apiMessages,
    tokens: s.tokens,
    toolCalls: s.toolCalls,
    results: s.results,
    cost: s.cost,
    byModel: s.byModel,
    byAgent: s.byAgent,
    ...(s.durationMs !== undefined ? { durationMs: s.durationMs } : {}),
    diagnostics: s.diagnostics,
  };
}

/** Problems that make `loupe check` fail, each in words. */
export function checkProblems(trace: Trace, stats: TraceStats, maxCost: number | undefined): string[] {
  const problems: string[] = [];
  const interrupted = trace.responses.filter((r) => r.end === 'interrupted').length;
  if (interrupted > 0) problems.push(`${interrupted} response(s) interrupted: no result frame at the end`);
  const incomplete = trace.turns.filter((t) => t.stream?.verdict === 'incomplete').length;
  if (incomplete > 0) problems.push(`${incomplete} streamed message(s) never completed`);
  for (const d of trace.diagnostics) {
    if (d.consumesLine) problems.push(`${trace.sources[d.src?.source ?? -1]?.name ?? '?'}:${d.src?.line ?? '?'}: ${d.message}`);
  }
  if (maxCost !== undefined) {
    const cost = Math.max(stats.cost.reportedUsd ?? 0, stats.cost.computedUsd);
    if (cost > maxCost) problems.push(`cost $${cost.toFixed(4)} exceeds --max-cost $${maxCost}`);
  }
  return problems;
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  const json = rest.includes('--json');
  let maxCost: number | undefined;
  const paths: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] ?? '';
    if (a === '--json') continue;
    if (a === '--max-cost') {
      maxCost = Number(rest[++i]);
      if (!Number.isFinite(maxCost)) {
        io.err('--max-cost needs a number of US dollars');
        return 2;
      }
      continue;
    }
    if (a === '--help' || a === '-h') {
      io.out(USAGE);
      return 0;
    }
    paths.push(a);
  }
  if ((command !== 'stats' && command !== 'check') || paths.length === 0) {
    io.err(USAGE);
    return 2;
  }
  let inputs;
  try {
    inputs = await collectInputs(paths);
  } catch (err) {
    io.err(`loupe: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  }
  const trace = await loadTrace(inputs);
  const stats = computeStats(trace);
  if (command === 'stats') {
    io.out(json ? JSON.stringify(statsJson(stats)) : formatStatsTable(trace, stats));
    return 0;
  }
  const problems = checkProblems(trace, stats, maxCost);
  if (json) io.out(JSON.stringify({ ok: problems.length === 0, problems, stats: statsJson(stats) }));
  else if (problems.length === 0) io.out(`ok: ${stats.lines.total} lines, ${stats.apiMessages} model calls, $${stats.cost.computedUsd.toFixed(4)} computed`);
  else io.out(`FAIL:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return problems.length === 0 ? 0 : 1;
}
