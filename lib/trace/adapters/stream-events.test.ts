// A stream frame's event has a slot for each field it has, and keeps every value it was given, whatever its shape.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../types';
import { uuidApart, type UuidApart } from './messages';
import { stopEvent, streamEvent, type StreamFields } from './stream-events';

const head = (path?: string) => ({ seq: 3, src: { source: 0, line: 4, offset: 100, length: 50 }, path });
const POSITION = { seq: 3, source: 0, line: 4, offset: 100, length: 50 };

/** The fields an event was given that have a value: what it must hold, and all it may. */
const defined = (o: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** Own properties set to undefined: slots the event pays for without a value. */
const emptySlots = (o: object): string[] =>
  Object.entries(o)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k);

const maybe = <T>(a: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(a, { nil: undefined, freq: 2 });
/** Mostly absent: a frame seldom has it, and the lean shapes are made only when it has none of them. */
const rare = <T>(a: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 6 }, { arbitrary: a, weight: 1 });

const fields: fc.Arbitrary<StreamFields> = fc.record({
  sessionId: maybe(fc.constantFrom('s1', 's2')),
  parentToolUseId: rare(fc.constant('toolu_1')),
  time: rare(fc.integer({ min: 0, max: 2e12 })),
  uuid: maybe(fc.uuid()),
  event: fc.constantFrom('message_start', 'content_block_start', 'message_delta', 'ping', 'error'),
  index: maybe(fc.nat(5)),
  ttftMs: rare(fc.nat(5000)),
  messageId: maybe(fc.constant('msg_1')),
  model: maybe(fc.constant('claude-sonnet-4-6')),
  blocks: maybe(fc.constant([{ type: 'text', text: 'hi' }] as const)),
  usage: maybe(fc.constant({ input: 3, output: 1 })),
  numberErrors: rare(fc.constant(['usage.output_tokens: -1'])),
  stopReason: maybe(fc.constant('end_turn')),
  errorMessage: rare(fc.constant('overloaded')),
});

/** The event's fields with a value, and the uuid it left apart (never both: the sink would take it twice). */
function kept(e: object, apart: UuidApart | undefined): Record<string, unknown> {
  const own = defined(e);
  if (apart?.uuid === undefined) return own;
  expect(own['uuid']).toBeUndefined();
  return { ...own, uuid: apart.uuid };
}

/** A head as the workbench's parse gives it (with a place for the uuid), or as the CLI's (without). */
const heads = fc.tuple(rare(fc.constant('messages[0]')), fc.boolean()).map(([path, withApart]) => {
  const apart: UuidApart | undefined = withApart ? uuidApart() : undefined;
  return { h: { ...head(path), ...(apart ? { apart } : {}) }, apart, path };
});

describe('stream frame events', () => {
  it('hold every field given a value, and nothing else, in any shape, with the uuid apart or not', () => {
    fc.assert(
      fc.property(fields, heads, (f, { h, apart, path }) => {
        const e = streamEvent(h, f);
        expect(kept(e, apart)).toEqual({ ...POSITION, ...defined({ path, kind: 'stream', ...f }) });
      }),
      { numRuns: 3000 },
    );
  });

  it("a stop frame's event holds what it was given", () => {
    fc.assert(
      fc.property(
        fc.constantFrom('content_block_stop' as const, 'message_stop' as const),
        maybe(fc.nat(5)),
        rare(fc.constant('toolu_1')),
        rare(fc.integer({ min: 0, max: 2e12 })),
        rare(fc.nat(5000)),
        maybe(fc.uuid()),
        heads,
        (type, index, parent, time, ttft, uuid, { h, apart, path }) => {
          const e = stopEvent(h, 's1', parent, time, uuid, type, index, ttft);
          const given = {
            path,
            kind: 'stream',
            sessionId: 's1',
            parentToolUseId: parent,
            time,
            uuid,
            event: type,
            index,
            ttftMs: ttft,
          };
          expect(kept(e, apart)).toEqual({ ...POSITION, ...defined(given) });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("a plain frame's event has no slot for the fields it lacks, and leaves its uuid to a sink that keeps it", () => {
    const f = (event: StreamEvent['event'], more: Partial<StreamFields>): StreamFields => ({
      sessionId: 's1',
      parentToolUseId: undefined,
      time: undefined,
      uuid: 'u1',
      event,
      index: undefined,
      ttftMs: undefined,
      messageId: undefined,
      model: undefined,
      blocks: undefined,
      usage: undefined,
      numberErrors: undefined,
      stopReason: undefined,
      errorMessage: undefined,
      ...more,
    });
    const frames = [
      f('message_start', { messageId: 'm', model: 'x', blocks: [], usage: { input: 1 } }),
      f('content_block_start', { index: 0, blocks: [{ type: 'text', text: '' }] }),
      f('message_delta', { usage: { output: 9 }, stopReason: 'end_turn' }),
    ];
    for (const frame of frames) {
      const apart: UuidApart = uuidApart();
      const e = streamEvent({ ...head(), apart }, frame);
      expect(emptySlots(e)).toEqual([]);
      expect(e.uuid).toBeUndefined();
      expect(apart.uuid).toBe('u1');
      // Where the sink keeps no uuids, the event holds its own.
      expect(streamEvent(head(), frame).uuid).toBe('u1');
    }
    const apart: UuidApart = uuidApart();
    const stop = stopEvent({ ...head(), apart }, 's1', undefined, undefined, 'u1', 'content_block_stop', 0, undefined);
    expect(emptySlots(stop)).toEqual([]);
    expect(apart.uuid).toBe('u1');
    expect(stopEvent(head(), 's1', undefined, undefined, 'u1', 'content_block_stop', 0, undefined).uuid).toBe('u1');
  });
});
