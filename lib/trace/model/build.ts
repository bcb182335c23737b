import { DEFAULT_NORMALIZE, detach, type NormalizeOptions } from '../adapters/common';
import type { ParseSink, SourceInfo } from '../parse';
import type { AssistantEvent, ContentBlock, Diagnostic, StreamEvent, TraceEvent, Usage } from '../types';
import { StreamAccumulator, verdictOf } from './stream';
import { callKey, chooseCopy, findCall, uncountedReason, type CallIdentity } from './calls';

const FRAGMENT_KEEP = 256;
import { collectToolCalls, joinToolEvidence } from './tools';
import type { Agent, AgentKind, LooseCopy, Response, Session, ToolCall, Trace, Turn } from './types';

/**
 * Collects events as the parser produces them (`ParseSink`) and builds the model once at `finish()`:
 * sessions, agents as lanes, responses, model calls (turns), tool-call chains, stream rebuilds and diagnostics.
 */
export class ModelBuilder implements ParseSink {
  readonly events: TraceEvent[] = [];
  readonly diagnostics: Diagnostic[] = [];
  readonly sources: SourceInfo[] = [];
  readonly streams = new StreamAccumulator();
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
      if (e.fragment !== undefined && e.fragment.length > FRAGMENT_KEEP) Object.assign(e, { fragment: detach(e.fragment.slice(0, FRAGMENT_KEEP)) });
    }
  }

  diagnostic(d: Diagnostic): void {
    this.diagnostics.push(d);
  }

  addSource(info: SourceInfo): void {
    this.sources[info.index] = info;
  }

  finish(): Trace {
    return buildModel(this.events, this.sources, this.diagnostics, this.opts, this.streams);
  }
}

interface Ctx {
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
}

/** Builds the model from parsed events. Pure: the same events always give the same model. */
export function buildModel(
  events: readonly TraceEvent[],
  sources: readonly SourceInfo[],
  lineDiagnostics: readonly Diagnostic[] = [],
  opts: NormalizeOptions = DEFAULT_NORMALIZE,
  streams?: StreamAccumulator,
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
  };
  assignLanes(ctx);
  markReplays(ctx);
  const { turns, looseCopies } = buildTurns(ctx, acc);
  const tools = collectToolCalls(turns, events, ctx.eventAgent);
  joinToolEvidence(tools, events, ctx.diags);
  linkAgents(ctx, tools.calls);
  const responses = buildResponses(ctx, turns);
  for (const t of turns) chooseUsage(t);
  reportCosts(ctx);
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
  }
  return map;
}

// ── sessions and agents ────────────────────────────────────────────────────────────────────────────────────────

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

function agentIndex(ctx: Ctx, session: number, key: string, kind: AgentKind, extra: { agentId?: string; parentToolUseId?: string }): number {
  const full = `${session}|${key}`;
  let i = ctx.agentByKey.get(full);
  if (i === undefined) {
    i = ctx.agents.length;
    ctx.agents.push({ index: i, key, session, kind, ...extra, models: [], sources: [], eventCount: 0, firstSeq: -1, lastSeq: -1 });
    ctx.agentByKey.set(full, i);
    ctx.sessions[session]?.agents.push(i);
  }
  return i;
}

function assignLanes(ctx: Ctx): void {
  // Lines without a session id (snapshots, summaries, sidecars, control frames) borrow the one before them in their
  // file, or the file's first one.
  // A sidecar `agent-<id>.meta.json` has none at all: it takes the session of its agent's transcript.
  const lastSessionOfSource = new Map<number, string>();
  const sessionOfFileAgent = new Map<string, string>();
  for (const e of ctx.events) {
    if (!e.sessionId || lastSessionOfSource.has(e.src.source)) continue;
    lastSessionOfSource.set(e.src.source, e.sessionId);
    const fa = ctx.sources[e.src.source]?.fileAgentId;
    if (fa && !sessionOfFileAgent.has(fa)) sessionOfFileAgent.set(fa, e.sessionId);
  }
  ctx.sources.forEach((src, i) => {
    const sid = src.fileAgentId ? sessionOfFileAgent.get(src.fileAgentId) : undefined;
    if (sid && !lastSessionOfSource.has(i)) lastSessionOfSource.set(i, sid);
  });
  for (const e of ctx.events) {
    const src = ctx.sources[e.src.source];
    const sid = e.sessionId ?? lastSessionOfSource.get(e.src.source) ?? src?.fileSessionId ?? `file:${src?.name ?? e.src.source}`;
    if (e.sessionId) lastSessionOfSource.set(e.src.source, e.sessionId);
    const s = sessionIndex(ctx, sid, e.src.source);
    ctx.eventSession[e.seq] = s;
    const fileAgent = src?.fileAgentId;
    const agentId = e.agentId ?? fileAgent;
    let a: number;
    if (agentId) a = agentIndex(ctx, s, `agent:${agentId}`, 'subagent', { agentId });
    else if (e.parentToolUseId && e.kind !== 'progress' && e.kind !== 'hook') a = agentIndex(ctx, s, `task:${e.parentToolUseId}`, 'subagent', { parentToolUseId: e.parentToolUseId });
    else if (e.isSidechain) a = agentIndex(ctx, s, 'sidechain', 'sidechain', {});
    else a = agentIndex(ctx, s, 'main', 'main', {});
    ctx.eventAgent[e.seq] = a;
    const agent = ctx.agents[a];
    if (agent) {
      agent.eventCount += 1;
      if (agent.firstSeq < 0) agent.firstSeq = e.seq;
      agent.lastSeq = e.seq;
      if (!agent.sources.includes(e.src.source)) agent.sources.push(e.src.source);
      if (e.kind === 'assistant' && e.model && !e.synthetic && !agent.models.includes(e.model)) agent.models.push(e.model);
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
    if (session && e.kind === 'meta' && (e.metaType === 'custom-title' || e.metaType === 'ai-title') && e.text) session.title = e.text;
    if (session && !session.title && e.kind === 'meta' && e.metaType === 'summary' && e.text) session.title = e.text;
  }
}

/** Resumed and forked sessions copy earlier lines, uuid and all: the later copy is a replay, not new work. */
function markReplays(ctx: Ctx): void {
  const firstByUuid = new Map<string, number>();
  const bySourcePair = new Map<string, { count: number; first: TraceEvent; original: TraceEvent }>();
  for (const e of ctx.events) {
    if (!e.uuid) continue;
    const prev = firstByUuid.get(e.uuid);
    if (prev === undefined) {
      firstByUuid.set(e.uuid, e.seq);
      continue;
    }
    ctx.eventReplayOf[e.seq] = prev;
    const original = ctx.events[prev];
    if (!original) continue;
    const key = `${e.src.source}|${original.src.source}`;
    const agg = bySourcePair.get(key);
    if (agg) agg.count += 1;
    else bySourcePair.set(key, { count: 1, first: e, original });
  }
  for (const { count, first, original } of bySourcePair.values()) {
    const a = ctx.sources[first.src.source]?.name ?? '?';
    const b = ctx.sources[original.src.source]?.name ?? '?';
    ctx.diags.push({
      code: 'repeated-uuid',
      severity: 'info',
      message: `${count} line(s) of ${a} repeat uuids already seen in ${a === b ? 'the same file' : b} (first: line ${first.src.line} = line ${original.src.line}); counted once`,
      src: first.src,
      seq: first.seq,
      consumesLine: false,
    });
  }
}

// ── turns (model calls) ────────────────────────────────────────────────────────────────────────────────────────

function blockKey(b: ContentBlock): string | undefined {
  if (b.type === 'tool_use') return `tool:${b.id}`;
  if (b.type === 'text' || b.type === 'thinking') return `${b.type}:${b.text}`;
  return undefined;
}

interface TurnState {
  readonly turns: Turn[];
  readonly byMessage: Map<string, number[]>;
  readonly looseCopies: LooseCopy[];
}

function newTurn(ctx: Ctx, st: TurnState, e: TraceEvent, key: string, messageId: string | undefined, requestId: string | undefined): Turn {
  const turn: Turn = {
    index: st.turns.length,
    key,
    ...(messageId ? { messageId } : {}),
    ...(requestId ? { requestId } : {}),
    session: ctx.eventSession[e.seq] ?? 0,
    agent: ctx.eventAgent[e.seq] ?? 0,
    response: -1,
    seqs: [],
    streamSeqs: [],
    blocks: [],
    blockSeqs: [],
    copies: [],
    counted: true,
    countRule: 'one model call',
    synthetic: false,
    toolCalls: [],
    isSidechain: e.isSidechain === true,
  };
  st.turns.push(turn);
  if (messageId) {
    const list = st.byMessage.get(messageId);
    if (list) list.push(turn.index);
    else st.byMessage.set(messageId, [turn.index]);
  }
  return turn;
}

function touch(turn: Turn, e: TraceEvent): void {
  if (e.time === undefined) return;
  if (turn.firstTime === undefined || e.time < turn.firstTime) turn.firstTime = e.time;
  if (turn.lastTime === undefined || e.time > turn.lastTime) turn.lastTime = e.time;
}

/** Finds the model call an assistant line belongs to, or starts one. */
function turnForAssistant(ctx: Ctx, st: TurnState, e: AssistantEvent): Turn {
  if (!e.messageId) return newTurn(ctx, st, e, `line:${e.seq}`, undefined, e.requestId);
  const candidates = (st.byMessage.get(e.messageId) ?? []).map((ti) => st.turns[ti]).filter((t): t is Turn => t !== undefined);
  const found = findCall(candidates, turnIdentity, e);
  return found ?? newTurn(ctx, st, e, callKey(e.messageId, e.requestId, candidates.length), e.messageId, e.requestId);
}

/** Line copies come first in `copies` while lines are merged (stream and progress copies are added after). */
const turnIdentity = (t: Turn): CallIdentity => ({ ...(t.requestId ? { requestId: t.requestId } : {}), isSidechain: t.isSidechain, firstUsage: t.copies[0]?.usage });

function mergeAssistant(ctx: Ctx, st: TurnState, e: AssistantEvent): void {
  const turn = turnForAssistant(ctx, st, e);
  const replay = ctx.eventReplayOf[e.seq] !== -1;
  turn.seqs.push(e.seq);
  ctx.eventTurn[e.seq] = turn.index;
  touch(turn, e);
  if (e.model && !turn.model) turn.model = e.model;
  if (e.synthetic) turn.synthetic = true;
  if (e.stopReason) turn.stopReason = e.stopReason;
  if (!replay) {
    const seen = new Set(turn.blocks.map(blockKey).filter((k): k is string => k !== undefined));
    for (const b of e.blocks) {
      const k = blockKey(b);
      if (k && seen.has(k)) continue;
      if (k) seen.add(k);
      turn.blocks.push(b);
      turn.blockSeqs.push(e.seq);
    }
  }
  if (e.usage) {
    const sidechainReplay = e.requestId !== undefined && turn.requestId !== undefined && e.requestId !== turn.requestId;
    const rule = replay ? 'repeated uuid: a copy of a line already loaded' : sidechainReplay ? '/btw sidechain replay of this message under another request id' : 'split line of this message id';
    turn.copies.push({ seq: e.seq, via: 'line', usage: e.usage, chosen: false, rule });
  }
}

function buildTurns(ctx: Ctx, acc: StreamAccumulator): { turns: Turn[]; looseCopies: LooseCopy[] } {
  const st: TurnState = { turns: [], byMessage: new Map(), looseCopies: [] };
  const turnOfStart = new Map<number, Turn>();
  const progressCopies: { seq: number; messageId?: string; usage: Usage }[] = [];
  for (const e of ctx.events) {
    if (e.kind === 'assistant') mergeAssistant(ctx, st, e);
    else if (e.kind === 'stream') placeStreamEvent(ctx, st, acc, turnOfStart, e);
    else if (e.kind === 'progress' && e.embedded?.usage) {
      progressCopies.push({ seq: e.seq, ...(e.embedded.messageId ? { messageId: e.embedded.messageId } : {}), usage: e.embedded.usage });
    }
  }
  acc.close();
  ctx.diags.push(...acc.diagnostics);
  for (const t of st.turns) {
    if (t.stream) verdictOf(t.stream, t.blocks, t.seqs.length > 0, ctx.opts);
  }
  for (const p of progressCopies) {
    const rule = 'agent_progress copy of a subagent message: never counted';
    const ti = p.messageId ? st.byMessage.get(p.messageId)?.[0] : undefined;
    const t = ti === undefined ? undefined : st.turns[ti];
    if (t) t.copies.push({ seq: p.seq, via: 'progress', usage: p.usage, chosen: false, rule });
    else st.looseCopies.push({ seq: p.seq, ...(p.messageId ? { messageId: p.messageId } : {}), usage: p.usage, rule });
  }
  return { turns: st.turns, looseCopies: st.looseCopies };
}

/** Puts a stream event in the model call of its message (the accumulator already rebuilt its content). */
function placeStreamEvent(ctx: Ctx, st: TurnState, acc: StreamAccumulator, turnOfStart: Map<number, Turn>, e: StreamEvent): void {
  const start = acc.startOf(e.seq);
  if (start < 0) return;
  let turn = turnOfStart.get(start);
  if (!turn) {
    const id = e.messageId ?? `stream:${e.seq}`;
    const first = st.byMessage.get(id)?.[0];
    turn = (first === undefined ? undefined : st.turns[first]) ?? newTurn(ctx, st, e, `msg:${id}`, id, undefined);
    turnOfStart.set(start, turn);
    if (e.model && !turn.model) turn.model = e.model;
    const rebuild = acc.rebuilds.get(start);
    if (rebuild && !turn.stream) turn.stream = rebuild;
  }
  turn.streamSeqs.push(e.seq);
  ctx.eventTurn[e.seq] = turn.index;
  touch(turn, e);
}

/**
 * Usage counts once per model call: the copy with the most output tokens wins (early split lines carry a
 * placeholder; stream `message_delta` usage is cumulative and is one more copy). Progress copies never count.
 */
function chooseUsage(t: Turn): void {
  if (t.stream?.usage) t.copies.push({ seq: t.stream.startSeq, via: 'stream', usage: t.stream.usage, chosen: false, rule: 'stream copy (message_start overlaid with message_delta)' });
  const best = chooseCopy(t.copies);
  if (best) {
    best.chosen = true;
    best.rule = `kept: most output tokens of ${t.copies.filter((c) => c.via !== 'progress').length} cop${t.copies.length === 1 ? 'y' : 'ies'}`;
    t.usage = best.usage;
    for (const c of t.copies) if (c !== best && c.via !== 'progress') c.rule = `dropped: ${c.rule}`;
  }
  const uncounted = uncountedReason(t.synthetic, best !== undefined);
  if (uncounted) {
    t.counted = false;
    t.countRule = uncounted;
  } else if (t.seqs.length > 0 && t.seqs.every((s) => t.copies.find((c) => c.seq === s)?.rule.includes('repeated uuid'))) {
    t.countRule = 'only copies of lines from another file; counted once here';
  }
}

// ── responses ──────────────────────────────────────────────────────────────────────────────────────────────────

const SUBSTANTIVE = new Set(['assistant', 'stream', 'user', 'tool-result']);

function buildResponses(ctx: Ctx, turns: readonly Turn[]): Response[] {
  const responses: Response[] = [];
  const current = new Map<number, Response>();
  const hasResults = new Set<number>();
  const substantive = new Set<Response>();
  const open = (session: number, seq: number): Response => {
    const r: Response = { index: responses.length, session, firstSeq: seq, lastSeq: seq, end: 'end-of-file', turns: [] };
    responses.push(r);
    ctx.sessions[session]?.responses.push(r.index);
    current.set(session, r);
    return r;
  };
  for (const e of ctx.events) {
    const agent = ctx.agents[ctx.eventAgent[e.seq] ?? -1];
    // Subagent files get the response of their spawning call below.
    if (agent && agent.kind !== 'main' && agent.agentId) continue;
    const s = ctx.eventSession[e.seq] ?? 0;
    let r = current.get(s);
    if (e.kind === 'user' && e.role === 'prompt' && agent?.kind === 'main' && r && substantive.has(r)) {
      r.end = 'next-prompt';
      r = open(s, e.seq);
    }
    if (!r) r = open(s, e.seq);
    if (e.kind === 'user' && e.role === 'prompt' && r.promptSeq === undefined) r.promptSeq = e.seq;
    r.lastSeq = e.seq;
    ctx.eventResponse[e.seq] = r.index;
    if (SUBSTANTIVE.has(e.kind)) substantive.add(r);
    if (e.kind === 'result' && agent?.kind === 'main') {
      hasResults.add(s);
      r.resultSeq = e.seq;
      r.end = 'result';
      current.delete(s);
    }
  }
  // Info frames may follow a result (FORMATS.md trap 9): a trailing response with nothing substantive joins the last.
  for (const [s, r] of current) {
    if (!substantive.has(r) && r.index > 0) {
      const prev = [...responses].reverse().find((x) => x.session === s && x !== r);
      if (prev) {
        for (let q = r.firstSeq; q <= r.lastSeq; q++) if (ctx.eventResponse[q] === r.index) ctx.eventResponse[q] = prev.index;
        prev.lastSeq = Math.max(prev.lastSeq, r.lastSeq);
        r.lastSeq = -1;
        continue;
      }
    }
    if (hasResults.has(s) || sessionIsStream(ctx, s)) r.end = 'interrupted';
  }
  const kept = responses.filter((r) => r.lastSeq >= 0);
  const renumber = new Map<number, number>();
  const out: Response[] = kept.map((r, i) => {
    renumber.set(r.index, i);
    return { ...r, index: i, turns: [] };
  });
  for (const s of ctx.sessions) s.responses.splice(0, s.responses.length, ...s.responses.filter((i) => renumber.has(i)).map((i) => renumber.get(i) ?? 0));
  for (let q = 0; q < ctx.eventResponse.length; q++) {
    const old = ctx.eventResponse[q] ?? -1;
    if (old >= 0) ctx.eventResponse[q] = renumber.get(old) ?? -1;
  }
  assignSubagentResponses(ctx);
  for (const t of turns) {
    const first = t.seqs[0] ?? t.streamSeqs[0];
    t.response = first === undefined ? -1 : ctx.eventResponse[first] ?? -1;
    if (t.response >= 0) out[t.response]?.turns.push(t.index);
  }
  return out;
}

function sessionIsStream(ctx: Ctx, session: number): boolean {
  return (ctx.sessions[session]?.sources ?? []).some((i) => ctx.sources[i]?.format === 'sdk-stream' || ctx.sources[i]?.format === 'recording' || ctx.sources[i]?.format === 'json-array' || ctx.sources[i]?.format === 'eval-artifact');
}

function assignSubagentResponses(ctx: Ctx): void {
  for (const a of ctx.agents) {
    if (a.kind === 'main' || !a.agentId) continue;
    const response = a.spawnCall !== undefined ? spawnResponse(ctx, a) : -1;
    for (let q = a.firstSeq; q <= a.lastSeq && q >= 0; q++) {
      if (ctx.eventAgent[q] === a.index) ctx.eventResponse[q] = response;
    }
  }
}

function spawnResponse(ctx: Ctx, a: Agent): number {
  const seq = a.spawnSeq;
  return seq === undefined ? -1 : ctx.eventResponse[seq] ?? -1;
}

// ── subagent links ─────────────────────────────────────────────────────────────────────────────────────────────

function linkAgents(ctx: Ctx, calls: readonly ToolCall[]): void {
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

// ── costs and diagnostics ──────────────────────────────────────────────────────────────────────────────────────

function reportCosts(ctx: Ctx): void {
  for (const e of ctx.events) {
    if (e.kind !== 'result' || e.totalCostUsd === undefined) continue;
    const s = ctx.sessions[ctx.eventSession[e.seq] ?? -1];
    // Cumulative per session: the latest wins, never a sum.
    if (s) {
      s.reportedCostUsd = e.totalCostUsd;
      s.reportedCostSeq = e.seq;
    }
  }
}

function finalDiagnostics(ctx: Ctx, turns: readonly Turn[], calls: readonly ToolCall[], responses: readonly Response[]): void {
  for (const t of turns) {
    const s = t.stream;
    if (!s) continue;
    const src = ctx.events[s.startSeq]?.src;
    if (s.verdict === 'incomplete') {
      ctx.diags.push({ code: 'stream-incomplete', severity: 'error', message: `message ${s.messageId}: ${s.deltaCount} delta(s) that never became a completed message (${s.detail ?? ''})`, ...(src ? { src } : {}), seq: s.startSeq, consumesLine: false });
    } else if (s.verdict === 'mismatch') {
      ctx.diags.push({ code: 'stream-mismatch', severity: 'warning', message: `message ${s.messageId}: deltas and completed message differ (${s.detail ?? ''})`, ...(src ? { src } : {}), seq: s.startSeq, consumesLine: false });
    } else if (s.stopSeq === undefined) {
      ctx.diags.push({ code: 'stream-incomplete', severity: 'warning', message: `message ${s.messageId}: the stream never reached message_stop`, ...(src ? { src } : {}), seq: s.startSeq, consumesLine: false });
    }
  }
  for (const c of calls) {
    if (c.result) continue;
    const e = ctx.events[c.requestSeq];
    ctx.diags.push({ code: 'tool-call-without-result', severity: 'warning', message: `${c.name} call ${c.id} never got a tool_result`, ...(e ? { src: e.src } : {}), seq: c.requestSeq, consumesLine: false });
  }
  for (const r of responses) {
    if (r.end !== 'interrupted') continue;
    const e = ctx.events[r.lastSeq];
    ctx.diags.push({ code: 'interrupted', severity: 'error', message: `response ${r.index + 1} has no result: the stream was interrupted after line ${e?.src.line ?? '?'}`, ...(e ? { src: e.src } : {}), seq: r.lastSeq, consumesLine: false });
  }
  const lastIndex = new Map<number, number>();
  const unknownTypes = new Map<string, TraceEvent>();
  for (const e of ctx.events) {
    if (e.kind === 'result') {
      if (e.subtype === 'success' && e.isError) {
        ctx.diags.push({ code: 'result-error-flag', severity: 'info', message: `result subtype "success" with is_error true${e.resultText ? `: ${e.resultText.slice(0, 120)}` : ''}`, src: e.src, seq: e.seq, consumesLine: false });
      }
      if (e.resultIndex !== undefined) {
        const s = ctx.eventSession[e.seq] ?? 0;
        const prev = lastIndex.get(s);
        if (prev !== undefined && e.resultIndex > prev + 1) {
          ctx.diags.push({ code: 'result-gap', severity: 'warning', message: `result_index jumps from ${prev} to ${e.resultIndex}: ${e.resultIndex - prev - 1} result(s) lost`, src: e.src, seq: e.seq, consumesLine: false });
        }
        lastIndex.set(s, e.resultIndex);
      }
    }
    if (e.kind === 'unknown') {
      const k = `${e.type ?? '?'}/${e.subtype ?? ''}/${e.reason}`;
      if (!unknownTypes.has(k)) unknownTypes.set(k, e);
    }
  }
  for (const e of unknownTypes.values()) {
    if (e.kind !== 'unknown') continue;
    ctx.diags.push({ code: 'unknown-type', severity: 'info', message: `kept as a raw row: ${e.reason}`, src: e.src, seq: e.seq, consumesLine: false });
  }
}
