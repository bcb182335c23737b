import * as z from 'zod';
import { fastSchema } from './guard';

// The zod of the project (guard.ts compiles the hot ones): permissive schemas at the input boundary. Every object is loose (unknown keys pass
// through untouched) and only what the model needs is required, so new producer fields never break a load.

const str = z.string();
const optStr = z.string().nullish();
const optNum = z.number().nullish();
const optBool = z.boolean().nullish();

/**
 * Usage objects and costs are read by hand (adapters/numbers.ts), never rejected here: a bad count must not turn a
 * model call into an unknown row, it must be named and left out of the totals.
 */
const Numbers = z.unknown().optional();

export const BlockSchema = z.looseObject({ type: str });
export type RawBlock = z.infer<typeof BlockSchema>;

export const TextBlockSchema = z.looseObject({ type: z.literal('text'), text: str });
export const ThinkingBlockSchema = z.looseObject({ type: z.literal('thinking'), thinking: str, signature: optStr });
export const ToolUseBlockSchema = z.looseObject({
  type: z.enum(['tool_use', 'server_tool_use', 'mcp_tool_use']),
  id: str,
  name: str,
  input: z.unknown().optional(),
});
export const ToolResultBlockSchema = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: str,
  content: z.union([str, z.array(BlockSchema)]).nullish(),
  is_error: optBool,
});
export const ImageBlockSchema = z.looseObject({
  type: z.literal('image'),
  source: z.looseObject({ media_type: optStr }).nullish(),
});

const Content = z.union([str, z.array(BlockSchema)]);

export const AssistantMessageSchema = z.looseObject({
  id: optStr,
  model: optStr,
  content: z.array(BlockSchema),
  stop_reason: optStr,
  usage: Numbers,
});

export const UserMessageSchema = z.looseObject({ role: optStr, content: Content });

/** Fields shared by both dialects' envelopes; each dialect reads its own spelling. */
const Envelope = {
  uuid: optStr,
  timestamp: z.union([str, z.number()]).nullish(),
  // SDK spelling
  session_id: optStr,
  parent_tool_use_id: optStr,
  // Claude Code spelling
  sessionId: optStr,
  parentUuid: optStr,
  isSidechain: optBool,
  agentId: optStr,
};

export const AssistantLineSchema = z.looseObject({
  ...Envelope,
  type: z.literal('assistant'),
  message: AssistantMessageSchema,
  requestId: optStr,
  request_id: optStr,
  isApiErrorMessage: optBool,
  error: z.unknown().optional(),
  aborted: optBool,
});
export type AssistantLine = z.infer<typeof AssistantLineSchema>;

export const UserLineSchema = z.looseObject({
  ...Envelope,
  type: z.literal('user'),
  message: UserMessageSchema,
  toolUseResult: z.unknown().optional(),
  tool_use_result: z.unknown().optional(),
  isMeta: optBool,
  isSynthetic: optBool,
  isCompactSummary: optBool,
  isReplay: optBool,
  sourceToolAssistantUUID: optStr,
});
export type UserLine = z.infer<typeof UserLineSchema>;

// Three quarters of a stream's lines are stream_event deltas, so this one schema strips unknown keys instead of
// copying them (still never rejecting them): the full line stays readable through its byte offset.
export const StreamLineSchema = z.object({
  ...Envelope,
  type: z.literal('stream_event'),
  event: z.object({
    type: str,
    index: optNum,
    message: z
      .looseObject({ id: optStr, model: optStr, content: z.array(BlockSchema).nullish(), usage: Numbers })
      .nullish(),
    content_block: BlockSchema.nullish(),
    delta: z
      .object({
        type: optStr,
        text: optStr,
        thinking: optStr,
        partial_json: optStr,
        signature: optStr,
        stop_reason: optStr,
      })
      .nullish(),
    usage: Numbers,
    error: z.looseObject({ message: optStr, type: optStr }).nullish(),
  }),
  ttft_ms: optNum,
});
export type StreamLine = z.infer<typeof StreamLineSchema>;

export const ResultLineSchema = z.looseObject({
  ...Envelope,
  type: z.literal('result'),
  subtype: str,
  is_error: optBool,
  num_turns: optNum,
  duration_ms: optNum,
  duration_api_ms: optNum,
  total_cost_usd: Numbers,
  usage: Numbers,
  modelUsage: Numbers,
  permission_denials: z.array(z.looseObject({ tool_name: optStr, tool_use_id: optStr })).nullish(),
  result: z.unknown().optional(),
  errors: z.array(z.unknown()).nullish(),
  stop_reason: optStr,
  terminal_reason: optStr,
  result_index: optNum,
});
export type ResultLine = z.infer<typeof ResultLineSchema>;

export const SystemLineSchema = z.looseObject({
  ...Envelope,
  type: z.literal('system'),
  subtype: optStr,
  content: z.unknown().optional(),
  level: optStr,
  toolUseID: optStr,
  tool_use_id: optStr,
  model: optStr,
  cwd: optStr,
  permissionMode: optStr,
  claude_code_version: optStr,
  version: optStr,
  logicalParentUuid: optStr,
  durationMs: optNum,
  compact_metadata: z
    .looseObject({ trigger: optStr, pre_tokens: optNum, post_tokens: optNum, duration_ms: optNum })
    .nullish(),
  compactMetadata: z
    .looseObject({ trigger: optStr, preTokens: optNum, postTokens: optNum, durationMs: optNum })
    .nullish(),
  // hook frames
  hook_id: optStr,
  hook_name: optStr,
  hook_event: optStr,
  hook_event_name: optStr,
  output: z.unknown().optional(),
  stdout: z.unknown().optional(),
  stderr: z.unknown().optional(),
  exit_code: optNum,
  outcome: optStr,
  // permission_denied
  tool_name: optStr,
  message: z.unknown().optional(),
  decision_reason_type: optStr,
  // task frames
  task_id: optStr,
  description: optStr,
  summary: optStr,
  status: z.unknown().optional(),
});
export type SystemLine = z.infer<typeof SystemLineSchema>;

export const ControlLineSchema = z.looseObject({
  type: z.enum(['control_request', 'control_response', 'control_cancel_request', 'keep_alive']),
  request_id: optStr,
  timestamp: z.union([str, z.number()]).nullish(),
  request: z
    .looseObject({ subtype: optStr, tool_name: optStr, tool_use_id: optStr, input: z.unknown().optional() })
    .nullish(),
  response: z
    .looseObject({
      subtype: optStr,
      request_id: optStr,
      error: optStr,
      response: z.looseObject({ behavior: optStr, message: optStr, toolUseID: optStr }).nullish(),
    })
    .nullish(),
});
export type ControlLine = z.infer<typeof ControlLineSchema>;

export const ProgressLineSchema = z.looseObject({
  ...Envelope,
  type: z.literal('progress'),
  data: z.looseObject({
    type: str,
    hookEvent: optStr,
    hookName: optStr,
    command: optStr,
    output: optStr,
    elapsedTimeSeconds: optNum,
    agentId: optStr,
    message: z.unknown().optional(),
  }),
  toolUseID: optStr,
  parentToolUseID: optStr,
});
export type ProgressLine = z.infer<typeof ProgressLineSchema>;

export const ToolProgressLineSchema = z.looseObject({
  ...Envelope,
  type: z.literal('tool_progress'),
  tool_use_id: optStr,
  tool_name: optStr,
  elapsed_time_seconds: optNum,
});

export const AttachmentLineSchema = z.looseObject({
  ...Envelope,
  type: z.literal('attachment'),
  attachment: z.looseObject({
    type: str,
    hookName: optStr,
    hookEvent: optStr,
    toolUseID: optStr,
    content: z.unknown().optional(),
    stdout: z.unknown().optional(),
    stderr: z.unknown().optional(),
    exitCode: optNum,
  }),
});
export type AttachmentLine = z.infer<typeof AttachmentLineSchema>;

/** Metadata lines of session files: anything with a string `type`; the adapter picks the fields it shows. */
export const MetaLineSchema = z.looseObject({
  ...Envelope,
  type: str,
  summary: optStr,
  leafUuid: optStr,
  operation: optStr,
  content: z.unknown().optional(),
  permissionMode: optStr,
  lastPrompt: optStr,
  customTitle: optStr,
  aiTitle: optStr,
  tag: optStr,
  messageId: optStr,
});
export type MetaLine = z.infer<typeof MetaLineSchema>;

/** SDK info frames that are neither system nor messages. */
export const InfoLineSchema = z.looseObject({
  ...Envelope,
  type: str,
  summary: optStr,
  suggestion: optStr,
  new_conversation_id: optStr,
  rate_limit_info: z.looseObject({ status: optStr }).nullish(),
});
export type InfoLine = z.infer<typeof InfoLineSchema>;

export const AgentMetaSchema = z.looseObject({
  agentType: optStr,
  description: optStr,
  toolUseId: optStr,
  parentAgentId: optStr,
});

export const HookOutputSchema = z.looseObject({
  decision: optStr,
  reason: optStr,
  hookSpecificOutput: z
    .looseObject({ hookEventName: optStr, permissionDecision: optStr, permissionDecisionReason: optStr })
    .nullish(),
});

/** The wrapper of an evaluation artifact; `messages` are validated one by one as lines. */
export const EvalArtifactSchema = z.looseObject({
  sessionId: optStr,
  messages: z.array(z.unknown()),
  toolCalls: z.array(z.unknown()).nullish(),
  results: z.array(z.unknown()).nullish(),
  transportError: z.unknown().optional(),
  workspaceDiff: z.unknown().optional(),
  testResult: z.unknown().optional(),
});

export const RecordingSchema = z.looseObject({
  messages: z.array(z.looseObject({ message: z.unknown() })),
});

export const TestResultSchema = z.looseObject({
  passed: optBool,
  success: optBool,
  ok: optBool,
  status: optStr,
  summary: optStr,
  output: optStr,
});

export const SideEffectSchemas = {
  edit: z.looseObject({
    filePath: str,
    structuredPatch: z
      .array(
        z.looseObject({
          oldStart: z.number(),
          oldLines: z.number(),
          newStart: z.number(),
          newLines: z.number(),
          lines: z.array(z.string()),
        }),
      )
      .nullish(),
    type: optStr,
    content: optStr,
    userModified: optBool,
  }),
  bash: z.looseObject({
    stdout: str,
    stderr: optStr,
    interrupted: optBool,
    exitCode: optNum,
    returnCode: optNum,
  }),
  agent: z.looseObject({
    agentId: optStr,
    status: optStr,
    totalTokens: optNum,
    totalToolUseCount: optNum,
    totalDurationMs: optNum,
    content: z.array(BlockSchema).nullish(),
  }),
  read: z.looseObject({
    file: z.looseObject({ filePath: str, numLines: optNum, startLine: optNum, totalLines: optNum }),
  }),
};

/**
 * The schemas every load applies to most lines, each with its compiled check first (see guard.ts): same verdicts and
 * issues as the schema, without zod's copy of every accepted object.
 */
export const Fast = {
  Block: fastSchema(BlockSchema),
  TextBlock: fastSchema(TextBlockSchema),
  ThinkingBlock: fastSchema(ThinkingBlockSchema),
  ToolUseBlock: fastSchema(ToolUseBlockSchema),
  ToolResultBlock: fastSchema(ToolResultBlockSchema),
  ImageBlock: fastSchema(ImageBlockSchema),
  AssistantLine: fastSchema(AssistantLineSchema),
  UserLine: fastSchema(UserLineSchema),
  StreamLine: fastSchema(StreamLineSchema),
  ResultLine: fastSchema(ResultLineSchema),
  SystemLine: fastSchema(SystemLineSchema),
  ControlLine: fastSchema(ControlLineSchema),
  ProgressLine: fastSchema(ProgressLineSchema),
  ToolProgressLine: fastSchema(ToolProgressLineSchema),
  AttachmentLine: fastSchema(AttachmentLineSchema),
  MetaLine: fastSchema(MetaLineSchema),
  InfoLine: fastSchema(InfoLineSchema),
  HookOutput: fastSchema(HookOutputSchema),
  SideEffectEdit: fastSchema(SideEffectSchemas.edit),
  SideEffectBash: fastSchema(SideEffectSchemas.bash),
  SideEffectAgent: fastSchema(SideEffectSchemas.agent),
  SideEffectRead: fastSchema(SideEffectSchemas.read),
};
