import { META_TYPES } from './adapters/claude-code';
import type { RawObject } from './adapters/messages';
import { INFO_TYPES } from './adapters/sdk-stream';

// Which dialect a file of JSON lines is: Claude Code session lines or Agent SDK stream frames (FORMATS.md §2, §3).

export type Dialect = 'sdk-stream' | 'claude-code';

/** Line types only Claude Code session files have. */
const CC_TYPES: ReadonlySet<string> = new Set(['progress', 'attachment', ...META_TYPES]);

/** Frame types only the SDK stream has. */
const SDK_TYPES = new Set([
  'stream_event',
  'result',
  'control_request',
  'control_response',
  'control_cancel_request',
  'keep_alive',
  'tool_progress',
  'rate_limit_event',
]);

/** Every top-level type an SDK stream writes: two different ones make a file an SDK stream. */
const SDK_STREAM_TYPES: ReadonlySet<string> = new Set([...SDK_TYPES, 'system', 'assistant', 'user', ...INFO_TYPES]);

const hasCcEnvelope = (obj: RawObject): boolean => 'sessionId' in obj || 'parentUuid' in obj || 'isSidechain' in obj;

/**
 * The dialect one object suggests on its own, or undefined when it could be either. Used where there is only one
 * object to go by (a pretty-printed message, a line re-read for "Show all"); files of lines use `DialectDetector`.
 */
export function detectDialect(obj: RawObject): Dialect | undefined {
  const type = obj['type'];
  if (typeof type === 'string') {
    if (CC_TYPES.has(type)) return 'claude-code';
    if (SDK_TYPES.has(type)) return 'sdk-stream';
  }
  if (hasCcEnvelope(obj)) return 'claude-code';
  if ('session_id' in obj || 'parent_tool_use_id' in obj) return 'sdk-stream';
  return undefined;
}

/**
 * Decides a file's dialect from its lines, in order. One Claude Code line decides (its envelope fields and line types
 * are its own). An SDK stream needs two different SDK frame types: a single type (a workflow journal of
 * `{"type":"result"}` lines, a log of `{"type":"user"}` records) says nothing about where the file came from.
 */
export class DialectDetector {
  private readonly sdkTypes = new Set<string>();
  private decided: Dialect | undefined;

  get dialect(): Dialect | undefined {
    return this.decided;
  }

  /** Takes one more line into account; returns the dialect once decided. */
  observe(obj: RawObject): Dialect | undefined {
    if (this.decided) return this.decided;
    const type = obj['type'];
    if ((typeof type === 'string' && CC_TYPES.has(type)) || hasCcEnvelope(obj)) {
      this.decided = 'claude-code';
    } else if (typeof type === 'string' && SDK_STREAM_TYPES.has(type)) {
      this.sdkTypes.add(type);
      if (this.sdkTypes.size >= 2) this.decided = 'sdk-stream';
    }
    return this.decided;
  }
}

/** Lines held while a file's dialect is still open; past this many (or bytes), the file is not a transcript. */
export const UNDECIDED_LINES = 1000;
export const UNDECIDED_BYTES = 8 * 1024 * 1024;
