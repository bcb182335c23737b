import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binaryModule, compileWasm } from '../../scripts/build-wasm.mjs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ScanWasm, sharedWasm, SIMD_CHUNK } from './scan-wasm';
import { nextStructural, searchBytes } from './search';

/** The first index at or after `from` where `needle` starts in `hay`, or -1: the definition every search must meet. */
function naive(hay: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let i = from; i + needle.length <= hay.length; i++) {
    for (let k = 0; k < needle.length; k++) if (hay[i + k] !== needle[k]) continue outer;
    return i;
  }
  return -1;
}

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('ScanWasm', () => {
  it('embeds the module that wasm/fast-scan.ts compiles to (run `npm run build:wasm` after changing it)', async () => {
    const bytes = await compileWasm();
    expect(readFileSync(path.join(import.meta.dirname, 'wasm-binary.ts'), 'utf8')).toBe(binaryModule(bytes));
  }, 60_000);

  it('runs here (Node has WebAssembly SIMD), one per thread', () => {
    expect(sharedWasm()).toBeInstanceOf(ScanWasm);
    expect(sharedWasm()).toBe(sharedWasm());
  });

  it('finds what a naive search finds, at every offset and near both ends of the chunk', () => {
    const simd = ScanWasm.create();
    if (!simd) throw new Error('no WebAssembly here');
    // A small alphabet makes partial matches (first and last byte equal, middle not) common.
    const bytes = fc.uint8Array({ minLength: 0, maxLength: 300, size: 'max' }).map((a) => a.map((b) => 0x61 + (b % 3)));
    fc.assert(
      fc.property(
        bytes,
        fc.uint8Array({ minLength: 1, maxLength: 12 }).map((a) => a.map((b) => 0x61 + (b % 3))),
        fc.nat(310),
        (data, needle, from) => {
          const hay = simd.hold(data);
          expect(simd.holds(hay)).toBe(true);
          expect(simd.search(hay, needle, from)).toBe(naive(data, needle, from));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('finds a byte forward and back as indexOf and lastIndexOf do, in a chunk at any offset of its memory', () => {
    const simd = ScanWasm.create();
    if (!simd) throw new Error('no WebAssembly here');
    // Few newlines or many, a view that starts anywhere in the memory (not 16-byte aligned), any start of the search.
    const bytes = fc
      .uint8Array({ minLength: 0, maxLength: 200, size: 'max' })
      .chain((a) => fc.nat(20).map((odds) => a.map((b) => (b % (odds + 2) === 0 ? 0x0a : b))));
    fc.assert(
      fc.property(bytes, fc.nat(40), fc.integer({ min: -5, max: 210 }), (data, shift, at) => {
        const held = simd.hold(
          new Uint8Array(data.length + shift).fill(0x0a).map((b, i) => (i < shift ? b : (data[i - shift] ?? 0))),
        );
        const hay = held.subarray(shift);
        expect(simd.holds(hay)).toBe(true);
        expect(simd.indexOf(hay, 0x0a, at)).toBe(data.indexOf(0x0a, at));
        expect(simd.lastIndexOf(hay, 0x0a, at)).toBe(data.lastIndexOf(0x0a, at));
        // Bytes outside the memory: the native searches.
        expect(simd.indexOf(data, 0x0a, at)).toBe(data.indexOf(0x0a, at));
        expect(simd.lastIndexOf(data, 0x0a, at)).toBe(data.lastIndexOf(0x0a, at));
      }),
      { numRuns: 3000 },
    );
  });

  it('walks every match of a pattern through a chunk, as the scanner does', () => {
    const simd = ScanWasm.create();
    if (!simd) throw new Error('no WebAssembly here');
    const line = '{"type":"assistant","message":{"role":"assistant"}}\n{"type":"user","text":"\\"assistant\\""}\n';
    const hay = simd.hold(enc(line.repeat(50)));
    const needle = enc('assistant"');
    const found: number[] = [];
    const want: number[] = [];
    for (let at = simd.search(hay, needle, 0); at >= 0; at = simd.search(hay, needle, at + 1)) found.push(at);
    for (let at = naive(hay, needle, 0); at >= 0; at = naive(hay, needle, at + 1)) want.push(at);
    expect(found).toEqual(want);
    expect(found).toHaveLength(100);
  });

  it('finds the next line a pattern marks as nextStructural and the line bounds around it do, in one call', () => {
    const simd = ScanWasm.create();
    if (!simd) throw new Error('no WebAssembly here');
    // Quotes, backslashes, newlines and the needle's letters, so that escaped and unescaped matches and lines of any
    // length (empty ones too) are common.
    const alphabet = enc('"\\\nab');
    const needle = enc('ab"');
    const bytes = fc
      .uint8Array({ minLength: 0, maxLength: 200, size: 'max' })
      .map((a) => a.map((b) => alphabet[b % alphabet.length] ?? 0));
    fc.assert(
      fc.property(bytes, fc.nat(40), fc.nat(210), fc.nat(210), (data, shift, a, b) => {
        const held = simd.hold(
          new Uint8Array(data.length + shift).map((x, i) => (i < shift ? 0x61 : (data[i - shift] ?? 0))),
        );
        const hay = held.subarray(shift);
        const from = Math.min(a, b, data.length);
        const to = Math.min(Math.max(a, b), data.length);
        const m = nextStructural(searchBytes, data, needle, from, to);
        expect(simd.nextLine(hay, needle, from, to)).toBe(m);
        if (m < 0) return;
        const nl = data.indexOf(0x0a, m);
        expect(simd.lineStart()).toBe(Math.max(from, data.lastIndexOf(0x0a, m - 1) + 1));
        expect(simd.lineEnd()).toBe(nl < 0 || nl >= to ? to : nl);
      }),
      { numRuns: 3000 },
    );
  });

  it('searches bytes outside its memory with the plain search, and holds a whole chunk', () => {
    const simd = ScanWasm.create();
    if (!simd) throw new Error('no WebAssembly here');
    const outside = enc('xx result" yy');
    expect(simd.holds(outside)).toBe(false);
    expect(simd.search(outside, enc('result"'), 0)).toBe(searchBytes(outside, enc('result"'), 0));
    const big = new Uint8Array(SIMD_CHUNK).fill(0x20);
    big.set(enc('assistant"'), SIMD_CHUNK - 10);
    expect(simd.search(simd.hold(big), enc('assistant"'), 0)).toBe(SIMD_CHUNK - 10);
  });
});
