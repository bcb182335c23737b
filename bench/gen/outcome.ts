import type { Json, JsonObject } from './common';
import { REJECTION } from './corpus';

// What a tool call is asked and what it answers: the shapes both dialects write, and the common outcomes.

export interface Outcome {
  /** tool_result.content */
  content: string | JsonObject[];
  /** undefined = the key is left out (as Claude Code does for most successful results). */
  isError?: boolean;
  /** toolUseResult / tool_use_result */
  structured: Json;
  /** Claude Code: the user rejected the call; the turn ends. */
  denied?: boolean;
  /** Partial stdout snapshots for bash_progress / tool_progress. */
  progress?: string[];
  /** Claude Code: an Edit/Write that triggers a file-history-snapshot update. */
  editedFile?: string;
}

export interface TaskSpec {
  description: string;
  prompt: string;
  subagentType: string;
}

export interface PlannedTool {
  id: string;
  name: string;
  input: JsonObject;
  /** null for Task: the outcome is only known after the subagent ran. */
  outcome: Outcome | null;
  task?: TaskSpec;
}

export function rejection(): Outcome {
  return { content: REJECTION, isError: true, structured: 'User rejected tool use', denied: true };
}

export function toolError(message: string): Outcome {
  return { content: `<tool_use_error>${message}</tool_use_error>`, isError: true, structured: `Error: ${message}` };
}

export function outcomeChars(o: Outcome): number {
  if (typeof o.content === 'string') return o.content.length;
  let n = 0;
  for (const b of o.content) n += typeof b.text === 'string' ? b.text.length : 0;
  return n;
}
