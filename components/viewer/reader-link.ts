/// <reference lib="webworker" />
import { blobChunks, type BlobReader } from '../../lib/engine/blob';
import { readerChunks, type OpenRead, type Port, type ReaderReply } from '../../lib/engine/reader';

// The trace worker's link to its reader worker, which reads big files for it (see lib/engine/reader.ts).

/** Below this, a Blob is read in the trace worker itself: its few reads wait little, and a hop would add to each. */
const READER_MIN_BYTES = 16 * 1024 * 1024;

let reader: Worker | undefined;
/** Set when the reader failed to start: every read is then done here. */
let broken = false;
/** The reads in progress, to be told if the reader dies under them. */
const reads = new Set<(reply: ReaderReply) => void>();

/**
 * Starts the reader worker, when it is not running yet: the trace worker does so as it starts, so that the reader is
 * ready when a big file comes (its start took 60-250 ms of a load on a busy machine).
 */
export function startReader(): Worker | undefined {
  if (reader || broken || typeof Worker === 'undefined') return reader;
  try {
    reader = new Worker(new URL('./reader.worker.ts', import.meta.url), { type: 'module', name: 'loupe-reader' });
  } catch {
    broken = true;
    return undefined;
  }
  reader.onerror = (ev) => {
    ev.preventDefault();
    broken = true;
    reader?.terminate();
    reader = undefined;
    for (const tell of reads) tell({ kind: 'error', name: 'Error', message: `The file reader stopped${ev.message ? `: ${ev.message}` : ''}. Try again.` });
    reads.clear();
  };
  return reader;
}

const open: OpenRead = (req) => {
  const reader = startReader();
  if (!reader) return undefined;
  const ch = new MessageChannel();
  reader.postMessage({ req, port: ch.port2 }, [ch.port2]);
  let handler: ((ev: MessageEvent) => void) | null = null;
  const tell = (reply: ReaderReply): void => handler?.(new MessageEvent('message', { data: reply }));
  reads.add(tell);
  const port: Port = {
    postMessage: (m, transfer) => ch.port1.postMessage(m, transfer ?? []),
    get onmessage() {
      return handler;
    },
    set onmessage(h) {
      handler = h;
      ch.port1.onmessage = h;
    },
    close: () => {
      reads.delete(tell);
      ch.port1.close();
    },
  };
  return port;
};

/** Reads a big Blob through the reader worker, a small one here. */
export const readBlob: BlobReader = (blob) => (blob.size >= READER_MIN_BYTES ? readerChunks(blob, open) : blobChunks(blob));
