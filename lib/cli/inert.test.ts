// Transcript text is untrusted: what the CLI prints never carries a control character a terminal would act on.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cc, jsonl, text } from '../trace/testing/builders';
import { runCli } from './main';
import { inert } from './stdio';

const ESC = '\u001b';
// A model id that recolours the terminal and sets its title.
const MODEL = `claude-opus-4-6${ESC}[41m${ESC}]0;pwned\u0007`;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'loupe-inert-'));
  const id = 'a1000000-0000-4000-8000-000000000000';
  const time = '2026-03-01T10:00:00.000Z';
  const file = path.join(dir, 'projects', '-p', `${id}.jsonl`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    jsonl([
      cc.prompt('Look around', { session: id, time }),
      cc.assistant('msg_1', [text('Looking.')], { input: 1, output: 1 }, { session: id, model: MODEL, time }),
    ]),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (s) => (out += s), err: (s) => (err += s) }, { env: {}, home: dir });
  return { code, out, err };
}

describe('printed text is inert', () => {
  it('shows the control characters of a model id as escapes, in every table and on stderr', async () => {
    const projects = path.join(dir, 'projects');
    for (const argv of [['--by', 'model'], ['--by', 'session'], ['--by', 'day'], []]) {
      const r = await run(['stats', projects, ...argv]);
      expect(r.code).toBe(0);
      expect(r.out).not.toMatch(CONTROL);
      expect(r.err).not.toMatch(CONTROL);
      expect(r.out).toContain('\\u001b[41m\\u001b]0;pwned\\u0007');
    }
  });

  it('keeps JSON output the same values', async () => {
    const r = await run(['stats', path.join(dir, 'projects'), '--by', 'model', '--json']);
    expect(r.out).not.toMatch(CONTROL);
    expect((JSON.parse(r.out) as { rows: { model: string }[] }).rows[0]?.model).toBe(MODEL);
    expect(JSON.parse(inert(JSON.stringify({ s: `a\u007f\u009bb${ESC}\n\t` })))).toEqual({
      s: `a\u007f\u009bb${ESC}\n\t`,
    });
  });

  it('leaves newlines, tabs and other text alone', () => {
    expect(inert('a\tb\nc é — ✓')).toBe('a\tb\nc é — ✓');
  });
});
