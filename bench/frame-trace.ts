// Frame costs from a Chrome trace of a scroll (CDP `Tracing`, categories `toplevel` and `devtools.timeline`).
//
// The scroll steps once per `requestAnimationFrame`, and Chromium runs without vsync and frame-rate limit, so the
// frames follow one another as fast as they are made. A frame is the interval from one `FireAnimationFrame` on the
// page's main thread to the next. Its cost is the CPU time (the trace's thread time, `tdur`: time on a core, not time
// waiting for one) of the top-level tasks that start in it on the threads that make frames: the renderer's main thread
// (script, style, layout, paint, commit), its compositor and raster workers, and the GPU process's viz compositor
// (which draws, in software here). Summed, it is the work of the frame as if one core did all of it, so it is not
// hidden by running stages side by side, and a loaded machine (other processes taking the cores) barely changes it.

export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string };
}

export interface FrameCosts {
  /** Frames measured (intervals between animation frames). */
  readonly frames: number;
  /** p95 of the frame's CPU time on the renderer's main thread, ms. */
  readonly mainP95: number;
  /** Each frame's CPU time on the main thread, ms, in order (for A/B comparisons frame by frame: jump-ab.ts). */
  readonly mainFrames: readonly number[];
  /** p95 of the frame's CPU time on every thread that makes frames (main, compositor, raster, viz), ms. */
  readonly totalP95: number;
  /** p95 of the frame's wall time (animation frame to animation frame), ms. */
  readonly wallP95: number;
}

/** Threads that make frames, by the name Chromium gives them; the GPU process's only in `VizCompositorThread`. */
const RENDERER_THREADS = new Set(['CrRendererMain', 'Compositor', 'ThreadPoolForegroundWorker']);
const GPU_THREADS = new Set(['VizCompositorThread']);

export function p95(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
}

/** Per-frame costs of the trace; `skip` frames at the start are left out (the first reaches back before the scroll). */
export function frameCosts(events: readonly TraceEvent[], skip = 1): FrameCosts {
  const threadName = new Map<string, string>();
  const processName = new Map<number, string>();
  for (const e of events) {
    if (e.ph !== 'M') continue;
    if (e.name === 'thread_name' && e.args?.name) threadName.set(`${e.pid}:${e.tid}`, e.args.name);
    if (e.name === 'process_name' && e.args?.name) processName.set(e.pid, e.args.name);
  }
  const rafs = events.filter((e) => e.ph === 'X' && e.name === 'FireAnimationFrame');
  const renderer = rafs[0]?.pid;
  const mainTid = rafs[0]?.tid;
  // A frame starts with the main-thread task that runs its animation frame (and then style, layout, paint, commit).
  const mainTasks = topLevel(events.filter((e) => e.ph === 'X' && e.pid === renderer && e.tid === mainTid));
  const starts: number[] = [];
  let t = 0;
  for (const raf of rafs.filter((e) => e.pid === renderer && e.tid === mainTid).sort((a, b) => a.ts - b.ts)) {
    while (t < mainTasks.length && (mainTasks[t]?.ts ?? 0) + (mainTasks[t]?.dur ?? 0) <= raf.ts) t++;
    const outer = mainTasks[t];
    starts.push(outer && outer.ts <= raf.ts ? outer.ts : raf.ts);
  }
  if (starts.length < skip + 2) return { frames: 0, mainP95: 0, mainFrames: [], totalP95: 0, wallP95: 0 };
  const first = starts[skip] ?? 0;
  const frames = starts.length - skip - 1;
  const main = new Array<number>(frames).fill(0);
  const total = new Array<number>(frames).fill(0);
  const wall: number[] = [];
  for (let i = 0; i < frames; i++) wall.push(((starts[skip + i + 1] ?? 0) - (starts[skip + i] ?? 0)) / 1000);
  /** The frame whose interval holds `ts`, or -1. */
  const frameOf = (ts: number): number => {
    if (ts < first) return -1;
    let lo = skip;
    let hi = starts.length - 1;
    if (ts >= (starts[hi] ?? 0)) return -1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if ((starts[mid] ?? 0) <= ts) lo = mid;
      else hi = mid;
    }
    return lo - skip;
  };
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' || e.tdur === undefined) continue;
    const name = threadName.get(`${e.pid}:${e.tid}`) ?? '';
    const counted =
      (e.pid === renderer && RENDERER_THREADS.has(name)) ||
      (processName.get(e.pid) === 'GPU Process' && GPU_THREADS.has(name));
    if (!counted) continue;
    const key = `${e.pid}:${e.tid}`;
    let list = byThread.get(key);
    if (!list) byThread.set(key, (list = []));
    list.push(e);
  }
  for (const [key, list] of byThread) {
    const isMain = key === `${renderer}:${mainTid}`;
    for (const e of topLevel(list)) {
      const f = frameOf(e.ts);
      if (f < 0) continue;
      const ms = (e.tdur ?? 0) / 1000;
      total[f] = (total[f] ?? 0) + ms;
      if (isMain) main[f] = (main[f] ?? 0) + ms;
    }
  }
  return { frames, mainP95: p95(main), mainFrames: main, totalP95: p95(total), wallP95: p95(wall) };
}

/** The events of one thread not nested in another (whose time is already in the outer one's), by start. */
function topLevel(events: readonly TraceEvent[]): TraceEvent[] {
  const sorted = [...events].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const out: TraceEvent[] = [];
  let end = -Infinity;
  for (const e of sorted) {
    if (e.ts < end) continue;
    end = e.ts + (e.dur ?? 0);
    out.push(e);
  }
  return out;
}
