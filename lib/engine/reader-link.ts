import { blobChunks, type BlobReader } from './blob';
import { readerChunks, type OpenRead, type Port, type ReaderReply, type ReadRequest } from './reader';

// The parsing thread's link to its reader worker (see reader.ts): starts it, opens reads in it, and when it dies, tells
// the reads in progress, which read the rest of their Blobs themselves.

/** Below this, a Blob is read by the parsing thread itself: its few reads wait little, and a hop would add to each. */
export const READER_MIN_BYTES = 16 * 1024 * 1024;

/** What the link needs of the reader's Worker. */
export interface ReaderWorker {
  postMessage(message: { req: ReadRequest; port: MessagePort }, transfer: Transferable[]): void;
  terminate(): void;
}

/** Starts a reader that calls `died` when it fails to start or dies (its `error` event); throws when none can run. */
export type SpawnReader = (died: () => void) => ReaderWorker;

export interface ReaderLink {
  /** Starts the reader when it is not running yet (undefined when it cannot run). */
  start(): ReaderWorker | undefined;
  /** Reads a big Blob through the reader, a small one here. */
  read: BlobReader;
}

/**
 * A link to the reader `spawn` starts. A reader that fails to start, or dies, is
 * not started again: every read is then done here, and a read it was serving goes on here from where its slices
 * stopped, so a load never waits for a reader that is gone, nor fails because of it.
 */
export function readerLink(spawn: SpawnReader, minBytes = READER_MIN_BYTES): ReaderLink {
  let reader: ReaderWorker | undefined;
  let broken = false;
  /** The reads in progress, to be told if the reader dies under them. */
  const reads = new Set<() => void>();

  const died = (): void => {
    broken = true;
    reader?.terminate();
    reader = undefined;
    for (const gone of reads) gone();
    reads.clear();
  };
  const start = (): ReaderWorker | undefined => {
    if (reader || broken) return reader;
    try {
      reader = spawn(died);
    } catch {
      broken = true;
    }
    return reader;
  };

  const open: OpenRead = (req) => {
    const w = start();
    if (!w) return undefined;
    const ch = new MessageChannel();
    w.postMessage({ req, port: ch.port2 }, [ch.port2]);
    let handler: ((ev: MessageEvent) => void) | null = null;
    let gone = false;
    const goneEvent = (): MessageEvent => new MessageEvent('message', { data: { kind: 'gone' } satisfies ReaderReply });
    // The reader may die before the parser listens (it is still parsing the first slice): the parser hears it then.
    const tell = (): void => {
      gone = true;
      handler?.(goneEvent());
    };
    reads.add(tell);
    const port: Port = {
      postMessage: (m, transfer) => ch.port1.postMessage(m, transfer ?? []),
      get onmessage() {
        return handler;
      },
      set onmessage(h) {
        handler = h;
        ch.port1.onmessage = h;
        if (gone) h?.(goneEvent());
      },
      close: () => {
        reads.delete(tell);
        ch.port1.close();
      },
    };
    return port;
  };

  return {
    start,
    read: (blob, first) => (blob.size >= minBytes ? readerChunks(blob, open, first) : blobChunks(blob, first)),
  };
}
