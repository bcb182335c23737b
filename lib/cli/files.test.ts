import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readLines } from '../trace/lines';
import { fileChunks } from './files';

const dir = mkdtempSync(path.join(tmpdir(), 'loupe-files-'));
const lines = Array.from({ length: 200 }, (_, i) => JSON.stringify({ i, text: 'é'.repeat(i % 37) }));
const text = `${lines.join('\n')}\n`;

describe('fileChunks', () => {
  it('reads a plain file into one buffer reused from chunk to chunk, and the line reader keeps what it needs', async () => {
    const file = path.join(dir, 'a.jsonl');
    writeFileSync(file, text);
    const buffers = new Set<ArrayBufferLike>();
    let size = 0;
    for (const c of fileChunks(file, 97)) {
      buffers.add(c.buffer);
      size += c.length;
    }
    expect(buffers.size).toBe(1);
    expect(size).toBe(Buffer.byteLength(text));
    // Lines across chunk boundaries come out whole (the reader copies a line's start before the buffer is reused).
    const read: string[] = [];
    for await (const l of readLines(fileChunks(file, 97))) read.push(l.text);
    expect(read).toEqual(lines);
  });

  it('gives a gzip file a new buffer per chunk (its inflater may still hold the last one)', () => {
    const file = path.join(dir, 'a.jsonl.gz');
    const gz = gzipSync(text);
    writeFileSync(file, gz);
    const chunks = [...fileChunks(file, 64)].map((c) => ({ buffer: c.buffer, copy: c.slice() }));
    expect(new Set(chunks.map((c) => c.buffer)).size).toBe(chunks.length);
    expect(Buffer.concat(chunks.map((c) => c.copy))).toEqual(gz);
  });
});
