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
      expect(JSON.parse(JSON.stringify(fast))).toEqual(
        JSON.parse(JSON.stringify(normalizeStream(obj, withInterner(DEFAULT_NORMALIZE), head(i)))),
      );
    });
    expect(taken).toBeGreaterThan(lines.length / 2);
    expect([...types].sort()).toEqual(['content_block_delta', 'content_block_stop', 'message_stop']);
  });

  it('keeps the first 256 characters of a signature on the event, and a text fragment whole, on both paths', () => {
    const delta = (d: Record<string, unknown>) => ({
      type: 'stream_event',
      event: { type: 'content_block_delta', index: 0, delta: d },
      session_id: 's',
    });
    const signature = 'S'.repeat(700);
    const thinking = 'T'.repeat(700);
    for (const path of [streamFastPath, normalizeStream]) {
      const sig = path(delta({ type: 'signature_delta', signature }), withInterner(DEFAULT_NORMALIZE), head(0));
      const think = path(delta({ type: 'thinking_delta', thinking }), withInterner(DEFAULT_NORMALIZE), head(1));
      expect(sig?.kind === 'stream' && sig.fragment).toBe(signature.slice(0, 256));
      // The rebuild reads a text fragment whole (the builder shortens it after).
      expect(think?.kind === 'stream' && think.fragment).toBe(thinking);
    }
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
      expect(lean).toMatchObject({
        kind: 'stream',
        event: 'content_block_delta',
        sessionId: 's',
        index: 0,
        deltaType: 'text_delta',
        fragment: 'hi',
      });
      expect(Object.keys(lean ?? {}).filter((k) => k === 'path' || k === 'parentToolUseId' || k === 'time')).toEqual(
        [],
      );
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
      {
        type: 'stream_event',
        event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 7 } },
      },
      { type: 'stream_event', event: ['content_block_stop'] },
      // Fields the schema checks even though the event does not use them.
      { type: 'stream_event', event: { type: 'message_stop', content_block: 'bad' } },
      { type: 'stream_event', event: { type: 'content_block_stop', index: 0 }, isSidechain: 'yes' },
      { type: 'stream_event', event: { type: 'content_block_stop', index: 0 }, uuid: 7 },
      {
        type: 'stream_event',
        event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'a' } },
        ttft_ms: '5',
      },
      {
        type: 'stream_event',
        event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'a', stop_reason: 3 } },
      },
      { type: 'stream_event', event: { type: 'message_stop', error: 'x' }, sessionId: 1 },
    ];
    for (const [i, obj] of odd.entries()) {
      expect(streamFastPath(obj, DEFAULT_NORMALIZE, head(i))).toBeUndefined();
      // And the schema path rejects each as a stream event: it becomes a visible unknown row.
      expect(normalizeStream(obj, DEFAULT_NORMALIZE, head(i)).kind, JSON.stringify(obj)).toBe('unknown');
    }
    // Frames it does not take (message_start carries a message and usage) are the schema's.
    expect(
      streamFastPath(
        { type: 'stream_event', event: { type: 'message_start', message: { id: 'msg_1' } } },
        DEFAULT_NORMALIZE,
        head(0),
      ),
    ).toBeUndefined();
  });
});

describe('system frames', () => {
  it('takes only the hook subtypes as hooks, not a name every object inherits', () => {
    const frame = (subtype: string) =>
      normalizeLine(
        { type: 'system', subtype, session_id: 's', uuid: 'u' },
        'sdk-stream',
        withInterner(DEFAULT_NORMALIZE),
        head(0),
      );
    expect(frame('hook_started').kind).toBe('hook');
    for (const subtype of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(frame(subtype).kind).not.toBe('hook');
  });
});
