// The clip's edges (lib/fast/clip.ts, wasm/clip.ts): lines made to find where the cut text could differ from what the
// model reads of the whole line, and random lines of both dialects. Each is loaded with and without the clip, at small
// clamps, and the traces compared (clip-load.test.ts does so for the fixtures and samples).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadSources } from '../engine/load';
import { memorySource } from '../engine/source';
import { gzipSync } from 'node:zlib';
import { parseBytes } from '../trace/parse-bytes';
import type { ParseCheckpoint, ParseOptions, ParseSink } from '../trace/parse';
import type { ToolResultEvent, TraceEvent } from '../trace/types';
import { lineClipper } from './clip';

const enc = new TextEncoder();
/** Past SHORT_LINE (lib/trace/line-splitter.ts): only lines this long are handed to the clip. */
const PAD = `"pad":"${'p'.repeat(2100)}",`;
const CC_HEAD = JSON.stringify({ type: 'user', sessionId: 's', uuid: 'u0', message: { role: 'user', content: 'hi' } });
const SDK_HEAD = [
  JSON.stringify({ type: 'system', subtype: 'init', session_id: 's', model: 'm' }),
  JSON.stringify({ type: 'user', session_id: 's', message: { role: 'user', content: 'hi' } }),
].join('\n');

/** A tool-result line of either dialect: `content` and `output` as JSON text, padded past SHORT_LINE. */
function resultLine(content: string, output?: string, sdk = false): string {
  const out = output === undefined ? '' : `,"${sdk ? 'tool_use_result' : 'toolUseResult'}":${output}`;
  const id = sdk ? '"session_id":"s"' : '"sessionId":"s"';
  return `{${PAD}"type":"user",${id},"message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":${content}}]}${out}}`;
}

/** Lines cut in all the loads of this file. */
let allCuts = 0;

/** Loads both ways; returns the cut load's trace and how many lines the clip cut. */
async function same(
  body: string | Uint8Array,
  clamp: number,
  sdk = false,
): Promise<{ events: readonly TraceEvent[]; cuts: number }> {
  const clipper = lineClipper(clamp);
  if (!clipper) throw new Error('no WebAssembly here');
  let cuts = 0;
  const clip = (bytes: Uint8Array): string | undefined => {
    const text = clipper(bytes);
    if (text !== undefined) {
      cuts += 1;
      allCuts += 1;
    }
    return text;
  };
  const head = enc.encode(`${sdk ? SDK_HEAD : CC_HEAD}\n`);
  const tail = typeof body === 'string' ? enc.encode(body) : body;
  const bytes = new Uint8Array([...head, ...tail]);
  const normalize = { clamp };
  const whole = await loadSources([memorySource('s.jsonl', bytes)], { normalize });
  const cut = await loadSources([memorySource('s.jsonl', bytes)], { normalize, clip });
  expect(cut.trace).toEqual(whole.trace);
  return { events: cut.trace.events, cuts };
}

const results = (events: readonly TraceEvent[]): ToolResultEvent[] =>
  events.filter((e): e is ToolResultEvent => e.kind === 'tool-result');
const result = (events: readonly TraceEvent[]): ToolResultEvent | undefined => results(events)[0];

describe('the clip at its edges', () => {
  it('never cuts a string by less than its mark: the key after it stays (CJK just past the clamp)', async () => {
    // 65 characters of 6 bytes each are kept; r are cut. Were the mark (13 bytes) written over a cut of r < 13 bytes,
    // it would overwrite the next key before it is moved: `"stderr":"` went into stdout.
    for (let r = 1; r <= 14; r++) {
      const stdout = `"${'\\u4e2d'.repeat(65)}${'a'.repeat(r)}"`;
      const { events } = await same(resultLine('"r"', `{"stdout":${stdout},"stderr":"boom","exitCode":1}`), 64);
      expect(result(events)?.sideEffect).toMatchObject({ type: 'bash', stderr: 'boom', exitCode: 1 });
    }
  });

  it('a kept string that is not sound UTF-8 is read as the decoder reads it', async () => {
    for (const bad of [[0xff], [0x80], [0xc3], [0xe4, 0xb8], [0xf0, 0x9f], [0xed, 0xa0, 0x80], [0xc0, 0x80], [0xf8]]) {
      const line = enc.encode(resultLine(`"${'Q'.repeat(600)}"`));
      const at = new TextDecoder().decode(line).indexOf('Q');
      for (let k = 0; k < 4; k++) line.set(bad, at + k * bad.length);
      await same(line, 8);
    }
  });

  it('any bytes in a kept string: the same trace', async () => {
    const piece = fc.oneof(
      fc.integer({ min: 0x80, max: 0xff }).map((b) => [b]),
      fc.constantFrom([0x61], [0xc3, 0xa9], [0xe4, 0xb8, 0xad], [0xf0, 0x9f, 0x98, 0x80], [0xed, 0x9f, 0xbf]),
      fc.constantFrom([0xe0, 0xa0, 0x80], [0xf4, 0x8f, 0xbf, 0xbf], [0xf4, 0x90, 0x80, 0x80], [0xe0, 0x9f, 0xbf]),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 40 }), fc.nat(20), async (pieces, at) => {
        const line = enc.encode(resultLine(`"${'Q'.repeat(600)}"`, `{"stdout":"${'S'.repeat(600)}"}`));
        const q = new TextDecoder().decode(line).indexOf('Q') + at;
        const bytes = new Uint8Array([...line.subarray(0, q), ...pieces.flat(), ...line.subarray(q)]);
        await same(bytes, 8);
      }),
      { numRuns: 200 },
    );
  });

  it("a terminal title opened in one block and ended (BEL) in another's tail is stripped as whole", async () => {
    const blocks = [
      { type: 'text', text: '\u001b]0;title' },
      { type: 'text', text: `${'y'.repeat(600)}\u0007${'z'.repeat(10)}` },
    ];
    const { events } = await same(resultLine(JSON.stringify(blocks)), 8);
    expect(result(events)?.results[0]).toMatchObject({ text: 'zzzzzzzz', textLength: 10 });
  });

  it("a whole text's NULs are its own: its length is its length (every load)", async () => {
    const lines = ['bin\u0000ab\u0000cd', 'bin\u000099\u0000cd'].map((t) => resultLine(JSON.stringify(t))).join('\n');
    const { events } = await same(lines, 8);
    expect(results(events).map((e) => e.results[0]?.textLength)).toEqual([9, 9]);
  });

  it("a tool reference's name is checked for NULs and cut as a text", async () => {
    const refs = (name: string) =>
      JSON.stringify([
        { type: 'text', text: 'x'.repeat(600) },
        { type: 'tool_reference', tool_name: name },
      ]);
    for (const name of ['a\u00005\u0000', 'n'.repeat(700), 'a\u0000b\u0000c']) {
      const { events } = await same(resultLine(refs(name)), 8);
      expect(result(events)?.results[0]?.textLength).toBe(601 + 'tool_reference: '.length + name.length);
    }
  });
});

describe('the clip on more lines, bigger lines, other sources', () => {
  it('cuts many strings of one line, each by what it saves', async () => {
    const blocks = Array.from({ length: 60 }, (_, k) => ({ type: 'text', text: `${k}`.repeat(250 + k * 3) }));
    const file = { filePath: '/f', content: 'f'.repeat(3000) };
    const { cuts } = await same(
      resultLine(JSON.stringify(blocks), JSON.stringify({ stdout: 'o'.repeat(900), file })),
      8,
    );
    expect(cuts).toBe(1);
  });

  it('a string is cut only when what follows its kept part is 256 bytes (MIN_SAVED)', async () => {
    for (let n = 250; n <= 262; n++) await same(resultLine(JSON.stringify('中'.repeat(9) + 'x'.repeat(n))), 8);
  });

  it('a line as long as the chunk the module holds, and one byte longer (read whole)', async () => {
    const size = 4 << 20;
    for (const extra of [0, 1]) {
      const bare = resultLine('""', '{"stdout":""}');
      const fill = size + extra - enc.encode(bare).length;
      const { cuts } = await same(resultLine(JSON.stringify('r'.repeat(fill)), '{"stdout":""}'), 64);
      expect(cuts).toBe(1 - extra);
    }
  });

  it('a gzip source: the same trace', async () => {
    const body = [0, 1, 2].map((k) => resultLine(JSON.stringify(`${k}`.repeat(900)), '{"stdout":"x"}')).join('\n');
    const bytes = gzipSync(enc.encode(`${CC_HEAD}\n${body}\n`));
    const clip = lineClipper(8);
    const normalize = { clamp: 8 };
    const whole = await loadSources([memorySource('s.jsonl.gz', bytes)], { normalize });
    const cut = await loadSources([memorySource('s.jsonl.gz', bytes)], { normalize, ...(clip ? { clip } : {}) });
    expect(cut.trace).toEqual(whole.trace);
    expect(result(cut.trace.events)?.results[0]).toMatchObject({ text: '00000000', textLength: 900 });
  });

  it('a file read on from a checkpoint (a live file) is cut from its first line on', async () => {
    const head = enc.encode(`${CC_HEAD}\n`);
    const body = enc.encode(`${resultLine(JSON.stringify('y'.repeat(900)))}\n`);
    let from: ParseCheckpoint | undefined;
    await parseBytes('s.jsonl', [head], 0, sinkOf([]), { onCheckpoint: (c) => (from = c) });
    expect(from?.dialect).toBe('claude-code');
    const read = async (clip: ParseOptions['clip']) => {
      const events: TraceEvent[] = [];
      const info = await parseBytes('s.jsonl', [head, body], 0, sinkOf(events), {
        normalize: { clamp: 8 },
        ...(from ? { resume: from } : {}),
        ...(clip ? { clip } : {}),
      });
      return { events, info };
    };
    let cuts = 0;
    const clipper = lineClipper(8);
    const counted = (b: Uint8Array) => {
      const t = clipper?.(b);
      if (t !== undefined) cuts += 1;
      return t;
    };
    expect(await read(counted)).toEqual(await read(undefined));
    expect(cuts).toBe(1);
  });
});

function sinkOf(events: TraceEvent[]): ParseSink {
  return { nextSeq: () => events.length, event: (e) => events.push(e), diagnostic: () => undefined };
}

// Random lines: keys in any order and repeated, strings of any units and escapes around the clamp, the cut paths nested
// at random, white space between tokens.
const SPECIAL = ['\u001b', '\u0007', '中', '😀', '\ud83d', '\ude00', '"', '\\', '\n', '\r', '/', 'é', 'a'];
const text = fc
  .tuple(
    fc.array(fc.constantFrom(...SPECIAL), { maxLength: 3 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.oneof(fc.nat(700), fc.integer({ min: 60, max: 80 })),
    fc.constantFrom('x', '中', '😀', '\\', 'é', '\u0001'),
  )
  .map(([sp, s, n, c]) => (sp.join('') + s + c.repeat(n)).slice(0, 3000));
const value: fc.Arbitrary<unknown> = fc.oneof(text, fc.integer(), fc.constant(null), fc.boolean());
const entries = <T>(pool: readonly string[], v: fc.Arbitrary<T>) =>
  fc.array(fc.tuple(fc.constantFrom(...pool), v), { maxLength: 5 });
const textBlock = fc.record({ type: fc.constantFrom('text', 'image', 'tool_reference'), text, tool_name: text });
const resultContent = fc.oneof(text, fc.array(fc.oneof(textBlock, value), { maxLength: 3 }));
const block = fc
  .tuple(
    fc.constantFrom('tool_result', 'tool_result', 'text'),
    entries(['tool_use_id', 'content', 'content', 'text', 'is_error'], fc.oneof(resultContent, value)),
  )
  .map(([type, rest]) => [['type', type], ['tool_use_id', 't'], ...rest]);
const output = fc.oneof(
  entries(
    ['stdout', 'stderr', 'file', 'originalFile', 'filePath', 'content', 'exitCode', 'agentId', 'stdout'],
    fc.oneof(text, value, entries(['content', 'filePath'], text)),
  ),
  fc.array(textBlock, { maxLength: 2 }),
  text,
);

/** JSON text of entries (keys repeated as given), with the white space `ws` gives between tokens. */
function ser(v: unknown, ws: () => string): string {
  // The clip looks for `"type":"user"` as written so (lib/fast/clip.ts).
  if (Array.isArray(v) && v[0] === 'type' && typeof v[1] === 'string') return `"type":${JSON.stringify(v[1])}`;
  if (
    Array.isArray(v) &&
    v.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string') &&
    v.length > 0
  )
    return `{${ws()}${v.map((e: [string, unknown]) => (e[0] === 'type' ? ser(e, ws) : `${JSON.stringify(e[0])}${ws()}:${ws()}${ser(e[1], ws)}`)).join(`${ws()},${ws()}`)}${ws()}}`;
  if (Array.isArray(v)) return `[${v.map((x) => ser(x, ws)).join(`,${ws()}`)}]`;
  if (v !== null && typeof v === 'object') return ser(Object.entries(v), ws);
  return JSON.stringify(v);
}

describe('random lines, cut and whole', () => {
  it.each([false, true])('the same trace (sdk: %s)', async (sdk) => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.shuffledSubarray(['type', 'type', 'message', 'toolUseResult', 'tool_use_result', 'snapshot', 'uuid']),
            fc.array(block, { minLength: 1, maxLength: 3 }),
            output,
            fc.constantFrom('user', 'user', 'file-history-snapshot', 'assistant'),
            fc.array(fc.constantFrom('', ' ', '\t', '\r\n'), { minLength: 1, maxLength: 4 }),
          ),
          { minLength: 1, maxLength: 3 },
        ),
        fc.constantFrom(8, 64),
        async (lines, clamp) => {
          const body = lines.map(([keys, blocks, out, type, spaces]) => {
            let w = 0;
            const ws = () => spaces[w++ % spaces.length] ?? '';
            const top: [string, unknown][] = [
              ['pad', 'p'.repeat(2100)],
              [sdk ? 'session_id' : 'sessionId', 's'],
              ['type', type],
            ];
            for (const k of keys) {
              if (k === 'type') top.push(['type', type]);
              else if (k === 'message')
                top.push([
                  'message',
                  [
                    ['role', 'user'],
                    ['content', blocks],
                  ],
                ]);
              else if (k === 'snapshot') top.push(['snapshot', [['files', out]]]);
              else if (k === 'uuid') top.push(['uuid', 'u']);
              else top.push([k, out]);
            }
            return ser(top, ws);
          });
          await same(body.join('\n'), clamp, sdk);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('cut lines in those loads', () => {
    expect(allCuts).toBeGreaterThan(40);
  });
});
