import { describe, expect, it } from 'vitest';
import { blobChunks } from './blob';

describe('blobChunks', () => {
  it('gives every byte once, in order, a small first slice then large ones, with many slices read ahead', async () => {
    // 45 MiB and a bit: more slices than are read ahead at once, and a short last one.
    const size = 45 * 1024 * 1024 + 12_345;
    const bytes = new Uint8Array(size);
    for (let i = 0; i < size; i++) bytes[i] = (i * 2654435761) >>> 24;
    const chunks: Uint8Array[] = [];
    for await (const c of blobChunks(new Blob([bytes]))) chunks.push(c);
    expect(chunks[0]?.length).toBe(256 * 1024);
    expect(chunks.slice(1, -1).every((c) => c.length === 4 * 1024 * 1024)).toBe(true);
    expect(chunks.reduce((n, c) => n + c.length, 0)).toBe(size);
    let at = 0;
    let differ = 0;
    for (const c of chunks) {
      for (let i = 0; i < c.length; i++) if (c[i] !== bytes[at + i]) differ += 1;
      at += c.length;
    }
    expect(differ).toBe(0);
  });

  it('gives nothing for an empty blob', async () => {
    const chunks: Uint8Array[] = [];
    for await (const c of blobChunks(new Blob([]))) chunks.push(c);
    expect(chunks).toEqual([]);
  });
});
