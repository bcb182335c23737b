// `loupe stats --by …` over a generated projects folder: numbers derived here from how the folder was generated,
// the same report from the full model (--full), date filters, the default folder and the readable table.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayRow, ModelRow, ProjectRow, SessionRow, StatsReport } from '../fast';
import { projectsFolder, SESSIONS } from '../fast/testing/projects';
import { cc, jsonl, text } from '../trace/testing/builders';
import { runCli } from './main';

let dir = '';
let projects = '';

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'loupe-stats-'));
  for (const [name, text] of Object.entries(projectsFolder())) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  projects = path.join(dir, 'projects');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(
  argv: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(
    argv,
    { out: (s) => (out += s), err: (s) => (err += s) },
    { env, home: path.join(dir, 'home') },
  );
  return { code, out, err };
}

type Report<R> = Omit<StatsReport, 'rows'> & { rows: R[]; engine: string; paths: string[] };

async function report<R>(...argv: string[]): Promise<Report<R>> {
  const r = await run(['stats', ...argv, '--json', '--utc']);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as Report<R>;
}

/** A conversation of the generator: `k` calls, call i with input 10+i, output 40+7i, cache read 1000(i+1), write 200+n. */
function conv(n: number, k: number): { input: number; output: number; cacheRead: number; cacheWrite: number } {
  let input = 0;
  let output = 0;
  let cacheRead = 0;
  for (let i = 0; i < k; i++) {
    input += 10 + i;
    output += 40 + 7 * i;
    cacheRead += 1000 * (i + 1);
  }
  return { input, output, cacheRead, cacheWrite: (200 + n) * k };
}

// Per million tokens: Opus 4.6 5 / 25 / 6.25 (5m write) / 0.5 (read); Haiku 4.5 1 / 5 / 1.25 / 0.1.
const OPUS = { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 };
const HAIKU = { input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 };
const cost = (t: ReturnType<typeof conv>, p: typeof OPUS): number =>
  (t.input * p.input + t.output * p.output + t.cacheWrite * p.cacheWrite + t.cacheRead * p.cacheRead) / 1e6;
const TASK = { input: 5, output: 30, cacheRead: 4000, cacheWrite: 0 };

const [S1, S2, S3, S4, S5] = SESSIONS.map((s) => s.id);
const EXPECTED: Record<string, { calls: number; usd: number; output: number }> = {
  [S1 ?? '']: {
    calls: 6,
    usd: cost(conv(1, 3), OPUS) + cost(TASK, OPUS) + cost(conv(2, 2), HAIKU),
    output: conv(1, 3).output + 30 + conv(2, 2).output,
  },
  [S2 ?? '']: { calls: 2, usd: cost(conv(3, 2), OPUS), output: conv(3, 2).output },
  [S3 ?? '']: {
    calls: 3,
    usd: cost(conv(4, 2), OPUS) + cost(conv(5, 1), HAIKU),
    output: conv(4, 2).output + conv(5, 1).output,
  },
  [S4 ?? '']: { calls: 2, usd: cost(conv(6, 2), OPUS), output: conv(6, 2).output },
  [S5 ?? '']: {
    calls: 4,
    usd: cost(conv(7, 2), OPUS) + cost(conv(8, 2), HAIKU),
    output: conv(7, 2).output + conv(8, 2).output,
  },
};

describe('loupe stats --by', () => {
  it('session: one row per session with its subagents folded in, each call counted once', async () => {
    const r = await report<SessionRow>(projects, '--by', 'session');
    expect(r.rows.map((x) => x.sessionId).sort()).toEqual(SESSIONS.map((s) => s.id).sort());
    for (const row of r.rows) {
      const want = EXPECTED[row.sessionId];
      const gen = SESSIONS.find((s) => s.id === row.sessionId);
      expect(row.modelCalls).toBe(want?.calls);
      expect(row.tokens.output).toBe(want?.output);
      expect(row.costUsd).toBeCloseTo(want?.usd ?? NaN, 6);
      expect(row.project).toBe(gen?.project);
      expect(row.tokens.total).toBe(
        row.tokens.input + row.tokens.output + row.tokens.cacheWrite + row.tokens.cacheRead,
      );
    }
    const s1 = r.rows.find((x) => x.sessionId === S1);
    expect(s1).toMatchObject({
      firstPrompt: SESSIONS[0]?.prompt,
      // The main thread's span: its subagent, still running after the Task call (until 09:12:10), does not end it.
      start: '2026-03-01T09:00:00.000Z',
      end: '2026-03-01T09:10:00.000Z',
      durationMs: 600_000,
      models: ['claude-haiku-4-5-20251001', 'claude-opus-4-6'],
    });
    // The resumed session's file starts with the earlier session's lines: its own prompt is still found.
    expect(r.rows.find((x) => x.sessionId === S4)?.firstPrompt).toBe(SESSIONS[3]?.prompt);
    expect(r.uncounted).toEqual({ synthetic: 1, invalidUsage: 0, noUsage: 0 });
    expect(r.totals.modelCalls).toBe(17);
    expect(r.totals.costUsd).toBeCloseTo(
      Object.values(EXPECTED).reduce((n, e) => n + e.usd, 0),
      6,
    );
  });

  it('day, project and model: the rows add up to the same totals', async () => {
    const session = await report<SessionRow>(projects, '--by', 'session');
    const day = await report<DayRow>(projects, '--by', 'day');
    expect(day.rows.map((d) => [d.day, d.modelCalls])).toEqual([
      ['2026-03-01', 6],
      ['2026-03-02', 5],
      ['2026-03-03', 4],
      ['2026-03-04', 2],
    ]);
    const project = await report<ProjectRow>(projects, '--by', 'project');
    expect(project.rows.map((p) => [p.project, p.sessions, p.modelCalls]).sort()).toEqual([
      ['-home-dev-alpha', 2, 8],
      ['-home-dev-beta', 2, 5],
      ['-home-dev-gamma', 1, 4],
    ]);
    const model = await report<ModelRow>(projects, '--by', 'model');
    expect(model.rows.map((m) => [m.model, m.modelCalls])).toEqual([
      ['claude-opus-4-6', 12],
      ['claude-haiku-4-5-20251001', 5],
    ]);
    for (const r of [day, project, model]) {
      expect(r.totals).toEqual(session.totals);
      const rows: { costUsd: number; modelCalls: number }[] = r.rows;
      expect(rows.reduce((n, x) => n + x.modelCalls, 0)).toBe(17);
      expect(rows.reduce((n, x) => n + x.costUsd, 0)).toBeCloseTo(session.totals.costUsd, 5);
    }
  });

  it('--full computes the same report from the full model', async () => {
    for (const by of ['session', 'day', 'project', 'model']) {
      const { engine: a, ...fast } = await report(projects, '--by', by);
      const { engine: b, ...full } = await report(projects, '--by', by, '--full');
      expect([a, b]).toEqual(['fast path', 'full model']);
      expect(fast).toEqual(full);
    }
  });

  it('--since and --until keep the calls of those days, inclusive (YYYY-MM-DD or YYYYMMDD)', async () => {
    const r = await report<DayRow>(projects, '--by', 'day', '--since', '2026-03-02', '--until', '20260303');
    expect(r.rows.map((d) => d.day)).toEqual(['2026-03-02', '2026-03-03']);
    expect(r.totals.modelCalls).toBe(9);
    const s = await report<SessionRow>(projects, '--by', 'session', '--since', '2026-03-04');
    expect(s.rows.map((x) => [x.sessionId, x.modelCalls])).toEqual([[S5, 2]]);
    expect((await run(['stats', projects, '--by', 'day', '--since', '2026-02-30'])).code).toBe(2);
  });

  it('with no path it reads $CLAUDE_CONFIG_DIR/projects, by day', async () => {
    const r = await run(['stats', '--json', '--utc'], { CLAUDE_CONFIG_DIR: dir });
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as Report<unknown>;
    expect([j.by, j.paths, j.totals.modelCalls]).toEqual(['day', [projects], 17]);
    const none = await run(['stats'], {});
    expect(none.code).toBe(2);
    expect(none.err).toContain('no Claude Code projects folder');
  });

  it('prints a table with a totals line', async () => {
    const r = await run(['stats', projects, '--by', 'session', '--utc']);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toMatch(
      /^start\s+project\s+session\s+calls\s+input\s+output\s+cache write\s+cache read\s+total tokens\s+cost\s+duration\s+models\s+first prompt$/,
    );
    // The generated lines' cwd (/repo) does not spell their folder: its name without the dash stands in.
    expect(lines[1]).toMatch(/^2026-03-01 09:00\s+home-dev-alpha\s+a0000000\s+6\s/);
    expect(r.out).toContain('5 sessions, 17 model calls');
    expect(r.out).toContain('days in UTC');
    expect(r.out).toContain('1 <synthetic>/API-error message not counted');
  });

  it('narrows each table to a terminal’s width: the token breakdown goes first, then the prompt is cut', async () => {
    const narrow = async (by: string, columns: number): Promise<string[]> => {
      let out = '';
      const code = await runCli(
        ['stats', projects, '--by', by, '--utc'],
        { out: (s) => (out += s), err: () => undefined },
        { columns },
      );
      expect(code).toBe(0);
      return out.split('\n\n')[0]?.split('\n') ?? [];
    };
    for (const by of ['session', 'day', 'project', 'model']) {
      const lines = await narrow(by, 80);
      for (const line of lines) expect(line.length, `${by}: ${line}`).toBeLessThanOrEqual(80);
      // Calls, total tokens and cost stay; the breakdown goes, as much of it as needs to.
      expect(lines[0]).toMatch(/calls\s.*total tokens\s+cost/);
      expect(lines[0]).not.toContain('cache read');
    }
    const session = await narrow('session', 100);
    expect(session[0]).toMatch(/^start\s+project\s+calls\s+total tokens\s+cost\s+duration\s+first prompt$/);
    expect(session.some((l) => l.endsWith('…'))).toBe(true);
    // Wide enough: nothing dropped, nothing cut.
    expect((await narrow('session', 400))[0]).toMatch(/input\s+output\s+cache write\s+cache read/);
  });

  it('cuts long project folder names, keeping their ends, when the table is still too wide for the terminal', async () => {
    const real = path.resolve(import.meta.dirname, '../../test/fixtures/real/claude-code-log/projects');
    for (const by of ['session', 'project']) {
      let out = '';
      expect(
        await runCli(
          ['stats', real, '--by', by, '--utc'],
          { out: (s) => (out += s), err: () => undefined },
          { columns: 80 },
        ),
      ).toBe(0);
      const table = out.split('\n\n')[0]?.split('\n') ?? [];
      for (const line of table) expect(line.length, `${by}: ${line}`).toBeLessThanOrEqual(80);
      expect(table.some((l) => l.includes('…code-log-sample'))).toBe(true);
      let piped = '';
      await runCli(['stats', real, '--by', by, '--utc'], { out: (s) => (piped += s), err: () => undefined });
      expect(piped).toContain(
        by === 'project' ? 'Users-dain-workspace-claude-code-log-sample' : '…orkspace-claude-code-log-sample',
      );
      // A folder its lines' cwd spells shows as that path.
      expect(piped).toContain('/src/experiments/claude_p');
    }
  });

  it('fits the lines under the table to a terminal too: the token breakdown goes first, then words wrap', async () => {
    const footer = async (columns?: number): Promise<string[]> => {
      let out = '';
      await runCli(
        ['stats', projects, '--by', 'session', '--utc'],
        { out: (s) => (out += s), err: () => undefined },
        columns ? { columns } : {},
      );
      return out.split('\n\n')[1]?.split('\n') ?? [];
    };
    const wide = await footer();
    expect(wide[0]).toMatch(
      /^total {6}5 sessions, 17 model calls, [\d,]+ tokens \(input [\d,]+, output [\d,]+, cache write [\d,]+, cache read [\d,]+\), \$[\d.]+ computed$/,
    );
    expect(wide.some((l) => l.length > 80)).toBe(true);
    const at80 = await footer(80);
    expect(at80[0]).toMatch(/^total {6}5 sessions, 17 model calls, [\d,]+ tokens, \$[\d.]+ computed$/);
    for (const line of at80) expect(line.length, line).toBeLessThanOrEqual(80);
    // What wraps goes under the text, and no word is lost.
    expect(at80.filter((l) => l.startsWith(' ')).every((l) => /^ {11}\S/.test(l))).toBe(true);
    const words = (ls: string[]): string => ls.join(' ').replace(/\s+/g, ' ');
    expect(words(at80.slice(1))).toBe(words(wide.slice(1)));
    const at60 = await footer(60);
    expect(at60[0]).toMatch(/^total {6}5 sessions, 17 model calls, [\d,]+ tokens,$/);
    expect(at60[1]).toMatch(/^ {11}\$[\d.]+ computed$/);
  });

  it('says --since after --until is a mistake instead of printing an empty report', async () => {
    const r = await run(['stats', projects, '--by', 'day', '--since', '2026-03-03', '--until', '2026-03-01']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'loupe: --since 2026-03-03 is after --until 2026-03-01: no day is in that range (loupe --help for usage)',
    );
    expect(r.out).toBe('');
  });

  it('fails on a folder given that holds no transcript, as stats without --by does', async () => {
    const empty = path.join(dir, 'empty');
    mkdirSync(empty, { recursive: true });
    writeFileSync(path.join(empty, 'notes.txt'), 'not a transcript');
    for (const argv of [['--by', 'session'], ['--by', 'day', '--json'], []]) {
      const r = await run(['stats', empty, ...argv]);
      expect(r.code).toBe(1);
      expect(r.err).toBe(`loupe: ${empty}: no transcript in this folder (no .jsonl, .jsonl.gz or .json file)`);
      expect(r.out).toBe('');
    }
    // Beside a folder with transcripts it still fails: a typo in one path is not hidden by the others.
    expect((await run(['stats', projects, empty, '--by', 'day'])).code).toBe(1);
  });

  it('cuts a long project name at its start, where projects under one folder look alike', async () => {
    const long = path.join(dir, 'long');
    for (const [n, app] of [
      [1, 'api'],
      [2, 'web'],
    ] as const) {
      const id = `f0000000-0000-4000-8000-00000000000${n}`;
      const file = path.join(long, `-Users-someone-workspace-company-monorepo-${app}`, `${id}.jsonl`);
      mkdirSync(path.dirname(file), { recursive: true });
      const time = `2026-03-0${n}T10:00:00.000Z`;
      writeFileSync(
        file,
        jsonl([
          cc.prompt(`Fix the ${app}`, { session: id, time }),
          cc.assistant(
            `msg_long${n}`,
            [text('ok')],
            { input: 1, output: 1 },
            { session: id, model: 'claude-opus-4-6', time },
          ),
        ]),
      );
    }
    const sessions = (await run(['stats', long, '--by', 'session', '--utc'])).out.split('\n');
    expect(sessions[1]).toMatch(/^2026-03-01 10:00  …-workspace-company-monorepo-api  f0000000 /);
    expect(sessions[2]).toMatch(/^2026-03-02 10:00  …-workspace-company-monorepo-web  f0000000 /);
    const projects = (await run(['stats', long, '--by', 'project', '--utc'])).out.split('\n');
    expect(projects[1]).toMatch(/^Users-someone-workspace-company-monorepo-api /);
  });

  it('says there are no model calls instead of printing a header with nothing under it', async () => {
    // Days with no use, and a folder whose only transcript holds no model call (a file-history snapshot).
    const since = await run(['stats', projects, '--by', 'project', '--since', '2099-01-01']);
    expect(since.code).toBe(0);
    expect(since.out.split('\n')[0]).toBe('no model calls in those days');
    const quiet = path.join(dir, 'quiet', 'projects');
    mkdirSync(path.join(quiet, '-p'), { recursive: true });
    writeFileSync(
      path.join(quiet, '-p', 'q1.jsonl'),
      `${JSON.stringify({ type: 'file-history-snapshot', messageId: 'm1', snapshot: {} })}\n`,
    );
    for (const by of ['session', 'day', 'project', 'model']) {
      const r = await run(['stats', quiet, '--by', by]);
      expect(r.code).toBe(0);
      expect(r.out.split('\n').slice(0, 3)).toEqual([
        'no model calls',
        '',
        expect.stringMatching(/^total {6}0 sessions, 0 model calls,/),
      ]);
    }
  });

  it('shows a session without a prompt (an SDK stream, which does not echo it) as —, as the library does', async () => {
    const id = 'f0000000-0000-4000-8000-0000000000aa';
    const file = path.join(dir, 'noprompt', 'projects', '-p', `${id}.jsonl`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      jsonl([
        cc.assistant(
          'msg_np',
          [text('ok')],
          { input: 1, output: 1 },
          { session: id, model: 'claude-opus-4-6', time: '2026-03-01T10:00:00.000Z' },
        ),
      ]),
    );
    const lines = (await run(['stats', path.dirname(path.dirname(file)), '--by', 'session', '--utc'])).out.split('\n');
    expect(lines[0]).toMatch(/ first prompt$/);
    expect(lines[1]).toMatch(/^2026-03-01 10:00 .* opus-4-6 {2}—$/);
  });

  it('rejects an unknown grouping', async () => {
    const r = await run(['stats', projects, '--by', 'week']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('loupe: --by takes session, day, project, model; got "week" (loupe --help for usage)');
  });

  it('points every wrong option at the usage, as the other usage errors do', async () => {
    for (const argv of [
      ['--since', 'soon'],
      ['--until', '2026-13-45'],
      ['--threads', '-1'],
      ['--since', '2026-03-03', '--until', '2026-03-01'],
    ]) {
      const r = await run(['stats', projects, '--by', 'day', ...argv]);
      expect(r.code).toBe(2);
      expect(r.err, argv.join(' ')).toMatch(/^loupe: .* \(loupe --help for usage\)$/);
    }
  });
});

describe('loupe stats --by: lines it could not read', () => {
  it('says on stderr which files had lines that are not JSON, and still reports the rest (exit 0)', async () => {
    const folder = path.join(dir, 'corrupt', 'projects');
    const good = jsonl([
      cc.prompt('Fix it', { session: 'c1' }),
      cc.assistant('msg_c1', [text('ok')], { input: 3, output: 4 }, { session: 'c1' }),
    ]);
    mkdirSync(path.join(folder, '-p'), { recursive: true });
    // The second call's line is cut short, as a crash mid-write leaves it: its usage cannot be counted.
    writeFileSync(
      path.join(folder, '-p', 'c1.jsonl'),
      `${good}{"type":"assistant","message":{"id":"msg_c2","usage":{"input_tok\n`,
    );
    const r = await run(['stats', folder, '--by', 'session']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^total {6}1 session, 1 model call,/m);
    expect(r.out).toMatch(/^covers {5}1 file, /m);
    expect(r.err).toBe(
      `not counted (loupe check names the lines):\n  - projects/-p/c1.jsonl: 1 line read is not a JSON object; skipped`,
    );
  });
});
