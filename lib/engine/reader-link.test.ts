import { describe, expect, it } from 'vitest';
import { serveRead, type Port, type ReadRequest } from './reader';
import { readerLink, type ReaderWorker } from './reader-link';

// The link to the reader worker when the reader fails: one that dies under a read (its script failed to load, it
// threw) or cannot start. The reader here runs in this thread over real MessageChannels and Blobs (Node has no Web
// Worker); dying is what a Worker's `error` event and `terminate()` do: it says so once, and posts nothing after.

class ThreadReader implements ReaderWorker {
  died: () => void = () => undefined;
  readonly ports: MessagePort[] = [];
  postMessage({ req, port }: { req: ReadRequest; port: MessagePort }): void {
    this.ports.push(port);
    serveRead(req, port as unknown as Port);
  }
  die(): void {
    this.died();
  }
  terminate(): void {
    for (const p of this.ports) p.close();
  }
}

/** Starts ThreadReaders, kept in `readers`. */
const spawning =
  (readers: ThreadReader[]) =>
  (died: () => void): ThreadReader => {
    const r = new ThreadReader();
    r.died = died;
    readers.push(r);
    return r;
  };

const pattern = (size: number): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 2654435761) >>> 24;
  return bytes;
};

/** Every chunk of `chunks`, `during(n)` called after the n-th (from 1). */
async function all(chunks: AsyncIterable<Uint8Array>, during: (n: number) => void = () => undefined): Promise<Buffer> {
  const out: Uint8Array[] = [];
  for await (const c of chunks) {
    out.push(c.slice());
    during(out.length);
  }
  return Buffer.concat(out);
}

const MIB = 1024 * 1024;

describe('readerLink', () => {
  it('reads a big Blob in the reader and a small one here', async () => {
    const readers: ThreadReader[] = [];
    const link = readerLink(spawning(readers), 2 * MIB);
    const small = pattern(2 * MIB - 1);
    expect((await all(link.read(new Blob([small])))).equals(small)).toBe(true);
    expect(readers[0]?.ports ?? []).toHaveLength(0);
    const big = pattern(13 * MIB + 5);
    expect((await all(link.read(new Blob([big])))).equals(big)).toBe(true);
    expect(readers).toHaveLength(1);
    expect(readers[0]?.ports).toHaveLength(1);
  });

  it('goes on here when the reader dies before the parser listens (while it parses the first slice)', async () => {
    const readers: ThreadReader[] = [];
    const link = readerLink(spawning(readers), MIB);
    const bytes = pattern(21 * MIB + 3);
    // Before the first slice is handed on, the reader has the read; it dies while that slice is parsed.
    const got = await all(link.read(new Blob([bytes])), (n) => n === 1 && readers[0]?.die());
    expect(got.equals(bytes)).toBe(true);
  }, 10_000);

  it('goes on here from the first byte the reader did not hand over when it dies mid-read', async () => {
    const readers: ThreadReader[] = [];
    const link = readerLink(spawning(readers), MIB);
    const bytes = pattern(37 * MIB + 11);
    const got = await all(link.read(new Blob([bytes])), (n) => n === 3 && readers[0]?.die());
    expect(got.equals(bytes)).toBe(true);
  }, 10_000);

  it('does not start a reader that died again: later reads are done here', async () => {
    const readers: ThreadReader[] = [];
    const link = readerLink(spawning(readers), MIB);
    link.start();
    readers[0]?.die();
    const bytes = pattern(9 * MIB);
    expect((await all(link.read(new Blob([bytes])))).equals(bytes)).toBe(true);
    expect(readers).toHaveLength(1);
    expect(readers[0]?.ports).toHaveLength(0);
  });

  it('reads everything here when no reader can start, and tries to start one once', async () => {
    let tried = 0;
    const link = readerLink(() => {
      tried += 1;
      throw new Error('no nested workers here');
    }, MIB);
    expect(link.start()).toBeUndefined();
    const bytes = pattern(9 * MIB + 1);
    expect((await all(link.read(new Blob([bytes])))).equals(bytes)).toBe(true);
    expect(tried).toBe(1);
  });
});
