import { uuidAt } from './uuids';
import type { Ctx } from './context';
import type { Agent, ToolCall } from './types';

/** Links each subagent to the tool call that spawned it, by the strongest evidence the files carry. */
export function linkAgents(ctx: Ctx, calls: readonly ToolCall[]): void {
  const byAgentId = new Map<string, Agent>();
  for (const a of ctx.agents) if (a.agentId) byAgentId.set(a.agentId, a);
  const byCallId = new Map(calls.map((c) => [c.id, c]));
  const link = (a: Agent | undefined, callId: string | undefined, how: NonNullable<Agent['linkedBy']>): void => {
    if (!a || !callId || a.spawnCall !== undefined) return;
    const call = byCallId.get(callId);
    if (!call || call.agent === a.index) return;
    a.spawnCall = call.index;
    a.spawnSeq = call.requestSeq;
    a.parentToolUseId = callId;
    a.linkedBy = how;
    call.spawnedAgent = a.index;
  };
  for (const a of ctx.agents) if (a.key.startsWith('task:')) link(a, a.parentToolUseId, 'parent_tool_use_id');
  for (const c of calls)
    if (c.sideEffect?.type === 'agent' && c.sideEffect.agentId)
      link(byAgentId.get(c.sideEffect.agentId), c.id, 'toolUseResult.agentId');
  for (const e of ctx.events) {
    if (e.kind === 'progress' && e.subagentId) link(byAgentId.get(e.subagentId), e.parentToolUseId, 'agent_progress');
    if (e.kind === 'meta' && e.agentMeta?.toolUseId) {
      const src = ctx.sources[e.source];
      link(src?.fileAgentId ? byAgentId.get(src.fileAgentId) : undefined, e.agentMeta.toolUseId, 'meta.json');
    }
  }
  linkCompactions(ctx);
}

/**
 * A compaction's model call (its own `agent-acompact-*` file) belongs to the `compact_boundary` line of the main lane:
 * the boundary whose `logicalParentUuid` is the line the compaction file's first line points at; else the first
 * boundary of its session at or after the call began. Its lane is then shown under that line, at its own time.
 */
function linkCompactions(ctx: Ctx): void {
  const compactions = ctx.agents.filter((a) => a.kind === 'compaction' && a.firstSeq >= 0);
  if (compactions.length === 0) return;
  // Only the uuids the compaction files point at are looked up.
  const wanted = new Set<string>();
  for (const a of compactions) {
    const parent = ctx.events[a.firstSeq]?.parentUuid;
    if (parent !== undefined) wanted.add(parent);
  }
  const seqByUuid = new Map<string, number>();
  const boundaries: number[] = [];
  for (let i = 0; i < ctx.events.length; i++) {
    const e = ctx.events[i];
    if (!e) continue;
    const uuid = uuidAt(ctx.uuids, ctx.events, i);
    if (uuid && wanted.has(uuid) && !seqByUuid.has(uuid)) seqByUuid.set(uuid, e.seq);
    if (e.kind === 'system' && e.subtype === 'compact_boundary') boundaries.push(e.seq);
  }
  const taken = new Set<number>();
  for (const a of compactions) {
    const first = ctx.events[a.firstSeq];
    const parent = first?.parentUuid;
    const start = first?.time;
    const sameSession = (seq: number): boolean => ctx.eventSession[seq] === a.session && !taken.has(seq);
    const boundary =
      boundaries.find((b) => sameSession(b) && parent !== undefined && systemLogicalParent(ctx, b) === parent) ??
      boundaries.find((b) => sameSession(b) && start !== undefined && (ctx.events[b]?.time ?? -Infinity) >= start);
    const anchor = boundary ?? (parent !== undefined ? seqByUuid.get(parent) : undefined);
    if (anchor === undefined || ctx.eventAgent[anchor] === a.index) continue;
    if (boundary !== undefined) {
      taken.add(boundary);
      a.compactBoundarySeq = boundary;
      a.linkedBy = 'compact_boundary';
    }
    a.spawnSeq = anchor;
  }
}

function systemLogicalParent(ctx: Ctx, seq: number): string | undefined {
  const e = ctx.events[seq];
  return e?.kind === 'system' ? e.logicalParentUuid : undefined;
}
