import { describe, expect, it } from 'vitest';
import { LiveSources } from '../../engine/live';
import { memorySource } from '../../engine/source';
import { jsonl, type Line } from '../testing/builders';
import type { TraceEvent } from '../types';
import type { Ctx } from './context';
import { forTests } from './replays';

const status = (uuid: string, i: number): Line => ({
  type: 'system',
  subtype: 'status',
  status: 'requesting',
  session_id: 's',
  uuid,
  timestamp: new Date(i * 1000).toISOString(),
});
const init = {
  type: 'system',
  subtype: 'init',
  session_id: 's',
  uuid: 'init',
  model: 'claude-haiku-4-5',
  cwd: '/',
  tools: [],
};
const prompt = { type: 'user', session_id: 's', uuid: 'prompt', message: { role: 'user', content: 'go' } };

/** Loads as the browser and the CLI do: the events' uuids in a column, off the events. */
async function load(lines: readonly Line[]) {
  const sources = new LiveSources();
  return (await sources.load([memorySource('run.jsonl', jsonl([init, prompt, ...lines]))], false)).trace;
}

describe('replays (lines that repeat a uuid already seen)', () => {
  it('point each later copy at the first line with its uuid, whatever the order of their hashes', async () => {
    const ids = ['a', 'b', 'c', 'a', 'd', 'b', 'a'];
    const trace = await load(ids.map(status));
    const replayOf = ids.map((_, i) => trace.eventReplayOf[i + 2]);
    // The third 'a' points at the first one, not at the second.
    expect(replayOf).toEqual([-1, -1, -1, 2, -1, 3, 2]);
    expect(trace.diagnostics.filter((d) => d.code === 'repeated-uuid').map((d) => d.message)).toEqual([
      '3 lines of run.jsonl repeat uuids already seen in the same file (first: line 6 = line 3); counted once',
    ]);
  });

  it('say one repeated line in the singular', async () => {
    const trace = await load(['a', 'b', 'a'].map(status));
    expect(trace.diagnostics.filter((d) => d.code === 'repeated-uuid').map((d) => d.message)).toEqual([
      '1 line of run.jsonl repeats a uuid already seen in the same file (first: line 5 = line 3); counted once',
    ]);
  });

  it('take one pass, not one per pair, when a hostile file repeats one uuid 100,000 times', async () => {
    const trace = await load(Array.from({ length: 100_000 }, (_, i) => status('same', i)));
    let replays = 0;
    for (let i = 0; i < trace.events.length; i++) if ((trace.eventReplayOf[i] ?? -1) === 2) replays += 1;
    expect(replays).toBe(99_999);
  });

  it('compare a bounded number of uuids when a crafted file gives 20,000 different uuids one hash', () => {
    const n = 20_000;
    const uuids = Array.from({ length: n }, (_, i) => `u-${i % (n / 2)}`);
    const ctx = { events: uuids.map((uuid) => ({ uuid }) as unknown as TraceEvent) } as unknown as Ctx;
    let compared = 0;
    const collide = {
      hash: () => 7,
      same: (i: number, j: number) => (compared++, uuids[i] === uuids[j]),
      get: (i: number) => uuids[i],
    };
    const firstOf = forTests.firstOfEachUuid(ctx, collide);
    // The second half repeats the first: each later copy points at its first line, and nothing else is a copy.
    expect(Array.from(firstOf.subarray(0, n / 2)).every((f) => f === -1)).toBe(true);
    expect(Array.from(firstOf.subarray(n / 2)).every((f, i) => f === i)).toBe(true);
    expect(compared).toBeLessThan(n);
  });
});
