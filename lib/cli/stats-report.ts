import { lineReaders } from '../fast/clip';
import {
  buildReport,
  fromTrace,
  GROUPS,
  mergeScans,
  parseDay,
  projectPaths,
  reportJson,
  type GroupBy,
  type Merged,
} from '../fast';
import { loadTrace } from '../engine/load';
import { defaultThreads, scanFiles } from './fast-node';
import { defaultProjectDirs, findEach, inputsOf, type FoundFile } from './files';
import type { LoadLimits } from '../trace/limits';
import type { CliContext, CliIo } from './io';
import { usageError } from './args';
import { count } from './format';
import { formatReport } from './report-format';
import { pricesOf } from './prices';

interface ReportArgs {
  readonly paths: readonly string[];
  readonly flags: ReadonlySet<string>;
  readonly values: ReadonlyMap<string, string>;
}

const isGroup = (s: string): s is GroupBy => GROUPS.some((g) => g === s);

/** `loupe stats --by …`: the fast path over every file given (or the default projects folders), one report. */
export async function statsReport(
  args: ReportArgs,
  io: CliIo,
  ctx: CliContext,
  limits: LoadLimits = {},
): Promise<number> {
  const by = args.values.get('--by') ?? 'day';
  if (!isGroup(by)) {
    return usageError(io, `--by takes ${GROUPS.join(', ')}; got "${by}"`);
  }
  const range: { since?: string; until?: string } = {};
  for (const key of ['--since', '--until'] as const) {
    const raw = args.values.get(key);
    if (raw === undefined) continue;
    const day = parseDay(raw);
    if (day === undefined) {
      return usageError(io, `${key} takes a date, YYYY-MM-DD or YYYYMMDD; got "${raw}"`);
    }
    range[key === '--since' ? 'since' : 'until'] = day;
  }
  // Swapped dates would select no day at all: an empty report that looks like no use, not like a typo.
  if (range.since !== undefined && range.until !== undefined && range.since > range.until) {
    return usageError(io, `--since ${range.since} is after --until ${range.until}: no day is in that range`);
  }
  const threadsArg = args.values.get('--threads');
  const threads = threadsArg === undefined ? undefined : Number(threadsArg);
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 0)) {
    return usageError(io, '--threads takes a whole number (0: no worker threads)');
  }
  const prices = await pricesOf(args.values.get('--prices'));
  if ('error' in prices) {
    io.err(`loupe: ${prices.error}`);
    return 2;
  }
  const paths = args.paths.length > 0 ? args.paths : defaultProjectDirs(ctx.env, ctx.home);
  if (paths.length === 0) {
    return usageError(
      io,
      'no Claude Code projects folder found ($CLAUDE_CONFIG_DIR/projects, ~/.config/claude/projects, ~/.claude/projects); give a folder or files',
    );
  }
  const found = await findEach(paths);
  // A path given that is not there, or holds no transcript: nothing to report on, which is a failure (as `loupe stats
  // <folder>` without --by says), not an empty table of no use. The default folders may be empty: a fresh install.
  const unmatched = args.paths.length > 0 ? found.flatMap((f) => (f.why !== undefined ? [f.why] : [])) : [];
  if (unmatched.length > 0) {
    io.err(`loupe: ${unmatched.join('; ')}`);
    return 1;
  }
  const files: FoundFile[] = found.flatMap((f) => f.files);
  const full = args.flags.has('--full');
  const { merged, paths: projects } = full
    ? await fullModel(files, limits)
    : await fastPath(files, threads, ctx, limits, io);
  const report = buildReport(merged, by, { ...range, utc: args.flags.has('--utc'), prices, projectPaths: projects });
  const bytes = files.reduce((n, f) => n + f.size, 0);
  if (args.flags.has('--json')) {
    io.out(
      JSON.stringify({
        ...reportJson(report),
        files: files.length,
        bytes,
        paths,
        engine: full ? 'full model' : 'fast path',
      }),
    );
  } else {
    const size = bytes >= 1e5 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`;
    const about = `${count(files.length, 'file')}, ${size} under ${paths.join(', ')} (${full ? 'full model' : 'fast path'})`;
    io.out(formatReport(report, about, ctx.columns));
  }
  return 0;
}

/** The summary the reports are made of, and what each project folder stands for (from its files' `cwd`). */
interface Read {
  readonly merged: Merged;
  readonly paths: Map<string, string>;
}

async function fastPath(
  files: readonly FoundFile[],
  threads: number | undefined,
  ctx: CliContext,
  limits: LoadLimits,
  io: CliIo,
): Promise<Read> {
  const scans = await scanFiles(files, {
    threads: threads ?? defaultThreads(files),
    limits,
    ...(ctx.workerUrl ? { workerUrl: ctx.workerUrl } : {}),
  });
  const stopped = scans.flatMap((s) =>
    s.stopped !== undefined ? [`${s.name}: ${s.stopped}; the rest of the file is not counted`] : [],
  );
  if (stopped.length > 0) io.err(`not read to the end:\n${stopped.map((n) => `  - ${n}`).join('\n')}`);
  // A line that could carry usage but is not JSON (cut short, corrupted) is a model call that may be missing: say so.
  const invalid = scans.flatMap((s) =>
    s.invalidLines > 0
      ? [
          `${s.name}: ${count(s.invalidLines, 'line')} read ${s.invalidLines === 1 ? 'is not a JSON object' : 'are not JSON objects'}; skipped`,
        ]
      : [],
  );
  if (invalid.length > 0)
    io.err(`not counted (loupe check names the lines):\n${invalid.map((n) => `  - ${n}`).join('\n')}`);
  const scanned = scans.map((scan, i) => ({ scan, project: files[i]?.project ?? '?' }));
  return {
    merged: mergeScans(scanned),
    paths: projectPaths(scanned.map((f) => ({ project: f.project, cwd: f.scan.cwd }))),
  };
}

async function fullModel(files: readonly FoundFile[], limits: LoadLimits): Promise<Read> {
  const projects = new Map(files.map((f) => [f.name, f.project]));
  const projectOf = (name: string): string => projects.get(name) ?? '?';
  const trace = await loadTrace(inputsOf(files), { limits, ...lineReaders(false) });
  return {
    merged: fromTrace(trace, projectOf),
    paths: projectPaths(trace.sources.map((s) => ({ project: projectOf(s.name), cwd: s.cwd }))),
  };
}
