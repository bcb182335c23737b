import { DEFAULT_NORMALIZE, detach, FRAGMENT_KEEP, type NormalizeOptions } from '../adapters/common';
import type { ParseSink, SourceInfo } from '../parse';
import type { Diagnostic, TraceEvent } from '../types';
import { linkAgents } from './agent-links';
import { orderToolCalls, orderTurns, timeTurns } from './clock';
import type { Ctx } from './context';
import { finalDiagnostics, reportCosts } from './diagnostics';
import { assignLanes } from './lanes';
import { reconcileTrace } from './reconcile-trace';
import { markReplays } from './replays';
import { buildResponses } from './responses';
import { StreamAccumulator } from './stream';
import { collectToolCalls, indexToolCalls, joinToolEvidence } from './tools';
import { buildTurns, chooseUsage } from './turns';
import type { ToolCall, Trace } from './types';
import type { UuidColumn } from './uuids';

export { FRAGMENT_KEEP };

/**
 * Collects events as the parser produces them (`ParseSink`) and builds the model once at `finish()`:
 * sessions, agents as lanes, responses, model calls (turns), tool-call chains, stream rebuilds and diagnostics.
 */
export class ModelBuilder implements ParseSink {
  readonly events: TraceEvent[] = [];
  readonly diagnostics: Diagnostic[] = [];
  readonly sources: SourceInfo[] = [];
  /** Fragments are cut from their block's text once built (`StreamAccumulator.cutFragments`). */
  readonly streams = new StreamAccumulator(true);
  /** The events' uuids by seq, when whoever feeds the builder keeps them off the events (see `UuidColumn`). */
  uuids: UuidColumn | undefined;
  private readonly opts: NormalizeOptions;

  constructor(opts: NormalizeOptions = DEFAULT_NORMALIZE) {
    this.opts = opts;
  }

  nextSeq(): number {
    return this.events.length;
  }

  event(e: TraceEvent): void {
    this.events.push(e);
    if (e.kind === 'stream') {
      this.streams.apply(e);
      // The rebuild has the fragment now; the row keeps only a short one.
      if (e.fragment !== undefined && e.fragment.length > FRAGMENT_KEEP)
        Object.assign(e, { fragment: detach(e.fragment.slice(0, FRAGMENT_KEEP)) });
    }
  }

  diagnostic(d: Diagnostic): void {
    this.diagnostics.push(d);
  }

  addSource(info: SourceInfo): void {
    this.sources[info.index] = info;
  }

  finish(): Trace {
    return buildModel(this.events, this.sources, this.diagnostics, this.opts, this.streams, this.uuids);
  }
}

/**
 * Builds the model from parsed events. Pure: the same events always give the same model. The events are in seq order
 * and grouped by source, sources in ascending order (as every loader gives them: `loadSources`, `LiveSources`).
 */
export function buildModel(
  events: readonly TraceEvent[],
  sources: readonly SourceInfo[],
  lineDiagnostics: readonly Diagnostic[] = [],
  opts: NormalizeOptions = DEFAULT_NORMALIZE,
  streams?: StreamAccumulator,
  uuids?: UuidColumn,
): Trace {
  // Without a builder (events given at once), rebuild the streams here.
  const acc = streams ?? new StreamAccumulator();
  if (!streams) for (const e of events) if (e.kind === 'stream') acc.apply(e);
  const n = events.length;
  const ctx: Ctx = {
    events,
    sources,
    diags: [...lineDiagnostics],
    opts,
    sessions: [],
    sessionByKey: new Map(),
    agents: [],
    agentByKey: new Map(),
    eventAgent: new Int32Array(n).fill(-1),
    eventSession: new Int32Array(n).fill(-1),
    eventReplayOf: new Int32Array(n).fill(-1),
    eventTurn: new Int32Array(n).fill(-1),
    eventResponse: new Int32Array(n).fill(-1),
    ...(uuids ? { uuids } : {}),
  };
  assignLanes(ctx);
  markReplays(ctx);
  const built = buildTurns(ctx, acc);
  timeTurns(ctx, built.turns);
  const turns = orderTurns(ctx, built.turns);
  const looseCopies = built.looseCopies;
  const tools = indexToolCalls(orderToolCalls(ctx, collectToolCalls(turns, events, ctx.eventAgent)), turns);
  joinToolEvidence(tools, events, ctx.diags);
  linkAgents(ctx, tools.calls);
  const responses = buildResponses(ctx, turns);
  for (const t of turns) chooseUsage(t);
  reportCosts(ctx);
  const reconciliation = reconcileTrace(ctx, turns);
  finalDiagnostics(ctx, turns, tools.calls, responses);
  return {
    sources,
    events,
    diagnostics: ctx.diags,
    sessions: ctx.sessions,
    agents: ctx.agents,
    responses,
    turns,
    toolCalls: tools.calls,
    looseCopies,
    eventAgent: ctx.eventAgent,
    eventResponse: ctx.eventResponse,
    eventTurn: ctx.eventTurn,
    eventReplayOf: ctx.eventReplayOf,
    toolCallById: tools.byId,
    eventCalls: callsByEvent(tools.calls),
    ...(uuids ? { uuids } : {}),
    reconciliation,
  };
}

function callsByEvent(calls: readonly ToolCall[]): Map<number, number[]> {
  const map = new Map<number, number[]>();
  const add = (seq: number, call: number): void => {
    const list = map.get(seq);
    if (!list) map.set(seq, [call]);
    else if (!list.includes(call)) list.push(call);
  };
  for (const c of calls) {
    add(c.requestSeq, c.index);
    if (c.result) add(c.result.seq, c.index);
    for (const s of c.duplicateResults) add(s, c.index);
    // A result frame lists denials of many calls: it is evidence, not part of each chain.
    for (const ev of c.evidence) if (ev.kind !== 'result-denial') add(ev.seq, c.index);
    for (const s of c.hooks) add(s, c.index);
    for (const s of c.progress) add(s, c.index);
  }
  return map;
}
