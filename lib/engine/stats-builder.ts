import { clampDeep, DEFAULT_NORMALIZE, detach, type NormalizeOptions } from '../trace/adapters/common';
import { ModelBuilder } from '../trace/model/build';
import type { RebuiltBlock, Trace } from '../trace/model/types';
import type { AssistantEvent, StreamEvent, TraceEvent, Usage } from '../trace/types';
import { leanEvent, leanFrame, leanInput, leanRebuild } from './lean-events';

// A model builder for totals (`loupe stats`): events keep only what the totals read (lean-events.ts), and the frames
// of a stream are folded into their message's rebuild as they arrive and most of them dropped, so memory grows with
// the messages, not with the lines of the file.
//
// While a message streams, its frames (after message_start) and its completed assistant lines follow each other in
// one lane. The rebuild takes what each frame carries; the model reads of a frame row only where it is (its lane,
// session, response and model call, which the rows around it share) and when (a model call's and a session's first
// and last time). So a frame is dropped when the next line is the next frame of its stream, or an assistant line of
// its lane, and its time adds nothing: it has none, or it lies between the time of a frame of its stream kept before
// and that of the next frame. The last frame before the lane changes (or anything else comes) is kept: it may end a
// response. A run starts only at a kept row of its stream, so no response or lane starts at a dropped frame.

/** Same file, session and lane: the rows of one run cannot be told apart by where they belong. */
function sameLane(a: TraceEvent, b: TraceEvent): boolean {
  return (
    a.source === b.source &&
    a.sessionId === b.sessionId &&
    a.parentToolUseId === b.parentToolUseId &&
    a.agentId === b.agentId &&
    a.isSidechain === b.isSidechain &&
    a.path === b.path
  );
}

/** The stream being folded: its message_start's seq, a row of its lane, the earliest time of its rows kept so far. */
interface Run {
  readonly start: number;
  readonly lane: StreamEvent;
  lo: number | undefined;
}

export class StatsBuilder extends ModelBuilder {
  private readonly norm: NormalizeOptions;
  private readonly intern: (s: string) => string;
  /** The last frame of the run: dropped or kept when the next line shows whether the run goes on. */
  private pending: StreamEvent | undefined;
  private run: Run | undefined;
  /** Frames applied to their rebuild and dropped. */
  folded = 0;

  constructor(norm: NormalizeOptions = DEFAULT_NORMALIZE) {
    super(norm);
    this.norm = norm;
    this.intern = norm.intern ?? ((v) => v);
  }

  override nextSeq(): number {
    return this.events.length + (this.pending ? 1 : 0);
  }

  override event(e: TraceEvent): void {
    if (e.kind === 'stream') this.frame(e);
    else this.takeLean(leanEvent(e, this.intern));
  }

  /** An event other than a stream frame, made lean (`leanEvent`; by `event`, or in a part parsed apart: stats-part.ts). */
  takeLean(e: TraceEvent): void {
    const run = this.run;
    // The run goes on past a completed line of its message; a frame with a time stays before it.
    if (e.kind === 'assistant' && run && sameLane(run.lane, e)) this.settlePending(e, this.pending?.time === undefined);
    else this.endRun();
    super.event(e.kind === 'assistant' ? this.sharedUsage(e) : e);
  }

  private frame(e: StreamEvent): void {
    const run = this.run;
    // Not through ModelBuilder.event, which keeps a frame whole: the rebuild takes what the frame carries, the row
    // keeps where and when it was.
    if (e.event !== 'message_start' && run && sameLane(run.lane, e) && this.active(run.start)) {
      // Same lane, same stream key: the accumulator puts `e` in the run's stream.
      const p = this.pending;
      this.settlePending(e, p !== undefined && covered(p, run.lo, e));
      this.streams.apply(e);
      this.settle(e);
      this.pending = leanFrame(e, this.intern);
      return;
    }
    this.endRun();
    this.streams.apply(e);
    this.settle(e);
    const row = leanFrame(e, this.intern);
    this.push(row);
    const start = this.streams.startOf(e.seq);
    this.run = start >= 0 && this.active(start) ? { start, lane: row, lo: row.time } : undefined;
  }

  /** The last assistant usage kept: the lines of one call (a line per content block) repeat it. */
  private lastUsage: Usage | undefined;

  /** The line with the usage of the line before when it is the same (usage is read-only): one object per call. */
  private sharedUsage(e: AssistantEvent): AssistantEvent {
    const u = e.usage;
    const last = this.lastUsage;
    if (u === undefined) return e;
    if (last !== undefined && sameUsage(u, last)) return { ...e, usage: last };
    this.lastUsage = u;
    return e;
  }

  /** Drops the pending frame (`next` takes its seq) or keeps it, before `next` is taken. */
  private settlePending(next: TraceEvent, drop: boolean): void {
    const p = this.pending;
    if (!p) return;
    this.pending = undefined;
    if (drop) {
      Object.assign(next, { seq: p.seq });
      this.folded += 1;
    } else this.push(p);
  }

  private endRun(): void {
    const p = this.pending;
    this.pending = undefined;
    if (p) this.push(p);
    this.run = undefined;
  }

  /** Whether the stream of this message_start is rebuilt and not stopped (a copy's frames, or late ones, are kept). */
  private active(start: number): boolean {
    const r = this.streams.rebuilds.get(start);
    return r !== undefined && r.stopSeq === undefined && r.eventsAfterStop === 0;
  }

  private push(e: TraceEvent): void {
    this.events.push(e);
    if (e.kind === 'stream' && e.time !== undefined && this.run && (this.run.lo === undefined || e.time < this.run.lo))
      this.run.lo = e.time;
  }

  /**
   * A block that stopped keeps only what its comparison with the completed message reads: its first `clamp + 1`
   * characters (a completed text is kept to `clamp`), in one flat string rather than the chain of its fragments.
   */
  private settle(e: StreamEvent): void {
    if (e.event !== 'content_block_stop' && e.event !== 'message_stop') return;
    const start = this.streams.startOf(e.seq);
    const r = start >= 0 ? this.streams.rebuilds.get(start) : undefined;
    if (!r) return;
    const keep = this.norm.clamp + 1;
    const blocks = e.event === 'message_stop' ? r.blocks : [r.blocks[e.index ?? 0]];
    for (const b of blocks) {
      if (!b) continue;
      if (b.text.length > 0) b.text = detach(b.text.length > keep ? b.text.slice(0, keep) : b.text);
      this.leanInput(b);
    }
  }

  /** Tool inputs parsed from the deltas are compared in the terms of `leanInput` (once each: a new parse is new). */
  private readonly leanInputs = new WeakMap<RebuiltBlock, unknown>();
  private leanInput(b: RebuiltBlock): void {
    if (b.input === undefined || this.leanInputs.get(b) === b.input) return;
    b.input = leanInput(clampDeep(b.input, this.norm));
    this.leanInputs.set(b, b.input);
  }

  override finish(): Trace {
    this.endRun();
    // Tool inputs still open are parsed now (the model would at its start), so every rebuild is compared in lean terms.
    this.streams.close();
    for (const r of this.streams.rebuilds.values()) {
      for (const b of r.blocks) if (b) this.leanInput(b);
      leanRebuild(r, this.norm.clamp);
    }
    return super.finish();
  }
}

function sameUsage(a: Usage, b: Usage): boolean {
  return (
    a.input === b.input &&
    a.output === b.output &&
    a.cacheCreation === b.cacheCreation &&
    a.cache5m === b.cache5m &&
    a.cache1h === b.cache1h &&
    a.cacheRead === b.cacheRead &&
    a.webSearch === b.webSearch &&
    a.hasCacheSplit === b.hasCacheSplit &&
    Object.keys(a).length === Object.keys(b).length
  );
}

/** A frame whose time adds nothing: none, or between a kept row of its stream and the next frame. */
function covered(p: StreamEvent, lo: number | undefined, next: StreamEvent): boolean {
  if (p.time === undefined) return true;
  return lo !== undefined && next.time !== undefined && lo <= p.time && p.time <= next.time;
}
