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
  for (const c of calls) if (c.sideEffect?.type === 'agent' && c.sideEffect.agentId) link(byAgentId.get(c.sideEffect.agentId), c.id, 'toolUseResult.agentId');
  for (const e of ctx.events) {
    if (e.kind === 'progress' && e.subagentId) link(byAgentId.get(e.subagentId), e.parentToolUseId, 'agent_progress');
    if (e.kind === 'meta' && e.agentMeta?.toolUseId) {
      const src = ctx.sources[e.src.source];
      link(src?.fileAgentId ? byAgentId.get(src.fileAgentId) : undefined, e.agentMeta.toolUseId, 'meta.json');
    }
  }
}
