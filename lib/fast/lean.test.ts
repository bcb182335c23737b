// The WebAssembly line reader gives the full path's record whenever it gives one: on every assistant line of the real
// fixtures and samples, and on many thousand mutations of them (bytes broken, fields retyped, keys repeated or escaped).
import fc from 'fast-check';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withInterner } from '../trace/adapters/common';
import { isObject, normalizeLine } from '../trace/parse';
import { LeanAssistantReader } from './lean';
import { recordOf, type LineRecord } from '../trace/line-records';
import type { TraceEvent } from '../trace/types';
import { ScanWasm } from './scan-wasm';

const ROOT = path.resolve(import.meta.dirname, '../..');
const enc = new TextEncoder();

function jsonlUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (p: string): void => {
    if (statSync(p).isDirectory()) for (const f of readdirSync(p)) walk(path.join(p, f));
    else if (p.endsWith('.jsonl')) out.push(...readFileSync(p, 'utf8').split('\n'));
  };
  walk(path.join(ROOT, dir));
  return out;
}

/** Assistant lines of real Claude Code sessions (the reader's target) and everything else in the fixtures. */
const realLines = [...jsonlUnder('test/fixtures/real'), ...jsonlUnder('public/samples')].filter(
  (l) => l.trim().length > 0,
);
const assistantLines = realLines.filter((l) => l.includes('"type":"assistant"') && l.includes('"message":{'));
/** Progress lines holding a subagent's assistant message (the candidate search finds them): the fixtures' own, and
 *  the assistant lines wrapped as Claude Code wraps them. */
const progressLines = [
  ...realLines.filter((l) => l.includes('"type":"progress"') && l.includes('"type":"assistant"')),
  ...assistantLines.slice(0, 40).map((l, i) => {
    const inner = JSON.parse(l) as Record<string, unknown>;
    const envelope = {
      parentUuid: null,
      isSidechain: false,
      sessionId: inner['sessionId'],
      uuid: `p-${i}`,
      timestamp: inner['timestamp'],
    };
    return JSON.stringify({
      ...envelope,
      type: 'progress',
      data: { type: 'agent_progress', agentId: 'a1', message: inner },
      toolUseID: 'toolu_1',
    });
  }),
];

const wasm = ScanWasm.create();
if (!wasm) throw new Error('no WebAssembly here');
const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** The full path's event of a line outside the first-prompt window, or undefined (not JSON, not an object). */
function fullEvent(line: string, offset: number): TraceEvent | undefined {
  let obj: unknown;
  try {
    obj = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isObject(obj)) return undefined;
  return normalizeLine(obj, 'claude-code', withInterner({ clamp: 0, noBlocks: true }), {
    seq: 0,
    src: { source: 0, line: 0, offset, length: line.length },
    path: undefined,
  });
}

/** The full path's record of a line, or undefined (not JSON, not an object, no record). */
function fullRecord(line: string, offset: number): LineRecord | undefined {
  const e = fullEvent(line, offset);
  return e && recordOf(e);
}

/** The reader's answer for a line, read from a chunk that holds it somewhere in the middle. */
function leanRecord(
  reader: LeanAssistantReader,
  line: string | Uint8Array,
  offset: number,
): ReturnType<LeanAssistantReader['read']> {
  const bytes = typeof line === 'string' ? enc.encode(line) : line;
  const chunk = new Uint8Array(bytes.length + 20).fill(0x0a);
  chunk.set(bytes, 10);
  const held = wasm?.hold(chunk);
  if (!held) throw new Error('no WebAssembly here');
  return reader.read(held, 10, 10 + bytes.length, offset);
}

/** The reader gave up, or gave exactly the full path's record; for a progress line, what the full path keeps of it:
 *  a valid line with no record, not a prompt, and its session id. */
function expectSound(reader: LeanAssistantReader, line: string | Uint8Array): 'assistant' | 'progress' | undefined {
  const text = typeof line === 'string' ? line : decoder.decode(line);
  const lean = leanRecord(reader, line, 77);
  if (lean?.kind === 'progress') {
    const e = fullEvent(text, 77);
    expect(e).toBeDefined();
    expect(e && recordOf(e)).toBeUndefined();
    expect(e?.kind).not.toBe('user');
    expect(e?.sessionId).toBe(lean.sessionId);
  } else if (lean !== undefined) expect(lean).toEqual(fullRecord(text, 77));
  return lean?.kind;
}

describe('LeanAssistantReader', () => {
  it('reads every assistant line of the real fixtures as the full path does', () => {
    expect(assistantLines.length).toBeGreaterThan(50);
    const reader = new LeanAssistantReader(wasm, decoder);
    let read = 0;
    for (const line of assistantLines) if (expectSound(reader, line) === 'assistant') read += 1;
    // It gives up on a few (escaped keys, odd content), never on most.
    expect(read / assistantLines.length).toBeGreaterThan(0.9);
  });

  it('gives no record for the other lines of the fixtures, or the full path’s', () => {
    const reader = new LeanAssistantReader(wasm, decoder);
    for (const line of realLines) expectSound(reader, line);
  });

  it('gives up on, or reads exactly, lines with a byte broken, inserted or removed', () => {
    const reader = new LeanAssistantReader(wasm, decoder);
    const sample = assistantLines.slice(0, 40).map((l) => enc.encode(l));
    let read = 0;
    let runs = 0;
    const noise = fc.constantFrom(
      ...'"\\{}[],:0123456789-+.eEtrufalsn \t\r\u0001\u001fxu'.split('').map((c) => c.charCodeAt(0)),
      0x80,
      0xff,
    );
    fc.assert(
      fc.property(
        fc.nat(sample.length - 1),
        fc.nat(1 << 20),
        noise,
        fc.constantFrom('replace', 'insert', 'delete'),
        (n, where, byte, how) => {
          const out = mutate(sample[n] ?? new Uint8Array(), where, byte, how);
          runs += 1;
          if (expectSound(reader, out) === 'assistant') read += 1;
        },
      ),
      { numRuns: 4000 },
    );
    // Most bytes are inside strings, where many changes keep the line valid: the reader must take those, not give up.
    expect(read / runs).toBeGreaterThan(0.2);
    expect(read / runs).toBeLessThan(0.95);
  });

  it('gives up on, or reads exactly, lines whose fields change type, repeat or are spelled with escapes', () => {
    const reader = new LeanAssistantReader(wasm, decoder);
    const base = JSON.parse(assistantLines[0] ?? '{}') as Record<string, unknown>;
    const value = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, 'assistant', '<synthetic>', '2026-01-01T00:00:00Z'),
      fc.constant({ type: 'text', text: 'x' }),
      fc.constant([{ type: 'text', text: 'x' }]),
      fc.constant([{ text: 'no type' }]),
      fc.constant({ input_tokens: 3, output_tokens: 4, cache_creation: { ephemeral_5m_input_tokens: -1 } }),
    );
    const keys = [
      'type',
      'uuid',
      'sessionId',
      'session_id',
      'requestId',
      'request_id',
      'timestamp',
      'isSidechain',
      'isApiErrorMessage',
      'aborted',
      'agentId',
      'message',
    ];
    const messageKeys = ['id', 'model', 'stop_reason', 'usage', 'content'];
    let read = 0;
    let runs = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...keys),
        fc.constantFrom(...messageKeys),
        value,
        value,
        fc.boolean(),
        fc.boolean(),
        (key, mkey, v1, v2, dup, escape) => {
          const message = { ...(base['message'] as Record<string, unknown>), [mkey]: v2 };
          let line = JSON.stringify({ ...base, message, [key]: v1 });
          // A repeated key: the last one wins, in JSON.parse and in the reader.
          if (dup) line = `${line.slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(v2)}}`;
          // A key spelled with an escape still names the field.
          if (escape)
            line = line.replace(`"${key}":`, `"${key.replace(/^./, (c) => `\\u00${c.charCodeAt(0).toString(16)}`)}":`);
          runs += 1;
          if (expectSound(reader, line) === 'assistant') read += 1;
        },
      ),
      { numRuns: 3000 },
    );
    expect(read / runs).toBeGreaterThan(0.01);
  });

  it('reads usage counts as the full path does, whatever their spelling, type, order or repetition', () => {
    const reader = new LeanAssistantReader(wasm, decoder);
    const base = JSON.parse(assistantLines[0] ?? '{}') as Record<string, unknown>;
    const line = (usage: string): string =>
      JSON.stringify({
        ...base,
        message: { ...(base['message'] as Record<string, unknown>), usage: '@USAGE@' },
      }).replace('"@USAGE@"', usage);
    // Values as they are spelled on the line: plain counts, and everything a count must not be.
    const count = fc.oneof(
      { arbitrary: fc.nat({ max: 2_000_000 }).map(String), weight: 6 },
      {
        arbitrary: fc.constantFrom(
          '0',
          '123456789012345',
          '1234567890123456',
          '9007199254740993',
          '-1',
          '-0',
          '5.0',
          '1e3',
          '1E3',
          '00',
          'null',
          '"3"',
          '{}',
          '[]',
          'true',
        ),
        weight: 1,
      },
    );
    const text = (es: readonly (readonly [string, string])[]): string =>
      `{${es.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
    const object = (keys: readonly string[]): fc.Arbitrary<string> =>
      fc.array(fc.tuple(fc.constantFrom(...keys, 'other'), count), { maxLength: 4 }).map(text);
    const split = fc.oneof(
      object(['ephemeral_5m_input_tokens', 'ephemeral_1h_input_tokens']),
      fc.constantFrom('null', '[]', '3'),
    );
    const server = fc.oneof(object(['web_search_requests']), fc.constantFrom('null', '"x"'));
    const entry = fc.oneof(
      fc.tuple(
        fc.constantFrom(
          'input_tokens',
          'output_tokens',
          'cache_creation_input_tokens',
          'cache_read_input_tokens',
          'service_tier',
        ),
        count,
      ),
      fc.tuple(fc.constant('cache_creation'), split),
      fc.tuple(fc.constant('server_tool_use'), server),
    );
    const usage = fc.oneof(
      { arbitrary: fc.array(entry, { maxLength: 9 }).map(text), weight: 1 },
      // Input and output (required) then others, or the other way round.
      {
        arbitrary: fc
          .tuple(count, count, fc.array(entry, { maxLength: 6 }), fc.boolean())
          .map(([i, o, more, first]) =>
            text(
              first
                ? [['input_tokens', i], ['output_tokens', o], ...more]
                : [...more, ['input_tokens', i], ['output_tokens', o]],
            ),
          ),
        weight: 4,
      },
      { arbitrary: fc.constantFrom('null', '[]', '"usage"'), weight: 1 },
    );
    let read = 0;
    fc.assert(
      fc.property(usage, usage, fc.boolean(), (u1, u2, twice) => {
        // A repeated usage key: the last one wins.
        const text = twice ? line(u1).replace('"usage":', `"usage":${u2},"usage":`) : line(u1);
        if (expectSound(reader, text) === 'assistant') read += 1;
      }),
      { numRuns: 4000 },
    );
    // Only a line that is not JSON (a count spelled `00`) is left to the full path.
    expect(read / 4000).toBeGreaterThan(0.5);
  });

  it('reads progress lines that hold an assistant message as the full path keeps them, or gives up', () => {
    const reader = new LeanAssistantReader(wasm, decoder);
    expect(progressLines.length).toBeGreaterThan(20);
    let read = 0;
    for (const line of progressLines) if (expectSound(reader, line) === 'progress') read += 1;
    expect(read).toBe(progressLines.length);
    // The other lines of the fixtures (user, system, meta lines) are not progress lines, whatever they hold.
    for (const line of realLines)
      if (!line.includes('"type":"progress"')) expect(expectSound(reader, line)).not.toBe('progress');
  });

  it('gives up on, or keeps as the full path does, progress lines broken, retyped, repeated or escaped', () => {
    const reader = new LeanAssistantReader(wasm, decoder);
    const sample = progressLines.slice(0, 20).map((l) => enc.encode(l));
    const noise = fc.constantFrom(
      ...'"\\{}[],:0123456789-+.eEtrufalsn \t\r\u0001xu'.split('').map((c) => c.charCodeAt(0)),
      0x80,
      0xff,
    );
    let read = 0;
    fc.assert(
      fc.property(
        fc.nat(sample.length - 1),
        fc.nat(1 << 20),
        noise,
        fc.constantFrom('replace', 'insert', 'delete'),
        (n, where, byte, how) => {
          const out = mutate(sample[n] ?? new Uint8Array(), where, byte, how);
          if (expectSound(reader, out) === 'progress') read += 1;
        },
      ),
      { numRuns: 3000 },
    );
    expect(read).toBeGreaterThan(300);
    const base = JSON.parse(progressLines[0] ?? '{}') as Record<string, unknown>;
    const value = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom(null, true, false, 0, 1.5, 'progress', 'assistant', 'user', 'agent_progress', 'hook_progress'),
      fc.constant({ type: 'text', text: 'x' }),
      fc.constant({ role: 'assistant', content: [{ type: 'text', text: 'x' }] }),
      fc.constant([{ type: 'text', text: 'x' }]),
    );
    let kept = 0;
    const keys = [
      'type',
      'uuid',
      'sessionId',
      'session_id',
      'parentUuid',
      'timestamp',
      'isSidechain',
      'agentId',
      'toolUseID',
      'data',
      'message',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...keys), value, value, fc.boolean(), fc.boolean(), (key, v1, v2, dup, escape) => {
        let line = JSON.stringify({ ...base, [key]: v1 });
        if (dup) line = `${line.slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(v2)}}`;
        if (escape)
          line = line.replace(`"${key}":`, `"${key.replace(/^./, (c) => `\\u00${c.charCodeAt(0).toString(16)}`)}":`);
        if (expectSound(reader, line) === 'progress') kept += 1;
      }),
      { numRuns: 3000 },
    );
    expect(kept).toBeGreaterThan(300);
  });

  it('reads a line whose bytes are not in its memory as nothing (the scanner then parses it)', () => {
    const reader = new LeanAssistantReader(wasm, decoder);
    const line = enc.encode(assistantLines[0] ?? '');
    expect(reader.read(line, 0, line.length, 0)).toBeUndefined();
    expect(leanRecord(reader, line, 0)).toBeDefined();
  });
});

/** `line` with one byte replaced, inserted or removed at `where` (modulo its length). */
function mutate(line: Uint8Array, where: number, byte: number, how: 'replace' | 'insert' | 'delete'): Uint8Array {
  const at = where % line.length;
  if (how === 'replace') return Uint8Array.from(line, (b, i) => (i === at ? byte : b));
  if (how === 'insert') return new Uint8Array([...line.subarray(0, at), byte, ...line.subarray(at)]);
  return new Uint8Array([...line.subarray(0, at), ...line.subarray(at + 1)]);
}
