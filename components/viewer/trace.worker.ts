/// <reference lib="webworker" />
import { blobKeeper } from '../../lib/engine/blob';
import { handle, sessionHandlers } from '../../lib/engine/handlers';
import { TraceSession } from '../../lib/engine/session';
import type { Call, CallOf, Failure, Method, ReplyOf, WorkerMessage } from '../../lib/view/protocol';
import { eventLoopPacer, openSource } from './worker-io';

// The trace worker: the engine's session behind postMessage. It parses off the main thread and answers the page's
// requests for rows and details; its only own work is I/O (worker-io.ts) and messages.

declare const self: DedicatedWorkerGlobalScope;

const post = (m: WorkerMessage): void => self.postMessage(m);

const PROGRESS_EVERY_MS = 80;
let lastProgress = 0;
const session = new TraceSession({
  keep: blobKeeper,
  pause: eventLoopPacer(),
  onProgress: ({ phase, name, bytes, totalBytes, events }) => {
    const now = performance.now();
    if (phase === 'reading' && now - lastProgress < PROGRESS_EVERY_MS) return;
    lastProgress = now;
    post({ kind: 'progress', bytes, ...(totalBytes !== undefined ? { totalBytes } : {}), events, name, rowCount: events });
  },
});
const handlers = sessionHandlers(session, openSource);

async function answer<K extends Method>(call: CallOf<K>): Promise<ReplyOf<K> | Failure> {
  try {
    const result = await handle<K>(handlers, call.method, call.req);
    return { kind: 'reply', id: call.id, method: call.method, ok: true, result };
  } catch (err) {
    return { kind: 'reply', id: call.id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

self.onmessage = (ev: MessageEvent<Call>) => {
  void answer(ev.data).then(post);
};
