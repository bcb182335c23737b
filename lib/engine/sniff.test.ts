import { describe, expect, it } from 'vitest';
import { sniffBlob } from './sniff';

const blob = (bytes: readonly number[] | string): Blob =>
  new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]);

describe('sniffBlob', () => {
  it('takes JSON lines, a JSON document, gzip and an empty file', async () => {
    for (const b of [blob('{"type":"user"}\n'), blob('\uFEFF  [\n{}]'), blob([0x1f, 0x8b, 8, 0]), blob('')])
      expect(await sniffBlob('f', b)).toBeUndefined();
  });

  it('names an image, UTF-16 text, a binary file and text that is not JSON', async () => {
    const said = async (b: Blob) => (await sniffBlob('x.bin', b))?.reason;
    expect(await said(blob([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBe('not a transcript (PNG image)');
    expect(await said(blob([0xff, 0xfe, 0x7b, 0]))).toBe('not UTF-8 (UTF-16 text)');
    expect(await said(blob([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]))).toBe('not a transcript (binary file)');
    expect(await sniffBlob('notes.txt', blob('hello\n{"a":1}\n'))).toEqual({
      reason: 'not JSONL (its first line is not JSON)',
      sentence: 'notes.txt does not look like JSONL: its first line is not JSON ("hello").',
    });
  });
});
