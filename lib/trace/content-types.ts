import type { MediaInfo } from './media';

// What events carry: a call's token counts, content blocks, tool results and the side effects a tool call has.

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
