import type { Trace } from '../trace/model/types';
import type { Badge, RowView } from './rowview';

// While a file is still being written, its last response has not ended: it is in progress, not interrupted; a stream
// still arriving is streaming, not incomplete; a tool call still waiting for its result is running.

export interface InProgress {
  /** Responses still being written: the last one of each session, unless a result frame ended it. */
  readonly responses: ReadonlySet<number>;
  /** Model calls of those responses (a subagent's calls belong to the response of its spawning call). */
  readonly turns: ReadonlySet<number>;
  /** Request events of tool calls of those responses that have no result yet. */
  readonly requests: ReadonlySet<number>;
}

/** What of a live trace is still in progress. */
export function inProgress(trace: Trace): InProgress {
  const responses = new Set<number>();
  for (const s of trace.sessions) {
    const last = s.responses[s.responses.length - 1];
    if (last !== undefined && trace.responses[last]?.end !== 'result') responses.add(last);
  }
  const turns = new Set<number>();
  for (const t of trace.turns) if (responses.has(t.response)) turns.add(t.index);
  const requests = new Set<number>();
  for (const c of trace.toolCalls) {
    if (c.result) continue;
    const turn = trace.eventTurn[c.requestSeq] ?? -1;
    if (turns.has(turn)) requests.add(c.requestSeq);
  }
  return { responses, turns, requests };
}

/** How many responses ended without a result frame, not counting those still in progress. */
export function interruptedCount(trace: Trace, live: InProgress | undefined): number {
  return trace.responses.filter((r) => r.end === 'interrupted' && !live?.responses.has(r.index)).length;
}

const IN_PROGRESS: Badge = {
  kind: 'live',
  text: 'in progress',
  title: 'the file is still being written: this response has not ended yet',
};

/** A row's badges as they read while the file is still being written. */
export function liveRow(v: RowView, live: InProgress): RowView {
  let badges: readonly Badge[] | undefined;
  if (v.kind === 'response' && v.response !== undefined && live.responses.has(v.response)) {
    badges = v.badges.map((b) =>
      b.kind === 'interrupted' || (b.kind === 'info' && b.text === 'end of file') ? IN_PROGRESS : b,
    );
  } else if (v.kind === 'turn' && v.turn !== undefined && live.turns.has(v.turn)) {
    badges = v.badges.map((b) =>
      b.kind === 'incomplete' ? { kind: 'live', text: 'streaming', title: 'the stream is still arriving' } : b,
    );
  } else if (v.kind === 'event' && v.seq !== undefined && live.requests.has(v.seq)) {
    badges = v.badges.map((b) =>
      b.kind === 'incomplete' && b.text === 'no result'
        ? { kind: 'live', text: 'running', title: 'no result yet: the file is still being written' }
        : b,
    );
  }
  return badges ? { ...v, badges } : v;
}
