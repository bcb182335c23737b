import { loadTrace } from '../engine/load';
import { computeStats, type TraceStats } from '../trace/stats';
import type { Trace } from '../trace/model/types';
import { DEFAULT_PRICES, type PriceTable } from '../trace/pricing/pricing';
import { responseRows, turnRows, type ResponseRow, type TurnRow } from '../trace/turns';
import { formatUsd } from '../trace/money';
import { collectInputs } from './files';
import { formatStatsTable, TURN_TABLE_CAP } from './format';
import { statsReport } from './stats-report';

const USAGE = `usage:
  loupe stats [files or folders…] --by session|day|project|model [--since DATE] [--until DATE] [--utc] [--json]
  loupe stats <files or folders…> [--json] [--turns]
  loupe check <files or folders…> [--max-cost USD] [--json]

Folders are read recursively for *.jsonl, *.jsonl.gz and *.json.
stats --by reports over a whole projects folder (default: the projects folder under $CLAUDE_CONFIG_DIR, else
~/.config/claude and ~/.claude; with no path, --by day), each model call counted once, subagent files counted into
their session. DATE is YYYY-MM-DD (or YYYYMMDD), inclusive; days are local days unless --utc. --threads N sets the
worker threads (0: none); --full computes the same report from the full model instead of the fast path.
stats without --by prints totals, then per model, per agent, per response and per model call (the first ${TURN_TABLE_CAP}; --turns prints all).
check exits 1 when a trace is interrupted, has incomplete streams or malformed lines, or costs more than --max-cost.`;

export interface CliIo {
  readonly out: (s: string) => void;
  readonly err: (s: string) => void;
}

/** What the CLI learns from where it runs: the bundle a worker thread starts, the environment and home folder. */
export interface CliContext {
  readonly workerUrl?: URL;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly home?: string;
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

/** `perTurn`: one object per counted model call, in start-time order across agents (its tokens and costs add up to the totals). */
export function perTurnJson(trace: Trace, rows: readonly TurnRow[]): Record<string, unknown>[] {
  return rows.map((r) => {
    const e = trace.events[r.seq];
    return {
      response: r.response,
      turn: r.turn,
      agent: r.agent,
      model: r.model,
      stopReason: r.stopReason,
      tokens: { input: r.input, output: r.output, cacheCreation: r.cacheWrite, cache5m: r.cache5m, cache1h: r.cache1h, cacheRead: r.cacheRead },
      costUsd: r.costUsd,
      toolCalls: r.toolCalls,
      ...(r.startedAt !== undefined ? { startedAt: new Date(r.startedAt).toISOString() } : {}),
      ...(r.durationMs !== undefined ? { durationMs: r.durationMs } : {}),
      line: `${trace.sources[e?.src.source ?? -1]?.name ?? '?'}:${e?.src.line ?? '?'}`,
    };
  });
}

/** `responses`: one object per response, the result's `num_turns` beside the model calls counted. */
export function responsesJson(rows: readonly ResponseRow[]): Record<string, unknown>[] {
  return rows.map((r) => ({
    index: r.response,
    end: r.end,
    turns: r.modelCalls,
    mainAgentTurns: r.mainModelCalls,
    numTurns: r.numTurns ?? null,
    resultSubtype: r.resultSubtype ?? null,
    isError: r.isError ?? null,
    costUsd: r.costUsd,
    reportedCostUsd: r.reportedUsd ?? null,
    ...(r.durationMs !== undefined ? { durationMs: r.durationMs } : {}),
  }));
}

/** The per-call and per-response rows `loupe stats` prints: the same rows as the workbench's Stats pane. */
export function turnTables(trace: Trace, prices: PriceTable = DEFAULT_PRICES): { turns: TurnRow[]; responses: ResponseRow[] } {
  return { turns: turnRows(trace, prices, { countedOnly: true }), responses: responseRows(trace, prices) };
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
    if (cost > maxCost) problems.push(`cost ${formatUsd(cost)} exceeds --max-cost $${maxCost}`);
  }
  return problems;
}

const FLAGS = new Set(['--json', '--turns', '--utc', '--full']);
const VALUED = new Set(['--max-cost', '--by', '--since', '--until', '--threads']);

interface Args {
  readonly command: string | undefined;
  readonly paths: readonly string[];
  readonly flags: ReadonlySet<string>;
  readonly values: ReadonlyMap<string, string>;
}

function parseArgs(argv: readonly string[]): Args | string {
  const [command, ...rest] = argv;
  const paths: string[] = [];
  const flags = new Set<string>();
  const values = new Map<string, string>();
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] ?? '';
    const eq = a.indexOf('=');
    const key = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    if (FLAGS.has(a) || a === '--help' || a === '-h') flags.add(a === '-h' ? '--help' : a);
    else if (VALUED.has(key)) {
      const v = key !== a ? a.slice(eq + 1) : rest[++i];
      if (v === undefined) return `${key} needs a value`;
      values.set(key, v);
    } else if (a.startsWith('--')) return `unknown option ${a}`;
    else paths.push(a);
  }
  return { command, paths, flags, values };
}

export async function runCli(argv: readonly string[], io: CliIo, ctx: CliContext = {}): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    io.err(`loupe: ${args}\n\n${USAGE}`);
    return 2;
  }
  const { command, flags, values } = args;
  if (flags.has('--help')) {
    io.out(USAGE);
    return 0;
  }
  const json = flags.has('--json');
  const allTurns = flags.has('--turns');
  // A report over folders: asked for by any of its options, or by giving no path (the default projects folders).
  const report = ['--by', '--since', '--until', '--threads'].some((k) => values.has(k)) || flags.has('--utc') || flags.has('--full');
  if (command === 'stats' && (report || args.paths.length === 0)) return statsReport(args, io, ctx);
  const paths = args.paths;
  let maxCost: number | undefined;
  if (values.has('--max-cost')) {
    maxCost = Number(values.get('--max-cost'));
    if (!Number.isFinite(maxCost)) {
      io.err('--max-cost needs a number of US dollars');
      return 2;
    }
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
    const rows = turnTables(trace);
    io.out(
      json
        ? JSON.stringify({ ...statsJson(stats), perTurn: perTurnJson(trace, rows.turns), responses: responsesJson(rows.responses) })
        : formatStatsTable(trace, stats, { ...rows, all: allTurns }),
    );
    return 0;
  }
  const problems = checkProblems(trace, stats, maxCost);
  if (json) io.out(JSON.stringify({ ok: problems.length === 0, problems, stats: statsJson(stats) }));
  else if (problems.length === 0) io.out(`ok: ${stats.lines.total} lines, ${stats.apiMessages} model calls, ${formatUsd(stats.cost.computedUsd)} computed`);
  else io.out(`FAIL:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return problems.length === 0 ? 0 : 1;
}
