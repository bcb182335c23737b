import { describe, expect, it } from 'vitest';
import { frameCosts, type TraceEvent } from '../bench/frame-trace';

const R = 10; // renderer pid
const G = 20; // GPU process pid
const meta = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
const task = (pid: number, tid: number, ts: number, ms: number, name = 'RunTask'): TraceEvent => ({
  name,
  ph: 'X',
  pid,
  tid,
  ts,
  dur: ms * 1000,
  tdur: ms * 1000,
});
const raf = (ts: number): TraceEvent => ({ ...task(R, 1, ts, 0.1, 'FireAnimationFrame'), tdur: 0 });
const base: TraceEvent[] = [
  meta(R, 1, 'CrRendererMain'),
  meta(R, 2, 'Compositor'),
  meta(R, 3, 'ThreadPoolForegroundWorker'),
  meta(R, 4, 'DedicatedWorker thread'),
  meta(G, 5, 'VizCompositorThread'),
  { name: 'process_name', ph: 'M', pid: G, tid: 0, ts: 0, args: { name: 'GPU Process' } },
  // Frames start at 0 (skipped: it reaches back before the scroll), 100 ms, 200 ms and 300 ms: two frames measured.
  raf(0),
  raf(100_000),
  raf(200_000),
  raf(300_000),
];

describe('frameCosts', () => {
  it('sums the CPU time of top-level tasks per frame, on the threads that make frames', () => {
    const c = frameCosts([
      ...base,
      task(R, 1, 110_000, 4),
      task(R, 1, 111_000, 2, 'Layout'), // inside the 4 ms task: not counted again
      task(R, 3, 150_000, 3),
      task(G, 5, 160_000, 1),
      task(R, 4, 120_000, 50), // the app's worker: not frame work
      task(R, 1, 50_000, 30), // before the first measured frame
      task(R, 1, 210_000, 1),
    ]);
    expect(c.frames).toBe(2);
    // Frame 1: main 4 + raster 3 + viz 1 = 8 ms (+ the 0.1 ms animation frame with no CPU); frame 2: 1 ms.
    expect(c.totalP95).toBeCloseTo(8);
    expect(c.mainP95).toBeCloseTo(4);
    expect(c.wallP95).toBeCloseTo(100);
  });

  it('counts thread time, not wall time: a task waiting for a core costs what it ran', () => {
    const waited: TraceEvent = { ...task(R, 1, 110_000, 40), tdur: 5000 };
    const c = frameCosts([...base, waited]);
    expect(c.mainP95).toBeCloseTo(5);
  });

  it('starts a frame with the task that runs its animation frame, not at the callback inside it', () => {
    // The frame task at 199 ms holds the animation frame at 200 ms and 5 ms of style and layout: all of it in frame 2.
    const events = base.filter((e) => e.name !== 'FireAnimationFrame' || e.ts !== 200_000);
    const c = frameCosts([...events, task(R, 1, 199_000, 6), raf(200_000), task(R, 1, 110_000, 2)]);
    expect(c.frames).toBe(2);
    expect(c.mainP95).toBeCloseTo(6);
  });

  it('gives nothing for a trace without frames', () => {
    expect(frameCosts([meta(R, 1, 'CrRendererMain')]).frames).toBe(0);
  });
});
