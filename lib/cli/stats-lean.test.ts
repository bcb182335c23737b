// `loupe stats <files>` loads lean (lib/engine/stats-load.ts), the text it never reads left undecoded
// (lib/fast/elide.ts): what it prints must be, byte for byte, what the full model prints. Both run here on every real
// fixture, every sample, the made corpus, and generated sessions of both dialects, lean with and without the elision;
// the trap tests check the same through `loadFiles` (lib/trace/testing/load.ts).
import { REPO_ROOT, transcriptFiles } from '../../test/repo-files';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateLines } from '../../bench/generate';
import { loadTrace } from '../engine/load';
import { memorySource, type EngineInput } from '../engine/source';
import { loadStatsTrace } from '../engine/stats-load';
import { madeFiles, madeGoldens } from '../../test/made-corpus';
import { lineClipper } from '../fast/clip';
import { lineElider } from '../fast/elide';
import { DEFAULT_NORMALIZE } from '../trace/adapters/common';
import { findFiles, inputsOf } from './files';
import { statsOutput } from './main';
import { jsonl, sdk, toolResult, toolUse } from '../trace/testing/builders';
import type { Trace } from '../trace/model/types';

const elider = lineElider();
const clip = lineClipper(DEFAULT_NORMALIZE.clamp);
if (!elider || !clip) throw new Error('no WebAssembly here');
/** Lines the elision made short, in the last `same` call. */
let elided = 0;
const shrink = (bytes: Uint8Array): string | undefined => {
  const text = elider(bytes);
  if (text !== undefined) elided += 1;
  return text;
};

const root = REPO_ROOT;

async function same(inputs: () => Promise<EngineInput[]> | EngineInput[]): Promise<{ full: number; lean: number }> {
  const full = await loadTrace(await inputs());
  const lean = await loadStatsTrace(await inputs());
  elided = 0;
  // As the CLI loads: an SDK stream's long tool outputs cut (lib/fast/clip.ts).
  const short = await loadStatsTrace(await inputs(), { shrink, clip });
  for (const opts of [
    { json: true, all: true },
    { json: false, all: false },
    { json: false, all: true },
  ]) {
    const want = statsOutput(full, opts);
    expect(statsOutput(lean, opts), JSON.stringify(opts)).toEqual(want);
    expect(statsOutput(short, opts), `${JSON.stringify(opts)}, elided`).toEqual(want);
  }
  // What the model saw besides the printed numbers: the same diagnostics, in order (and with the elision, in the
  // same words: a line it cannot read is reported as read whole).
  const where = (t: Trace): string[] =>
    t.diagnostics.map((d) => `${d.code} ${d.severity} ${d.src?.source ?? ''}:${d.src?.line ?? ''}`);
  expect(where(lean)).toEqual(where(full));
  const said = (t: Trace): string[] => t.diagnostics.map((d) => `${d.code} ${d.src?.line ?? ''} ${d.message}`);
  expect(said(short)).toEqual(said(lean));
  return { full: full.events.length, lean: lean.events.length };
}

const fromDisk = (paths: readonly string[]) => async () =>
  inputsOf(await findFiles(paths.map((p) => path.join(root, p))));

describe('loupe stats, lean and full', () => {
  const fixtures = transcriptFiles();

  it.each(fixtures)('%s: the same output', async (file) => {
    await same(fromDisk([file]));
  });

  it.each(['test/fixtures/real', ...readdirSync(path.join(root, 'public/samples')).map((d) => `public/samples/${d}`)])(
    '%s as one folder: the same output',
    async (dir) => {
      await same(fromDisk([dir]));
    },
  );

  it.each(Object.keys(madeGoldens()))('made corpus %s: the same output', async (rel) => {
    await same(() => Object.entries(madeFiles(rel)).map(([name, bytes]) => memorySource(name, bytes)));
  });

  it('a generated Claude Code session with its tool output elided: the same output', async () => {
    const text = [...generateLines({ dialect: 'claude-code', targetBytes: 3_000_000, seed: 5 })].join('\n');
    await same(() => [memorySource('gen.jsonl', text)]);
    // Most of its lines with tool output or a snapshot went short.
    expect(elided).toBeGreaterThan(100);
  });

  it('a shrunk text that is not JSON: the line is read whole, counted once, reported in its own words', async () => {
    const lines = [...generateLines({ dialect: 'claude-code', targetBytes: 600_000, seed: 2 })];
    // A long line cut short in the middle of the file: not JSON, whole or shrunk.
    const at = lines.findIndex((l, i) => i > 20 && l.length > 4000);
    lines[at] = (lines[at] ?? '').slice(0, 3000);
    const text = lines.join('\n');
    const input = () => [memorySource('gen.jsonl', text)];
    const want = await loadStatsTrace(input());
    let broken = 0;
    const bad = await loadStatsTrace(input(), {
      shrink: () => {
        broken += 1;
        return '{"type":"user",';
      },
    });
    expect(broken).toBeGreaterThan(10);
    expect(statsOutput(bad, { json: true, all: true })).toEqual(statsOutput(want, { json: true, all: true }));
    expect(bad.diagnostics.map((d) => d.message)).toEqual(want.diagnostics.map((d) => d.message));
    expect(want.diagnostics.some((d) => d.code === 'malformed-json')).toBe(true);
  });

  it.each([
    ['sdk-stream', 1],
    ['sdk-stream', 2],
    ['claude-code', 1],
    ['claude-code', 3],
  ] as const)(
    'a generated %s session (seed %d): the same output, from far fewer events when it streams',
    async (dialect, seed) => {
      const text = [...generateLines({ dialect, targetBytes: 1_500_000, seed, hugeLineBytes: 200_000 })].join('\n');
      const { full, lean } = await same(() => [memorySource('gen.jsonl', text)]);
      if (dialect === 'sdk-stream') expect(lean).toBeLessThan(full * 0.6);
      else expect(lean).toBe(full);
    },
  );

  it('streamed tool inputs: equal with their keys in another order, different by one value', async () => {
    const call = (id: string, streamed: string, completed: Record<string, string>) => [
      sdk.messageStart(id, { input: 10 }),
      sdk.blockStart(0, { type: 'tool_use', id: `toolu_${id}`, name: 'Bash', input: {} }),
      sdk.jsonDelta(0, streamed),
      sdk.blockStop(0),
      sdk.messageDelta('tool_use', { output: 5 }),
      sdk.messageStop(),
      sdk.assistant(id, [toolUse(`toolu_${id}`, 'Bash', completed)], { input: 10, output: 5 }),
      { type: 'user', message: { role: 'user', content: [toolResult(`toolu_${id}`, 'ok')] }, session_id: 'sess-1' },
    ];
    const text = jsonl([
      sdk.init(),
      ...call('msg_a', '{"description":"list","command":"ls -la"}', { command: 'ls -la', description: 'list' }),
      ...call('msg_b', '{"command":"ls -la","description":"list"}', { command: 'ls -l', description: 'list' }),
      sdk.result(),
    ]);
    await same(() => [memorySource('s.jsonl', text)]);
    const lean = await loadStatsTrace([memorySource('s.jsonl', text)]);
    expect(lean.diagnostics.filter((d) => d.code === 'stream-mismatch').map((d) => d.message)).toEqual([
      'message msg_b: deltas and completed message differ (block 0: tool input differs)',
    ]);
  });

  it('an SDK stream with deltas out of time order, interleaved subagents and a stream cut off: the same output', async () => {
    const lines = [...generateLines({ dialect: 'sdk-stream', targetBytes: 400_000, seed: 7 })];
    // Timestamps on every line, a second apart; every third delta an hour early, every fifth none.
    const base = Date.parse('2026-03-01T10:00:00Z');
    let n = 0;
    const shuffled = lines.map((l, i) => {
      const delta = l.includes('content_block_delta');
      const k = delta ? n++ : -1;
      if (k % 5 === 4) return l;
      const t = base + i * 1000 - (k % 3 === 0 ? 3_600_000 : 0);
      return `${l.slice(0, -1)},"timestamp":"${new Date(t).toISOString()}"}`;
    });
    const cut = shuffled.slice(0, Math.floor(shuffled.length * 0.7));
    await same(() => [memorySource('a.jsonl', shuffled.join('\n')), memorySource('b.jsonl', cut.join('\n'))]);
  });
});
