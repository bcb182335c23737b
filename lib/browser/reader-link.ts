/// <reference lib="webworker" />
import { readerLink } from '../engine/reader-link';

// The trace worker's link to its reader worker, which reads big files for it (see lib/engine/reader.ts and
// lib/engine/reader-link.ts).

const link = readerLink((died) => {
  if (typeof Worker === 'undefined') throw new Error('no nested workers here');
  const worker = new Worker(new URL('./reader.worker.ts', import.meta.url), { type: 'module', name: 'loupe-reader' });
  worker.onerror = (ev) => {
    // Said here, not to the page: the reads go on in the trace worker (see readerLink).
    ev.preventDefault();
    died();
  };
  return worker;
});

/**
 * Starts the reader worker, when it is not running yet: the trace worker does so as it starts, so that the reader is
 * ready when a big file comes (its start took 60-250 ms of a load on a busy machine).
 */
export const startReader = (): void => void link.start();

/** Reads a big Blob through the reader worker, a small one here. */
export const readBlob = link.read;
