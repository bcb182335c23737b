// The assistant fast path reads a line exactly as AssistantLineSchema does, or leaves it to the schema.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cc, sdk, text, toolUse } from '../testing/builders';
import { DEFAULT_NORMALIZE } from './common';
import { forTests } from './assistant';
import { AssistantLineSchema } from './schemas';

const { assistantFastPath, assistantFrom } = forTests;
const head = { seq: 3, src: { source: 0, line: 4, offset: 100, length: 50 }, path: undefined };
const viaSchema = (obj: Record<string, unknown>) => {
  const r = AssistantLineSchema.safeParse(obj);
  return r.success ? assistantFrom(r.data, DEFAULT_NORMALIZE, head) : undefined;
};

const anyValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string({ maxLength: 4 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant({}),
  fc.constant([]),
  fc.constant([{ type: 'text', text: 'x' }]),
  fc.constant([{ text: 'no type' }]),
  fc.constant({ input_tokens: 5, output_tokens: 7 }),
  fc.constant({ input_tokens: '5' }),
  fc.constant({ cache_creation: { ephemeral_1h_input_tokens: 3 }, cache_creation_input_tokens: 3 }),
);

describe('assistantFastPath', () => {
  it('takes the plain lines of both dialects', () => {
    for (const line of [
      cc.assistant('msg_1', [text('a'), toolUse('t', 'Bash', { command: 'ls' })], { input: 3, output: 9, cache1h: 4 }),
      sdk.assistant('msg_2', [text('b')], { output: 2 }),
    ]) {
      const fast = assistantFastPath(line);
      if (!fast) throw new Error('a plain line left to the schema');
      expect(assistantFrom(fast, DEFAULT_NORMALIZE, head)).toEqual(viaSchema(line));
    }
  });

  it('accepts a line only when the schema does, and reads it the same', () => {
    const base = cc.assistant('msg_1', [text('a')], { input: 3, output: 9 });
    const keys = [
      'uuid',
      'timestamp',
      'sessionId',
      'session_id',
      'parentUuid',
      'agentId',
      'isSidechain',
      'requestId',
      'request_id',
      'isApiErrorMessage',
      'aborted',
      'error',
    ];
    const messageKeys = ['id', 'model', 'content', 'stop_reason', 'usage'];
    let taken = 0;
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...keys), anyValue),
        fc.dictionary(fc.constantFrom(...messageKeys), anyValue),
        (top, msg) => {
          const message = { ...(typeof base['message'] === 'object' ? base['message'] : {}), ...msg };
          const line = { ...base, ...top, message };
          const fast = assistantFastPath(line);
          if (!fast) return;
          taken += 1;
          expect(AssistantLineSchema.safeParse(line).success).toBe(true);
          expect(assistantFrom(fast, DEFAULT_NORMALIZE, head)).toEqual(viaSchema(line));
        },
      ),
      { numRuns: 2000 },
    );
    // Both sides of the property were exercised.
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThan(2000);
  });

  it('takes every line whose fields all have the types of the schema, and reads it as the schema does', () => {
    const base = cc.assistant('msg_1', [text('a')], { input: 3, output: 9 });
    const str = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string({ maxLength: 6 }));
    const bool = fc.oneof(fc.constant(undefined), fc.constant(null), fc.boolean());
    const top = fc.record({
      uuid: str,
      timestamp: str,
      sessionId: str,
      session_id: str,
      parentUuid: str,
      agentId: str,
      requestId: str,
      request_id: str,
      isSidechain: bool,
      isApiErrorMessage: bool,
      aborted: bool,
      error: anyValue,
    });
    const usage = fc.oneof(
      fc.constant(null),
      fc.record({
        input_tokens: fc.oneof(fc.constant(null), fc.nat()),
        output_tokens: fc.nat(),
        cache_read_input_tokens: fc.nat(),
      }),
    );
    const msg = fc.record({
      id: str,
      model: str,
      stop_reason: str,
      usage,
      content: fc.array(
        fc.record({
          type: fc.constantFrom('text', 'thinking', 'tool_use', 'image', 'x'),
          text: fc.string({ maxLength: 4 }),
        }),
        {
          maxLength: 3,
        },
      ),
    });
    fc.assert(
      fc.property(top, msg, (t, m) => {
        const line = { ...base, ...t, message: { ...m, type: 'message', role: 'assistant' } };
        const fast = assistantFastPath(line);
        if (!fast) throw new Error('a line of the types of the schema left to it');
        expect(assistantFrom(fast, DEFAULT_NORMALIZE, head)).toEqual(viaSchema(line));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('assistant events without the fields a call seldom has', () => {
  const line = (extra: Record<string, unknown>) => {
    const parsed = assistantFastPath({ ...sdk.assistant('msg_1', [], { output: 2 }), ...extra });
    if (!parsed) throw new Error('not a plain assistant line');
    return assistantFrom(parsed, DEFAULT_NORMALIZE, head);
  };

  it('a plain call has no slot for an error, a bad number or an agent id', () => {
    const slots = Object.entries(line({}))
      .filter(([, v]) => v === undefined)
      .map(([k]) => k);
    for (const k of ['path', 'agentId', 'numberErrors', 'error', 'aborted']) expect(slots).not.toContain(k);
  });

  it('keeps an empty error, an abort and an agent id when the line has them', () => {
    expect(line({ error: '' }).error).toBe('');
    expect(line({ aborted: true }).aborted).toBe(true);
    expect(line({ agentId: 'a1' }).agentId).toBe('a1');
  });
});
