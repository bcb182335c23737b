// `loupe diff A B` through the CLI entry point: the `--json` shape, the 80-column text, exit codes, and what a side
// can be (a file, a folder with its subagents, a session id in the projects folders).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runText, type ResponseSpec } from '../compare/testing/runs';
import { cc, jsonl, text } from '../trace/testing/builders';
import { runCli, type CliContext } from './main';

const REAL = path.resolve(import.meta.dirname, '../../test/fixtures/real');

async function run(argv: string[], ctx: CliContext = {}): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (s) => (out += `${s}\n`), err: (s) => (err += `${s}\n`) }, ctx);
  return { code, out, err };
}

const TASK: ResponseSpec[] = [
  {
    prompt: 'fix the failing test',
    calls: [
      { name: 'Read', input: { file_path: '/repo/a.ts' } },
      { name: 'Bash', input: { command: 'npm test' } },
    ],
  },
  { prompt: 'now commit', calls: [{ name: 'Bash', input: { command: 'git commit -am fix' } }] },
];
const RETRY: ResponseSpec[] = [
  { ...TASK[0]!, calls: [TASK[0]!.calls[0]!, { name: 'Grep', input: { pattern: 'describe\\(' } }, TASK[0]!.calls[1]!] },
  { prompt: 'now commit', calls: [{ name: 'Bash', input: { command: 'git commit -am fix' }, error: true }] },
];

function files(): { dir: string; a: string; b: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-diff-'));
  const a = path.join(dir, 'a.jsonl');
  const b = path.join(dir, 'b.jsonl');
  writeFileSync(a, runText('a', TASK));
  writeFileSync(b, runText('b', RETRY));
  return { dir, a, b };
}

interface DiffJson {
  a: { path: string; files: string[]; responses: number; verdict: { task: string } };
  b: { path: string; files: string[]; responses: number };
  totals: { a: Record<string, number>; b: Record<string, number>; delta: Record<string, number | null> };
  responses: {
    a: number | null;
    b: number | null;
    mark: string;
    alignedBy: string;
    prompt: { a: string | null; b: string | null };
    calls: {
      mark: string;
      a: { name: string; input: string } | null;
      b: { name: string; input: string; outcome: string } | null;
    }[];
  }[];
  firstDivergence: { response: number; call?: number; what: string } | null;
}

describe('loupe diff', () => {
  it('--json gives {a, b, totals: {a, b, delta}, responses, firstDivergence} and exits 0 when the runs differ', async () => {
    const { a, b } = files();
    const { code, out } = await run(['diff', a, b, '--json']);
    expect(code).toBe(0);
    const j = JSON.parse(out) as DiffJson;
    expect(Object.keys(j)).toEqual(['a', 'b', 'totals', 'responses', 'firstDivergence']);
    expect(j.a).toMatchObject({ path: a, files: ['a.jsonl'], responses: 2 });
    expect(Object.keys(j.totals)).toEqual(['a', 'b', 'delta']);
    expect(j.totals.delta).toMatchObject({ modelCalls: 1, toolCalls: 1, toolErrors: 1, denials: 0 });
    expect(j.totals.b['modelCalls']).toBe((j.totals.a['modelCalls'] ?? 0) + 1);
    expect(j.responses.map((r) => [r.a, r.b, r.mark, r.alignedBy])).toEqual([
      [0, 0, 'changed', 'prompt'],
      [1, 1, 'changed', 'prompt'],
    ]);
    expect(j.responses[0]?.calls.map((c) => c.mark)).toEqual(['same', 'only-b', 'same']);
    expect(j.responses[0]?.calls[1]?.b).toMatchObject({ name: 'Grep', input: 'describe\\(' });
    expect(j.responses[1]?.calls[0]?.b).toMatchObject({ outcome: 'error' });
    expect(j.firstDivergence).toEqual({
      response: 0,
      call: 1,
      what: 'response A1 / B1: B calls Grep #2 where A does not',
    });
  });

  it('prints the first divergence, the totals and the calls side by side within 80 columns', async () => {
    const { a, b } = files();
    const { code, out } = await run(['diff', a, b]);
    expect(code).toBe(0);
    expect(out).toContain('first divergence: response A1 / B1: B calls Grep #2 where A does not');
    expect(out).toMatch(/^model calls +5 +6 +\+1$/m);
    expect(out).toMatch(/^\+ +│ Grep describe\\\($/m);
    expect(out).toMatch(/^= Read \/repo\/a\.ts +│ Read \/repo\/a\.ts$/m);
    for (const line of out.trimEnd().split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
  });

  it('says there is no divergence for a run against itself, and exits 0', async () => {
    const { a } = files();
    const { code, out } = await run(['diff', a, a]);
    expect(code).toBe(0);
    expect(out).toContain('no divergence');
    const j = JSON.parse((await run(['diff', a, a, '--json'])).out) as DiffJson;
    expect(j.firstDivergence).toBeNull();
    expect(j.responses.every((r) => r.mark === 'same')).toBe(true);
  });

  it('exits 2 on bad usage: one side, three, or a side that names no transcript', async () => {
    const { dir, a } = files();
    const one = await run(['diff', a]);
    expect(one.code).toBe(2);
    expect(one.err).toMatch(/diff compares two runs.*\(got 1\)/);
    expect((await run(['diff', a, a, a])).code).toBe(2);
    const missing = await run(['diff', a, path.join(dir, 'nope.jsonl')], { env: {}, home: dir });
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('nope.jsonl: no such file or folder');
    expect(missing.out).toBe('');
  });

  it('reads a session id from the projects folders, with its subagent files', async () => {
    const { dir, b } = files();
    const id = '5f0c2a9e-7b1d-4e8a-9c3f-2d6b8e1a4c70';
    const project = path.join(dir, 'config', 'projects', '-repo');
    mkdirSync(path.join(project, id, 'subagents'), { recursive: true });
    writeFileSync(path.join(project, `${id}.jsonl`), runText('s', TASK));
    const sub = jsonl([
      cc.assistant(
        'msg_sub',
        [text('found it')],
        { input: 5, output: 7 },
        { session: 'sess-s', agentId: 'abc', sidechain: true },
      ),
    ]);
    writeFileSync(path.join(project, id, 'subagents', 'agent-abc.jsonl'), sub);
    const ctx = { env: { CLAUDE_CONFIG_DIR: path.join(dir, 'config') }, home: dir };
    const { code, out } = await run(['diff', id.slice(0, 8), b, '--json'], ctx);
    expect(code).toBe(0);
    const j = JSON.parse(out) as DiffJson;
    expect(j.a.files).toEqual([`${id}.jsonl`, `${id}/subagents/agent-abc.jsonl`]);
    // The subagent's model call counts on A's side: 5 calls of the session, 1 of the subagent.
    expect(j.totals.a['modelCalls']).toBe(6);
    const unknown = await run(['diff', 'deadbeef', b], ctx);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('no session with that id');
  });

  it('lines up two real recordings of one SDK run (a JSON document and its stream) as the same', async () => {
    const golden = path.join(REAL, 'open-harness/golden');
    const { code, out } = await run([
      'diff',
      path.join(golden, 'structured-output.json'),
      path.join(golden, 'structured-output.stream.jsonl'),
      '--json',
    ]);
    expect(code).toBe(0);
    const j = JSON.parse(out) as DiffJson;
    expect(j.firstDivergence).toBeNull();
    expect(j.totals.delta).toMatchObject({ modelCalls: 0, output: 0, computedUsd: 0, reportedUsd: 0 });
    expect(j.totals.a['modelCalls']).toBe(1);
  });
});
