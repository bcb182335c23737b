import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withEventUuids } from '../trace/model/uuids';
import { blobChunks, FIRST_SLICE, SLICE } from './blob';
import { loadTrace } from './load';
import { portChunks, readerChunks, serveRead, type OpenRead, type Port } from './reader';
import { memorySource } from './source';

// The reader's protocol over real MessageChannels and Blobs (in a browser its side runs in another worker; here in
// the same thread, which the protocol does not depend on).

const open: OpenRead = (req) => {
  const ch = new MessageChannel();
  serveRead(req, ch.port2 as unknown as Port);
  return ch.port1 as unknown as Port;
};

const pattern = (size: number): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 2654435761) >>> 24;
  return bytes;
};

async function all(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for await (const c of chunks) out.push(c);
  return out;
}

const joined = (chunks: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};

/** A Blob that counts the slices taken of it (each slice is one read). */
class CountingBlob extends Blob {
  slices = 0;
  override slice(start?: number, end?: number, type?: string): Blob {
    this.slices += 1;
    return super.slice(start, end, type);
  }
}

/** A Blob over bytes in memory whose slices keep their bytes: read synchronously as a worker's FileReaderSync would. */
class MemoryBlob extends Blob {
  constructor(readonly data: Uint8Array<ArrayBuffer>) {
    super([data]);
  }
  override slice(start = 0, end = this.size): MemoryBlob {
    return new MemoryBlob(this.data.slice(start, end));
  }
}
const readMemory = (b: Blob): ArrayBuffer => (b as MemoryBlob).data.slice().buffer;

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('readerChunks', () => {
  it('gives the slices blobChunks gives, in order: every byte once, more slices than are read ahead', async () => {
    const bytes = pattern(45 * 1024 * 1024 + 12_345);
    const blob = new Blob([bytes]);
    const got = await all(readerChunks(blob, open));
    const direct = await all(blobChunks(blob));
    expect(got.map((c) => c.length)).toEqual(direct.map((c) => c.length));
    expect(got[0]?.length).toBe(64 * 1024);
    expect(Buffer.from(joined(got)).equals(Buffer.from(bytes))).toBe(true);
  });

  it('reads a file smaller than the first slice without the reader, and nothing from an empty one', async () => {
    let asked = 0;
    const counting: OpenRead = (req) => {
      asked += 1;
      return open(req);
    };
    expect(joined(await all(readerChunks(new Blob(['{"a":1}\n']), counting)))).toEqual(
      new TextEncoder().encode('{"a":1}\n'),
    );
    expect(await all(readerChunks(new Blob([]), counting))).toEqual([]);
    expect(asked).toBe(0);
  });

  it('gives what blobChunks gives at the edges: one byte past the first slice, whole last slices, exactly 16 MiB', async () => {
    for (const size of [
      FIRST_SLICE,
      FIRST_SLICE + 1,
      FIRST_SLICE + SLICE - 1,
      FIRST_SLICE + 4 * SLICE,
      16 * 1024 * 1024,
    ]) {
      const bytes = pattern(size);
      const blob = new Blob([bytes]);
      const got = await all(readerChunks(blob, open));
      expect(
        got.map((c) => c.length),
        String(size),
      ).toEqual((await all(blobChunks(blob))).map((c) => c.length));
      expect(got.every((c) => c.length > 0)).toBe(true);
      expect(Buffer.from(joined(got)).equals(Buffer.from(bytes)), String(size)).toBe(true);
    }
  });

  it('loads the trace a load from memory gives, with lines and characters split across its slices', async () => {
    const head = '{"type":"user","session_id":"s1","message":{"role":"user","content":"';
    const tail = '"}}';
    const enc = new TextEncoder();
    const parts: string[] = [];
    let size = 0;
    const push = (line: string): void => {
      parts.push(`${line}\n`);
      size += enc.encode(line).length + 1;
    };
    const filler = (bytes: number): void => push(head + 'x'.repeat(bytes - head.length - tail.length - 1) + tail);
    // A line of 4-byte characters across `boundary`, which falls two bytes into one of them.
    const splitAt = (boundary: number): void => {
      while (size < boundary - 10_000) filler(2000);
      filler(boundary - 4002 - head.length - size);
      push(head + '\u{1F600}'.repeat(2000) + tail);
    };
    push(
      JSON.stringify({
        type: 'system',
        subtype: 'init',
        session_id: 's1',
        model: 'claude-sonnet-4-5-20250929',
        tools: [],
      }),
    );
    splitAt(FIRST_SLICE);
    splitAt(FIRST_SLICE + SLICE);
    while (size < FIRST_SLICE + SLICE + 100_000) filler(3000);
    // The last line has no newline: it ends in the last, short slice.
    const last = JSON.stringify({
      type: 'result',
      subtype: 'success',
      is_error: false,
      result: 'done',
      session_id: 's1',
    });
    const bytes = enc.encode(`${parts.join('')}${last}`);
    for (const b of [FIRST_SLICE, FIRST_SLICE + SLICE]) expect(bytes[b] ?? 0).toBeGreaterThanOrEqual(0x80);
    const read = await loadTrace([
      { name: 't.jsonl', size: bytes.length, open: () => readerChunks(new Blob([bytes]), open) },
    ]);
    expect(read.diagnostics).toEqual([]);
    expect(read.events).toHaveLength(parts.length + 1);
    expect(JSON.stringify(read.events)).not.toContain('\uFFFD');
    expect(withEventUuids(read)).toEqual(withEventUuids(await loadTrace([memorySource('t.jsonl', bytes)])));
  });

  it('reads everything here when there is no reader', async () => {
    const bytes = pattern(9 * 1024 * 1024);
    expect(
      Buffer.from(joined(await all(readerChunks(new Blob([bytes]), () => undefined)))).equals(Buffer.from(bytes)),
    ).toBe(true);
  });

  it('reads one slice ahead at first, one more for each taken, never more than `ahead` untaken', async () => {
    const ch = new MessageChannel();
    const blob = new CountingBlob([pattern(40 * 1024 * 1024)]);
    serveRead({ blob, from: 0, slice: 1024 * 1024, ahead: 3 }, ch.port2 as unknown as Port);
    // Each read is started (its slice taken of the Blob) as the reader decides on it.
    expect(blob.slices).toBe(1);
    const received: unknown[] = [];
    let arrived: () => void = () => undefined;
    ch.port1.onmessage = (ev: MessageEvent) => {
      received.push(ev.data);
      arrived();
    };
    const count = (n: number): Promise<void> => new Promise((r) => (arrived = () => received.length >= n && r()));
    await count(1);
    expect(blob.slices).toBe(1);
    // One taken: two ahead now.
    ch.port1.postMessage({ kind: 'took' });
    await count(3);
    expect(blob.slices).toBe(3);
    // Another: three ahead, one of them untaken.
    ch.port1.postMessage({ kind: 'took' });
    await count(5);
    expect(blob.slices).toBe(5);
    // No more than three: one for one from here on.
    ch.port1.postMessage({ kind: 'took' });
    await count(6);
    expect(blob.slices).toBe(6);
    ch.port1.postMessage({ kind: 'stop' });
    ch.port1.close();
  });

  it('reads with a synchronous reader the same slices, in order, and says its failure as a DOMException', async () => {
    const bytes = pattern(9 * 1024 * 1024 + 77);
    const ch = new MessageChannel();
    serveRead(
      { blob: new MemoryBlob(bytes), from: 1000, slice: 1024 * 1024, ahead: 3 },
      ch.port2 as unknown as Port,
      readMemory,
    );
    const got = await all(portChunks(ch.port1 as unknown as Port));
    expect(got.map((c) => c.length)).toEqual([...Array<number>(8).fill(1024 * 1024), 1024 * 1024 + 77 - 1000]);
    expect(Buffer.from(joined(got)).equals(Buffer.from(bytes.subarray(1000)))).toBe(true);

    const failing = new MessageChannel();
    let reads = 0;
    const readThenFail = (b: Blob): ArrayBuffer => {
      if (++reads === 3) throw new DOMException('The file changed.', 'NotReadableError');
      return readMemory(b);
    };
    serveRead(
      { blob: new MemoryBlob(bytes), from: 0, slice: 1024 * 1024, ahead: 2 },
      failing.port2 as unknown as Port,
      readThenFail,
    );
    const before: Uint8Array[] = [];
    let error: unknown;
    try {
      for await (const c of portChunks(failing.port1 as unknown as Port)) before.push(c);
    } catch (err) {
      error = err;
    }
    expect(before).toHaveLength(2);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('NotReadableError');
  });

  it('throws a read that fails mid-file as the DOMException the reader caught, after the slices before it', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'loupe-reader-'));
    const file = path.join(dir, 't.jsonl');
    await writeFile(file, pattern(8 * 1024 * 1024));
    const blob = await openAsBlob(file);
    const ch = new MessageChannel();
    serveRead({ blob, from: 0, slice: 1024 * 1024, ahead: 2 }, ch.port2 as unknown as Port);
    const got: Uint8Array[] = [];
    let error: unknown;
    try {
      for await (const c of portChunks(ch.port1 as unknown as Port)) {
        got.push(c);
        // The file changes on disk after its first slices: the reads after that fail.
        if (got.length === 2) await writeFile(file, 'changed');
      }
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('NotReadableError');
    expect(got.length).toBeGreaterThanOrEqual(2);
    expect(got.length).toBeLessThan(8);
  });

  it('tells the reader to stop when left early, and it stops reading', async () => {
    const ch = new MessageChannel();
    const blob = new CountingBlob([pattern(24 * 1024 * 1024)]);
    let closed: () => void = () => undefined;
    const stopped = new Promise<void>((r) => (closed = r));
    const readerPort = ch.port2 as unknown as Port;
    const close = readerPort.close.bind(readerPort);
    readerPort.close = () => {
      close();
      closed();
    };
    serveRead({ blob, from: 0, slice: 1024 * 1024, ahead: 2 }, readerPort);
    let n = 0;
    for await (const c of portChunks(ch.port1 as unknown as Port)) {
      expect(c.length).toBe(1024 * 1024);
      if (++n === 3) break;
    }
    await stopped;
    // Three taken, at most two more read ahead: not the other 19.
    expect(blob.slices).toBeLessThanOrEqual(5);
  });
});
