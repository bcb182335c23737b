// A chunk's newlines found by the WebAssembly module (`ScanWasm.lineEnds`, wasm/search.ts `lineEnds`), and the lines
// the splitter makes with them: the same as it makes looking for them itself, in any chunking.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHORT_LINE } from '../trace/line-splitter';
import type { RawLine } from '../trace/line-types';
import { readLineBatches, type LineOptions } from '../trace/lines';
import { ScanWasm, SIMD_CHUNK } from './scan-wasm';

const wasm = ScanWasm.create();
if (!wasm) throw new Error('no WebAssembly SIMD here');
const owner = {};
/** As the frame reader asks: the chunk copied in, then its newlines found. */
const ends = (bytes: Uint8Array): Int32Array | undefined =>
  wasm.holdFrames(bytes, owner) ? wasm.lineEnds(bytes.length) : undefined;

const enc = (s: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(s);

function newlines(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = bytes.indexOf(0x0a); i >= 0; i = bytes.indexOf(0x0a, i + 1)) out.push(i);
  return out;
}

async function batches(chunks: Uint8Array[], opts: LineOptions): Promise<RawLine[][]> {
  const out: RawLine[][] = [];
  for await (const b of readLineBatches(chunks, opts)) out.push(b.map((l) => ({ ...l })));
  return out;
}

describe('lineEnds', () => {
  it('finds every newline of any bytes, at any length and alignment', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 200 }).map((b) => b.map((x) => (x % 5 === 0 ? 0x0a : x))),
        fc.nat(15),
        (bytes, shift) => {
          const backing = new Uint8Array(bytes.length + shift);
          backing.set(bytes, shift);
          expect([...(ends(backing.subarray(shift)) ?? [-1])]).toEqual(newlines(bytes));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('gives none for a chunk bigger than its space or with more newlines than it keeps', () => {
    expect(ends(new Uint8Array(SIMD_CHUNK + 1))).toBeUndefined();
    expect(ends(new Uint8Array(SIMD_CHUNK).fill(0x0a))).toBeUndefined();
    const sparse = new Uint8Array(SIMD_CHUNK).fill(0x20);
    for (let i = 63; i < sparse.length; i += 64) sparse[i] = 0x0a;
    expect(ends(sparse)?.length).toBe(SIMD_CHUNK / 64);
  });

  it('splits lines as the splitter does alone: every dialect of line, any chunking, long lines deferred or not', async () => {
    const line = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('{"a":1}', '{"b":"text"}', 'x'.repeat(40), '{"c":2}\r') },
      { weight: 2, arbitrary: fc.constantFrom('', '\r', ' ') },
      { weight: 2, arbitrary: fc.constantFrom('{"t":"café"}', '"→"', '{"e":"😀"}\r', '\uFEFF{"bom":1}') },
      {
        weight: 1,
        arbitrary: fc
          .integer({ min: SHORT_LINE - 2, max: SHORT_LINE * 2 })
          .chain((n) => fc.constantFrom(`"${'x'.repeat(n)}"`, `"${'é→'.repeat(n / 2)}"\r`)),
      },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 50 }),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 9000 }),
        async (ls, endsOpen, deferLong, size) => {
          const file = enc(ls.join('\n') + (endsOpen ? '' : '\n'));
          const chunks: Uint8Array[] = [];
          for (let i = 0; i < file.length; i += size) chunks.push(file.slice(i, i + size));
          const alone = await batches(chunks, { deferLong });
          const found = await batches(chunks, { deferLong, lineEnds: ends });
          expect(found).toEqual(alone);
        },
      ),
      { numRuns: 300, seed: 11 },
    );
  });
});
