// Typed builders of wire lines for tests (Claude Code session lines and SDK stream-json frames).
// Each returns a plain object; `jsonl()` joins them into file text.

import type { Usage } from '../types';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json | undefined };
export type Line = { [k: string]: Json | undefined };

export const jsonl = (lines: readonly (Line | string)[]): string =>
  lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n';

export interface UsageSpec {
  input?: number;
  output?: number;
  cacheWrite?: number;
  cacheRead?: number;
  cache5m?: number;
  cache1h?: number;
}

export function usage(u: UsageSpec = {}): Line {
  const out: Line = {
    input_tokens: u.input ?? 0,
    output_tokens: u.output ?? 0,
    cache_creation_input_tokens: u.cacheWrite ?? (u.cache5m ?? 0) + (u.cache1h ?? 0),
    cache_read_input_tokens: u.cacheRead ?? 0,
  };
  if (u.cache5m !== undefined || u.cache1h !== undefined)
    out['cache_creation'] = { ephemeral_5m_input_tokens: u.cache5m ?? 0, ephemeral_1h_input_tokens: u.cache1h ?? 0 };
  return out;
}

export const text = (t: string): Line => ({ type: 'text', text: t });
export const thinking = (t: string): Line => ({ type: 'thinking', thinking: t, signature: 'sig' });
export const toolUse = (id: string, name: string, input: Line = {}): Line => ({ type: 'tool_use', id, name, input });
export const toolResult = (id: string, content: string, isError = false): Line => ({
  type: 'tool_result',
  tool_use_id: id,
  content,
  ...(isError ? { is_error: true } : {}),
});

let counter = 0;
const uid = (): string => {
  counter += 1;
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
};

// ── Claude Code session lines ──────────────────────────────────────────────────────────────────────────────────

export interface CcOpts {
  session?: string;
  uuid?: string;
  parentUuid?: string | null;
  time?: string;
  sidechain?: boolean;
  agentId?: string;
}

function ccEnvelope(o: CcOpts): Line {
  return {
    parentUuid: o.parentUuid ?? null,
    isSidechain: o.sidechain ?? false,
    userType: 'external',
    cwd: '/repo',
    sessionId: o.session ?? 'sess-1',
    version: '2.1.39',
    ...(o.agentId ? { agentId: o.agentId } : {}),
    uuid: o.uuid ?? uid(),
    timestamp: o.time ?? '2026-01-01T00:00:00.000Z',
  };
}

export const cc = {
  prompt: (t: string, o: CcOpts = {}): Line => ({
    ...ccEnvelope(o),
    type: 'user',
    message: { role: 'user', content: t },
  }),
  assistant: (
    id: string,
    blocks: Line[],
    u: UsageSpec,
    o: CcOpts & { requestId?: string | null; model?: string; stop?: string | null } = {},
  ): Line => ({
    ...ccEnvelope(o),
    type: 'assistant',
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model: o.model ?? 'claude-sonnet-4-5-20250929',
      content: blocks,
      stop_reason: o.stop ?? null,
      stop_sequence: null,
      usage: usage(u),
    },
    ...(o.requestId === null ? {} : { requestId: o.requestId ?? `req_${id}` }),
  }),
  result: (toolUseId: string, content: string, o: CcOpts & { isError?: boolean; toolUseResult?: Json } = {}): Line => ({
    ...ccEnvelope(o),
    type: 'user',
    message: { role: 'user', content: [toolResult(toolUseId, content, o.isError ?? false)] },
    ...(o.toolUseResult !== undefined ? { toolUseResult: o.toolUseResult } : {}),
  }),
  line: (type: string, fields: Line, o: CcOpts = {}): Line => ({ ...ccEnvelope(o), type, ...fields }),
};

// ── SDK stream-json frames ─────────────────────────────────────────────────────────────────────────────────────

export interface SdkOpts {
  session?: string;
  parent?: string | null;
  uuid?: string;
}

const sdkEnv = (o: SdkOpts): Line => ({ session_id: o.session ?? 'sess-1', uuid: o.uuid ?? uid() });

export const sdk = {
  init: (o: SdkOpts = {}): Line => ({
    type: 'system',
    subtype: 'init',
    cwd: '/repo',
    model: 'claude-sonnet-4-5-20250929',
    tools: ['Bash'],
    permissionMode: 'default',
    ...sdkEnv(o),
  }),
  assistant: (
    id: string,
    blocks: Line[],
    u: UsageSpec,
    o: SdkOpts & { model?: string; stop?: string | null } = {},
  ): Line => ({
    type: 'assistant',
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model: o.model ?? 'claude-sonnet-4-5-20250929',
      content: blocks,
      stop_reason: o.stop ?? null,
      stop_sequence: null,
      usage: usage(u),
    },
    parent_tool_use_id: o.parent ?? null,
    ...sdkEnv(o),
  }),
  toolResult: (id: string, content: string, o: SdkOpts & { isError?: boolean; toolUseResult?: Json } = {}): Line => ({
    type: 'user',
    message: { role: 'user', content: [toolResult(id, content, o.isError ?? false)] },
    parent_tool_use_id: o.parent ?? null,
    ...(o.toolUseResult !== undefined ? { tool_use_result: o.toolUseResult } : {}),
    ...sdkEnv(o),
  }),
  result: (
    o: SdkOpts & {
      subtype?: string;
      isError?: boolean;
      cost?: number;
      numTurns?: number;
      denials?: { tool_name: string; tool_use_id: string }[];
      resultIndex?: number;
    } = {},
  ): Line => ({
    type: 'result',
    subtype: o.subtype ?? 'success',
    is_error: o.isError ?? false,
    duration_ms: 1000,
    duration_api_ms: 800,
    num_turns: o.numTurns ?? 1,
    total_cost_usd: o.cost ?? 0,
    usage: usage({}),
    modelUsage: {},
    permission_denials: (o.denials ?? []).map((d) => ({ ...d, tool_input: {} })),
    ...(o.resultIndex !== undefined ? { result_index: o.resultIndex } : {}),
    ...(o.subtype && o.subtype !== 'success' ? { errors: [] } : { result: 'done' }),
    ...sdkEnv(o),
  }),
  stream: (event: Line, o: SdkOpts = {}): Line => ({
    type: 'stream_event',
    event,
    parent_tool_use_id: o.parent ?? null,
    ...sdkEnv(o),
  }),
  messageStart: (id: string, u: UsageSpec, content: Line[] = [], o: SdkOpts = {}): Line =>
    sdk.stream(
      {
        type: 'message_start',
        message: {
          id,
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-4-5-20250929',
          content,
          stop_reason: null,
          usage: usage(u),
        },
      },
      o,
    ),
  blockStart: (index: number, block: Line, o: SdkOpts = {}): Line =>
    sdk.stream({ type: 'content_block_start', index, content_block: block }, o),
  textDelta: (index: number, t: string, o: SdkOpts = {}): Line =>
    sdk.stream({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: t } }, o),
  jsonDelta: (index: number, partial: string, o: SdkOpts = {}): Line =>
    sdk.stream({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: partial } }, o),
  blockStop: (index: number, o: SdkOpts = {}): Line => sdk.stream({ type: 'content_block_stop', index }, o),
  messageDelta: (stop: string, u: UsageSpec, o: SdkOpts = {}): Line =>
    sdk.stream(
      {
        type: 'message_delta',
        delta: { stop_reason: stop, stop_sequence: null },
        usage: { output_tokens: u.output ?? 0, ...(u.input !== undefined ? { input_tokens: u.input } : {}) },
      },
      o,
    ),
  messageStop: (o: SdkOpts = {}): Line => sdk.stream({ type: 'message_stop' }, o),
};

/** A counted `Usage` (the engine's own shape, not a line's): zero but for the fields given. */
export const tokens = (u: Partial<Usage> = {}): Usage => ({
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheCreation: 0,
  cache5m: 0,
  cache1h: 0,
  webSearch: 0,
  hasCacheSplit: false,
  ...u,
});
