import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fullLength } from '../trace/adapters/cut';
import { lineClipper } from './clip';

const CLAMP = 8;
const clip = lineClipper(CLAMP);
if (!clip) throw new Error('no WebAssembly here');
const enc = (v: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(v));
const cut = (v: unknown): unknown => {
  const text = clip(enc(v));
  return text === undefined ? undefined : JSON.parse(text);
};
const long = (c = 'x', n = 600): string => c.repeat(n);

const line = (content: unknown, output?: unknown) => ({
  type: 'user',
  sessionId: 's',
  message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content }] },
  ...(output !== undefined ? { toolUseResult: output } : {}),
});

/** A string as the model sees it after the cut: its first CLAMP characters and its whole length. */
const seen = (s: string): [string, number] => [s.slice(0, CLAMP), fullLength(s)];

describe('lineClipper', () => {
  it("cuts a tool result's text and stdout to what the model keeps, a file's content and original to none", () => {
    const image = { type: 'image', source: { type: 'base64', data: long('A') } };
    const output = { stdout: long('o'), file: { filePath: '/a', content: long('f') }, originalFile: long('g') };
    const v = { ...line([{ type: 'text', text: long('t') }, image], output), cwd: long('c') };
    const out = cut(v) as Omit<typeof v, 'toolUseResult'> & { toolUseResult: typeof output };
    expect(out).toBeDefined();
    const block = out.message.content[0]?.content as [{ text: string }, unknown];
    expect(seen(block[0].text)).toEqual(['tttttttt', 600]);
    expect(block[0].text.length).toBeLessThan(40);
    expect(block[1]).toEqual(image);
    expect(seen(out.toolUseResult.stdout)).toEqual(['oooooooo', 600]);
    expect(out.toolUseResult.file.content).toBe('\u0000600\u0000');
    expect(out.toolUseResult.originalFile).toBe('\u0000600\u0000');
    expect(out.cwd).toBe(v.cwd);
    // Every other key as it was.
    expect({ ...out, message: v.message, toolUseResult: v.toolUseResult }).toEqual(v);
  });

  it('cuts in either dialect (tool_use_result) and a result given as one string', () => {
    const v = { type: 'user', session_id: 's', message: line(long('r')).message, tool_use_result: { stdout: long() } };
    const out = cut(v) as typeof v;
    expect(seen(out.message.content[0]?.content as string)).toEqual(['rrrrrrrr', 600]);
    expect(seen(out.tool_use_result.stdout)).toEqual(['xxxxxxxx', 600]);
  });

  it("makes a file-history snapshot's snapshot {}, in that line only", () => {
    const files = Object.fromEntries([...Array(20).keys()].map((i) => [`src/f${i}.ts`, { version: i }]));
    const v = {
      type: 'file-history-snapshot',
      messageId: 'm',
      snapshot: { messageId: 'm', trackedFileBackups: files },
    };
    expect(cut(v)).toEqual({ ...v, snapshot: {} });
    expect(cut({ ...v, type: 'system' })).toBeUndefined();
    // A user line's snapshot key is not a snapshot line's.
    expect(cut({ ...line(long()), snapshot: v.snapshot })).toMatchObject({ snapshot: v.snapshot });
  });

  it('leaves whole what is not a user line, a prompt, a short string, and a line that is not JSON', () => {
    expect(cut({ ...line(long()), type: 'assistant' })).toBeUndefined();
    expect(cut({ type: 'user', message: { role: 'user', content: long() } })).toBeUndefined();
    expect(cut(line('short', { stdout: 'short', pad: long() }))).toBeUndefined();
    const text = JSON.stringify(line(long()));
    expect(clip(new TextEncoder().encode(text.slice(0, -1)))).toBeUndefined();
  });

  it('leaves whole a string with terminal colours, and the whole line when one holds a NUL', () => {
    const colour = `\u001b[31m${long()}`;
    const out = cut(line(colour, { stdout: long('o') })) as { message: { content: [{ content: string }] } };
    expect(out.message.content[0].content).toBe(colour);
    expect(cut(line(long(), { stdout: `a\u0000${long()}` }))).toBeUndefined();
  });

  it('counts characters as JavaScript does: two-byte, astral and escaped ones', () => {
    for (const s of [
      long('é'),
      long('→'),
      long('😀', 300),
      long('\n'),
      long('"\\'),
      `${long('\ud83d', 40)}${long()}`,
    ]) {
      const out = cut(line(s)) as { message: { content: [{ content: string }] } } | undefined;
      expect(out, JSON.stringify(s.slice(0, 4))).toBeDefined();
      expect(seen(out?.message.content[0].content ?? '')).toEqual([s.slice(0, CLAMP), s.length]);
    }
  });

  it('any text: the model sees the same first characters and the same length', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 0, maxLength: 900 }), fc.nat(3), (s, where) => {
        const text = s + long('z', where * 200);
        const v = where === 0 ? line(text) : where === 1 ? line([{ type: 'text', text }]) : line('r', { stdout: text });
        const out = cut(v) as
          | { message: { content: [{ content: string | [{ text: string }] }] }; toolUseResult?: { stdout: string } }
          | undefined;
        if (!out) return;
        const c = out.message.content[0].content;
        const got = where === 0 ? c : where === 1 ? (c as [{ text: string }])[0].text : out.toolUseResult?.stdout;
        expect(seen(got as string)).toEqual([text.slice(0, CLAMP), text.length]);
      }),
      { numRuns: 300 },
    );
  });
});
