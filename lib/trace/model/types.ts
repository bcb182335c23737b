import type { ReconciledRow, ResultExcess, ResultShortfall } from './reconcile';
import type { UuidColumn } from './uuids';
import type { SourceInfo } from '../parse';
import type { ContentBlock, Diagnostic, PermissionBehavior, SideEffect, TraceEvent, Usage } from '../types';
import type { MediaInfo } from '../media';

export interface Session {
  readonly index: number;
  readonly id: string;
  readonly agents: number[];
  readonly responses: number[];
  readonly sources: number[];
  firstTime?: number;
  lastTime?: number;
  title?: string;
  /** The latest `total_cost_usd` of this session (it is cumulative: never summed) and the result that gave it. */
  reportedCostUsd?: number;
  reportedCostSeq?: number;
}

/** `compaction`: the model call that summarized the conversation (`agent-acompact-*` files), linked to its boundary. */
export type AgentKind = 'main' | 'subagent' | 'sidechain' | 'compaction';

export interface Agent {
  readonly index: number;
  readonly key: string;
  readonly session: number;
  readonly kind: AgentKind;
  readonly agentId?: string;
  /** SDK `parent_tool_use_id` of its frames, or the spawning call's id once linked. */
  parentToolUseId?: string;
  /** Index in `Trace.toolCalls` of the Task/Agent call that spawned it. */
  spawnCall?: number;
  /** The seq of the spawning tool_use line. */
  spawnSeq?: number;
  /** How the spawning call (or, for a compaction, its boundary line) was found. */
  linkedBy?: 'parent_tool_use_id' | 'toolUseResult.agentId' | 'agent_progress' | 'meta.json' | 'compact_boundary';
  /** A compaction's `compact_boundary` line in the main lane (also its `spawnSeq`: the lane is shown under it). */
  compactBoundarySeq?: number;
  agentType?: string;
  description?: string;
  readonly models: string[];
  readonly sources: number[];
  eventCount: number;
  firstSeq: number;
  lastSeq: number;
}

export type ResponseEnd = 'result' | 'interrupted' | 'next-prompt' | 'end-of-file';

export interface Response {
  readonly index: number;
  readonly session: number;
  readonly firstSeq: number;
  lastSeq: number;
  resultSeq?: number;
  /** How it ended: its own `result`; none where the dialect has results (interrupted); the next prompt or end of file
   *  for session files, which have no result frames. */
  end: ResponseEnd;
  readonly turns: number[];
  promptSeq?: number;
  /** When it started: the earliest time among its first lines (see `leadTime`). */
  startTime?: number;
}

export type UsageCopyVia = 'line' | 'stream' | 'progress';

export interface UsageCopy {
  readonly seq: number;
  readonly via: UsageCopyVia;
  readonly usage: Usage;
  chosen: boolean;
  /** Why this copy was kept or dropped, in words. */
  rule: string;
}

export interface RebuiltBlock {
  readonly index: number;
  type: string;
  text: string;
  id?: string;
  name?: string;
  inputJson: string;
  input?: unknown;
  inputError?: string;
  hasSignature: boolean;
  stopped: boolean;
}

export type StreamVerdict = 'match' | 'mismatch' | 'incomplete';

export interface StreamRebuild {
  readonly messageId: string;
  readonly startSeq: number;
  stopSeq?: number;
  deltaCount: number;
  readonly blocks: RebuiltBlock[];
  usage?: Usage;
  /** The first unsound number in the stream's usage frames: its usage then does not count. */
  usageError?: string;
  stopReason?: string;
  startTime?: number;
  firstDeltaTime?: number;
  ttftMs?: number;
  verdict: StreamVerdict;
  detail?: string;
  eventsAfterStop: number;
}

export interface Turn {
  /** Its number, in start-time order (set once the calls are ordered, see clock.ts). */
  index: number;
  readonly key: string;
  readonly messageId?: string;
  readonly requestId?: string;
  readonly session: number;
  readonly agent: number;
  response: number;
  model?: string;
  /** Assistant lines merged into this model call, in order. */
  readonly seqs: number[];
  /** Stream events of this message. */
  readonly streamSeqs: number[];
  readonly blocks: ContentBlock[];
  /** For each block, the line it came from. */
  readonly blockSeqs: number[];
  stopReason?: string;
  readonly copies: UsageCopy[];
  usage?: Usage;
  /** The first unsound number in any copy of the call's usage: the call is then not counted (see `countRule`). */
  usageError?: string;
  counted: boolean;
  /** Why the turn counts or not (synthetic, replay of another file's message, …). */
  countRule: string;
  synthetic: boolean;
  firstTime?: number;
  lastTime?: number;
  /** When the request went out: the time of `startSeq`, else of the call's own first line (see `lib/trace/model/clock.ts`). */
  startTime?: number;
  /** The line that started the request: the agent's last prompt, tool result or model-call line before this call. */
  startSeq?: number;
  /** The one duration of a model call: `lastTime - startTime`, when both are known and the call spans time. */
  durationMs?: number;
  readonly toolCalls: number[];
  stream?: StreamRebuild;
  isSidechain: boolean;
}

export type EvidenceKind =
  | 'control-request'
  | 'control-response'
  | 'hook'
  | 'permission-denied'
  | 'result-denial'
  | 'denial-text'
  | 'rejection-text'
  | 'tool-ran';

export interface PermissionEvidence {
  readonly kind: EvidenceKind;
  readonly behavior?: PermissionBehavior;
  readonly seq: number;
  readonly detail: string;
  readonly time?: number;
}

export type PermissionState = 'allowed' | 'denied' | 'unknown';

export interface ToolCall {
  /** Its number, in request-time order (set once the calls are ordered, see clock.ts). */
  index: number;
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
  readonly turn: number;
  readonly requestSeq: number;
  readonly agent: number;
  readonly session: number;
  /** Position among the tool_use blocks of its model call: result slots follow this order. */
  readonly slot: number;
  requestedAt?: number;
  result?: {
    readonly seq: number;
    readonly isError: boolean;
    readonly text: string;
    readonly textLength: number;
    readonly time?: number;
    /** The images and documents of the result (figures only). */
    readonly media?: readonly MediaInfo[];
  };
  readonly duplicateResults: number[];
  /** The structured output the tool recorded (`toolUseResult`), when the line has one. */
  sideEffect?: SideEffect;
  /** A file change built from the request, for a call that succeeded with no recorded patch (derived-effects.ts). */
  derived?: DerivedChange;
  permission: PermissionState;
  /** Index into `evidence` of the item that decided `permission`. */
  decidedBy?: number;
  readonly evidence: PermissionEvidence[];
  spawnedAgent?: number;
  /** Time the permission decision arrived (control response), when known. */
  decidedAt?: number;
  /** Hook lines of this call (PreToolUse, PostToolUse, …), by `toolUseID` / `tool_use_id`, in file order. */
  readonly hooks: number[];
  /** Progress lines while it ran (bash_progress, tool_progress, agent_progress copies), in file order. */
  readonly progress: number[];
}

/** The last content of a file this trace showed before a call: what a derived change is diffed against. */
export interface KnownContent {
  readonly text: string;
  /** Line number of the first line of `text`: a Read with an offset shows part of the file. */
  readonly startLine: number;
  /** True when `text` is the whole file (a full Read, or a Write). */
  readonly complete: boolean;
  /** The call that showed it: a Read (its result) or a Write (its request). */
  readonly fromCall: number;
  /** Edits of this trace applied to it since. */
  readonly editsSince: number;
}

export type DerivedTool = 'Edit' | 'MultiEdit' | 'Write' | 'NotebookEdit';

/** What a successful file-changing call did, rebuilt from its request: never a recorded result. */
export interface DerivedChange {
  readonly tool: DerivedTool;
  readonly filePath: string;
  /** The file's content before the call, as far as the trace shows it. */
  readonly before?: KnownContent;
  /** The call made a new file (a Write whose result says so, or an Edit with an empty old_string). */
  readonly created: boolean;
}

/** A usage copy found outside any model call we loaded (e.g. an agent_progress copy of an unloaded subagent). */
export interface LooseCopy {
  readonly seq: number;
  readonly messageId?: string;
  readonly usage: Usage;
  readonly rule: string;
}

/** One session's reconciliation, with the seqs of the results it read. */
export interface SessionReconciliation {
  readonly session: number;
  readonly cumulative: boolean;
  readonly rows: readonly (ReconciledRow & { readonly resultSeq: number })[];
  readonly excess: readonly ResultExcess[];
  readonly shortfall: readonly ResultShortfall[];
  /** Per result seq: its own share of the session's reported cost. */
  readonly shares: ReadonlyMap<number, number>;
  /** Turn indices whose output is a placeholder and whose model got a row: their figures are lower bounds. */
  readonly lowerBounds: readonly number[];
  /**
   * Several results with no `modelUsage`, read as running totals because their cost never goes down: nothing else
   * tells them from results each its turn's own, whose sum (`sumUsd`) the reported cost would then be.
   */
  readonly unsure?: { readonly results: number; readonly sumUsd: number };
}

export interface Trace {
  readonly sources: readonly SourceInfo[];
  readonly events: readonly TraceEvent[];
  readonly diagnostics: readonly Diagnostic[];
  readonly sessions: readonly Session[];
  readonly agents: readonly Agent[];
  readonly responses: readonly Response[];
  readonly turns: readonly Turn[];
  readonly toolCalls: readonly ToolCall[];
  readonly looseCopies: readonly LooseCopy[];
  /** Per event seq: its agent, response and turn index, or -1. */
  readonly eventAgent: Int32Array;
  readonly eventResponse: Int32Array;
  readonly eventTurn: Int32Array;
  /** Per event seq: the seq of the earlier event with the same uuid, or -1. */
  readonly eventReplayOf: Int32Array;
  readonly toolCallById: ReadonlyMap<string, number>;
  /** Per event seq: the tool calls it is part of (request, result, permission evidence). */
  readonly eventCalls: ReadonlyMap<number, readonly number[]>;
  /** The events' uuids by seq, when the load kept them off the events (see `UuidColumn`, `eventUuid`). */
  readonly uuids?: UuidColumn;
  /** Per session with result frames: what the results report against the calls counted (see `reconcile-trace.ts`). */
  readonly reconciliation: readonly SessionReconciliation[];
}
