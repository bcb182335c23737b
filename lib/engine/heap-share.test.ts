// The heap a session's load keeps, measured in Node (forced GCs): a stream fragment is a cut of its block's text.
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { jsonl, sdk, text as builtText } from '../trace/testing/builders';
import { blobInput, blobKeeper } from './blob';
import { TraceSession } from './session';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

async function heapOfLoad(text: string): Promise<{ bytes: number; session: TraceSession }> {
  gc();
  const before = process.memoryUsage().heapUsed;
  const session = new TraceSession({ keep: blobKeeper });
  await session.load([await blobInput('a.jsonl', new Blob([text]))]);
  gc();
  return { bytes: process.memoryUsage().heapUsed - before, session };
}

describe('heap after a load', () => {
  it("keeps a text delta's fragment as a cut of its block's text, not a copy", async () => {
    const n = 20_000;
    // Fragments of 50 characters, each different.
    const fragments = Array.from({ length: n }, (_, i) => `${String(i).padStart(8, '0')} ${'word '.repeat(8)}.`);
    const text = jsonl([
      sdk.init(),
      sdk.messageStart('msg_1', { output: 1 }),
      sdk.blockStart(0, { type: 'text', text: '' }),
      ...fragments.map((t) => sdk.textDelta(0, t)),
      sdk.blockStop(0),
      sdk.messageStop(),
      sdk.assistant('msg_1', [builtText(fragments.join(''))], { output: 2 }),
    ]);
    const { session } = await heapOfLoad(text);
    const deltas = session.trace().events.filter((e) => e.kind === 'stream' && e.event === 'content_block_delta');
    expect(deltas.map((e) => (e.kind === 'stream' ? e.fragment : undefined))).toEqual(fragments);
    gc();
    const cut = process.memoryUsage().heapUsed;
    // The same characters, each its own copy: what the fragments cost before they were cut from the text.
    for (const e of deltas)
      if (e.kind === 'stream') Object.assign(e, { fragment: JSON.parse(JSON.stringify(e.fragment)) });
    gc();
    const copied = process.memoryUsage().heapUsed;
    // A copy of 50 one-byte characters is 72 bytes in Node (no pointer compression), a cut 32.
    expect(copied - cut).toBeGreaterThan(20 * n);
    // Alive until the two measures are taken: only the fragments change between them.
    expect(fragments.length + text.length + deltas.length).toBeGreaterThan(0);
  });
});
