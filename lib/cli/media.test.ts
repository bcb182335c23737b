// The CLI names an image by its figures, never by its data: the made sessions with a prompt image, an MCP screenshot
// and a prompt's documents (test/fixtures/made/images; the figures are the ones its make.ts wrote).
import { describe, expect, it } from 'vitest';
import { PDF, PROMPT_IMAGE, SHOT as SHOT_FIGURES } from '../../test/fixtures/made/images/figures';
import { runCli } from './main';

const PROMPT = PROMPT_IMAGE.path;
const SHOT = SHOT_FIGURES.path;

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

describe('images in CLI reports', () => {
  // 5,203 bytes are 5 KB.
  it('a first prompt with an image reads [image/png 512x512, 5 KB], in JSON and in the table', async () => {
    const json = await run('stats', PROMPT, '--by', 'session', '--json');
    expect(json.code).toBe(0);
    const rows = (JSON.parse(json.out) as { rows: { firstPrompt: string | null }[] }).rows;
    expect(rows[0]?.firstPrompt).toMatch(/^\[image\/png 512x512, 5 KB\] /);
    const table = await run('stats', PROMPT, '--by', 'session');
    expect(table.out).toContain('[image/png 512x512, 5 KB]');
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
  it('loupe diff names a prompt\'s image by its figures, and a prompt of nothing but an image is not "(no prompt)"', async () => {
    const r = await run('diff', PROMPT, PROMPT);
    expect(r.code).toBe(0);
    const table = r.out.slice(r.out.indexOf('responses ('));
    expect(table).toMatch(/^= +1 +1 .*\[image\/png 512x512, 5 KB\] <ide_opened_file>/m);
    // The resumed copy's line that holds the image alone.
    expect(table).toMatch(/^= +3 +3 .*\[image\/png 512x512, 5 KB\]$/m);
    expect(table).not.toContain('(no prompt)');
    expect(r.out + r.err).not.toMatch(/iVBORw0KGgo/);
  });
  it("a first prompt with documents names them by their figures, never the PDF's base64", async () => {
    const json = await run('stats', PDF.path, '--by', 'session', '--json');
    expect(json.code).toBe(0);
    const rows = (JSON.parse(json.out) as { rows: { firstPrompt: string | null }[] }).rows;
    expect(rows[0]?.firstPrompt).toMatch(
      /^\[document application\/pdf "Release 4\.2 checklist", 2 pages, 885 B\] \[document text\/plain "release-notes\.txt", 97 B\] Does the checklist/,
    );
    expect(json.out + json.err).not.toMatch(/JVBERi0/);
  });
});
