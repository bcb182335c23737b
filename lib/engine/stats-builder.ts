import { clampDeep, DEFAULT_NORMALIZE, type NormalizeOptions } from '../trace/adapters/common';
import { ModelBuilder } from '../trace/model/build';
import type { Trace } from '../trace/model/types';
import type { StreamEvent, TraceEvent } from '../trace/types';
import { leanEvent, leanRebuild } from './lean-events';

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
  /** The last delta of the current run: kept or dropped when the next event shows whether the run goes on. */
  private pending: StreamEvent | undefined;
  /** The first delta of the current run (kept). */
  private first: StreamEvent | undefined;
  /** Deltas applied to their rebuild and dropped. */
  folded = 0;

  constructor(norm: NormalizeOptions = DEFAULT_NORMALIZE) {
    super(norm);
    this.norm = norm;
  }

  override nextSeq(): number {
    return this.events.length + (this.pending ? 1 : 0);
  }

  override event(e: TraceEvent): void {
    const p = this.pending;
    if (e.kind !== 'stream' || e.event !== 'content_block_delta') {
      this.flush();
      this.first = undefined;
      super.event(e.kind === 'stream' ? e : leanEvent(e));
      return;
    }
    if (p && this.first && this.active(p) && sameRun(p, e) && droppable(this.first, p, e)) {
      // `p` is dropped: `e` takes its place (and its seq) as the run's last delta. Same lane, same stream key: the
      // accumulator puts `e` in the same stream.
      Object.assign(e, { seq: p.seq });
      this.streams.apply(e);
      this.folded += 1;
      this.pending = lean(e);
      return;
    }
    this.flush();
    this.begin(e);
  }

  /** Keeps `e` as a new run's first delta, or as the last of the run `first` opened. */
  private begin(e: StreamEvent): void {
    this.streams.apply(e);
    if (this.first && sameRun(this.first, e)) {
      this.pending = lean(e);
      return;
    }
    this.first = lean(e);
    this.push(e);
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
    for (const r of this.streams.rebuilds.values()) leanRebuild(r, (v) => clampDeep(v, this.norm), this.norm.clamp);
    return super.finish();
  }
}

/** A delta whose time is inside the span of the run's first delta and the next one: its time adds nothing. */
function droppable(first: StreamEvent, p: StreamEvent, next: StreamEvent): boolean {
  if (p.time === undefined) return true;
  return first.time !== undefined && next.time !== undefined && first.time <= p.time && p.time <= next.time;
}

/** The rebuild has the fragment: the kept delta needs none. */
function lean(e: StreamEvent): StreamEvent {
  if (e.fragment !== undefined) Object.assign(e, { fragment: undefined });
  return e;
}
