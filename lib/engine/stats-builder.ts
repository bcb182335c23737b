import { clampDeep, DEFAULT_NORMALIZE, detach, type NormalizeOptions } from '../trace/adapters/common';
import { ModelBuilder } from '../trace/model/build';
import type { RebuiltBlock, Trace } from '../trace/model/types';
import type { StreamEvent, TraceEvent } from '../trace/types';
import { leanEvent, leanFrame, leanInput, leanRebuild } from './lean-events';

// A model builder for totals (`loupe stats`): events keep only what the totals read (lean-events.ts), and stream
// deltas are folded into their message's rebuild as they arrive and most of them dropped, so memory grows with the
// messages, not with the lines of the file.
//
// Of a run of consecutive deltas of one stream, the model reads only what the run's first and last deltas say: where
// the run starts and ends (a response's last line, an agent's lines), and, when their times only grow, the time span
// (a model call's and a session's first and last time). So a delta between two others of its run is dropped when its
// time lies between theirs (or it has none); the rebuild has its fragment already. Every other event is kept as is.

/** Same lane, same session, same file: the model cannot tell the deltas of a run apart by where they belong. */
function sameRun(a: StreamEvent, b: StreamEvent): boolean {
  return (
    a.src.source === b.src.source &&
    a.sessionId === b.sessionId &&
    a.parentToolUseId === b.parentToolUseId &&
    a.agentId === b.agentId &&
    a.isSidechain === b.isSidechain &&
    a.path === b.path
  );
}

export class StatsBuilder extends ModelBuilder {
  private readonly norm: NormalizeOptions;
  private readonly intern: (s: string) => string;
  /** The last delta of the current run: kept or dropped when the next event shows whether the run goes on. */
  private pending: StreamEvent | undefined;
  /** The first delta of the current run (kept). */
  private first: StreamEvent | undefined;
  /** Deltas applied to their rebuild and dropped. */
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
    if (e.kind !== 'stream') {
      this.endRun();
      super.event(leanEvent(e, this.intern));
      return;
    }
    // Not through ModelBuilder.event, which keeps a frame whole: the rebuild takes what the frame carries, the row
    // keeps where and when it was.
    if (e.event !== 'content_block_delta') {
      this.endRun();
      this.streams.apply(e);
      if (e.event === 'content_block_stop' || e.event === 'message_stop') this.settle(e);
      this.push(leanFrame(e, this.intern));
      return;
    }
    const p = this.pending;
    if (p && this.first && this.active(p) && sameRun(p, e) && droppable(this.first, p, e)) {
      // `p` is dropped: `e` takes its place (and its seq) as the run's last delta. Same lane, same stream key: the
      // accumulator puts `e` in the same stream.
      Object.assign(e, { seq: p.seq });
      this.streams.apply(e);
      this.folded += 1;
      this.pending = leanFrame(e, this.intern);
      return;
    }
    this.flush();
    this.streams.apply(e);
    const row = leanFrame(e, this.intern);
    if (this.first && sameRun(this.first, row)) this.pending = row;
    else {
      this.first = row;
      this.push(row);
    }
  }

  private endRun(): void {
    this.flush();
    this.first = undefined;
  }

  /**
   * A block that stopped keeps only what its comparison with the completed message reads: its first `clamp + 1`
   * characters (a completed text is kept to `clamp`), in one flat string rather than the chain of its fragments.
   */
  private settle(e: StreamEvent): void {
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

  /** Whether `p` went into a stream that is rebuilt and not stopped (a copy's or a late delta is kept). */
  private active(p: StreamEvent): boolean {
    const start = this.streams.startOf(p.seq);
    const r = start >= 0 ? this.streams.rebuilds.get(start) : undefined;
    return r !== undefined && r.stopSeq === undefined && r.eventsAfterStop === 0;
  }

  private push(e: TraceEvent): void {
    this.events.push(e);
  }

  private flush(): void {
    const p = this.pending;
    this.pending = undefined;
    if (p) this.push(p);
  }

  override finish(): Trace {
    this.flush();
    // Tool inputs still open are parsed now (the model would at its start), so every rebuild is compared in lean terms.
    this.streams.close();
    for (const r of this.streams.rebuilds.values()) {
      for (const b of r.blocks) if (b) this.leanInput(b);
      leanRebuild(r, this.norm.clamp);
    }
    return super.finish();
  }
}

/** A delta whose time is inside the span of the run's first delta and the next one: its time adds nothing. */
function droppable(first: StreamEvent, p: StreamEvent, next: StreamEvent): boolean {
  if (p.time === undefined) return true;
  return first.time !== undefined && next.time !== undefined && first.time <= p.time && p.time <= next.time;
}
