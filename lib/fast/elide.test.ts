import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ELIDE_MIN, lineElider } from './elide';

const elide = lineElider();
if (!elide) throw new Error('no WebAssembly here');
const enc = (v: unknown): Uint8Array => new TextEncoder().encode(typeof v === 'string' ? v : JSON.stringify(v));
const long = (c = 'x'): string => `${c.repeat(ELIDE_MIN)}\n"quoted" \\ é`;

const result = (content: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'user',
  sessionId: 's',
  message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content, ...extra }] },
});

describe('lineElider', () => {
  it("makes a tool result's text and its structured output short, every other byte kept", () => {
    const image = { type: 'image', source: { type: 'base64', data: long('A') } };
    const line = {
      ...result([{ type: 'text', text: long() }, image]),
      toolUseResult: { filePath: '/a.ts', originalFile: long(), structuredPatch: [{ lines: ['+a', '-b'] }] },
      cwd: long('c'),
    };
    const out = JSON.parse(elide(enc(line)) ?? 'null');
    expect(out).toEqual({
      ...line,
      message: {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_1',
            content: [{ type: 'text', text: '~' }, image],
          },
        ],
      },
      toolUseResult: '~',
    });
  });

  it("keeps an error's words, and an agent's output as an object with its id", () => {
    const agent = { agentId: 'a1', status: 'completed', content: [{ type: 'text', text: long() }], totalTokens: 5 };
    const line = { ...result(long(), { is_error: true }), toolUseResult: agent };
    const out = JSON.parse(elide(enc(line)) ?? 'null');
    expect(out).toEqual({ ...line, toolUseResult: { ...agent, content: [{ type: 'text', text: '~' }] } });
    // `is_error: false` is no error.
    const ok = JSON.parse(elide(enc(result(long(), { is_error: false }))) ?? 'null');
    expect(ok.message.content[0].content).toBe('~');
  });

  it('makes a snapshot and a signature short, and leaves prompts, other assistant text and other types alone', () => {
    const snap = { type: 'file-history-snapshot', messageId: 'm', snapshot: { files: { a: long() } } };
    expect(JSON.parse(elide(enc(snap)) ?? 'null')).toEqual({ ...snap, snapshot: '~' });
    expect(elide(enc({ type: 'user', message: { role: 'user', content: long() } }))).toBeUndefined();
    const assistant = {
      type: 'assistant',
      message: { content: [{ type: 'text', text: long() }] },
      toolUseResult: long(),
    };
    expect(elide(enc(assistant))).toBeUndefined();
    // Of an assistant line, only a thinking block's signature goes (whether there is one is all that is read).
    const thinking = { type: 'thinking', thinking: long(), signature: long('S') };
    const signed = { ...assistant, message: { content: [thinking] } };
    expect(JSON.parse(elide(enc(signed)) ?? 'null')).toEqual({
      ...signed,
      message: { content: [{ ...thinking, signature: '~' }] },
    });
    expect(elide(enc({ ...result(long()), type: 'progress' }))).toBeUndefined();
  });

  it("makes a progress line's data short, the ids, model and usage of the message it copies kept", () => {
    const copy = {
      type: 'assistant',
      message: {
        id: 'msg_1',
        model: 'claude-opus-4-6',
        content: [{ type: 'tool_use', id: 'toolu_2', name: 'Write', input: { file_path: '/a', content: long() } }],
        usage: { input_tokens: 1, output_tokens: 2 },
      },
    };
    const line = {
      type: 'progress',
      toolUseID: 'toolu_1',
      data: { type: 'agent_progress', agentId: 'a1', message: copy },
    };
    const out = JSON.parse(elide(enc(line)) ?? 'null');
    const block = { ...copy.message.content[0], input: { file_path: '/a', content: '~' } };
    expect(out).toEqual({
      ...line,
      data: { ...line.data, message: { ...copy, message: { ...copy.message, content: [block] } } },
    });
  });

  it('reads whole what is not sound JSON or what it cannot be sure of', () => {
    const good = JSON.stringify({ ...result(long()), toolUseResult: long() });
    expect(elide(enc(good))).toBeDefined();
    // A control character or a bad escape inside a long string, a key escaped, trailing bytes, a cut line.
    for (const bad of [
      good.replace('xxxx', 'xx\txx'),
      good.replace('xxxx', 'xx\\xx'),
      good.replace('"toolUseResult"', '"toolUse\\u0052esult"'),
      good.replace('"type":"user"', '"type":"us\\u0065r"'),
      `${good} x`,
      good.slice(0, -1),
    ])
      expect(elide(enc(bad)), bad.slice(0, 80)).toBeUndefined();
  });

  it('gives JSON that parses to the line with only long strings (or the output, a snapshot) replaced', () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string({ maxLength: 300 }),
        fc.constantFrom('', long(), 'x'.repeat(ELIDE_MIN - 1), 'x'.repeat(ELIDE_MIN)),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.constantFrom('content', 'text', 'is_error', 'agentId', 'type', 'k'), tie('value'), {
          maxKeys: 4,
        }),
      ),
    })).value;
    fc.assert(
      fc.property(json, json, fc.boolean(), (content, output, agent) => {
        const line = { ...result(content), toolUseResult: agent ? { agentId: 'a', output } : output };
        const text = elide(enc(line));
        if (text === undefined) return;
        const out = JSON.parse(text) as typeof line;
        // The same shape: every key where it was; a value changed only to "~", and only a long one.
        const same = (a: unknown, b: unknown): void => {
          if (b === '~' && a !== '~') {
            expect(JSON.stringify(a).length).toBeGreaterThanOrEqual(ELIDE_MIN);
            return;
          }
          if (typeof a !== 'object' || a === null) return expect(b).toEqual(a);
          expect(Object.keys(b ?? {})).toEqual(Object.keys(a));
          for (const k of Object.keys(a)) same(Reflect.get(a, k), Reflect.get(b ?? {}, k));
        };
        same(line, out);
        expect(out.sessionId).toBe('s');
      }),
      { numRuns: 300 },
    );
  });
});
