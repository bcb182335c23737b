// The CLI names an image by its figures, never by its data: real recordings with a prompt image and an MCP screenshot.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './main';

const WILD = path.resolve(import.meta.dirname, '../../test/fixtures/wild/images');
const PROMPT = path.join(WILD, 'images-in-user-messages.jsonl');
const SHOT = path.join(WILD, 'images-in-tool-results.jsonl');

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

describe('images in CLI reports', () => {
  it('a first prompt with an image reads [image/png 512x512, 23 KB], in JSON and in the table', async () => {
    const json = await run('stats', PROMPT, '--by', 'session', '--json');
    expect(json.code).toBe(0);
    const rows = (JSON.parse(json.out) as { rows: { firstPrompt: string | null }[] }).rows;
    expect(rows[0]?.firstPrompt).toMatch(/^\[image\/png 512x512, 23 KB\] /);
    const table = await run('stats', PROMPT, '--by', 'session');
    expect(table.out).toContain('[image/png 512x512, 23 KB]');
    for (const out of [json.out, json.err, table.out, table.err]) expect(out).not.toMatch(/iVBORw0KGgo/);
  });
  it('no report of the screenshot session prints its base64', async () => {
    for (const argv of [
      ['stats', SHOT],
      ['stats', SHOT, '--json'],
      ['stats', SHOT, '--by', 'session'],
      ['check', SHOT],
    ]) {
      const r = await run(...argv);
      expect(r.out.length).toBeGreaterThan(0);
      expect(r.out + r.err).not.toMatch(/iVBORw0KGgo|[A-Za-z0-9+/]{200}/);
    }
  });
});
