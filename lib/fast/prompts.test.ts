// The prompts a scan collects for search are the full model's: every typed prompt of the file, in order, whichever
// lines the prefilter reads (a window of one line, chunks cut anywhere), and never a tool result.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTrace } from '../engine/load';
import { memorySource } from '../engine/source';
import { cc, jsonl, text, toolUse } from '../trace/testing/builders';
import { SEARCH_PROMPT_CHARS, type ScannedPrompt } from './scan';
import { scanSource } from './source';
import { projectsFolder } from './testing/projects';

const ROOT = path.resolve(import.meta.dirname, '../..');

function transcripts(rel: string): [string, Uint8Array][] {
  const out: [string, Uint8Array][] = [];
  const walk = (p: string): void => {
    if (statSync(p).isDirectory()) for (const f of readdirSync(p)) walk(path.join(p, f));
    else if (/\.jsonl$/.test(p)) out.push([path.relative(ROOT, p), readFileSync(p)]);
  };
  walk(path.join(ROOT, rel));
  return out;
}

async function modelPrompts(name: string, bytes: Uint8Array): Promise<ScannedPrompt[]> {
  const trace = await loadTrace([memorySource(name, bytes)]);
  return trace.events.flatMap((e) =>
    e.kind === 'user' && e.role === 'prompt'
      ? [
          {
            ...(e.sessionId !== undefined ? { sessionId: e.sessionId } : {}),
            text: e.text.slice(0, SEARCH_PROMPT_CHARS),
          },
        ]
      : [],
  );
}

const files: [string, Uint8Array][] = [
  ...transcripts('test/fixtures/real'),
  ...transcripts('public/samples'),
  ...Object.entries(projectsFolder()).map(([n, t]): [string, Uint8Array] => [n, new TextEncoder().encode(t)]),
  [
    'p/mentions.jsonl',
    new TextEncoder().encode(
      jsonl([
        cc.prompt('first: explain "user" and "tool_use_id" to me'),
        cc.assistant('m1', [toolUse('toolu_1', 'Read', { file_path: 'a' })], { input: 1, output: 2 }),
        cc.result('toolu_1', 'a file that says "user" in quotes'),
        cc.prompt(`second: ${'long '.repeat(600)}`),
        cc.assistant('m2', [text('ok')], { input: 1, output: 2 }),
      ]),
    ),
  ],
];

describe('prompts for search', () => {
  it.each(files)('%s', async (name, bytes) => {
    const want = await modelPrompts(name, bytes);
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += 13) chunks.push(bytes.subarray(i, i + 13));
    for (const window of [undefined, { lines: 1, bytes: 1 << 20, lineBytes: 1 << 20 }]) {
      const scan = await scanSource({ name, open: () => chunks }, { prompts: true, ...(window ? { window } : {}) });
      if (scan.prompts === undefined && /\.json$/.test(name)) continue;
      expect(scan.prompts).toEqual(want);
    }
  });

  it('are left out unless asked for', async () => {
    const [name, bytes] = files[files.length - 1] ?? ['', new Uint8Array()];
    expect((await scanSource(memorySource(name, bytes))).prompts).toBeUndefined();
    expect(
      (await scanSource(memorySource(name, bytes), { prompts: true })).prompts?.map((p) => p.text.slice(0, 6)),
    ).toEqual(['first:', 'second']);
  });
});
