import type { NormalizeOptions } from '../adapters/common';
import type { SourceInfo } from '../parse';
import type { Diagnostic, TraceEvent } from '../types';
import type { Agent, Session } from './types';
import type { UuidColumn } from './uuids';

/** What the model build passes between its steps: the events, and the tables each step fills in. */
export interface Ctx {
  readonly events: readonly TraceEvent[];
  readonly sources: readonly SourceInfo[];
  readonly diags: Diagnostic[];
  readonly opts: NormalizeOptions;
  readonly sessions: Session[];
  readonly sessionByKey: Map<string, number>;
  readonly agents: Agent[];
  readonly agentByKey: Map<string, number>;
  readonly eventAgent: Int32Array;
  readonly eventSession: Int32Array;
  readonly eventReplayOf: Int32Array;
  readonly eventTurn: Int32Array;
  readonly eventResponse: Int32Array;
  /** The events' uuids, when they are kept off the events (see `UuidColumn`); else each event has its own. */
  readonly uuids?: UuidColumn;
}

/** The index after the last event of `source` from `from` on (events are in source order). */
export function endOfSource(events: Ctx['events'], from: number, source: number): number {
  let lo = from;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((events[mid]?.source ?? Infinity) <= source) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
