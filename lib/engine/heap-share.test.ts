// The heap a session's load keeps, measured in Node (forced GCs): equal kept texts are one string, not one per copy.
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NORMALIZE, withInterner } from '../trace/adapters/common';
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
});
