// The workbench's and the CLI's loads make the events of small Agent SDK frames without JSON.parse (lib/fast/frames.ts):
// each must be the adapter's event of the parsed line, field for field, and a load the same trace either way.
import fc from 'fast-check';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateLines } from '../../bench/generate';
import { madeFiles, madeGoldens } from '../../test/made-corpus';
import { REPO_ROOT, transcriptFiles } from '../../test/repo-files';
import { findFiles, inputsOf } from '../cli/files';
import { loadSources } from '../engine/load';
import { memorySource, type EngineInput } from '../engine/source';
import { DEFAULT_NORMALIZE, withInterner } from '../trace/adapters/common';
import type { Head } from '../trace/adapters/messages';
import { normalizeSdkLine } from '../trace/adapters/sdk-stream';
import type { FrameReaders } from '../trace/parse';
import type { TraceEvent } from '../trace/types';
import { frameReaders } from './frames';
import { SIMD_CHUNK } from './scan-wasm';
import { countingFrames } from './testing/counting-frames';

const readers = frameReaders();
if (!readers) throw new Error('no WebAssembly here');
const counts = { read: 0, offRuns: 0 };
const frames = countingFrames(counts);

const head = (seq: number): Head => ({ seq, src: { source: 0, line: seq + 1, offset: 0, length: 0 }, path: undefined });

/** Each line's event from a frame reader, the lines one chunk (as parse-bytes.ts asks: ASCII lines only). */
function readAll(lines: readonly string[]): (TraceEvent | undefined)[] {
  const reader = readers?.(withInterner(DEFAULT_NORMALIZE));
  const bytes = new TextEncoder().encode(lines.join('\n'));
  reader?.chunk(bytes);
  let at = 0;
  return lines.map((line, i) => {
    const length = new TextEncoder().encode(line).length;
    const e = length === line.length ? reader?.read(line, at, head(i)) : undefined;
    at += length + 1;
    return e;
  });
}

/** The frame reader's event of each line against the adapter's: the same, or none (the line is then parsed). */
function compare(lines: readonly string[]): number {
  const norm = withInterner(DEFAULT_NORMALIZE);
  let n = 0;
  readAll(lines).forEach((e, i) => {
    const line = lines[i] ?? '';
    if (e === undefined) return;
    n += 1;
    let obj: unknown;
    expect(() => (obj = JSON.parse(line)), line).not.toThrow();
    const parsed = normalizeSdkLine(obj as Record<string, unknown>, norm, head(i));
    expect(e, line).toStrictEqual(parsed);
    // The same fields in the same order: one hidden class for the events of both paths.
    expect(Object.keys(e), line).toEqual(Object.keys(parsed));
  });
  return n;
}

/** Loads both ways; returns how many lines the frame reader made. */
async function same(inputs: () => Promise<EngineInput[]> | EngineInput[]): Promise<number> {
  const parsed = await loadSources(await inputs());
  counts.read = 0;
  const fast = await loadSources(await inputs(), { frames });
  expect(fast.trace).toStrictEqual(parsed.trace);
  return counts.read;
}

const fromDisk = (paths: readonly string[]) => async () =>
  inputsOf(await findFiles(paths.map((p) => path.join(REPO_ROOT, p))));

const delta = (text: string, extra = ''): string =>
  `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":${JSON.stringify(text)}}},"session_id":"s-1","parent_tool_use_id":null,"uuid":"u-1"${extra}}`;

describe('small Agent SDK frames read without JSON.parse', () => {
  it.each(transcriptFiles())('%s: the same trace', async (file) => {
    await same(fromDisk([file]));
  });

  it.each(Object.keys(madeGoldens()))('made corpus %s: the same trace', async (rel) => {
    await same(() => Object.entries(madeFiles(rel)).map(([name, bytes]) => memorySource(name, bytes)));
  });

  it.each([1, 4, 9])('a generated Agent SDK stream (seed %d): the same trace, most lines read so', async (seed) => {
    const lines = [...generateLines({ dialect: 'sdk-stream', targetBytes: 1_500_000, seed })];
    const n = await same(() => [memorySource('gen.jsonl', lines.join('\n'))]);
    expect(n / lines.length).toBeGreaterThan(0.5);
  });

  it('a source of more bytes than the module holds at once: read a part at a time, the same trace', async () => {
    const status = (i: number) =>
      `{"type":"system","subtype":"status","status":"requesting","session_id":"rows","uuid":"r-${i}","timestamp":"${new Date(Date.UTC(2026, 0, 1) + i * 10).toISOString()}"}`;
    const lines = [
      '{"type":"system","subtype":"init","session_id":"rows","uuid":"init","model":"claude-haiku-4-5-20251001","cwd":"/rows","tools":[]}',
      '{"type":"user","session_id":"rows","uuid":"prompt","message":{"role":"user","content":"Scroll."}}',
      ...Array.from({ length: 45_000 }, (_, i) => status(i)),
    ];
    const text = lines.join('\n');
    // One chunk (a memory source is read whole) past the module's space for it.
    expect(text.length).toBeGreaterThan(SIMD_CHUNK);
    expect(await same(() => [memorySource('rows.jsonl', text)])).toBe(45_000);
  });

  it('reads a chunk whose newlines it found from its own copy, and the next chunk from that one', async () => {
    // The frame reader finds the newlines of the first chunk (a line past ASCII) and of the second (the splitter reads
    // line by line until a chunk comes all ASCII), copying each in; the third is all ASCII and ends on a newline, so the
    // splitter reads it at once, without the reader. Line for line it is as long as the second, but its deltas are of
    // block 1: read from the second's copy, still in the module, they would say block 0.
    const at = (index: number) => (text: string) => delta(text).replace('"index":0', `"index":${index}`);
    const texts = Array.from({ length: 40 }, (_, i) => `delta ${String(i).padStart(2, '0')}`);
    const init = '{"type":"system","subtype":"init","session_id":"s-1","uuid":"i-1"}';
    const chunks = [[init, at(0)('héllo')], texts.map(at(0)), texts.map(at(1))].map((ls) =>
      new TextEncoder().encode(`${ls.join('\n')}\n`),
    );
    const ends: number[] = [];
    const counting: FrameReaders = (norm) => {
      const r = frames(norm);
      return { ...r, lineEnds: (bytes) => (ends.push(bytes.length), r.lineEnds?.(bytes)) };
    };
    const input = (): EngineInput[] => [
      {
        name: 'chunks.jsonl',
        size: chunks.reduce((n, c) => n + c.length, 0),
        open: () => chunks.map((c) => c.slice()),
      },
    ];
    const parsed = await loadSources(input());
    counts.read = 0;
    const fast = await loadSources(input(), { frames: counting });
    expect(fast.trace).toStrictEqual(parsed.trace);
    expect(counts.read).toBeGreaterThanOrEqual(2 * texts.length);
    expect(ends).toEqual([chunks[0]?.length, chunks[1]?.length]);
  });

  it('reads the frames of the real recordings in each key order they are written in', () => {
    const real = [
      delta('Hello'),
      '{"type":"stream_event","event":{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\\"a\\":"}},"session_id":"s","parent_tool_use_id":null,"uuid":"u"}',
      '{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}},"parent_tool_use_id":null,"session_id":"s","uuid":"u","timestamp":"2026-01-01T00:00:00.010Z"}',
      '{"type":"stream_event","event":{"type":"content_block_stop","index":0},"session_id":"s","parent_tool_use_id":"toolu_1","uuid":"u"}',
      '{"type":"stream_event","event":{"type":"message_stop"},"session_id":"s","parent_tool_use_id":null,"uuid":"u"}',
      '{"type":"system","subtype":"status","status":"requesting","session_id":"rows","uuid":"r-0","timestamp":"2026-01-01T00:00:00.000Z"}',
      '{"type":"system","subtype":"task_progress","uuid":"u","timestamp":"2026-01-01T00:00:00.000Z"}',
    ];
    expect(compare(real)).toBe(real.length);
    // Any order of the members is read, once a line is past the filter.
    expect(compare(['{"uuid":"s","type":"system","subtype":"status","status":"requesting"}'])).toBe(1);
  });

  it('leaves every other line to JSON.parse', () => {
    const odd = [
      // Not JSON, or not all of it.
      delta('x').slice(0, -1),
      `${delta('x')}x`,
      delta('x').replace('"index":0', '"index":01'),
      delta('x').replace('"u-1"', '"u\u0001"'),
      delta('x').replace('"u-1"', '"u\\x"'),
      // A key given twice (JSON.parse keeps the last), or escaped.
      delta('x', ',"uuid":"u-2"'),
      delta('x').replace('"session_id"', '"session\\u005fid"'),
      // A key or a value the frame reader does not take.
      delta('x', ',"ttft_ms":3'),
      delta('x', ',"isSidechain":false'),
      delta('x').replace('"s-1"', '7'),
      delta('x').replace('"index":0', '"index":"0"'),
      delta('x').replace('"text":"x"', '"text":null'),
      delta('x').replace('"text":"x"', '"text":"x","thinking":"y"'),
      delta('x').replace('"uuid":"u-1"', '"uuid":"u-1","timestamp":5'),
      '{"type":"stream_event","event":{"type":"message_start","message":{"id":"m"}},"session_id":"s"}',
      '{"type":"stream_event","event":{"type":"content_block_stop","index":0,"delta":{}},"session_id":"s"}',
      '{"type":"system","subtype":"status","status":{"phase":"x"},"session_id":"s"}',
      '{"type":"system","subtype":"no_such_subtype","session_id":"s"}',
      '{"type":"system","subtype":"status","parent_tool_use_id":"t"}',
      // Text past ASCII: the JSON.parse path.
      delta('héllo'),
      // Past the reader's cheap filter (`{` first, `s` at character 9, as the SDKs write a frame's type): parsed.
      '{"event":{"type":"message_stop"},"type":"stream_event"}',
      '{"type": "system", "subtype": "status"}',
    ];
    const events = readAll(odd);
    odd.forEach((line, i) => expect(events[i], line).toBeUndefined());
  });

  it('any frame line, however written: the adapter event or none', () => {
    const str = fc.oneof(
      { weight: 4, arbitrary: fc.string({ maxLength: 30 }) },
      { weight: 1, arbitrary: fc.string({ maxLength: 30, unit: 'binary' }) },
      fc.constantFrom('requesting', 'text_delta', 'thinking_delta', 'status', 'a\\"b', '\n', '\u2028', 'x'.repeat(40)),
    );
    // Mostly a value of the type the key takes, sometimes another.
    const typed = (good: fc.Arbitrary<string>) =>
      fc.oneof(
        { weight: 6, arbitrary: good },
        { weight: 1, arbitrary: fc.constantFrom('null', '0', '-1', '1.5', '1e3', 'true', '[]', '{}', '"s"') },
      );
    const text = str.map((v) => JSON.stringify(v));
    const nullable = fc.oneof(text, fc.constant('null'));
    const index = fc.constantFrom('0', '1', '12', '-1', '1.5', '2e1', '"2"');
    /** An object of some of these members (`lead` first, when given), in any order; now and then one given twice. */
    const obj = (members: Record<string, fc.Arbitrary<string>>, lead?: string) =>
      fc
        .tuple(
          fc.shuffledSubarray(Object.keys(members).filter((k) => k !== lead)),
          fc.option(fc.constantFrom(...Object.keys(members)), { nil: undefined, freq: 8 }),
        )
        .chain(([keys, twice]) =>
          fc
            .tuple(
              ...[...(lead ? [lead] : []), ...keys, ...(twice ? [twice] : [])].map((k) =>
                (members[k] ?? text).map((v) => `${JSON.stringify(k)}:${v}`),
              ),
            )
            .map((ms) => `{${ms.join(',')}}`),
        );
    const delta = obj({
      type: typed(
        fc.constantFrom('"text_delta"', '"thinking_delta"', '"input_json_delta"', '"signature_delta"', '"new_delta"'),
      ),
      text: typed(text),
      thinking: fc.oneof(text, fc.constant('null')),
    });
    const event = obj({
      type: fc.constantFrom(
        '"content_block_delta"',
        '"content_block_stop"',
        '"message_stop"',
        '"message_start"',
        '"ping"',
      ),
      index: typed(index),
      delta: fc.oneof({ weight: 4, arbitrary: delta }, { weight: 1, arbitrary: fc.constant('null') }),
    });
    // Timestamps read off the bytes (plain, of every length) and those left to the adapter's reading: an escape, a day
    // past the month's end, a millisecond field of other digits, not a date, a number.
    const times = fc.constantFrom(
      '"2026-01-01T00:00:00.010Z"',
      '"2026-12-31T23:59:59.999Z"',
      '"2026-01-01T00:00:00.01\\u0030Z"',
      '"2026-02-30T00:00:00.000Z"',
      '"2026-02-30T00:00:00Z"',
      '"2026-01-01T00:00:00.0x0Z"',
      '"soon"',
      '1767225600000',
      'null',
    );
    const stream = obj(
      {
        type: fc.constant('"stream_event"'),
        event: fc.oneof({ weight: 6, arbitrary: event }, { weight: 1, arbitrary: fc.constant('[]') }),
        session_id: typed(nullable),
        parent_tool_use_id: typed(nullable),
        uuid: typed(nullable),
        timestamp: typed(times),
      },
      'type',
    );
    const system = obj(
      {
        type: fc.constant('"system"'),
        subtype: typed(fc.constantFrom('"status"', '"task_progress"', '"init"', '"nope"')),
        status: fc.oneof(nullable, fc.constant('{"phase":"x"}')),
        session_id: typed(nullable),
        uuid: typed(nullable),
        timestamp: typed(times),
      },
      'type',
    );
    // Type first, as the SDKs write it (the reader's cheap filter lets few other orders by); now and then something after.
    const line = fc
      .tuple(fc.oneof(stream, system), fc.constantFrom('', '', '', '', ' ', 'x', '}'))
      .map(([o, tail]) => `${o}${tail}`);
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (lines) => {
        compare(lines);
      }),
      { numRuns: 500 },
    );
    // The arbitrary reaches the frames the reader makes, not only the lines it leaves.
    const sample = fc.sample(line, { numRuns: 2000, seed: 7 });
    expect(compare(sample)).toBeGreaterThan(50);
  });
});
