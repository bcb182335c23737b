import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHORT_LINE } from './line-splitter';
import type { RawLine } from './line-types';
import { lineText, readLineBatches, readLines } from './lines';

const enc = (s: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(s);

async function lines(chunks: Uint8Array[], maxLineBytes?: number): Promise<RawLine[]> {
  const out: RawLine[] = [];
  for await (const l of readLines(chunks, maxLineBytes === undefined ? {} : { maxLineBytes })) out.push(l);
  return out;
}

/** Splits bytes into chunks of `size` so that every boundary case is hit. */
function chunked(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.slice(i, i + size));
  return out;
}

describe('readLines', () => {
  it('numbers lines from 1 with byte offsets and lengths, and strips CRLF', async () => {
    const ls = await lines([enc('{"a":1}\r\n\r\n{"b":2}\n')]);
    expect(ls.map((l) => [l.text, l.line, l.offset, l.length])).toEqual([
      ['{"a":1}', 1, 0, 7],
      ['', 2, 9, 0],
      ['{"b":2}', 3, 11, 7],
    ]);
  });

  it('keeps byte offsets true where a run decodes to as many characters as bytes only through invalid bytes', async () => {
    // 0xff is one U+FFFD per byte: the run's text is as long as its bytes, so lines end where their texts do.
    const bytes = new Uint8Array([...enc('{"a":"'), 0xff, 0xfe, ...enc('"}\r\n{"b":1}\n\n{"c":22}\n')]);
    const ls = await lines([bytes]);
    expect(ls.map((l) => [l.text, l.line, l.offset, l.length])).toEqual([
      ['{"a":"\uFFFD\uFFFD"}', 1, 0, 10],
      ['{"b":1}', 2, 12, 7],
      ['', 3, 20, 0],
      ['{"c":22}', 4, 21, 8],
    ]);
  });

  it('drops a UTF-8 BOM and keeps offsets true to the file bytes', async () => {
    const ls = await lines([enc('\uFEFF{"a":1}\n{"b":2}\n')]);
    expect(ls[0]?.text).toBe('{"a":1}');
    expect(ls[0]?.offset).toBe(3);
    expect(ls[1]?.offset).toBe(11);
  });

  it('gives the same lines whatever the chunk boundaries, even inside a multi-byte character', async () => {
    const text = '{"t":"→ café ✓"}\n{"t":"日本語"}\n{"u":"x"}';
    const whole = await lines([enc(text)]);
    for (const size of [1, 2, 3, 5, 7]) {
      const split = await lines(chunked(enc(text), size));
      expect(split.map((l) => [l.text, l.offset, l.length])).toEqual(whole.map((l) => [l.text, l.offset, l.length]));
    }
    expect(whole[1]?.text).toBe('{"t":"日本語"}');
  });

  it('decodes every line as its own bytes alone would decode, in ASCII and non-ASCII stretches alike', async () => {
    // Chunks alternate between ASCII-only and mixed text, so the reader goes from runs to line-by-line and back.
    const piece = fc.oneof(
      fc.constantFrom('{"a":1}', 'ascii text', '', '\r', '→ café', '日本', '😀', 'x'.repeat(3000)),
      fc.uint8Array({ minLength: 1, maxLength: 4 }).map((b) => new TextDecoder('latin1').decode(b)),
    );
    const bytesOf = (parts: readonly (string | number)[]): Uint8Array => {
      const out: number[] = [];
      for (const p of parts)
        if (typeof p === 'number') out.push(p);
        else out.push(...enc(p));
      return new Uint8Array(out);
    };
    const linePart = fc.array(fc.oneof(piece, fc.constantFrom(0xe2, 0x82, 0xff, 0xf0)), { maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(linePart, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 5000 }),
        async (ls, size) => {
          const file = bytesOf(ls.flatMap((l) => [...l, 0x0a]));
          const expected: string[] = [];
          let from = 0;
          for (let nl = file.indexOf(0x0a); nl >= 0; nl = file.indexOf(0x0a, from)) {
            const end = nl > from && file[nl - 1] === 0x0d ? nl - 1 : nl;
            expected.push(new TextDecoder().decode(file.subarray(from, end)));
            from = nl + 1;
          }
          const got: string[] = [];
          for (const l of await lines(chunked(file, size))) {
            if (l.blankLines) for (let i = 0; i < l.blankLines; i++) got.push('');
            else got.push(l.text);
          }
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: 300, seed: 3 },
    );
  });

  it('numbers every line and gives its true offset, length and limit, in any chunking and line limit', async () => {
    // Mostly ASCII, so whole chunks are read as one string; now and then a non-ASCII line or a CR, a run of empty
    // lines, a line past the limit, and a last line without its newline.
    const line = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('{"a":1}', '{"b":"text"}', 'x'.repeat(40), '{"c":2}\r') },
      { weight: 2, arbitrary: fc.constantFrom('', '\r', ' ') },
      { weight: 1, arbitrary: fc.constantFrom('{"t":"café"}', '"→"', '{"e":"😀"}\r') },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 60 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 60 }),
        async (ls, endsOpen, size, max) => {
          const text = ls.join('\n') + (endsOpen ? '' : '\n');
          const file = enc(text);
          const expected: [string, number, number, number, boolean, boolean][] = [];
          let from = 0;
          for (let n = 1; from < file.length; n++) {
            const nl = file.indexOf(0x0a, from);
            const stop = nl < 0 ? file.length : nl;
            const end = stop > from && file[stop - 1] === 0x0d ? stop - 1 : stop;
            const tooLong = end - from > max;
            expected.push([
              tooLong ? '' : new TextDecoder().decode(file.subarray(from, end)),
              n,
              from,
              end - from,
              tooLong,
              nl < 0,
            ]);
            from = stop + 1;
          }
          const got: typeof expected = [];
          for (const l of await lines(chunked(file, size), max)) {
            const count = l.blankLines ?? 1;
            for (let i = 0; i < count; i++)
              got.push([l.text, l.line + i, l.offset + i, l.length, l.tooLong === true, l.unterminated]);
          }
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: 400, seed: 7 },
    );
  });

  it('with deferLong, gives a long line its bytes, which lineText decodes into the line read without it', async () => {
    const line = fc.oneof(
      fc.constantFrom('{"a":1}', '', '{"c":2}\r', '{"t":"café"}'),
      fc.integer({ min: SHORT_LINE - 2, max: SHORT_LINE * 3 }).map((n) => `"${'é→x'.repeat(n / 3)}"`),
      // An all-ASCII chunk is decoded with one call: its long lines still come as bytes.
      fc.integer({ min: SHORT_LINE - 2, max: SHORT_LINE * 3 }).map((n) => `"${'x'.repeat(n)}"`),
      fc.integer({ min: SHORT_LINE - 2, max: SHORT_LINE * 3 }).map((n) => `"${'y'.repeat(n)}"\r`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        fc.integer({ min: 100, max: 9000 }),
        async (ls, endsOpen, size) => {
          const file = enc(ls.join('\n') + (endsOpen ? '' : '\n'));
          const read = async (deferLong: boolean): Promise<RawLine[]> => {
            const out: RawLine[] = [];
            for await (const batch of readLineBatches(chunked(file, size), { deferLong, maxLineBytes: SHORT_LINE * 2 }))
              for (const l of batch) {
                if (l.bytes) expect(l.length).toBeGreaterThan(SHORT_LINE);
                else if (deferLong && !l.tooLong) expect(l.length).toBeLessThanOrEqual(SHORT_LINE);
                out.push(lineText(l));
              }
            return out;
          };
          expect(await read(true)).toEqual(await read(false));
        },
      ),
      { numRuns: 150, seed: 3 },
    );
  });

  it('marks only a last line without newline as unterminated', async () => {
    const ls = await lines([enc('{"a":1}\n{"b":')]);
    expect(ls.map((l) => l.unterminated)).toEqual([false, true]);
    expect((await lines([enc('{"a":1}\n')])).map((l) => l.unterminated)).toEqual([false]);
  });

  it('replaces invalid UTF-8 with U+FFFD instead of throwing', async () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d, 0x0a]);
    const ls = await lines([bytes]);
    expect(ls[0]?.text).toBe('{"a":"\uFFFD\uFFFD"}');
  });

  it('reads a line of several megabytes spread over many chunks', async () => {
    const big = 'x'.repeat(6 * 1024 * 1024);
    const ls = await lines(chunked(enc(`{"big":"${big}"}\n{"n":1}\n`), 64 * 1024));
    expect(ls).toHaveLength(2);
    expect(ls[0]?.length).toBe(big.length + 10);
    expect(ls[1]?.offset).toBe(big.length + 11);
  });

  it('reads a ReadableStream', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc('{"a":1}\n{"b"'));
        c.enqueue(enc(':2}\n'));
        c.close();
      },
    });
    const out: string[] = [];
    for await (const l of readLines(stream)) out.push(l.text);
    expect(out).toEqual(['{"a":1}', '{"b":2}']);
  });
});

describe('the line limit', () => {
  it('skips a line past it, short or long, in any chunking: its true offset and length, the next lines read', async () => {
    const text = `{"a":1}\r\n{"long":"${'x'.repeat(40)}"}\r\n{"b":2}\n{"tail":"${'y'.repeat(30)}"}`;
    const expected = [
      ['{"a":1}', 1, 0, 7, false],
      ['', 2, 9, 51, true],
      ['{"b":2}', 3, 62, 7, false],
      ['', 4, 70, 41, true],
    ];
    for (const size of [1, 3, 8, 1000]) {
      const ls = await lines(chunked(enc(text), size), 20);
      expect(
        ls.map((l) => [l.text, l.line, l.offset, l.length, l.tooLong === true]),
        `chunks of ${size}`,
      ).toEqual(expected);
      expect(ls[3]?.unterminated).toBe(true);
    }
  });

  it('gives a run of empty lines as one entry that counts them', async () => {
    const ls = await lines([enc('{"a":1}\n\n\n\n{"b":2}\n')]);
    expect(ls.map((l) => [l.text, l.line, l.blankLines ?? 1])).toEqual([
      ['{"a":1}', 1, 1],
      ['', 2, 3],
      ['{"b":2}', 5, 1],
    ]);
  });
});
