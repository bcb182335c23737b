import type { ContentBlock, SideEffect, ToolResultBlock, Usage } from './content-types';
import type { MediaInfo } from './media';

// The typed events a trace's lines become (one per line an adapter reads). What they carry is in content-types.ts,
// what reading reports beside them in diagnostic-types.ts; both are re-exported here, the one place most code names.

export type { ContentBlock, PatchHunk, SideEffect, ToolResultBlock, Usage } from './content-types';
export type { Diagnostic, DiagnosticCode } from './diagnostic-types';

/** The dialect of one source file, decided by format detection. */
export type SourceFormat =
  | 'sdk-stream'
  | 'claude-code'
  | 'json-array'
  | 'eval-artifact'
  | 'recording'
  | 'agent-meta'
  | 'empty'
  | 'unknown';

export type PermissionBehavior = 'allow' | 'deny' | 'ask' | 'defer';

interface EventBase {
  /** Index in `Trace.events`. */
  readonly seq: number;
  /** Where the line came from (a `LineRef`'s fields, held by the event itself: an object each cost 28 bytes). */
  readonly source: number;
  readonly line: number;
  readonly offset: number;
  readonly length: number;
  /** For records inside a JSON document: where in the document, e.g. `messages[3].message`. */
  readonly path?: string;
  readonly sessionId?: string;
  readonly uuid?: string;
  readonly parentUuid?: string;
  /** Subagent id (Claude Code `agentId`, or the agent of the file the line came from). */
  readonly agentId?: string;
  /** SDK `parent_tool_use_id`: non-null means the event belongs to the subagent spawned by that tool call. */
  readonly parentToolUseId?: string;
  readonly isSidechain?: boolean;
  /** Epoch milliseconds, when the line carries a timestamp. */
  readonly time?: number;
}

export interface UserEvent extends EventBase {
  readonly kind: 'user';
  /** `queued`: typed while the agent worked, and folded into the running turn (Claude Code's queued_command). */
  /** `notification`: Claude Code telling the model a background task ended (`<task-notification>`), not a person. */
  readonly role: 'prompt' | 'meta' | 'compact-summary' | 'interrupt' | 'command' | 'queued' | 'notification';
  readonly text: string;
  readonly textLength: number;
  readonly images: number;
  /** Images and documents attached to the prompt, in order (figures only, never the data). */
  readonly media?: readonly MediaInfo[];
  readonly isReplay?: boolean;
}

export interface ToolResultEvent extends EventBase {
  readonly kind: 'tool-result';
  readonly results: readonly ToolResultBlock[];
  readonly sideEffect?: SideEffect;
  /** Claude Code `sourceToolAssistantUUID`. */
  readonly sourceAssistantUuid?: string;
}

export interface AssistantEvent extends EventBase {
  readonly kind: 'assistant';
  readonly messageId?: string;
  readonly requestId?: string;
  readonly model?: string;
  readonly blocks: readonly ContentBlock[];
  readonly stopReason?: string;
  readonly usage?: Usage;
  /** Numbers in the usage that are not token counts (each names its field and value): `usage` is then absent. */
  readonly numberErrors?: readonly string[];
  /** `<synthetic>` model or `isApiErrorMessage`: never counted in model or cost stats. */
  readonly synthetic: boolean;
  readonly error?: string;
  readonly aborted?: boolean;
}

export type StreamEventType =
  | 'message_start'
  | 'content_block_start'
  | 'content_block_delta'
  | 'content_block_stop'
  | 'message_delta'
  | 'message_stop'
  | 'ping'
  | 'error';

export interface StreamEvent extends EventBase {
  readonly kind: 'stream';
  readonly event: StreamEventType;
  readonly index?: number;
  /** message_start only. */
  readonly messageId?: string;
  readonly model?: string;
  /** message_start: pre-filled content; content_block_start: the block. */
  readonly blocks?: readonly ContentBlock[];
  readonly deltaType?: string;
  /** text / thinking / partial_json / signature fragment of a delta. */
  readonly fragment?: string;
  /** message_start usage (placeholder output) or message_delta cumulative usage, raw fields only when present. */
  readonly usage?: Partial<Usage>;
  /** Numbers in the usage that are not token counts: `usage` is then absent. */
  readonly numberErrors?: readonly string[];
  readonly stopReason?: string;
  readonly ttftMs?: number;
  readonly errorMessage?: string;
}

export interface PermissionDenialRecord {
  readonly toolName: string;
  readonly toolUseId: string;
}

export interface ResultEvent extends EventBase {
  readonly kind: 'result';
  readonly subtype: string;
  readonly isError: boolean;
  readonly numTurns?: number;
  readonly durationMs?: number;
  readonly durationApiMs?: number;
  readonly totalCostUsd?: number;
  readonly usage?: Usage;
  readonly modelUsage: readonly ModelUsageRecord[];
  /** Costs and counts that are not sound numbers: each is left out (no cost reported, no usage, no model record). */
  readonly numberErrors?: readonly string[];
  readonly permissionDenials: readonly PermissionDenialRecord[];
  readonly resultText?: string;
  readonly errors: readonly string[];
  readonly stopReason?: string;
  readonly terminalReason?: string;
  readonly resultIndex?: number;
}

export interface ModelUsageRecord {
  readonly model: string;
  readonly input: number;
  readonly output: number;
  readonly cacheRead: number;
  readonly cacheCreation: number;
  readonly costUsd?: number;
  readonly webSearch: number;
}

export interface SystemEvent extends EventBase {
  readonly kind: 'system';
  /** Top-level `type` (system, rate_limit_event, tool_use_summary, …). */
  readonly type: string;
  readonly subtype?: string;
  readonly level?: string;
  readonly text?: string;
  readonly toolUseId?: string;
  /** init only. */
  readonly model?: string;
  readonly cwd?: string;
  readonly permissionMode?: string;
  readonly version?: string;
  /** compact_boundary. */
  readonly compact?: {
    readonly trigger?: string;
    readonly preTokens?: number;
    readonly postTokens?: number;
    readonly durationMs?: number;
  };
  readonly logicalParentUuid?: string;
  /** turn_duration, api_retry and task frames. */
  readonly durationMs?: number;
  /** conversation_reset. */
  readonly newSessionId?: string;
}

export interface PermissionDeniedEvent extends EventBase {
  readonly kind: 'permission-denied';
  readonly toolName: string;
  readonly toolUseId: string;
  readonly message: string;
  readonly reasonType?: string;
}

export interface HookEvent extends EventBase {
  readonly kind: 'hook';
  readonly via: 'system' | 'progress' | 'attachment' | 'legacy-system' | 'stop-summary';
  readonly phase: 'started' | 'progress' | 'response' | 'result' | 'summary';
  readonly hookEvent?: string;
  readonly hookName?: string;
  readonly toolUseId?: string;
  /** SDK `hook_id`: the started, progress and response frames of one hook run share it. */
  readonly hookId?: string;
  readonly outcome?: string;
  readonly exitCode?: number;
  /** A PreToolUse decision parsed from the hook's JSON output. */
  readonly decision?: PermissionBehavior;
  readonly decisionReason?: string;
  readonly text?: string;
}

export interface ProgressEvent extends EventBase {
  readonly kind: 'progress';
  readonly progressType: string;
  readonly toolUseId?: string;
  readonly text?: string;
  /** agent_progress: the embedded subagent message (a copy; never counted). */
  readonly embedded?: {
    readonly role: string;
    readonly messageId?: string;
    readonly usage?: Usage;
    readonly model?: string;
  };
  /** agent_progress: the subagent the embedded message belongs to. */
  readonly subagentId?: string;
  readonly elapsedSeconds?: number;
}

export interface ControlEvent extends EventBase {
  readonly kind: 'control';
  readonly frame: 'request' | 'response' | 'cancel' | 'keep_alive';
  readonly requestId?: string;
  readonly subtype?: string;
  readonly toolName?: string;
  readonly toolUseId?: string;
  readonly behavior?: PermissionBehavior;
  readonly message?: string;
  readonly error?: string;
}

export interface MetaEvent extends EventBase {
  readonly kind: 'meta';
  readonly metaType: string;
  readonly text?: string;
  /** summary: the leaf uuid it titles. */
  readonly leafUuid?: string;
  /** agent-meta sidecar. */
  readonly agentMeta?: {
    readonly agentType?: string;
    readonly description?: string;
    readonly toolUseId?: string;
    readonly parentAgentId?: string;
  };
  /**
   * A recording's header: the fields of its `metadata` and `result` blocks, each named by its path in the document
   * (`result.toolCallsMade`). The recorder's summary, not an SDK `result` frame: it ends nothing.
   */
  readonly documentFields?: readonly (readonly [string, string])[];
}

export interface EvalEvent extends EventBase {
  readonly kind: 'eval';
  readonly passed?: boolean;
  readonly testSummary?: string;
  readonly workspaceDiff?: string;
  readonly transportError?: string;
  readonly toolCallCount?: number;
}

export interface UnknownEvent extends EventBase {
  readonly kind: 'unknown';
  readonly type?: string;
  readonly subtype?: string;
  /** The raw JSON, clamped. */
  readonly raw: string;
  /** Why it was not typed: an unknown type or subtype, or a known type whose required fields were missing. */
  readonly reason: string;
}

export type TraceEvent =
  | UserEvent
  | ToolResultEvent
  | AssistantEvent
  | StreamEvent
  | ResultEvent
  | SystemEvent
  | PermissionDeniedEvent
  | HookEvent
  | ProgressEvent
  | ControlEvent
  | MetaEvent
  | EvalEvent
  | UnknownEvent;

export type EventKind = TraceEvent['kind'];
