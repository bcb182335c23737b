/// <reference lib="webworker" />
import type { Request, WorkerMessage } from '../../lib/view/protocol';
import { TraceSession } from './worker-core';

// The trace worker: parses off the main thread and answers the page's requests for rows and details.

declare const self: DedicatedWorkerGlobalScope;

const post = (m: WorkerMessage): void => self.postMessage(m);
const session = new TraceSession((p) => post({ kind: 'progress', ...p }));

self.onmessage = (ev: MessageEvent<{ id: number; req: Request }>) => {
  const { id, req } = ev.data;
  session.handle(req).then(
    (result) => post({ kind: 'reply', id, ok: true, result }),
    (err: unknown) => post({ kind: 'reply', id, ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
};
