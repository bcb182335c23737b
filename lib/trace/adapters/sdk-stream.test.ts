import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateLines } from '../../../bench/generate';
import { DEFAULT_NORMALIZE, withInterner } from './common';
import { forTests } from './sdk-stream';
import { normalizeLine } from '../parse';

const { streamFastPath, normalizeStream } = forTests;
const head = (seq: number) => ({ seq, src: { source: 0, line: seq + 1, offset: 0, length: 0 }, path: undefined });

describe('the stream fast path', () => {
  const lines = [
    ...readFileSync(new URL('../../../public/samples/tour/tour.stream.jsonl', import.meta.url), 'utf8').split('\n'),
    ...generateLines({ dialect: 'sdk-stream', targetBytes: 600_000, seed: 5 }),
  ]
    .filter((l) => l.includes('"stream_event"'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

  it('gives exactly the event the schema path gives, for every frame it takes', () => {
    let taken = 0;
    const types = new Set<string>();
    lines.forEach((obj, i) => {
      const norm = withInterner(DEFAULT_NORMALIZE);
      const fast = streamFastPath(obj, norm, head(i));
      if (!fast) return;
      taken += 1;
      if (fast.kind === 'stream') types.add(fast.event);
      expect(JSON.parse(JSON.stringify(fast))).toEqual(JSON.parse(JSON.stringify(normalizeStream(obj, withInterner(DEFAULT_NORMALIZE), head(i)))));
    });
    expect(taken).toBeGreaterThan(lines.length / 2);
    expect([...types].sort()).toEqual(['content_block_delta', 'content_block_stop', 'message_stop']);
  });

  it('gives a delta keys only for the optional fields it has, on both paths', () => {
    const bare = {
      type: 'stream_event',
      event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'hi' } },
      parent_tool_use_id: null,
      session_id: 's',
    };
    const sub = { ...bare, parent_tool_use_id: 'toolu_1', timestamp: '2026-01-01T00:00:00.000Z' };
    for (const normalize of [streamFastPath, normalizeStream]) {
      const lean = normalize(bare, withInterner(DEFAULT_NORMALIZE), head(0));
      expect(lean).toMatchObject({ kind: 'stream', event: 'content_block_delta', sessionId: 's', index: 0, deltaType: 'text_delta', fragment: 'hi' });
      expect(Object.keys(lean ?? {}).filter((k) => k === 'path' || k === 'parentToolUseId' || k === 'time')).toEqual([]);
      expect(normalize(sub, withInterner(DEFAULT_NORMALIZE), head(1))).toMatchObject({
        parentToolUseId: 'toolu_1',
        time: Date.parse('2026-01-01T00:00:00.000Z'),
        fragment: 'hi',
      });
    }
  });

  it('leaves frames of an unexpected shape to the schema (which keeps them as unknown when it must)', () => {
    const odd = [
      { type: 'stream_event', event: { type: 'content_block_stop', index: '0' } },
      { type: 'stream_event', event: { type: 'message_stop' }, session_id: 42 },
      { type: 'stream_event', event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 7 } } },
      { type: 'stream_event', event: ['content_block_stop'] },
      // Fields the schema checks even though the event does not use them.
      { type: 'stream_event', event: { type: 'message_stop', content_block: 'bad' } },
      { type: 'stream_event', event: { type: 'content_block_stop', index: 0 }, isSidechain: 'yes' },
      { type: 'stream_event', event: { type: 'content_block_stop', index: 0 }, uuid: 7 },
      { type: 'stream_event', event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'a' } }, ttft_ms: '5' },
      { type: 'stream_event', event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'a', stop_reason: 3 } } },
      { type: 'stream_event', event: { type: 'message_stop', error: 'x' }, sessionId: 1 },
    ];
    for (const [i, obj] of odd.entries()) {
      expect(streamFastPath(obj, DEFAULT_NORMALIZE, head(i))).toBeUndefined();
      // And the schema path rejects each as a stream event: it becomes a visible unknown row.
      expect(normalizeStream(obj, DEFAULT_NORMALIZE, head(i)).kind, JSON.stringify(obj)).toBe('unknown');
    }
    // Frames it does not take (message_start carries a message and usage) are the schema's.
    expect(streamFastPath({ type: 'stream_event', event: { type: 'message_start', message: { id: 'msg_1' } } }, DEFAULT_NORMALIZE, head(0))).toBeUndefined();
  });
});

describe('system frames', () => {
  it('takes only the hook subtypes as hooks, not a name every object inherits', () => {
    const frame = (subtype: string) =>
      normalizeLine({ type: 'system', subtype, session_id: 's', uuid: 'u' }, 'sdk-stream', withInterner(DEFAULT_NORMALIZE), head(0));
    expect(frame('hook_started').kind).toBe('hook');
    for (const subtype of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) expect(frame(subtype).kind).not.toBe('hook');
  });
});

describe('the tiny system frame path', () => {
  const { tinySystem, schemaSystem } = forTests;
  const t = '2026-01-01T00:00:00.010Z';

  it('gives exactly the event the schema path gives, for every frame it takes', () => {
    const frames: Record<string, unknown>[] = [
      { type: 'system', subtype: 'status', status: 'requesting', session_id: 'rows', uuid: 'r-1', timestamp: t },
      { type: 'system', subtype: 'status', status: 'compacting' },
      { type: 'system', subtype: 'status', status: null, session_id: null, uuid: null, timestamp: null },
      { type: 'system', subtype: 'status', status: { phase: 'x' }, session_id: 's', timestamp: 'not a date' },
      { type: 'system', subtype: 'task_progress', uuid: 'u', timestamp: t },
      { type: 'system', subtype: 'init', session_id: 's' },
    ];
    for (const [i, obj] of frames.entries()) {
      const tiny = tinySystem(obj, withInterner(DEFAULT_NORMALIZE), head(i));
      expect(tiny, JSON.stringify(obj)).toBeDefined();
      expect(tiny).toStrictEqual(schemaSystem(obj, withInterner(DEFAULT_NORMALIZE), head(i)));
    }
  });

  it('leaves every other frame to the schema path', () => {
    const odd: Record<string, unknown>[] = [
      // A key it does not know, even one the schema ignores.
      { type: 'system', subtype: 'status', status: 'requesting', session_id: 's', extra: 1 },
      { type: 'system', subtype: 'status', sessionId: 's' },
      // Fields of the wrong type (the schema rejects them: an unknown row).
      { type: 'system', subtype: 'status', session_id: 42 },
      { type: 'system', subtype: 'status', uuid: ['u'] },
      { type: 'system', subtype: 'status', timestamp: 1767225600000 },
      // Subtypes that are not a plain frame.
      { type: 'system', subtype: 'hook_started' },
      { type: 'system', subtype: 'permission_denied' },
      { type: 'system', subtype: 'no_such_subtype' },
      { type: 'system', subtype: 'constructor' },
      { type: 'system', status: 'requesting' },
      JSON.parse('{"type":"system","subtype":"status","__proto__":{"x":1}}') as Record<string, unknown>,
    ];
    for (const [i, obj] of odd.entries()) expect(tinySystem(obj, DEFAULT_NORMALIZE, head(i)), JSON.stringify(obj)).toBeUndefined();
    // A frame at a path inside a JSON document keeps its path: the schema path makes it.
    const inDoc = { ...head(0), path: '$[3]' };
    expect(tinySystem({ type: 'system', subtype: 'status' }, DEFAULT_NORMALIZE, inDoc)).toBeUndefined();
  });
});
