// The heap a session's load keeps, measured in Node (forced GCs): equal kept texts are one string, not one per copy.
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NORMALIZE, withInterner } from '../trace/adapters/common';
import { jsonl, sdk, text as builtText } from '../trace/testing/builders';
import { blobInput, blobKeeper } from './blob';
import { TraceSession } from './session';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const TOOL_OUTPUT = Array.from(
  { length: 400 },
  (_, i) => `${String(i + 1).padStart(6)}\u2192const line${i} = ${i};`,
).join('\n');

/** An SDK stream in which each of `n` tool calls prints the same file. */
function stream(n: number): string {
  const lines: string[] = [];
  const env = { parent_tool_use_id: null, session_id: 'sess-1' };
  for (let i = 0; i < n; i++) {
    const id = `toolu_${i}`;
    lines.push(
      JSON.stringify({
        type: 'assistant',
        message: {
          id: `msg_${i}`,
          role: 'assistant',
          model: 'claude-x',
          content: [{ type: 'tool_use', id, name: 'Bash', input: { command: 'cat a.ts' } }],
        },
        ...env,
        uuid: `a-${i}`,
      }),
      JSON.stringify({
        type: 'user',
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: TOOL_OUTPUT }] },
        tool_use_result: { stdout: TOOL_OUTPUT, stderr: '', interrupted: false },
        ...env,
        uuid: `u-${i}`,
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

async function heapOfLoad(text: string, share: boolean): Promise<{ bytes: number; session: TraceSession }> {
  gc();
  const before = process.memoryUsage().heapUsed;
  const normalize = withInterner(DEFAULT_NORMALIZE);
  const session = new TraceSession({
    keep: blobKeeper,
    ...(share ? {} : { normalize: { ...normalize, share: (s: string) => s } }),
  });
  await session.load([await blobInput('a.jsonl', new Blob([text]))]);
  gc();
  return { bytes: process.memoryUsage().heapUsed - before, session };
}

describe('heap after a load', () => {
  it('keeps a tool output read 300 times once', async () => {
    const text = stream(300);
    // Each copy of the output is a two-byte string (the arrow) of about 9,900 characters: about 20 KB.
    const copy = TOOL_OUTPUT.length * 2;
    const unshared = await heapOfLoad(text, false);
    const shared = await heapOfLoad(text, true);
    expect(shared.session.trace().events.length).toBe(600);
    // 300 copies kept without sharing (8.1 MB measured), one with (1.0 MB, the events and the model).
    expect(unshared.bytes).toBeGreaterThan(300 * copy);
    expect(unshared.bytes - shared.bytes).toBeGreaterThan(280 * copy);
  });

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
    const { session } = await heapOfLoad(text, true);
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
