import type { SourceInfo } from '../trace/parse';
import type { TraceStats } from '../trace/stats';
import type { Diagnostic } from '../trace/types';
import type { ChipCounts } from './chips';

// What the page holds of a loaded trace (the trace worker's answer to `load`, `lib/engine/protocol.ts`): its stats,
// files, sessions, lanes, diagnostics and badges. The workbench's heading and the loss note read it.

export interface StatusBadges {
  readonly results: readonly { readonly subtype: string; readonly isError: boolean }[];
  readonly interrupted: number;
  /** Responses still being written (live tail): neither ended nor interrupted yet. */
  readonly inProgress?: number;
  readonly incompleteStreams: number;
  readonly mismatchedStreams: number;
  readonly eval?: { readonly passed?: boolean; readonly transportError?: string };
}

export interface AgentOption {
  readonly index: number;
  readonly label: string;
  /** The value of `agent:` that selects this lane (`main`, its name, or its id). */
  readonly filter: string;
  readonly kind: string;
  readonly session: string;
}

/**
 * A session as the library and `loupe stats --by session` name it: its first main-thread prompt (never a subagent's),
 * and its main thread's start and end (ISO 8601, UTC).
 */
export interface SessionHead {
  readonly id: string;
  /** Claude Code's own title for it (`custom-title`, `ai-title`, `summary` lines). */
  readonly title?: string;
  readonly firstPrompt?: string;
  readonly start: string | null;
  readonly end: string | null;
  readonly durationMs: number | null;
}

export interface TraceSummary {
  readonly stats: TraceStats;
  readonly sources: readonly SourceInfo[];
  readonly sessions: readonly SessionHead[];
  /** Index in `sessions` of the one the trace is about (what its title names; see `headSession`). */
  readonly head?: number;
  readonly agents: readonly AgentOption[];
  readonly diagnostics: readonly (Diagnostic & { readonly sourceName: string })[];
  readonly status: StatusBadges;
  readonly rowCount: number;
  readonly eventCount: number;
  /** The files are still being written (live tail): what has not ended is in progress. */
  readonly live?: boolean;
  readonly toolNames: readonly string[];
  readonly models: readonly string[];
  /** How many lines each timeline chip holds (hooks, progress, meta, stream). */
  readonly chipCounts: ChipCounts;
  /** Where the load time went, in the worker. */
  readonly timings: {
    readonly parseMs: number;
    readonly modelMs: number;
    readonly rowsMs: number;
    readonly summaryMs: number;
  };
}
