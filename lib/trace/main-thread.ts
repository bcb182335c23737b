import type { TraceEvent } from './types';

// Which lines are the main thread's: the one rule the full model's lanes, the fast path's records and the session
// rows (first prompt, start, end) share. A subagent's lines count toward cost and the span of work, but never name
// the session nor set its start and end.

type LaneFields = Pick<TraceEvent, 'kind' | 'agentId' | 'parentToolUseId' | 'isSidechain'>;

/** The lane a line goes to: a subagent (by id or by its SDK `parent_tool_use_id`), a sidechain, or the main thread. */
export type LineLane =
  | { readonly kind: 'agent'; readonly agentId: string }
  | { readonly kind: 'task'; readonly parentToolUseId: string }
  | { readonly kind: 'sidechain' }
  | { readonly kind: 'main' };

const MAIN: LineLane = { kind: 'main' };
const SIDECHAIN: LineLane = { kind: 'sidechain' };

/**
 * A line's lane. `fileAgent`: the agent of the file it came from (`agent-<id>.jsonl`, old or `subagents/` layout). A
 * line that says it is on the main thread (`isSidechain: false`) stays there whatever `agentId` it carries; only a
 * subagent's own file books it to that agent. Progress and hook lines that name a `parent_tool_use_id` report on a
 * call of the thread they sit in.
 */
export function laneOf(e: LaneFields, fileAgent: string | undefined): LineLane {
  const agentId = (e.isSidechain === false ? undefined : e.agentId) ?? fileAgent;
  if (agentId) return { kind: 'agent', agentId };
  if (e.parentToolUseId && e.kind !== 'progress' && e.kind !== 'hook')
    return { kind: 'task', parentToolUseId: e.parentToolUseId };
  return e.isSidechain ? SIDECHAIN : MAIN;
}

/** The line is a subagent's or a sidechain's, not the main thread's (see `laneOf`). */
export function isSubagentLine(e: LaneFields, fileAgent: string | undefined): boolean {
  return laneOf(e, fileAgent).kind !== 'main';
}
