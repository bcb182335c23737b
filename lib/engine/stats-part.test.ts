// The stats load of one file in two parts (stats-part.ts; lib/cli/stats-parallel.ts runs the second in a worker
// thread) must make the trace the one-part load makes: the same events (seq, lines, offsets), diagnostics and source
// counts. Here on every plain fixture and sample file and on generated sessions of both dialects, cut at several line
// starts, each part sent through a structured clone as the worker's reply is.
import { REPO_ROOT, transcriptFiles } from '../../test/repo-files';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateLines } from '../../bench/generate';
import { lineElider } from '../fast/elide';
import { memorySource } from './source';
import { loadStatsTrace } from './stats-load';
import { loadStatsParts, parseStatsPart } from './stats-part';
import type { Dialect } from '../trace/parse';

const root = REPO_ROOT;
const shrink = lineElider();

/** The offsets just after each `\n` but the last byte's: where a part can start. */
function lineStarts(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = bytes.indexOf(0x0a); i >= 0 && i + 1 < bytes.length; i = bytes.indexOf(0x0a, i + 1)) out.push(i + 1);
  return out;
}

/** Loads `bytes` in two parts cut at `offset`, the second parsed apart and cloned as a worker's reply is. */
async function inTwo(name: string, bytes: Uint8Array, offset: number, dialect: Dialect, elide: boolean) {
  const opts = elide && shrink ? { shrink } : {};
  const part = parseStatsPart([bytes.subarray(offset)], { index: 0, name, offset, line: 0, dialect }, opts);
  return loadStatsParts(
    [bytes.subarray(0, offset)],
    part.then((p) => structuredClone(p)),
    { name, ...opts },
  );
}

async function same(name: string, bytes: Uint8Array): Promise<number> {
  const input = () => [memorySource(name, bytes)];
  const starts = lineStarts(bytes);
  const cuts = [...new Set([1, 3, 2].map((k) => starts[Math.floor((starts.length * k) / 4)]))].filter(
    (c): c is number => c !== undefined,
  );
  for (const elide of [false, true]) {
    const want = await loadStatsTrace(input(), elide && shrink ? { shrink } : {});
    const dialect = want.sources[0]?.format;
    if (dialect !== 'claude-code' && dialect !== 'sdk-stream') return 0;
    for (const offset of cuts) {
      const got = await inTwo(name, bytes, offset, dialect, elide);
      expect(got, `cut at ${offset}`).toBeDefined();
      expect(got?.events, `cut at ${offset}`).toEqual(want.events);
      expect(got?.diagnostics, `cut at ${offset}`).toEqual(want.diagnostics);
      expect(got?.sources, `cut at ${offset}`).toEqual(want.sources);
      // And all the model built on them: sessions, agents, responses, turns, tool calls, replays.
      expect(got, `cut at ${offset}`).toEqual(want);
    }
  }
  return cuts.length;
}

describe('the stats load in two parts', () => {
  const files = transcriptFiles(/\.jsonl$/);

  it.each(files)('%s: the same trace, cut anywhere', async (file) => {
    await same(path.basename(file), readFileSync(path.join(root, file)));
  });

  it.each([
    ['sdk-stream', 1],
    ['sdk-stream', 2],
    ['claude-code', 3],
    ['claude-code', 5],
  ] as const)('a generated %s session (seed %d): the same trace, cut anywhere', async (dialect, seed) => {
    const lines = [...generateLines({ dialect, targetBytes: 1_500_000, seed, hugeLineBytes: 200_000 })];
    // A line that is not JSON and a blank line in the second half: diagnostics and counts from the part.
    lines.splice(Math.floor(lines.length * 0.8), 0, '{"type":"user",', '');
    const cuts = await same('gen.jsonl', new TextEncoder().encode(lines.join('\n')));
    expect(cuts).toBe(3);
  });

  it('a part that does not start where the head ends is refused (the caller loads the file whole)', async () => {
    const bytes = new TextEncoder().encode(
      [...generateLines({ dialect: 'claude-code', targetBytes: 200_000, seed: 1 })].join('\n'),
    );
    const [, at = 0, offset = 0] = lineStarts(bytes);
    const part = parseStatsPart([bytes.subarray(offset)], {
      index: 0,
      name: 'gen.jsonl',
      offset,
      line: 0,
      dialect: 'claude-code',
    });
    expect(await loadStatsParts([bytes.subarray(0, at)], part, { name: 'gen.jsonl' })).toBeUndefined();
  });
});
