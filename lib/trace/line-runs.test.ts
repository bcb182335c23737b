// An Agent SDK stream's all-ASCII lines reach the parse as runs (`LineOptions.runs`, parse-bytes.ts `handleRun`): its
// small frames are read off the run's text, every other line goes on as the entry the splitter would have made. A
// load must be the same either way, whatever the lines and wherever the chunks end.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadSources } from '../engine/load';
import type { EngineInput } from '../engine/source';
import { lineClipper } from '../fast/clip';
import { countingFrames } from '../fast/testing/counting-frames';
import { readLineBatches } from './lines';
import type { RawLine } from './line-types';

const CLAMP = 64;
const clip = lineClipper(CLAMP);
if (!clip) throw new Error('no WebAssembly here');
const counts = { read: 0, offRuns: 0 };
const frames = countingFrames(counts);

/** One input of `text`'s bytes, cut into chunks at `cuts` (fractions of its length, inside it). */
function chunked(text: string, cuts: readonly number[]): EngineInput[] {
  const bytes = new TextEncoder().encode(text);
  const at = [...new Set(cuts.map((c) => Math.floor(c * bytes.length)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const to of [...at, bytes.length]) {
    if (to > from) chunks.push(bytes.slice(from, to));
    from = Math.max(from, to);
  }
  return [{ name: 'stream.jsonl', size: bytes.length, open: () => chunks.map((c) => c.slice()) }];
}

const status = (i: number): string =>
  `{"type":"system","subtype":"status","status":"requesting","session_id":"s","uuid":"r-${i}","timestamp":"2026-01-01T00:00:0${i % 10}.000Z"}`;
const delta = (i: number, text: string): string =>
  `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":${JSON.stringify(text)}}},"session_id":"s","parent_tool_use_id":null,"uuid":"d-${i}"}`;
const start = (i: number): string =>
  `{"type":"stream_event","event":{"type":"message_start","message":{"id":"msg_${i}","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"usage":{"input_tokens":3,"output_tokens":1}}},"session_id":"s","parent_tool_use_id":null,"uuid":"m-${i}"}`;
const result = (i: number, text: string): string =>
  JSON.stringify({
    type: 'user',
    session_id: 's',
    uuid: `t-${i}`,
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `toolu_${i}`, content: text }] },
    tool_use_result: { stdout: text, stderr: '', interrupted: false },
  });

/** A line of any of the kinds a stream's runs meet (`i`: its place, for its ids). */
const line = fc.oneof(
  { weight: 6, arbitrary: fc.nat(50).map((i) => (n: number) => status(n + i)) },
  { weight: 6, arbitrary: fc.string({ maxLength: 12 }).map((t) => (n: number) => delta(n, t)) },
  { weight: 1, arbitrary: fc.constant((n: number) => delta(n, `café ${n}`)) },
  { weight: 2, arbitrary: fc.constant((n: number) => start(n)) },
  // Ended by "\r\n", blank, only spaces, not JSON, too long for the frame reader, past the line limit's reach.
  { weight: 1, arbitrary: fc.constant((n: number) => `${status(n)}\r`) },
  { weight: 1, arbitrary: fc.constant(() => '') },
  { weight: 1, arbitrary: fc.constant(() => '   ') },
  { weight: 1, arbitrary: fc.constant((n: number) => `{"type":"system","subtype":`.slice(0, 10 + (n % 17))) },
  { weight: 1, arbitrary: fc.constant((n: number) => result(n, `out ${n} `.repeat(300))) },
  { weight: 1, arbitrary: fc.constant((n: number) => delta(n, 'x'.repeat(2100))) },
);

/** Two frame types: the stream's dialect is decided from the second line on. */
const head = [
  '{"type":"system","subtype":"init","session_id":"s","uuid":"init","model":"claude-sonnet-4-5","tools":[]}',
  '{"type":"user","session_id":"s","uuid":"prompt","message":{"role":"user","content":"go"}}',
];

describe('all-ASCII lines read as runs', () => {
  it('loads every kind of line, in chunks cut anywhere, to the trace the lines one by one make', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 8, maxLength: 80 }),
        fc.array(
          fc.integer({ min: 1, max: 999 }).map((k) => k / 1000),
          { minLength: 1, maxLength: 6 },
        ),
        fc.boolean(),
        async (makers, cuts, ended) => {
          const text = [...head, ...makers.map((m, i) => m(i))].join('\n') + (ended ? '\n' : '');
          const normalize = { clamp: CLAMP };
          const one = await loadSources(chunked(text, cuts), { normalize, clip });
          const runs = await loadSources(chunked(text, cuts), { normalize, clip, frames });
          expect(runs.trace).toStrictEqual(one.trace);
        },
      ),
      { numRuns: 150 },
    );
    // The runs were read, not only the lines around them.
    expect(counts.offRuns).toBeGreaterThan(500);
  });

  it('gives runs only when asked, with the lines and numbers the split lines have', async () => {
    const lines = [status(0), '', '', delta(1, 'hi'), `${status(2)}\r`, '  ', start(3), status(4)];
    const text = `${lines.join('\n')}\n`;
    const source = (): Uint8Array[] => [new TextEncoder().encode(text)];
    const plain: RawLine[] = [];
    for await (const batch of readLineBatches(source())) plain.push(...batch);
    const asRuns: RawLine[] = [];
    for await (const batch of readLineBatches(source(), { runs: () => true })) asRuns.push(...batch);
    expect(plain.some((l) => l.run)).toBe(false);
    expect(asRuns).toHaveLength(1);
    const run = asRuns[0]?.run;
    expect([asRuns[0]?.line, asRuns[0]?.offset, run?.lines, run?.at]).toEqual([1, 0, lines.length, 0]);
    expect(run?.text).toBe(text.slice(0, -1));
    // The split lines count the same lines (two blank lines are one entry there).
    const counted = plain.reduce((n, l) => n + (l.blankLines ?? 1), 0);
    expect(counted).toBe(lines.length);
  });
});
