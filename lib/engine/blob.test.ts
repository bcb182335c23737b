import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { blobChunks, blobInput, type BlobReader } from './blob';
import { readerChunks, serveRead, type Port } from './reader';
import { TraceSession } from './session';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('blobChunks', () => {
  it('gives every byte once, in order, a small first slice then doubling ones, with many slices read ahead', async () => {
    // 45 MiB and a bit: more slices than are read ahead at once, and a short last one.
    const size = 45 * 1024 * 1024 + 12_345;
    const bytes = new Uint8Array(size);
    for (let i = 0; i < size; i++) bytes[i] = (i * 2654435761) >>> 24;
    const chunks: Uint8Array[] = [];
    for await (const c of blobChunks(new Blob([bytes]))) chunks.push(c);
    const KiB = 1024;
    // 64 KiB, then 128, 256 and 512 KiB, 1, 2 and 4 MiB: the first rows wait for a small read, and those of a file whose
    // first line is long for no 4 MiB one.
    expect(chunks.slice(0, 7).map((c) => c.length / KiB)).toEqual([64, 128, 256, 512, 1024, 2048, 4096]);
    expect(chunks.slice(6, -1).every((c) => c.length === 4 * 1024 * KiB)).toBe(true);
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

describe('blobInput', () => {
  /** The reader's side run in this thread, over a real MessageChannel. */
  const throughReader: BlobReader = (blob, first) =>
    readerChunks(
      blob,
      (req) => {
        const ch = new MessageChannel();
        serveRead(req, ch.port2 as unknown as Port);
        return ch.port1 as unknown as Port;
      },
      first,
    );

  it('reads the first slice once with `first`: the read that says whether it is gzip starts the load', async () => {
    /** A Blob that notes where each slice taken of it starts. */
    class NotingBlob extends Blob {
      readonly starts: number[];
      constructor(parts: BlobPart[], starts: number[] = []) {
        super(parts);
        this.starts = starts;
      }
      override slice(start = 0, end = this.size): Blob {
        this.starts.push(start);
        return super.slice(start, end);
      }
    }
    const line = `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'x'.repeat(200) } })}\n`;
    const text = line.repeat(Math.ceil((20 * 1024 * 1024) / line.length));
    for (const chunks of [blobChunks, throughReader]) {
      const blob = new NotingBlob([text]);
      const input = await blobInput('t.jsonl', blob, chunks, { first: true });
      const read = async (): Promise<string> => {
        const parts: Uint8Array[] = [];
        for await (const c of input.open() as AsyncIterable<Uint8Array>) parts.push(c);
        return new TextDecoder().decode(await new Blob(parts as Uint8Array<ArrayBuffer>[]).arrayBuffer());
      };
      expect(await read()).toBe(text);
      expect(blob.starts.filter((s) => s === 0)).toHaveLength(1);
      // A second read reads the first slice again (it is not kept past the first).
      expect(await read()).toBe(text);
      expect(blob.starts.filter((s) => s === 0)).toHaveLength(2);
    }
    // Without it (a file looked at again for growth), two bytes are read, and the load reads its first slice itself.
    const blob = new NotingBlob([text]);
    const input = await blobInput('t.jsonl', blob);
    expect(blob.starts).toEqual([0]);
    let n = 0;
    for await (const c of input.open() as AsyncIterable<Uint8Array>) n += c.length;
    expect(n).toBe(text.length);
    expect(blob.starts.filter((s) => s === 0)).toHaveLength(2);
    // A gzip file's first bytes say so, and it is streamed whole.
    const gz = await blobInput('t.jsonl.gz', new Blob([new Uint8Array([0x1f, 0x8b, 8, 0])]), blobChunks, {
      first: true,
    });
    expect(gz.openFrom).toBeUndefined();
  });
  const said =
    /^t\.jsonl could not be read \(.+\)\. It may have changed, moved or been deleted since it was opened: open it again\.$/;

  async function fileBlob(size: number): Promise<{ file: string; blob: Blob }> {
    dir = await mkdtemp(path.join(tmpdir(), 'loupe-blob-'));
    const file = path.join(dir, 't.jsonl');
    const line = `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'x'.repeat(200) } })}\n`;
    await writeFile(file, line.repeat(Math.ceil(size / line.length)));
    return { file, blob: await openAsBlob(file) };
  }

  it('says which file could not be read when it changes on disk while it is read, here or in the reader', async () => {
    for (const chunks of [blobChunks, throughReader]) {
      // More than the first slice and the eight read ahead: some reads start after the file changed.
      const { file, blob } = await fileBlob(40 * 1024 * 1024);
      const input = await blobInput('t.jsonl', blob, chunks);
      let n = 0;
      let error: unknown;
      try {
        for await (const _ of input.open() as AsyncIterable<Uint8Array>)
          if (++n === 1) await writeFile(file, 'changed');
      } catch (err) {
        error = err;
      }
      expect(n).toBeGreaterThanOrEqual(1);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(said);
      await rm(dir ?? '', { recursive: true, force: true });
    }
  });

  it('fails the load in those words when the file changed between its drop and its load', async () => {
    const { file, blob } = await fileBlob(64 * 1024);
    await writeFile(file, 'changed');
    await expect(new TraceSession().load(blobInput('t.jsonl', blob, throughReader).then((i) => [i]))).rejects.toThrow(
      said,
    );
  });
});
