import { loadTrace } from '../engine/load';
import { loadStatsTrace } from '../engine/stats-load';
import { computeStats, round6, type TraceStats } from '../trace/stats';
import type { Trace } from '../trace/model/types';
import { DEFAULT_PRICES, type PriceTable } from '../trace/pricing/pricing';
import { responseRows, turnRows, type ResponseRow, type TurnRow } from '../trace/turns';
import { formatCost, unpricedNote } from '../trace/money';
import { limitsOf, parseArgs, usageError } from './args';
import { checkProblems, lossNotes } from './check';
import { runDiff } from './diff';
import { findEach, inputsOf, notTranscripts, type FoundFile } from './files';
import { count, formatStatsTable, TURN_TABLE_CAP } from './format';
import { statsReport } from './stats-report';
import { lineReaders, type LineReaders } from '../fast/clip';
import type { LoadLimits } from '../trace/limits';
import { loadStatsSplit, wantsSplit } from './stats-parallel';
import { inert } from './stdio';
import type { CliContext, CliIo } from './io';

export type { CliContext, CliIo };
import { pricesOf } from './prices';
import { version } from '../../package.json';

// Wrapped to 80 columns: a terminal's default width.
const USAGE = `usage:
  loupe stats [files or folders…] --by session|day|project|model
              [--since DATE] [--until DATE] [--utc] [--json]
  loupe stats <files or folders…> [--json] [--turns]
  loupe check <files or folders…> [--max-cost USD [--allow-unpriced]] [--json]
  loupe diff <A> <B> [--json]
  any command: [--prices FILE] [--max-line-bytes SIZE]
               [--max-inflate-bytes SIZE] [--debug]
  loupe --version

Folders are read recursively for *.jsonl, *.jsonl.gz and *.json; a path given
twice, or a file inside a folder given, is read once.

stats --by reports over a whole projects folder (default: the projects folder
under $CLAUDE_CONFIG_DIR, else ~/.config/claude and ~/.claude; with no path,
--by day), each model call counted once, subagent files counted into their
session. DATE is YYYY-MM-DD (or YYYYMMDD), inclusive; days are local days unless
--utc. --threads N sets the worker threads (0: none); --full computes the same
report from the full model instead of the fast path.

stats without --by prints totals, then per model, per agent, per response and
per model call (the first ${TURN_TABLE_CAP}; --turns prints all).

A line longer than --max-line-bytes (default 64MB) is skipped and reported; a
.gz file stops at --max-inflate-bytes (default: 200x its size, at most 8GB).
SIZE is bytes or with a unit: 64MB, 8GB.

A model with no price (newer than the price table) makes a cost unknown: —
when no call is priced, ≥ $x (the priced part) when some are; --json gives
null with the models named. --prices FILE adds prices from a file in the shape
of LiteLLM's model_prices_and_context_window.json (what ccusage reads).

check exits 1 when a path matches no transcript, the trace has no events, is
interrupted, has incomplete streams, lines it could not read or unsound token
counts or costs, or costs more than --max-cost; --max-cost also fails on a cost
it cannot know (an unpriced model, no reported cost covering it) unless
--allow-unpriced, which checks the priced part. Exit 2: a usage or internal
error, or a --prices file that cannot be read (--debug prints a stack).

diff lines up two runs of a task (each a file, a folder with its subagent files,
or a session id in the projects folders): responses by prompt, tool calls by
tool and input; it prints where they first part, the totals side by side and
the calls there. Exit 0 whether they differ or not.`;

/** A cost in `--json`: null when it leaves out an unpriced model's calls, the priced part beside it. */
const knownUsd = (usd: number, unpriced: readonly string[]): number | null => (unpriced.length > 0 ? null : usd);

export function statsJson(s: TraceStats, trace?: Trace): Record<string, unknown> {
  const breakdown = (b: TraceStats['byModel'][number]) => ({
    ...b,
    costUsd: knownUsd(b.costUsd, b.unpricedModels),
    pricedCostUsd: b.costUsd,
  });
  return {
    lines: { total: s.lines.total, parsed: s.lines.parsed, invalid: s.lines.invalid, sidecars: s.lines.sidecars },
    apiMessages: s.apiMessages,
    tokens: s.tokens,
    toolCalls: s.toolCalls,
    results: s.results,
    cost: {
      ...s.cost,
      computedUsd: knownUsd(s.cost.computedUsd, s.cost.unpricedModels),
      pricedUsd: s.cost.computedUsd,
    },
    byModel: s.byModel.map(breakdown),
    byAgent: s.byAgent.map(breakdown),
    // Tokens the result frames report beyond the assistant lines: in the totals, `byModel` and `byAgent`, in no perTurn row.
    reconciled: s.reconciled.map((r) => ({
      sessionId: r.sessionId,
      model: r.model,
      agent: r.agentLabel,
      tokens: r.tokens,
      costUsd: r.priced ? round6(r.costUsd) : null,
      priced: r.priced,
      placeholderCalls: r.placeholders,
      text: r.text,
      ...(trace ? { result: lineOf(trace, r.resultSeq) } : {}),
    })),
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
      tokens: {
        input: r.input,
        output: r.output,
        cacheCreation: r.cacheWrite,
        cache5m: r.cache5m,
        cache1h: r.cache1h,
        cacheRead: r.cacheRead,
      },
      ...(r.lowerBound ? { outputIsLowerBound: true } : {}),
      costUsd: r.priced ? r.costUsd : null,
      toolCalls: r.toolCalls,
      ...(r.startedAt !== undefined ? { startedAt: new Date(r.startedAt).toISOString() } : {}),
      ...(r.durationMs !== undefined ? { durationMs: r.durationMs } : {}),
      line: `${trace.sources[e?.source ?? -1]?.name ?? '?'}:${e?.line ?? '?'}`,
    };
  });
}

/** What `check` says of the rows booked from result frames: they pass, but the totals hold more than the lines. */
export function reconciledNotes(trace: Trace, s: TraceStats): string[] {
  const booked = s.reconciled.map(
    (r) =>
      `${lineOf(trace, r.resultSeq)}: ${r.model} (${r.agentLabel}): ${r.text}; booked as its own row (${formatCost(r.costUsd, r.priced ? [] : [r.model])})`,
  );
  // What a result reports that could not be booked (no modelUsage to book it by): said, the figures lower bounds.
  const unbooked = trace.reconciliation.flatMap((r) =>
    r.shortfall.filter((x) => x.placeholders === true).map((x) => `${lineOf(trace, x.resultOrder)}: ${x.text}`),
  );
  return [...booked, ...unbooked];
}

/** `file:line` of an event. */
export function lineOf(trace: Trace, seq: number): string {
  const e = trace.events[seq];
  return `${trace.sources[e?.source ?? -1]?.name ?? '?'}:${e?.line ?? '?'}`;
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
    costUsd: knownUsd(r.costUsd, r.unpricedModels),
    pricedCostUsd: r.costUsd,
    unpricedModels: r.unpricedModels,
    reportedCostUsd: r.reportedUsd ?? null,
    ...(r.lowerBound ? { outputIsLowerBound: true } : {}),
    ...(r.durationMs !== undefined ? { durationMs: r.durationMs } : {}),
  }));
}

/** The per-call and per-response rows `loupe stats` prints: the same rows as the workbench's Stats pane. */
export function turnTables(
  trace: Trace,
  prices: PriceTable = DEFAULT_PRICES,
): { turns: TurnRow[]; responses: ResponseRow[] } {
  return { turns: turnRows(trace, prices, { countedOnly: true }), responses: responseRows(trace, prices) };
}

/** What `loupe stats <files>` prints for a loaded trace: the table (or `--json`), and on stderr what it left out. */
export function statsOutput(
  trace: Trace,
  opts: { json: boolean; all: boolean; columns?: number; prices?: PriceTable },
): { out: string; err?: string } {
  const prices = opts.prices ?? DEFAULT_PRICES;
  const stats = computeStats(trace, prices);
  const rows = turnTables(trace, prices);
  if (opts.json)
    return {
      out: JSON.stringify({
        ...statsJson(stats, trace),
        perTurn: perTurnJson(trace, rows.turns),
        responses: responsesJson(rows.responses),
      }),
    };
  const notes = lossNotes(trace);
  return {
    out: formatStatsTable(trace, stats, { ...rows, all: opts.all }, opts.columns),
    ...(notes.length > 0 ? { err: `not read or not counted:\n${notes.map((n) => `  - ${n}`).join('\n')}` } : {}),
  };
}

/**
 * Runs one command; resolves to the exit code: 0 ok, 1 a check that failed (or a path that matched no transcript),
 * 2 a usage or internal error, said in one line (with its stack under `--debug`).
 */
export async function runCli(argv: readonly string[], raw: CliIo, ctx: CliContext = {}): Promise<number> {
  const debug = argv.includes('--debug');
  // Everything printed passes here: transcripts' text never reaches the terminal as control characters.
  const io: CliIo = { out: (s) => raw.out(inert(s)), err: (s) => raw.err(inert(s)) };
  try {
    return await run(argv, io, ctx);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    io.err(`loupe: internal error: ${message.split('\n')[0] ?? ''}${debug ? '' : ' (--debug shows where)'}`);
    if (debug && err instanceof Error && err.stack) io.err(err.stack);
    return 2;
  }
}

async function run(argv: readonly string[], io: CliIo, ctx: CliContext): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') return usageError(io, args);
  const { command, flags, values } = args;
  if (flags.has('--help')) {
    io.out(USAGE);
    return 0;
  }
  if (flags.has('--version')) {
    io.out(`loupe ${version}`);
    return 0;
  }
  const limits = limitsOf(args);
  if (typeof limits === 'string') return usageError(io, limits);
  const json = flags.has('--json');
  const allTurns = flags.has('--turns');
  // A report over folders: asked for by any of its options, or by giving no path (the default projects folders).
  const report =
    ['--by', '--since', '--until', '--threads'].some((k) => values.has(k)) || flags.has('--utc') || flags.has('--full');
  if (command === 'stats' && (report || args.paths.length === 0)) return statsReport(args, io, ctx, limits);
  const prices = await pricesOf(values.get('--prices'));
  if ('error' in prices) {
    io.err(`loupe: ${prices.error}`);
    return 2;
  }
  const paths = args.paths;
  let maxCost: number | undefined;
  if (values.has('--max-cost')) {
    maxCost = Number(values.get('--max-cost'));
    if (!Number.isFinite(maxCost) || maxCost < 0)
      return usageError(io, `--max-cost takes a number of US dollars; got "${values.get('--max-cost') ?? ''}"`);
  }
  if (command === undefined) {
    io.err(USAGE);
    return 2;
  }
  if (command === 'diff') return runDiff(paths, json, io, ctx, limits);
  if (command !== 'stats' && command !== 'check')
    return usageError(io, `unknown command "${command}": stats, check or diff`);
  if (paths.length === 0) return usageError(io, `${command} needs files or folders`);
  const found = await findEach(paths);
  // A file that is plainly no transcript (an image, binary bytes) is said as such, as the home page says it.
  const refused = await notTranscripts(found.flatMap((f) => f.files));
  const unmatched = [...found.flatMap((f) => (f.why !== undefined ? [f.why] : [])), ...refused.map((r) => r.sentence)];
  const files = found.flatMap((f) => f.files).filter((f) => !refused.some((r) => r.file === f));
  if (command === 'stats' && unmatched.length > 0) {
    io.err(`loupe: ${unmatched.join('; ')}`);
    return 1;
  }
  if (command === 'stats') {
    // The lean load: the same numbers and rows, in memory that grows with the messages, not the file; the text it
    // never reads is not decoded (lib/fast/elide.ts, lib/fast/clip.ts).
    const readers = lineReaders(true);
    const trace =
      (await splitLoad(files, ctx, limits, readers)) ?? (await loadStatsTrace(inputsOf(files), { limits, ...readers }));
    const { out, err } = statsOutput(trace, {
      json,
      all: allTurns,
      prices,
      ...(ctx.columns ? { columns: ctx.columns } : {}),
    });
    io.out(out);
    if (err !== undefined) io.err(err);
    return 0;
  }
  const trace = await loadTrace(inputsOf(files), { limits, ...lineReaders(false) });
  const stats = computeStats(trace, prices);
  const allowUnpriced = flags.has('--allow-unpriced');
  const problems = [
    ...unmatched,
    ...checkProblems(trace, stats, { ...(maxCost !== undefined ? { maxCost } : {}), allowUnpriced }),
  ];
  const unpriced = stats.cost.unpricedModels;
  // Named whether or not the check fails on them: a cost that leaves calls out is never passed off as whole.
  const note = unpriced.length > 0 ? `\nunpriced: ${unpricedNote(unpriced)} (--prices FILE adds prices)` : '';
  const said = reconciledNotes(trace, stats);
  const notes = said.map((n) => `\n  note: ${n}`).join('');
  if (json)
    io.out(
      JSON.stringify({
        ok: problems.length === 0,
        problems,
        unpricedModels: unpriced,
        ...(said.length > 0 ? { notes: said } : {}),
        stats: statsJson(stats, trace),
      }),
    );
  else if (problems.length === 0)
    io.out(
      `ok: ${count(stats.lines.total, 'line')}, ${count(stats.apiMessages, 'model call')}, ${formatCost(stats.cost.computedUsd, unpriced)} computed${notes}${note}`,
    );
  else io.out(`FAIL:\n${problems.map((p) => `  - ${p}`).join('\n')}${notes}${note}`);
  return problems.length === 0 ? 0 : 1;
}

/** One big file's stats trace read in two threads (stats-parallel.ts), when it can be; undefined: read it in one. */
async function splitLoad(
  files: readonly FoundFile[],
  ctx: CliContext,
  limits: LoadLimits,
  readers: LineReaders,
): Promise<Trace | undefined> {
  const file = files[0];
  if (files.length !== 1 || !file || !ctx.workerUrl || !wantsSplit(file.size, ctx.env ?? {})) return undefined;
  try {
    return await loadStatsSplit(file, ctx.workerUrl, limits, readers);
  } catch {
    // A worker that could not start or failed: the one-thread load says what is wrong with the file, if anything.
    return undefined;
  }
}
