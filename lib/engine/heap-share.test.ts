// The heap a session's load keeps, measured in Node (forced GCs): a stream fragment is a cut of its block's text.
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { cc, jsonl, sdk, text as builtText, toolUse, type Line } from '../trace/testing/builders';
import { blobInput, blobKeeper } from './blob';
import { memorySource } from './source';
import { loadStatsTrace } from './stats-load';
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

  it('keeps one copy of a tool output the session reads again and again', async () => {
    const n = 100;
    // A file read with the Read tool: two-byte text (the arrow), longer than the 16,384 characters the model keeps.
    const file = Array.from({ length: 800 }, (_, i) => `${String(i + 1).padStart(6)}→export const v${i} = ${i};`).join(
      '\n',
    );
    const reads = (output: (i: number) => string): string => {
      const lines = [cc.prompt('read it, many times')];
      for (let i = 0; i < n; i++) {
        lines.push(
          cc.assistant(`msg_${i}`, [toolUse(`toolu_${i}`, 'Read', { file_path: '/repo/a.ts' })], { output: 1 }),
        );
        lines.push(cc.result(`toolu_${i}`, output(i)));
      }
      return jsonl(lines);
    };
    // Both made first, alive to the end: only the loads come and go between the measures.
    const sameText = reads(() => file);
    const apartText = reads((i) => `${String(i).padStart(3, '0')}${file.slice(3)}`);
    const same = await heapOfLoad(sameText);
    const results = same.session.trace().events.flatMap((e) => (e.kind === 'tool-result' ? e.results : []));
    expect(results).toHaveLength(n);
    expect(results.every((r) => r.text === file.slice(0, 16_384) && r.textLength === file.length)).toBe(true);
    // The same reads, each output a character apart from the others: a copy each.
    const apart = await heapOfLoad(apartText);
    // A copy is 16,384 two-byte characters, 32 KB: one for all the same reads, 3.2 MB less (measured 2.7 MB; without the
    // sharing, the two loads measure within 0.6 MB of each other).
    expect(apart.bytes - same.bytes).toBeGreaterThan(n * 16_000);
    expect(sameText.length + apartText.length).toBeGreaterThan(0);
  });

  it('keeps one list of the events of a source loaded alone, not one for the source and one for the trace', async () => {
    const n = 300_000;
    const status = Array.from(
      { length: n },
      (_, i) => `{"type":"system","subtype":"status","status":"requesting","session_id":"s","uuid":"r-${i}"}`,
    );
    // Each line ended (a last line without its newline is read apart, and its source then is not alone). The same
    // frames, and one delta whose fragment the builder shortens: the builder gets a copy of that event, so
    // its list differs from the source's, and both are kept (as they must be: the next build reads the whole one).
    const stream = (long: boolean): string =>
      jsonl([
        sdk.init(),
        sdk.messageStart('msg_1', { output: 1 }),
        sdk.blockStart(0, { type: 'text', text: '' }),
        sdk.textDelta(0, long ? 'x'.repeat(300) : 'x'),
        sdk.blockStop(0),
        sdk.messageStop(),
      ]) +
      status.join('\n') +
      '\n';
    const shortText = stream(false);
    const longText = stream(true);
    const one = await heapOfLoad(shortText);
    expect(one.session.trace().events).toHaveLength(n + 6);
    const two = await heapOfLoad(longText);
    expect(two.session.trace().events).toHaveLength(n + 6);
    // A second list of 300,000 references is 2.4 MB in Node (8 bytes each), more with the room a growing list keeps.
    expect(two.bytes - one.bytes).toBeGreaterThan(2_000_000);
    expect(shortText.length + longText.length).toBeGreaterThan(0);
  });

  it("keeps one copy of a hook's event and name (and says the rules of usage copies as before)", async () => {
    const n = 20_000;
    // Names of 60 characters: a copy is 80 bytes in Node.
    const name = (k: number): string => `PreToolUse:${String(k).padStart(8, '0')}${'x'.repeat(40)}`;
    const hook = (i: number, k: (i: number) => number): string =>
      JSON.stringify({
        type: 'progress',
        sessionId: 's',
        uuid: `h-${i}`,
        toolUseID: `toolu_${i}`,
        data: { type: 'hook_progress', hookEvent: name(k(i)), hookName: name(k(i) + 1), command: 'true' },
      });
    // Each model call's usage on two split lines: one copy kept, one dropped, each with its rule.
    const calls = (m: number): Line[] =>
      Array.from({ length: m }, (_, i) => [
        cc.assistant(`msg_${i}`, [builtText('a')], { output: 1 }, { uuid: `a-${i}-0` }),
        cc.assistant(`msg_${i}`, [builtText('b')], { output: 2 }, { uuid: `a-${i}-1` }),
      ]).flat();
    const text = (k: (i: number) => number): string =>
      jsonl([cc.prompt('go'), ...calls(n / 4)]) + Array.from({ length: n }, (_, i) => hook(i, k)).join('\n') + '\n';
    const sameText = text(() => 0);
    // Names that differ from line to line: what each line kept before.
    const apartText = text((i) => i * 2);
    const same = await heapOfLoad(sameText);
    const turns = same.session.trace().turns;
    expect(turns).toHaveLength(n / 4);
    expect(
      turns.every(
        (t) =>
          t.copies.map((c) => c.rule).join() ===
          'dropped: split line of this message id,kept: most output tokens of 2 copies',
      ),
    ).toBe(true);
    const hooks = same.session.trace().events.filter((e) => e.kind === 'hook');
    expect(hooks).toHaveLength(n);
    expect(hooks.every((e) => e.kind === 'hook' && e.hookName === name(1) && e.hookEvent === name(0))).toBe(true);
    const apart = await heapOfLoad(apartText);
    // Two names of 80 bytes on each of 20,000 hook events: 3.2 MB when each keeps its own.
    expect(apart.bytes - same.bytes).toBeGreaterThan(2_500_000);
    expect(sameText.length + apartText.length).toBeGreaterThan(0);
  });

  it("keeps no tool output a stats load drops (the sharer's are the load's only)", async () => {
    const n = 100;
    const file = Array.from({ length: 800 }, (_, i) => `${String(i + 1).padStart(6)}→export const v${i} = ${i};`).join(
      '\n',
    );
    const lines = [cc.prompt('read each once')];
    for (let i = 0; i < n; i++) {
      lines.push(cc.assistant(`msg_${i}`, [toolUse(`toolu_${i}`, 'Read', { file_path: '/repo/a.ts' })], { output: 1 }));
      lines.push(cc.result(`toolu_${i}`, `${String(i).padStart(3, '0')}${file.slice(3)}`));
    }
    const text = jsonl(lines);
    gc();
    const before = process.memoryUsage().heapUsed;
    const trace = await loadStatsTrace([memorySource('a.jsonl', text)]);
    gc();
    const kept = process.memoryUsage().heapUsed - before;
    expect(trace.toolCalls).toHaveLength(n);
    // The outputs are 100 distinct texts of 16,384 two-byte characters (3.2 MB); the lean events keep none.
    expect(kept).toBeLessThan(n * 8_000);
    expect(text.length).toBeGreaterThan(0);
  });
});
