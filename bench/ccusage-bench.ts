// `npm run bench:ccusage [-- --sizes 100,500] [-- --folder-sessions 100] [-- --runs 5] [-- --full] [-- --json]`
// `loupe stats --by day` against ccusage (pinned, installed by this script into a temp folder) on the same generated
// Claude Code session files, each laid out as a projects folder and found through CLAUDE_CONFIG_DIR by both tools, and
// on a projects folder of many 2 MB sessions: whole processes, interleaved, medians. Then both tools' totals on the real fixtures and generated folders, side by
// side, with what Loupe leaves out and why.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fromTrace } from '../lib/fast';
import { projectsFolder } from '../lib/fast/testing/projects';
import { collectInputs } from '../lib/cli/files';
import { loadTrace } from '../lib/engine/load';
import { generateFile } from './generate';
import { writePerfSection, writeTracked } from './tracked';

/** ccusage 20 (a native binary per platform, with a byte prefilter and threads); 20.0.24 is the newest whose
 *  linux-x64 binary is published (20.0.26's is not). */
const CCUSAGE = 'ccusage@20.0.24';

const args = process.argv.slice(2);
const json = args.includes('--json');
const opt = (name: string, dflt: string): string => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? dflt) : dflt;
};
const sizes = opt('--sizes', '100,500').split(',').map(Number);
const runs = Number(opt('--runs', '5'));
/** Also times the full report, plain `loupe stats FILE`, against `ccusage claude session` on each generated file. */
const full = args.includes('--full');
/** A projects folder of this many generated sessions (2 MB each) is timed too; 0 leaves it out. */
const folderSessions = Number(opt('--folder-sessions', '100'));
const ROOT = path.resolve(import.meta.dirname, '..');
const cache = path.join(ROOT, 'bench/.cache');
const log = (s: string): void => {
  if (!json) process.stdout.write(`${s}\n`);
};
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
/** Loupe as an installed `loupe` runs: the bin itself, through its `#!` line and the Node flags it sets. */
const LOUPE = path.join(ROOT, 'bin/loupe.mjs');

interface Run {
  ms: number;
  peakRssBytes?: number;
  stdout: string;
}

/** One whole process: wall time, and peak RSS through GNU time where it is installed. */
function run(cmd: string, argv: readonly string[], env: Record<string, string>): Run {
  const full = TIME ? [TIME, '-f', '%M', cmd, ...argv] : [cmd, ...argv];
  const t0 = performance.now();
  const r = spawnSync(full[0] ?? cmd, full.slice(1), {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  const kb = TIME ? Number(r.stderr.trim().split('\n').pop()) : NaN;
  return { ms, stdout: r.stdout, ...(Number.isFinite(kb) ? { peakRssBytes: kb * 1024 } : {}) };
}

interface Totals {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
  costUsd: number;
  models: string[];
}

function loupeTotals(out: string): Totals {
  const r = JSON.parse(out) as {
    totals: { tokens: { input: number; output: number; cacheWrite: number; cacheRead: number }; costUsd: number };
    rows: { models: string[] }[];
  };
  const t = r.totals;
  return { ...t.tokens, costUsd: t.costUsd, models: [...new Set(r.rows.flatMap((x) => x.models))].sort() };
}

function ccusageTotals(out: string): Totals {
  const r = JSON.parse(out) as {
    totals: {
      inputTokens: number;
      outputTokens: number;
      cacheCreationTokens: number;
      cacheReadTokens: number;
      totalCost: number;
    };
    daily: { modelsUsed: string[] }[];
  };
  const t = r.totals;
  return {
    input: t.inputTokens,
    output: t.outputTokens,
    cacheWrite: t.cacheCreationTokens,
    cacheRead: t.cacheReadTokens,
    costUsd: Math.round(t.totalCost * 1e6) / 1e6,
    models: [...new Set(r.daily.flatMap((d) => d.modelsUsed))].sort(),
  };
}

function install(dir: string): string {
  log(`installing ${CCUSAGE} into ${dir} …`);
  execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--loglevel=error', CCUSAGE], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const bin = path.join(dir, 'node_modules/.bin/ccusage');
  const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  log(`ccusage ${version}`);
  return bin;
}

/** A config folder whose `projects/bench/` holds the file (a hard link where possible). */
function configWith(dir: string, file: string): string {
  const cfg = mkdtempSync(path.join(dir, 'cfg-'));
  const dest = path.join(cfg, 'projects/bench/1b262a57-36ee-483b-9b81-acfa859bb0a0.jsonl');
  mkdirSync(path.dirname(dest), { recursive: true });
  try {
    linkSync(file, dest);
  } catch {
    copyFileSync(file, dest);
  }
  return cfg;
}

interface SpeedRow {
  file: string;
  sizeBytes: number;
  loupeMs: number;
  ccusageMs: number;
  ratio: number;
  loupePeakRssBytes?: number;
  ccusagePeakRssBytes?: number;
  totals: { loupe: Totals; ccusage: Totals };
}

/** The full report (per response, per call, agents) against ccusage's session report, on one file. */
interface FullRow {
  file: string;
  sizeBytes: number;
  loupeMs: number;
  ccusageMs: number;
  ratio: number;
  loupePeakRssBytes?: number;
  ccusagePeakRssBytes?: number;
}

interface TotalsRow {
  data: string;
  loupe: Totals;
  ccusage: Totals;
  /** What the full model sets apart: <synthetic> calls, and agent_progress copies of calls with no line of their own. */
  synthetic: number;
  progressOnly: { calls: number; output: number; cacheWrite: number };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-ccusage-'));
  const home = path.join(dir, 'home');
  mkdirSync(home);
  try {
    const ccusage = install(dir);
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-cli.mjs')], { stdio: 'inherit' });
    const loupe = (cfg: string): Run =>
      run(LOUPE, ['stats', '--by', 'day', '--json', '--utc'], {
        CLAUDE_CONFIG_DIR: cfg,
        HOME: home,
      });
    const ccu = (cfg: string): Run =>
      run(ccusage, ['claude', 'daily', '--json', '--offline', '--timezone', 'UTC'], {
        CLAUDE_CONFIG_DIR: cfg,
        HOME: home,
      });

    const speed: SpeedRow[] = [];
    const fullRows: FullRow[] = [];
    const peak = (xs: Run[]): number | undefined =>
      xs.every((x) => x.peakRssBytes !== undefined) ? Math.max(...xs.map((x) => x.peakRssBytes ?? 0)) : undefined;
    const rss = (x?: number): string => (x === undefined ? '?' : `${(x / 1e6).toFixed(0)} MB`);
    /** One round each to warm the page cache, then `runs` interleaved rounds: the first round, and every run. */
    const rounds = (a: () => Run, b: () => Run): { a0: Run; b0: Run; a: Run[]; b: Run[] } => {
      const a0 = a();
      const b0 = b();
      const as: Run[] = [];
      const bs: Run[] = [];
      for (let r = 0; r < runs; r++) {
        as.push(a());
        bs.push(b());
      }
      return { a0, b0, a: as, b: bs };
    };
    const time = (name: string, sizeBytes: number, cfg: string): void => {
      const { a0, b0, a, b } = rounds(
        () => loupe(cfg),
        () => ccu(cfg),
      );
      const lp = peak(a);
      const cp = peak(b);
      const row: SpeedRow = {
        file: name,
        sizeBytes,
        loupeMs: Math.round(median(a.map((x) => x.ms))),
        ccusageMs: Math.round(median(b.map((x) => x.ms))),
        ratio: Math.round((median(a.map((x) => x.ms)) / median(b.map((x) => x.ms))) * 100) / 100,
        ...(lp !== undefined ? { loupePeakRssBytes: lp } : {}),
        ...(cp !== undefined ? { ccusagePeakRssBytes: cp } : {}),
        totals: { loupe: loupeTotals(a0.stdout), ccusage: ccusageTotals(b0.stdout) },
      };
      speed.push(row);
      log(
        `${row.file.padEnd(14)} ${(row.sizeBytes / 1e6).toFixed(0).padStart(4)} MB  loupe ${row.loupeMs} ms (${rss(row.loupePeakRssBytes)})  ccusage ${row.ccusageMs} ms (${rss(row.ccusagePeakRssBytes)})  loupe ÷ ccusage ${row.ratio.toFixed(2)}x`,
      );
    };
    /** Plain `loupe stats FILE` (the full report) against `ccusage claude session` on the same file. */
    const timeFull = (name: string, sizeBytes: number, file: string, cfg: string): void => {
      const env = { CLAUDE_CONFIG_DIR: cfg, HOME: home };
      const { a, b } = rounds(
        () => run(LOUPE, ['stats', file], env),
        () => run(ccusage, ['claude', 'session', '--json', '--offline', '--timezone', 'UTC'], env),
      );
      const lp = peak(a);
      const cp = peak(b);
      const row: FullRow = {
        file: name,
        sizeBytes,
        loupeMs: Math.round(median(a.map((x) => x.ms))),
        ccusageMs: Math.round(median(b.map((x) => x.ms))),
        ratio: Math.round((median(a.map((x) => x.ms)) / median(b.map((x) => x.ms))) * 100) / 100,
        ...(lp !== undefined ? { loupePeakRssBytes: lp } : {}),
        ...(cp !== undefined ? { ccusagePeakRssBytes: cp } : {}),
      };
      fullRows.push(row);
      log(
        `${row.file.padEnd(14)} ${(row.sizeBytes / 1e6).toFixed(0).padStart(4)} MB  loupe stats ${row.loupeMs} ms (${rss(row.loupePeakRssBytes)})  ccusage session ${row.ccusageMs} ms (${rss(row.ccusagePeakRssBytes)})  loupe ÷ ccusage ${row.ratio.toFixed(2)}x`,
      );
    };
    for (const mb of sizes) {
      const file = path.join(cache, `cc-${mb}.jsonl`);
      if (!existsSync(file)) {
        log(`generating ${path.basename(file)} …`);
        await generateFile(file, { dialect: 'claude-code', targetBytes: mb * 1_000_000, seed: 1 });
      }
      const cfg = configWith(dir, file);
      time(path.basename(file), statSync(file).size, cfg);
      if (full) timeFull(path.basename(file), statSync(file).size, file, cfg);
    }
    if (folderSessions > 0) {
      // What a projects folder holds: many sessions of a few MB each, over a few projects.
      const cfg = path.join(dir, 'folder');
      let bytes = 0;
      log(`generating a projects folder of ${folderSessions} sessions …`);
      for (let i = 0; i < folderSessions; i++) {
        const file = path.join(cfg, `projects/-home-dev-p${i % 5}/session-${i}.jsonl`);
        await generateFile(file, { dialect: 'claude-code', targetBytes: 2_000_000, seed: 100 + i });
        bytes += statSync(file).size;
      }
      time(`${folderSessions} sessions`, bytes, cfg);
    }

    const totals: TotalsRow[] = [];
    for (const [data, cfg] of datasets(dir, speed.length > 0 ? path.join(cache, `cc-${sizes[0]}.jsonl`) : undefined)) {
      const trace = await loadTrace(await collectInputs([path.join(cfg, 'projects')]));
      const merged = fromTrace(trace, () => '');
      const progress = progressOnly(trace);
      totals.push({
        data,
        loupe: loupeTotals(loupe(cfg).stdout),
        ccusage: ccusageTotals(ccu(cfg).stdout),
        synthetic: merged.uncounted.synthetic,
        progressOnly: progress,
      });
    }
    for (const t of totals)
      log(
        `${t.data}: loupe ${fmt(t.loupe)}\n${' '.repeat(t.data.length)}  ccusage ${fmt(t.ccusage)}  (<synthetic> calls ${t.synthetic}; calls only in agent_progress copies ${t.progressOnly.calls})`,
      );
    if (json) process.stdout.write(`${JSON.stringify({ ccusage: CCUSAGE, speed, full: fullRows, totals })}\n`);
    log(
      `load average: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    writeResults(speed, fullRows, totals);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (t: Totals): string =>
  `in ${t.input} out ${t.output} cache write ${t.cacheWrite} cache read ${t.cacheRead} $${t.costUsd} [${t.models.join(', ')}]`;

/** The agent_progress copies whose message has no line of its own (its subagent file is not there): calls Loupe never counts. */
function progressOnly(trace: Awaited<ReturnType<typeof loadTrace>>): TotalsRow['progressOnly'] {
  const best = new Map<string, { output: number; cacheWrite: number }>();
  for (const c of trace.looseCopies) {
    const id = c.messageId ?? `seq:${c.seq}`;
    const b = best.get(id);
    if (!b || c.usage.output > b.output) best.set(id, { output: c.usage.output, cacheWrite: c.usage.cacheCreation });
  }
  let output = 0;
  let cacheWrite = 0;
  for (const b of best.values()) {
    output += b.output;
    cacheWrite += b.cacheWrite;
  }
  return { calls: best.size, output, cacheWrite };
}

/** The real Claude Code fixtures, the current-version sample, the generated test folder and a generated file. */
function* datasets(dir: string, generated: string | undefined): Generator<[string, string]> {
  yield ['test/fixtures/real/claude-code-log', path.join(ROOT, 'test/fixtures/real/claude-code-log')];
  const sample = mkdtempSync(path.join(dir, 'cfg-'));
  cpSync(path.join(ROOT, 'public/samples/cc-2-1'), path.join(sample, 'projects/cc-2-1'), { recursive: true });
  yield ['public/samples/cc-2-1', sample];
  const gen = mkdtempSync(path.join(dir, 'cfg-'));
  for (const [name, text] of Object.entries(projectsFolder())) {
    mkdirSync(path.dirname(path.join(gen, name)), { recursive: true });
    writeFileSync(path.join(gen, name), text);
  }
  yield ['generated projects folder (lib/fast/testing/projects.ts)', gen];
  if (generated) yield [`bench/.cache/${path.basename(generated)}`, configWith(dir, generated)];
}

function writeResults(speed: readonly SpeedRow[], fullRows: readonly FullRow[], totals: readonly TotalsRow[]): void {
  writeTracked(
    'bench-results/ccusage.json',
    `${JSON.stringify({ ccusage: CCUSAGE, speed, ...(fullRows.length > 0 ? { full: fullRows } : {}), totals }, null, 2)}\n`,
  );
  const rss = (x?: number): string => (x === undefined ? '—' : `${(x / 1e6).toFixed(0)} MB`);
  if (fullRows.length > 0)
    writePerfSection(
      'ccusage-full-bench',
      [
        `| file | MB | \`loupe stats FILE\` | ${CCUSAGE.replace('@', ' ')} \`claude session\` | loupe ÷ ccusage | peak RSS (loupe / ccusage) | loupe RSS ÷ file |`,
        '|---|---:|---:|---:|---:|---:|---:|',
        ...fullRows.map(
          (r) =>
            `| ${r.file} | ${(r.sizeBytes / 1e6).toFixed(0)} | ${r.loupeMs} ms | ${r.ccusageMs} ms | **${r.ratio.toFixed(2)}x** | ${rss(r.loupePeakRssBytes)} / ${rss(r.ccusagePeakRssBytes)} | ${r.loupePeakRssBytes === undefined ? '—' : `${(r.loupePeakRssBytes / r.sizeBytes).toFixed(2)}x`} |`,
        ),
      ].join('\n'),
    );
  const n = (x: number): string => x.toLocaleString('en-US');
  writePerfSection(
    'ccusage-bench',
    [
      `| file | MB | \`loupe stats --by day\` | ${CCUSAGE.replace('@', ' ')} \`claude daily\` | loupe ÷ ccusage | peak RSS (loupe / ccusage) |`,
      '|---|---:|---:|---:|---:|---:|',
      ...speed.map(
        (r) =>
          `| ${r.file} | ${(r.sizeBytes / 1e6).toFixed(0)} | ${r.loupeMs} ms | ${r.ccusageMs} ms | **${r.ratio.toFixed(2)}x** | ${rss(r.loupePeakRssBytes)} / ${rss(r.ccusagePeakRssBytes)} |`,
      ),
      '',
      '| data | tool | input | output | cache write | cache read | cost | models |',
      '|---|---|---:|---:|---:|---:|---:|---|',
      ...totals.flatMap((t) => [
        `| ${t.data} | loupe | ${n(t.loupe.input)} | ${n(t.loupe.output)} | ${n(t.loupe.cacheWrite)} | ${n(t.loupe.cacheRead)} | $${t.loupe.costUsd.toFixed(4)} | ${t.loupe.models.join(', ')} |`,
        `| | ccusage | ${n(t.ccusage.input)} | ${n(t.ccusage.output)} | ${n(t.ccusage.cacheWrite)} | ${n(t.ccusage.cacheRead)} | $${t.ccusage.costUsd.toFixed(4)} | ${t.ccusage.models.join(', ')} |`,
      ]),
    ].join('\n'),
  );
}

await main();
