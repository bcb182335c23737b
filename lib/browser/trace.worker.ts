/// <reference lib="webworker" />
import { blobKeeper } from '../engine/blob';
import { lineClipper } from '../fast/clip';
import { frameReaders } from '../fast/frames';
import { DEFAULT_NORMALIZE } from '../trace/adapters/common';
import { handle, sessionHandlers } from '../engine/handlers';
import { TraceSession } from '../engine/session';
import { warmUp } from '../engine/warm-up';
import type { Call, CallOf, Failure, Method, ReplyOf, RequestOf, WorkerMessage } from '../engine/protocol';
import { SealError } from '../share/seal';
import { isFinal } from './load-error';
import { startReader } from './reader-link';
import { watchHandles } from './watch';
import { eventLoopPacer, openSource } from './worker-io';

const isLoad = (req: unknown): req is RequestOf<'load'> => typeof req === 'object' && req !== null && 'source' in req;

// The trace worker: the engine's session behind postMessage. It parses off the main thread and answers the page's
// requests for rows and details; its only own work is I/O (worker-io.ts) and messages.

declare const self: DedicatedWorkerGlobalScope;

const post = (m: WorkerMessage): void => self.postMessage(m);

startReader();
// Long tool outputs cut where the model stops reading them, before they are parsed (lib/fast/clip.ts).
const clip = lineClipper(DEFAULT_NORMALIZE.clamp);
// Small Agent SDK frames made into events without JSON.parse (lib/fast/frames.ts).
const frames = frameReaders();
// The parse path compiled while the user picks a file (warm-up.ts); not once a request came first.
let asked = false;
setTimeout(() => {
  if (!asked) void warmUp({ ...(clip ? { clip } : {}), ...(frames ? { frames } : {}) }).catch(() => undefined);
}, 0);

// Each message re-renders the loading view (the bar, the counts, the rows list's length) on the main thread, whose CPU a
// big load shares with this worker on a small machine: four a second keep the bar moving without taking much of it.
// Until a screenful of rows exists every report is sent, with the rows: the first rows wait for no timer, and for no
// question from the page (which this worker, parsing the next slice, would answer only at its next pause).
const PROGRESS_EVERY_MS = 250;
const SCREENFUL = 100;
let lastProgress = 0;
let postedEvents = 0;
const session = new TraceSession({
  keep: blobKeeper,
  ...(clip ? { clip } : {}),
  ...(frames ? { frames } : {}),
  pause: eventLoopPacer(),
  onProgress: ({ phase, name, bytes, totalBytes, events, holdsBytes }) => {
    const now = performance.now();
    // A new load counts from zero again.
    if (events < postedEvents) postedEvents = 0;
    const before = postedEvents;
    if (phase === 'reading' && before >= SCREENFUL && now - lastProgress < PROGRESS_EVERY_MS) return;
    lastProgress = now;
    postedEvents = events;
    const rows = phase === 'reading' && before < SCREENFUL ? session.parsedRows(Math.min(events, SCREENFUL)) : [];
    post({
      kind: 'progress',
      bytes,
      ...(totalBytes !== undefined ? { totalBytes } : {}),
      ...(holdsBytes !== undefined ? { holdsBytes } : {}),
      events,
      name,
      rowCount: events,
      ...(rows.length > 0 ? { rows } : {}),
    });
  },
});
let newest = 0;
const handlers = sessionHandlers(session, async (source) => {
  const inputs = await openSource(source);
  newest = Math.max(0, ...inputs.map((i) => i.lastModified ?? 0));
  return inputs;
});
let unwatch: (() => void) | undefined;

async function answer<K extends Method>(call: CallOf<K>): Promise<ReplyOf<K> | Failure> {
  try {
    if (call.method === 'load') unwatch?.();
    const result = await handle<K>(handlers, call.method, call.req);
    // Files opened through the File System Access API are watched as they grow (live tail).
    const req: unknown = call.req;
    if (call.method === 'load' && isLoad(req) && req.source.kind === 'handles')
      unwatch = watchHandles(req.source, session, post, newest);
    return { kind: 'reply', id: call.id, method: call.method, ok: true, result };
  } catch (err) {
    const final = isFinal(err) || err instanceof SealError;
    return {
      kind: 'reply',
      id: call.id,
      ok: false,
      error: err instanceof Error ? err.message : String(err),
      ...(final ? { final } : {}),
    };
  }
}

self.onmessage = (ev: MessageEvent<Call>) => {
  asked = true;
  void answer(ev.data).then(post);
};
