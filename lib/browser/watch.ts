/// <reference lib="webworker" />
import { LIVE_POLL_MS, LIVE_QUIET_MS } from '../engine/live';
import type { TraceSession } from '../engine/session';
import type { LoadSource, UpdateMessage } from '../engine/protocol';
import { openHandles } from './worker-io';

// Live tail, in the trace worker: the files of a File System Access source are looked at every LIVE_POLL_MS; what
// grew is read (only the appended bytes) and the page gets the new summary. Once nothing has grown for LIVE_QUIET_MS,
// the session has stopped: what was in progress is read as ended.

/** Watches the files until the returned function is called. */
export function watchHandles(
  source: Extract<LoadSource, { kind: 'handles' }>,
  session: TraceSession,
  post: (m: UpdateMessage) => void,
  since: number,
): () => void {
  let stopped = false;
  let lastGrowth = since;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async (): Promise<void> => {
    try {
      const up = await session.update(await openHandles(source));
      if (stopped) return;
      if (up) {
        lastGrowth = Date.now();
        post({ kind: 'update', ...up });
      } else if (session.live && Date.now() - lastGrowth > LIVE_QUIET_MS) {
        const settled = await session.settle();
        if (settled && !stopped) post({ kind: 'update', ...settled });
      }
    } catch {
      // A file that cannot be read this time (being replaced, permission withdrawn) is tried again next time.
    }
    if (!stopped) timer = setTimeout(() => void tick(), LIVE_POLL_MS);
  };
  timer = setTimeout(() => void tick(), LIVE_POLL_MS);
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}
