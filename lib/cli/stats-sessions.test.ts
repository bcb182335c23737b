// `loupe stats --by session` and `--by project` on sessions whose first lines are a subagent's (issue 24) and project
// folders named after their paths (issue 28): the fast path and the full model (--full) print the same rows.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRow, SessionRow } from '../fast';
import { CC_PROJECT, EXPECTED, OLD_PROJECT, SDK_PROJECT, subagentFirstFolder } from '../fast/testing/subagent-first';
import { runCli } from './main';

let dir = '';
let projects = '';

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'loupe-sessions-'));
  for (const [name, text] of Object.entries(subagentFirstFolder())) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  projects = path.join(dir, 'projects');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(...argv: string[]): Promise<string> {
  let out = '';
  let err = '';
  const code = await runCli(
    ['stats', projects, ...argv],
    { out: (s) => (out += s), err: (s) => (err += s) },
    { env: {}, home: dir },
  );
  expect(err).toBe('');
  expect(code).toBe(0);
  return out;
}

const rowsOf = async <R>(...argv: string[]): Promise<R[]> =>
  (JSON.parse(await run(...argv, '--json', '--utc')) as { rows: R[] }).rows;

describe('loupe stats names a session by its main thread', () => {
  for (const engine of [[], ['--full']]) {
    it(`--by session ${engine.join(' ') || '(fast path)'}`, async () => {
      const rows = await rowsOf<SessionRow>('--by', 'session', ...engine);
      const got = Object.fromEntries(
        rows.map((r) => [
          r.sessionId,
          { firstPrompt: r.firstPrompt, start: r.start, end: r.end, durationMs: r.durationMs },
        ]),
      );
      expect(got).toEqual(EXPECTED);
    });
  }

  it('prints each project as the path it stands for', async () => {
    const rows = await rowsOf<ProjectRow>('--by', 'project');
    expect(Object.fromEntries(rows.map((r) => [r.project, r.projectPath]))).toEqual({
      [SDK_PROJECT]: '~/sdk-runs',
      [CC_PROJECT]: '~/experiments/worktrees',
      [OLD_PROJECT]: 'srv-old-layout',
    });
    expect(await rowsOf<ProjectRow>('--by', 'project', '--full')).toEqual(rows);
    const table = await run('--by', 'project', '--utc');
    expect(table).toMatch(/^~\/experiments\/worktrees\s+1\s/m);
    expect(table).not.toContain(CC_PROJECT);
    const sessions = await run('--by', 'session', '--utc');
    expect(sessions).toMatch(/^2026-03-03 09:00\s+~\/experiments\/worktrees\s+c0ffee00\s.*\s1m 5s\s.*\/review 12$/m);
  });
});
