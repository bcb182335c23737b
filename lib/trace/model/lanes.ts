import { endOfSource, type Ctx } from './context';
import { laneOf } from '../main-thread';
import type { AgentKind } from './types';
import { placeSummaryFiles } from './summary-files';

// Sessions and agents: every event gets its session and its lane (main, a subagent, a sidechain).

function sessionIndex(ctx: Ctx, id: string, source: number): number {
  let i = ctx.sessionByKey.get(id);
  if (i === undefined) {
    i = ctx.sessions.length;
    ctx.sessions.push({ index: i, id, agents: [], responses: [], sources: [] });
    ctx.sessionByKey.set(id, i);
  }
  const s = ctx.sessions[i];
  if (s && !s.sources.includes(source)) s.sources.push(source);
  return i;
}

/** The lane found last: lines come in runs on one lane, and a million of them must not each build its key. */
interface LastLane {
  session: number;
  key: string;
  agent: number;
}

function agentIndex(
  ctx: Ctx,
  session: number,
  key: string,
  kind: AgentKind,
  extra: { agentId?: string; parentToolUseId?: string },
  last: LastLane,
): number {
  if (last.session === session && last.key === key) return last.agent;
  const i = findAgent(ctx, session, key, kind, extra);
  last.session = session;
  last.key = key;
  last.agent = i;
  return i;
}

function findAgent(
  ctx: Ctx,
  session: number,
  key: string,
  kind: AgentKind,
  extra: { agentId?: string; parentToolUseId?: string },
): number {
  const full = `${session}|${key}`;
  let i = ctx.agentByKey.get(full);
  if (i === undefined) {
    i = ctx.agents.length;
    ctx.agents.push({
      index: i,
      key,
      session,
      kind,
      ...extra,
      models: [],
      sources: [],
      eventCount: 0,
      firstSeq: -1,
      lastSeq: -1,
    });
    ctx.agentByKey.set(full, i);
    ctx.sessions[session]?.agents.push(i);
  }
  return i;
}

/** Claude Code logs the model call of a compaction as a subagent file `agent-acompact-<hex>.jsonl`. */
export function isCompactionAgent(agentId: string): boolean {
  return agentId.startsWith('acompact');
}

export function assignLanes(ctx: Ctx): void {
  // Lines without a session id (snapshots, summaries, sidecars, control frames) borrow the one before them in their
  // file, or the file's first one.
  // A sidecar `agent-<id>.meta.json` has none at all: it takes the session of its agent's transcript.
  const lastSessionOfSource = new Map<number, string>();
  const sessionOfFileAgent = new Map<string, string>();
  // Each source's first session id. Events are in source order: once it is found, the rest of that source is skipped.
  const events = ctx.events;
  for (let i = 0; i < events.length; ) {
    const e = events[i];
    if (!e) break;
    const source = e.source;
    if (!e.sessionId || lastSessionOfSource.has(source)) {
      i += 1;
      continue;
    }
    lastSessionOfSource.set(source, e.sessionId);
    const fa = ctx.sources[source]?.fileAgentId;
    if (fa && !sessionOfFileAgent.has(fa)) sessionOfFileAgent.set(fa, e.sessionId);
    i = endOfSource(events, i, source);
  }
  ctx.sources.forEach((src, i) => {
    const sid = src.fileAgentId ? sessionOfFileAgent.get(src.fileAgentId) : undefined;
    if (sid && !lastSessionOfSource.has(i)) lastSessionOfSource.set(i, sid);
  });
  const stray = placeSummaryFiles(ctx, lastSessionOfSource);
  const last: LastLane = { session: -1, key: '', agent: -1 };
  // The session id a line without one borrows: the last one before it in its file (the map holds it per source).
  let source = -1;
  let borrow: string | undefined;
  // Lines come in runs of one session and source: its index is looked up once per run.
  let runSid = '';
  let runSession = -1;
  for (const e of ctx.events) {
    if (e.source !== source) {
      if (source >= 0 && borrow !== undefined) lastSessionOfSource.set(source, borrow);
      source = e.source;
      borrow = lastSessionOfSource.get(source);
      runSession = -1;
    }
    const src = ctx.sources[source];
    const sid = e.sessionId ?? borrow ?? src?.fileSessionId ?? `file:${src?.name ?? source}`;
    if (e.sessionId) borrow = e.sessionId;
    if (runSession < 0 || sid !== runSid) {
      runSession = sessionIndex(ctx, sid, source);
      runSid = sid;
    }
    const s = runSession;
    ctx.eventSession[e.seq] = s;
    const lane = laneOf(e, src?.fileAgentId);
    let a: number;
    if (lane.kind === 'agent') {
      const { agentId } = lane;
      a = agentIndex(
        ctx,
        s,
        `agent:${agentId}`,
        isCompactionAgent(agentId) ? 'compaction' : 'subagent',
        { agentId },
        last,
      );
    } else if (lane.kind === 'task')
      a = agentIndex(
        ctx,
        s,
        `task:${lane.parentToolUseId}`,
        'subagent',
        { parentToolUseId: lane.parentToolUseId },
        last,
      );
    else if (lane.kind === 'sidechain') a = agentIndex(ctx, s, 'sidechain', 'sidechain', {}, last);
    else a = agentIndex(ctx, s, 'main', 'main', {}, last);
    ctx.eventAgent[e.seq] = a;
    const agent = ctx.agents[a];
    if (agent) {
      agent.eventCount += 1;
      if (agent.firstSeq < 0) agent.firstSeq = e.seq;
      agent.lastSeq = e.seq;
      if (!agent.sources.includes(e.source)) agent.sources.push(e.source);
      if (e.kind === 'assistant' && e.model && !e.synthetic && !agent.models.includes(e.model))
        agent.models.push(e.model);
      if (e.kind === 'meta' && e.agentMeta) {
        agent.agentType = e.agentMeta.agentType ?? agent.agentType;
        agent.description = e.agentMeta.description ?? agent.description;
      }
    }
    const session = ctx.sessions[s];
    if (session && e.time !== undefined) {
      if (session.firstTime === undefined || e.time < session.firstTime) session.firstTime = e.time;
      if (session.lastTime === undefined || e.time > session.lastTime) session.lastTime = e.time;
    }
    if (session && e.kind === 'meta' && (e.metaType === 'custom-title' || e.metaType === 'ai-title') && e.text)
      session.title = e.text;
    if (session && !session.title && e.kind === 'meta' && e.metaType === 'summary' && e.text && !stray.has(source))
      session.title = e.text;
  }
}
