import type { LineRef } from './line-types';
import type { MediaInfo } from './media';

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

/** Token counts of one copy of an API message's usage. */
export interface Usage {
  readonly input: number;
  readonly output: number;
  /** `cache_creation_input_tokens`: 5m + 1h writes. */
  readonly cacheCreation: number;
  readonly cache5m: number;
  readonly cache1h: number;
  readonly cacheRead: number;
  readonly webSearch: number;
  /** False when the 5m/1h breakdown was missing and all writes were put in `cache5m`. */
  readonly hasCacheSplit: boolean;
}

export type ContentBlock =
  | { readonly type: 'text'; readonly text: string; readonly truncated?: number }
  | { readonly type: 'thinking'; readonly text: string; readonly hasSignature: boolean; readonly truncated?: number }
  | { readonly type: 'redacted_thinking' }
  | {
      readonly type: 'tool_use';
      readonly id: string;
      readonly name: string;
      readonly input: unknown;
      readonly server: boolean;
    }
  | { readonly type: 'server_tool_result'; readonly blockType: string; readonly toolUseId?: string }
  | { readonly type: 'image'; readonly mediaType?: string; readonly media?: MediaInfo }
  | { readonly type: 'document'; readonly media: MediaInfo }
  | { readonly type: 'other'; readonly blockType: string };

export interface ToolResultBlock {
  readonly toolUseId: string;
  readonly isError: boolean;
  /** Text of the result, clamped; `textLength` is the full length. */
  readonly text: string;
  readonly textLength: number;
  readonly images: number;
  /** The images and documents of the result's content, in order (figures only, never the data). */
  readonly media?: readonly MediaInfo[];
}

export interface PatchHunk {
  readonly oldStart: number;
  readonly oldLines: number;
  readonly newStart: number;
  readonly newLines: number;
  readonly lines: readonly string[];
}

/** The structured output of a tool (`toolUseResult` / `tool_use_result`), reduced to what the viewer shows. */
export type SideEffect =
  | {
      readonly type: 'file-edit';
      readonly filePath: string;
      readonly patch: readonly PatchHunk[];
      readonly created: boolean;
      readonly userModified?: boolean;
    }
  | {
      readonly type: 'bash';
      readonly stdout: string;
      readonly stderr: string;
      readonly interrupted: boolean;
      readonly exitCode?: number;
    }
  | {
      readonly type: 'agent';
      readonly agentId?: string;
      readonly status?: string;
      readonly totalTokens?: number;
      readonly totalToolUseCount?: number;
      readonly totalDurationMs?: number;
      readonly text: string;
    }
  | {
      readonly type: 'read';
      readonly filePath: string;
      readonly numLines?: number;
      readonly startLine?: number;
      readonly totalLines?: number;
    }
  | { readonly type: 'text'; readonly text: string }
  /** Content blocks (an MCP tool's result, as the model got it) or a Read of an image or PDF: their text and media. */
  | { readonly type: 'media'; readonly text: string; readonly media: readonly MediaInfo[] }
  | { readonly type: 'other'; readonly keys: readonly string[] };

export type PermissionBehavior = 'allow' | 'deny' | 'ask' | 'defer';

interface EventBase {
  /** Index in `Trace.events`. */
  readonly seq: number;
  readonly src: LineRef;
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

export type DiagnosticCode =
  | 'malformed-json'
  | 'not-an-object'
  | 'truncated-last-line'
  | 'invalid-document'
  | 'schema-mismatch'
  | 'orphan-tool-result'
  | 'tool-call-without-result'
  | 'duplicate-tool-result'
  | 'stream-incomplete'
  | 'stream-mismatch'
  | 'event-after-message-stop'
  | 'orphan-stream-event'
  | 'repeated-uuid'
  | 'interrupted'
  | 'unpriced-model'
  | 'result-gap'
  /** Counted calls of a session exceed what its result frame reports for their model: nothing is booked from it. */
  | 'result-excess'
  | 'result-error-flag'
  | 'unknown-type'
  | 'non-json-line'
  /** A line longer than the line limit: skipped, reading went on with the next line. */
  | 'line-too-long'
  /** A gzip file inflated past its limit: reading it stopped there. */
  | 'inflate-limit'
  /** A gzip file that is truncated or corrupt: what inflated before the damage was read. */
  | 'damaged-gzip'
  /** A token count or cost that is not a number it can be (negative, fractional, huge, a string…). */
  | 'invalid-number'
  /** A JSON-lines file that is neither Claude Code nor Agent SDK: its lines are kept as raw rows. */
  | 'unrecognized-file'
  /** A file in UTF-16 (it starts with a UTF-16 byte order mark): its lines cannot be read as UTF-8 JSON. */
  | 'utf16-file';

export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly severity: 'error' | 'warning' | 'info';
  readonly message: string;
  readonly src?: LineRef;
  /** The event it is about, when there is one. */
  readonly seq?: number;
  /** True when this diagnostic stands for an input line that produced no event. */
  readonly consumesLine: boolean;
}
