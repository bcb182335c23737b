import type { JsonObject } from './common';
import { CHANGES, PEOPLE, TYPES, WORDS, ident } from './corpus';
import type { Outcome, PlannedTool } from './outcome';
import { codeStatement } from './repo';
import { hexString } from './rng';
import { Gen } from './run';

// Bash calls: commands, their output, progress snapshots, failures, and the one huge output line.

type BashKind = 'test' | 'status' | 'diff' | 'log' | 'tsc' | 'ls' | 'build' | 'tail';

const BASH_COMMANDS: Record<BashKind, readonly [string, string]> = {
  test: ['npx vitest run', 'Run unit tests'],
  status: ['git status', 'Show working tree status'],
  diff: ['git diff', 'Show unstaged changes'],
  log: ['git log --stat -40', 'Show recent commits'],
  tsc: ['npx tsc --noEmit -p .', 'Type-check the project'],
  ls: ['ls -la lib/trace', 'List parser sources'],
  build: ['npm run build', 'Build the app'],
  tail: ['tail -n 2000 logs/dev.log', 'Show recent dev server log'],
};

function bashLine(g: Gen, kind: BashKind): string {
  const r = g.rng;
  const file = r.pick(g.repo.files);
  switch (kind) {
    case 'test':
      return r.chance(0.1)
        ? ` ✓ ${file.path.replace('.ts', '.test.ts')} (${r.range(2, 40)} tests) ${r.range(5, 900)}ms`
        : `   ✓ ${ident(r)} > ${r.pick(WORDS)}s the ${r.pick(WORDS)} when “${r.pick(WORDS)}” is missing ${r.range(0, 40)}ms`;
    case 'status':
      return `\tmodified:   ${file.path}`;
    case 'diff':
      return `${r.pick(['+', '-', ' '])}${codeStatement(r, '  '.repeat(r.range(0, 3)))}`;
    case 'log':
      return r.chance(0.3)
        ? `commit ${hexString(r, 40)}\nAuthor: ${r.pick(PEOPLE)} <dev@example.com>\n\n    ${g.fill(r.pick(CHANGES))}\n`
        : ` ${file.path} | ${r.range(1, 120)} ${'+'.repeat(r.range(1, 20))}${'-'.repeat(r.range(0, 12))}`;
    case 'tsc':
      return `${file.path}(${r.range(1, 900)},${r.range(1, 60)}): error TS2322: Type '${r.pick(TYPES)}' is not assignable to type '${r.pick(TYPES)}'.`;
    case 'ls':
      return `-rw-r--r--  1 dev dev ${String(r.range(200, 90_000)).padStart(6)} Feb 10 09:${String(r.range(10, 59))} ${r.pick(WORDS)}-${r.pick(WORDS)}.ts`;
    case 'build':
      return `├ ○ /${r.pick(WORDS)}s/[${r.pick(WORDS)}]${' '.repeat(r.range(4, 20))}${r.range(1, 90)}.${r.range(0, 9)} kB  ${r.range(100, 300)} kB`;
    case 'tail':
      return (
        `2026-02-10T09:${String(r.range(10, 59))}:${String(r.range(10, 59))}.${r.range(100, 999)}Z ${r.pick(['INFO ', 'DEBUG', 'WARN '])} [${r.pick(WORDS)}] ` +
        `parsed ${r.range(1, 99)},${r.range(100, 999)} lines in ${r.range(2, 400)} ms (${r.range(20, 400)}.${r.range(0, 9)} MB/s) — session “${hexString(r, 8)}”`
      );
  }
}

function bashOutput(g: Gen, kind: BashKind, targetChars: number): string {
  const lines: string[] = [];
  let chars = 0;
  if (kind === 'test') lines.push(`\n RUN  v4.1.12 ${g.cwd}\n`);
  if (kind === 'build')
    lines.push('> loupe@0.1.0 build\n> next build\n\n   ▲ Next.js 16.4.6\n   ✓ Compiled successfully in 4.2s');
  while (chars < targetChars) {
    const line = bashLine(g, kind);
    lines.push(line);
    chars += line.length + 1;
  }
  if (kind === 'test')
    lines.push(
      `\n Test Files  ${g.rng.range(8, 40)} passed\n      Tests  ${g.rng.range(40, 400)} passed\n   Duration  ${g.rng.range(1, 30)}.${g.rng.range(10, 99)}s`,
    );
  return lines.join('\n');
}

/** Cumulative stdout snapshots: what bash_progress lines show while a long command runs. */
function progressSnapshots(g: Gen, stdout: string): string[] {
  const n = g.rng.range(1, 3);
  const out: string[] = [];
  for (let i = 1; i <= n; i++) {
    const cut = stdout.lastIndexOf('\n', Math.floor((stdout.length * i) / (n + 1)));
    if (cut > 0) out.push(stdout.slice(0, cut));
  }
  return out;
}

export function planBash(g: Gen, id: string, sub: boolean): PlannedTool {
  const r = g.rng;
  const cap = sub ? Math.min(g.outputCap(), 6_000) : g.outputCap();
  const big = !sub && cap > 20_000 && r.chance(0.15);
  const kind: BashKind = big
    ? r.pick(['test', 'tail', 'log', 'diff'] as const)
    : r.pick(['test', 'status', 'diff', 'log', 'tsc', 'ls', 'build', 'status'] as const);
  const [command, description] = BASH_COMMANDS[kind];
  const input: JsonObject = r.chance(0.2) ? { command, description, timeout: 120000 } : { command, description };
  if (kind === 'tsc' || r.chance(0.06)) return { id, name: 'Bash', input, outcome: bashFailure(g, cap) };
  const size = Math.min(cap, big ? r.logUniform(20_000, 200_000) : r.logUniform(40, 4_000));
  const stdout =
    kind === 'status'
      ? `On branch ${g.gitBranch}\nChanges not staged for commit:\n${bashOutput(g, kind, Math.min(size, 600))}`
      : bashOutput(g, kind, size);
  const progress =
    (kind === 'test' || kind === 'build') && stdout.length < 30_000 && r.chance(0.6)
      ? progressSnapshots(g, stdout)
      : undefined;
  const structured = { stdout, stderr: '', interrupted: false, isImage: false };
  return { id, name: 'Bash', input, outcome: { content: stdout, isError: false, structured, progress } };
}

function bashFailure(g: Gen, cap: number): Outcome {
  const body = bashOutput(g, 'tsc', Math.min(cap, g.rng.logUniform(100, 3_000)));
  const text = `Exit code ${g.rng.pick([1, 1, 2, 127])}\n${body}`;
  return { content: text, isError: true, structured: `Error: ${text}` };
}

/** The huge line: `cat` of a big log, sized so the whole tool_result line is close to `lineBytes`. */
export function planHugeBash(g: Gen, id: string, lineBytes: number): PlannedTool {
  const input = { command: 'cat logs/ingest-full.log', description: 'Dump the full ingest log' };
  // stdout appears twice in the line (content and toolUseResult.stdout), JSON-escaped.
  const wantEscaped = Math.max(1_000, (lineBytes - 1_200) / 2);
  let stdout = bashOutput(g, 'tail', wantEscaped);
  const escaped = Buffer.byteLength(JSON.stringify(stdout));
  const cut = stdout.lastIndexOf('\n', Math.floor((stdout.length * wantEscaped) / escaped));
  if (cut > 0) stdout = stdout.slice(0, cut);
  const structured = { stdout, stderr: '', interrupted: false, isImage: false };
  return { id, name: 'Bash', input, outcome: { content: stdout, isError: false, structured } };
}
