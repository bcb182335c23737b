import type { FrameReaders } from '../../trace/parse';
import { frameReaders } from '../frames';

/** How many events a load's frame readers made: in all, and off a run's text (`FrameRead.read` given a `start`). */
export interface FrameCounts {
  read: number;
  offRuns: number;
}

/** This thread's frame readers, counting the events they make into `counts` (for tests: which path a load took). */
export function countingFrames(counts: FrameCounts): FrameReaders {
  const readers = frameReaders();
  if (!readers) throw new Error('no WebAssembly here');
  return (norm) => {
    const r = readers(norm);
    const lineEnds = r.lineEnds;
    return {
      ...(lineEnds ? { lineEnds: (bytes: Uint8Array) => lineEnds(bytes) } : {}),
      chunk: (bytes) => r.chunk(bytes),
      read: (text, at, h, start, length) => {
        const e = r.read(text, at, h, start, length);
        if (e) counts.read += 1;
        if (e && start !== undefined) counts.offRuns += 1;
        return e;
      },
    };
  };
}
