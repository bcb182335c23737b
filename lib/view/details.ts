import { summarize, toolCallsOf } from '../trace/describe';
import type { PermissionEvidence, RebuiltBlock, StreamVerdict, ToolCall, Trace } from '../trace/model/types';
import { costOf, DEFAULT_PRICES, type PriceTable } from '../trace/pricing/pricing';
import { agentLabel } from '../trace/stats';
import { lowerBoundTurns } from '../trace/turns';
import type { ContentBlock, PermissionBehavior, TraceEvent, Usage } from '../trace/types';
import { effectDetails, type EffectDetails } from './effect';
import { whereOf } from './where';

/** Everything the details pane shows for one event; plain data. */
export interface DetailsView {
  readonly event: TraceEvent;
  readonly sourceName: string;
  readonly agent: string;
  readonly turn?: TurnDetails;
  readonly toolCalls: readonly ToolCallDetails[];
  /** Events that point at this one, for "jump to". */
  readonly related: readonly { readonly seq: number; readonly label: string }[];
  /** A compact_boundary line: what was compacted, the summary, and the model call that wrote it. */
  readonly compaction?: CompactionDetails;
}

export interface TurnDetails {
  readonly index: number;
  readonly messageId?: string;
  readonly requestId?: string;
  readonly model?: string;
  readonly blocks: readonly ContentBlock[];
  readonly seqs: readonly number[];
  /** The lines merged into this model call, with what each holds (an empty text block is one of them). */
  readonly lines: readonly {
    readonly seq: number;
    readonly line?: number;
    readonly path?: string;
    readonly label: string;
  }[];
  readonly usage?: Usage;
  readonly costUsd?: number;
  /** The output is a placeholder (no message_delta): `usage.output` and `costUsd` are lower bounds. */
  readonly lowerBound?: true;
  readonly counted: boolean;
  readonly countRule: string;
  readonly copies: readonly {
    readonly seq: number;
    readonly line: number;
    readonly path?: string;
    readonly via: string;
    readonly output: number;
    readonly chosen: boolean;
    readonly rule: string;
  }[];
  readonly stream?: StreamDetails;
}

export interface StreamDetails {
  readonly verdict: StreamVerdict;
  readonly detail?: string;
  readonly deltaCount: number;
  readonly eventCount: number;
  readonly blocks: readonly RebuiltBlock[];
  readonly stopReason?: string;
  readonly stopped: boolean;
  readonly timeToFirstDeltaMs?: number;
  readonly ttftMs?: number;
  readonly firstSeq: number;
  readonly firstLine?: number;
  readonly firstPath?: string;
}

export interface EvidenceDetails extends PermissionEvidence {
  readonly line?: number;
  readonly path?: string;
  readonly decisive: boolean;
}

export interface ToolCallDetails {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
  readonly requestSeq: number;
  readonly requestLine?: number;
  /** The request's path, for a record of a JSON document. */
  readonly requestPath?: string;
  readonly permission: ToolCall['permission'];
  readonly evidence: readonly EvidenceDetails[];
  readonly result?: ToolCall['result'] & { readonly line?: number; readonly path?: string };
  /** The side effect: recorded, derived from the request (and labelled so), or why there is none. */
  readonly effect: EffectDetails;
  readonly durationMs?: number;
  readonly permissionWaitMs?: number;
  readonly spawnedAgent?: string;
  readonly slot: number;
  /** Hooks before the call ran (PreToolUse, PermissionRequest): permission evidence, with their decision if any. */
  readonly preHooks: readonly HookDetails[];
  /** Progress lines while it ran. */
  readonly progress: readonly ProgressDetails[];
  /** Hooks after the result (PostToolUse, PostToolUseFailure, …). */
  readonly postHooks: readonly HookDetails[];
}

export interface HookDetails {
  readonly seq: number;
  readonly line?: number;
  readonly path?: string;
  readonly hookEvent?: string;
  readonly hookName?: string;
  /** `running` (Claude Code hook_progress), `started`, or how it ended (`success`, `error`, `blocked`, …). */
  readonly state: string;
  readonly decision?: PermissionBehavior;
  readonly decisionReason?: string;
  readonly text?: string;
  /** Milliseconds after the request line. */
  readonly afterMs?: number;
}

export interface ProgressDetails {
  readonly seq: number;
  readonly line?: number;
  readonly path?: string;
  readonly type: string;
  readonly elapsedSeconds?: number;
  readonly text?: string;
  /** agent_progress: the copied subagent message (never counted). */
  readonly copyOf?: string;
  readonly afterMs?: number;
}

export interface CompactionDetails {
  readonly trigger?: string;
  readonly preTokens?: number;
  readonly postTokens?: number;
  readonly durationMs?: number;
  /** The `isCompactSummary` user line that replaced the conversation. */
  readonly summary?: { readonly seq: number; readonly line?: number; readonly path?: string; readonly text: string };
  /** The billed model call that wrote the summary (its `agent-acompact-*` file). */
  readonly calls: readonly {
    readonly turn: number;
    readonly seq: number;
    readonly model?: string;
    readonly costUsd?: number;
    readonly tokens?: number;
    readonly counted: boolean;
  }[];
}

function toolCallDetails(trace: Trace, c: ToolCall): ToolCallDetails {
  const evidence = c.evidence.map((ev, i) => ({ ...ev, ...whereOf(trace, ev.seq), decisive: i === c.decidedBy }));
  const request = whereOf(trace, c.requestSeq);
  const durationMs =
    c.requestedAt !== undefined && c.result?.time !== undefined ? c.result.time - c.requestedAt : undefined;
  const permissionWaitMs =
    c.requestedAt !== undefined && c.decidedAt !== undefined ? c.decidedAt - c.requestedAt : undefined;
  return {
    id: c.id,
    name: c.name,
    input: c.input,
    requestSeq: c.requestSeq,
    requestLine: request.line,
    ...(request.path ? { requestPath: request.path } : {}),
    permission: c.permission,
    evidence,
    ...(c.result ? { result: { ...c.result, ...whereOf(trace, c.result.seq) } } : {}),
    effect: effectDetails(trace, c),
    ...(durationMs !== undefined ? { durationMs } : {}),
    ...(permissionWaitMs !== undefined ? { permissionWaitMs } : {}),
    ...(c.spawnedAgent !== undefined ? { spawnedAgent: agentLabel(trace, c.spawnedAgent) } : {}),
    slot: c.slot,
    ...hookDetails(trace, c),
    progress: c.progress
      .map((seq) => progressDetails(trace, c, seq))
      .filter((p): p is ProgressDetails => p !== undefined),
  };
}

const PRE_HOOKS = new Set(['PreToolUse', 'PermissionRequest']);

/** A call's hooks, split at its result: PreToolUse and PermissionRequest before, the rest (PostToolUse, …) after. */
function hookDetails(trace: Trace, c: ToolCall): { preHooks: HookDetails[]; postHooks: HookDetails[] } {
  const preHooks: HookDetails[] = [];
  const postHooks: HookDetails[] = [];
  for (const seq of c.hooks) {
    const e = trace.events[seq];
    if (e?.kind !== 'hook') continue;
    const event = e.hookEvent ?? e.hookName?.split(':')[0];
    const state =
      e.via === 'progress'
        ? 'running'
        : e.phase === 'started'
          ? 'started'
          : e.phase === 'progress'
            ? 'running'
            : (e.outcome ?? 'done');
    const d: HookDetails = {
      seq,
      ...whereOf(trace, seq),
      ...(e.hookEvent ? { hookEvent: e.hookEvent } : {}),
      ...(e.hookName ? { hookName: e.hookName } : {}),
      state,
      ...(e.decision ? { decision: e.decision } : {}),
      ...(e.decisionReason ? { decisionReason: e.decisionReason } : {}),
      // An attachment with no output names only its type (`hook_success`): the state says that already.
      ...(e.text && !/^hook_\w+$/.test(e.text) ? { text: e.text } : {}),
      ...after(c, e.time),
    };
    const pre = event !== undefined ? PRE_HOOKS.has(event) : c.result === undefined || seq < c.result.seq;
    (pre ? preHooks : postHooks).push(d);
  }
  return { preHooks, postHooks };
}

function progressDetails(trace: Trace, c: ToolCall, seq: number): ProgressDetails | undefined {
  const e = trace.events[seq];
  if (e?.kind !== 'progress') return undefined;
  return {
    seq,
    ...whereOf(trace, seq),
    type: e.progressType,
    ...(e.elapsedSeconds !== undefined ? { elapsedSeconds: e.elapsedSeconds } : {}),
    ...(e.text && !e.embedded ? { text: e.text } : {}),
    ...(e.embedded ? { copyOf: `${e.embedded.role} ${e.embedded.messageId ?? ''}`.trim() } : {}),
    ...after(c, e.time),
  };
}

const after = (c: ToolCall, time: number | undefined): { afterMs?: number } =>
  c.requestedAt !== undefined && time !== undefined ? { afterMs: time - c.requestedAt } : {};

/** What a compact_boundary line compacted, the summary that replaced it, and the call that wrote it. */
export function compactionDetails(
  trace: Trace,
  seq: number,
  prices: PriceTable = DEFAULT_PRICES,
): CompactionDetails | undefined {
  const e = trace.events[seq];
  if (e?.kind !== 'system' || e.subtype !== 'compact_boundary') return undefined;
  const c = e.compact;
  let summary: CompactionDetails['summary'];
  // The summary follows its boundary in the same file, as the next user line.
  for (let q = seq + 1; q < trace.events.length && q < seq + 64; q++) {
    const x = trace.events[q];
    if (!x || x.source !== e.source) break;
    if (x.kind === 'user' && x.role === 'compact-summary') {
      summary = { seq: q, ...whereOf(trace, q), text: x.text };
      break;
    }
    if (x.kind === 'user' && x.role === 'prompt') break;
  }
  const calls: CompactionDetails['calls'][number][] = [];
  for (const a of trace.agents) {
    if (a.compactBoundarySeq !== seq) continue;
    for (const t of trace.turns) {
      if (t.agent !== a.index) continue;
      const cost = t.usage && t.counted ? costOf(t.usage, t.model, prices) : undefined;
      calls.push({
        turn: t.index,
        seq: t.seqs[0] ?? t.streamSeqs[0] ?? a.firstSeq,
        ...(t.model ? { model: t.model } : {}),
        ...(cost?.priced ? { costUsd: cost.usd } : {}),
        ...(t.usage ? { tokens: t.usage.input + t.usage.cacheRead + t.usage.cacheCreation + t.usage.output } : {}),
        counted: t.counted,
      });
    }
  }
  return {
    ...(c?.trigger ? { trigger: c.trigger } : {}),
    ...(c?.preTokens !== undefined ? { preTokens: c.preTokens } : {}),
    ...(c?.postTokens !== undefined ? { postTokens: c.postTokens } : {}),
    ...(c?.durationMs !== undefined ? { durationMs: c.durationMs } : {}),
    ...(summary ? { summary } : {}),
    calls,
  };
}

export function turnDetails(trace: Trace, t: number, prices: PriceTable = DEFAULT_PRICES): TurnDetails | undefined {
  const turn = trace.turns[t];
  if (!turn) return undefined;
  const s = turn.stream;
  const firstDelta = s?.firstDeltaTime;
  const firstPath = s ? trace.events[s.startSeq]?.path : undefined;
  const stream: StreamDetails | undefined = s
    ? {
        verdict: s.verdict,
        ...(s.detail ? { detail: s.detail } : {}),
        deltaCount: s.deltaCount,
        eventCount: turn.streamSeqs.length,
        blocks: s.blocks.filter((b): b is RebuiltBlock => b !== undefined),
        ...(s.stopReason ? { stopReason: s.stopReason } : {}),
        stopped: s.stopSeq !== undefined,
        ...(firstDelta !== undefined && s.startTime !== undefined
          ? { timeToFirstDeltaMs: firstDelta - s.startTime }
          : {}),
        ...(s.ttftMs !== undefined ? { ttftMs: s.ttftMs } : {}),
        firstSeq: s.startSeq,
        firstLine: trace.events[s.startSeq]?.line,
        ...(firstPath ? { firstPath } : {}),
      }
    : undefined;
  const cost = turn.usage && turn.counted ? costOf(turn.usage, turn.model, prices) : undefined;
  return {
    index: t,
    ...(turn.messageId ? { messageId: turn.messageId } : {}),
    ...(turn.requestId ? { requestId: turn.requestId } : {}),
    ...(turn.model ? { model: turn.model } : {}),
    blocks: turn.blocks,
    seqs: turn.seqs,
    lines: turn.seqs.map((q) => {
      const e = trace.events[q];
      return { seq: q, ...(e ? { ...whereOf(trace, q), label: summarize(e) } : { label: '?' }) };
    }),
    ...(turn.usage ? { usage: turn.usage } : {}),
    ...(cost?.priced ? { costUsd: cost.usd } : {}),
    ...(turn.counted && lowerBoundTurns(trace).has(turn.index) ? { lowerBound: true as const } : {}),
    counted: turn.counted,
    countRule: turn.countRule,
    copies: turn.copies.map((c) => ({
      seq: c.seq,
      ...whereOf(trace, c.seq),
      line: trace.events[c.seq]?.line ?? 0,
      via: c.via,
      output: c.usage.output,
      chosen: c.chosen,
      rule: c.rule,
    })),
    ...(stream ? { stream } : {}),
  };
}

/** The details of one event: its model call, its tool calls' chains, its stream rebuild (costs at `prices`). */
export function detailsOf(trace: Trace, seq: number, prices: PriceTable = DEFAULT_PRICES): DetailsView | undefined {
  const e = trace.events[seq];
  if (!e) return undefined;
  const t = trace.eventTurn[seq] ?? -1;
  const calls = toolCallsOf(e, trace);
  // A result-less assistant row still shows its calls; a turn header's calls come through the turn.
  const toolCalls = calls
    .map((ci) => trace.toolCalls[ci])
    .filter((c): c is ToolCall => c !== undefined)
    .map((c) => toolCallDetails(trace, c));
  const related: { seq: number; label: string }[] = [];
  const replay = trace.eventReplayOf[seq] ?? -1;
  if (replay >= 0) related.push({ seq: replay, label: 'original of this repeated line' });
  for (const c of toolCalls) {
    if (c.requestSeq !== seq) related.push({ seq: c.requestSeq, label: `${c.name} request` });
    if (c.result && c.result.seq !== seq) related.push({ seq: c.result.seq, label: `${c.name} result` });
  }
  const turn = t >= 0 ? turnDetails(trace, t, prices) : undefined;
  const compaction = compactionDetails(trace, seq, prices);
  return {
    event: e,
    sourceName: trace.sources[e.source]?.name ?? '?',
    agent: agentLabel(trace, trace.eventAgent[seq] ?? 0),
    ...(turn ? { turn } : {}),
    toolCalls,
    related,
    ...(compaction ? { compaction } : {}),
  };
}

/** Details of a model call header: its first line's details. */
export function turnFirstSeq(trace: Trace, t: number): number | undefined {
  const turn = trace.turns[t];
  return turn ? (turn.seqs[0] ?? turn.streamSeqs[0]) : undefined;
}

export const eventLabel = (e: TraceEvent): string => summarize(e);
