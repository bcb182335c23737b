// The workbench's load cuts long tool outputs before they are parsed (lib/fast/clip.ts): the trace must be the one the
// whole lines make, every event, row and figure. Both loads run here on every real fixture, every sample, the made
// corpus and generated sessions of both dialects, with a clamp of 64 characters so that most tool outputs are cut.
import { REPO_ROOT, transcriptFiles } from '../../test/repo-files';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateLines } from '../../bench/generate';
import { madeFiles, madeGoldens } from '../../test/made-corpus';
import { findFiles, inputsOf } from '../cli/files';
import { loadSources } from '../engine/load';
import { memorySource, type EngineInput } from '../engine/source';
import { lineClipper } from './clip';

const CLAMP = 64;
const clipper = lineClipper(CLAMP);
if (!clipper) throw new Error('no WebAssembly here');
let cuts = 0;
const clip = (bytes: Uint8Array): string | undefined => {
  const text = clipper(bytes);
  if (text !== undefined) cuts += 1;
  return text;
};

const root = REPO_ROOT;

/** Loads both ways; returns how many lines were cut. */
async function same(inputs: () => Promise<EngineInput[]> | EngineInput[]): Promise<number> {
  const normalize = { clamp: CLAMP };
  const whole = await loadSources(await inputs(), { normalize });
  cuts = 0;
  const cut = await loadSources(await inputs(), { normalize, clip });
  expect(cut.trace).toEqual(whole.trace);
  return cuts;
}

const fromDisk = (paths: readonly string[]) => async () =>
  inputsOf(await findFiles(paths.map((p) => path.join(root, p))));

describe('the workbench load, lines cut and whole', () => {
  const fixtures = transcriptFiles();

  it('cuts lines in the fixtures', async () => {
    let n = 0;
    for (const f of fixtures) n += await same(fromDisk([f]));
    expect(n).toBeGreaterThan(20);
  });

  it.each(fixtures)('%s: the same trace', async (file) => {
    await same(fromDisk([file]));
  });

  it.each(Object.keys(madeGoldens()))('made corpus %s: the same trace', async (rel) => {
    await same(() => Object.entries(madeFiles(rel)).map(([name, bytes]) => memorySource(name, bytes)));
  });

  it('a cut line that makes no event of its kind is read whole: its raw row keeps the line as it is', async () => {
    const long = 'x'.repeat(3000);
    const lines = [
      { type: 'user', sessionId: 's', uuid: 'u0', message: { role: 'user', content: 'hi' } },
      // A session id that is not a string: no tool-result event, a raw row whose JSON starts with the whole output.
      {
        type: 'user',
        sessionId: 5,
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: long }] },
      },
      { type: 'file-history-snapshot', messageId: 7, snapshot: { messageId: 'm', files: long } },
    ];
    const text = lines.map((l) => JSON.stringify(l)).join('\n');
    cuts = 0;
    await same(() => [memorySource('s.jsonl', text)]);
    expect(cuts).toBe(2);
    const { trace } = await loadSources([memorySource('s.jsonl', text)], { normalize: { clamp: CLAMP }, clip });
    expect(trace.events.map((e) => e.kind)).toEqual(['user', 'unknown', 'unknown']);
  });

  it.each([
    ['sdk-stream', 1],
    ['sdk-stream', 4],
    ['claude-code', 1],
    ['claude-code', 3],
  ] as const)('a generated %s session (seed %d): the same trace, tool outputs cut', async (dialect, seed) => {
    const text = [...generateLines({ dialect, targetBytes: 1_500_000, seed, hugeLineBytes: 200_000 })].join('\n');
    expect(await same(() => [memorySource('gen.jsonl', text)])).toBeGreaterThan(10);
  });
});
