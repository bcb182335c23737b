/// <reference lib="webworker" />
import { blobChunks } from '../engine/blob';
import { scanSource } from '../fast/index';
import type { FromScan, ToScan } from './library-protocol';

// A scan worker: the stats fast path over one file at a time (prompts kept for search). Its jobs come from the
// library worker through the port the page gave it; what it returns goes back there.

declare const self: DedicatedWorkerGlobalScope;

async function scan(port: MessagePort, m: ToScan): Promise<void> {
  const { job } = m;
  let reply: FromScan;
  try {
    const file = job.file ?? (await job.handle?.getFile());
    if (!file) throw new Error('no file');
    reply = {
      kind: 'scanned',
      id: job.id,
      scan: await scanSource({ name: job.name, size: file.size, open: () => blobChunks(file) }, { prompts: true }),
    };
  } catch (err) {
    reply = { kind: 'failed', id: job.id, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
}

self.onmessage = (ev: MessageEvent<{ port: MessagePort }>) => {
  const port = ev.data.port;
  // One file at a time, in order: the library worker keeps each scan worker one file ahead.
  let queue = Promise.resolve();
  port.onmessage = (e: MessageEvent<ToScan>) => {
    queue = queue.then(() => scan(port, e.data));
  };
};
