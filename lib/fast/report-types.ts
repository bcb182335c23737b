// What the reports over a projects folder hold (report.ts builds them): the rows per session, day, project and model,
// their totals, and a session's cost per day and model.

import type { PriceTable } from '../trace/pricing/pricing';
import type { Merged } from './merge';

export type GroupBy = 'session' | 'day' | 'project' | 'model';
export const GROUPS: readonly GroupBy[] = ['session', 'day', 'project', 'model'];

export interface ReportOptions {
  /** Days are calendar days in UTC when true, else in the local time zone of the machine. */
  readonly utc?: boolean;
  /** Inclusive `YYYY-MM-DD` bounds on the day of each model call. */
  readonly since?: string;
  readonly until?: string;
  readonly prices?: PriceTable;
  /** Per project folder, the path it stands for (`projectPaths`); a folder not in it shows as `projectPath(folder)`. */
  readonly projectPaths?: ReadonlyMap<string, string>;
}

export interface Tokens {
  readonly input: number;
  readonly output: number;
  /** Cache writes, 5m and 1h together. */
  readonly cacheWrite: number;
  readonly cacheRead: number;
  /** input + output + cacheWrite + cacheRead. */
  readonly total: number;
}

export interface Totals {
  readonly modelCalls: number;
  readonly tokens: Tokens;
  /** Computed from the price table, rounded to 6 decimals: the priced calls' cost, the whole cost only when
   *  `unpricedModels` is empty (`--json` gives null then, `costJson`). */
  readonly costUsd: number;
  /** Models with no price: their calls' cost is unknown. */
  readonly unpricedModels: readonly string[];
  /** Of the tokens and cost, what was booked from result frames (tokens the assistant lines did not carry); absent
   *  when nothing was. */
  readonly reconciled?: {
    readonly tokens: number;
    readonly costUsd: number;
    readonly unpricedModels: readonly string[];
  };
}

/** The canonical per-session row (the browser's Sessions table shows exactly these). */
export interface SessionRow extends Totals {
  readonly sessionId: string;
  /** The project folder's name, as on disk (`-home-me-experiments-worktrees`). */
  readonly project: string;
  /** The path it stands for (`~/experiments/worktrees`, see `projectPath`). */
  readonly projectPath: string;
  /**
   * ISO 8601 (UTC) of the session's first timestamped main-thread line (a subagent's lines never set it; a session
   * with no such line, only its subagents' files, has the span of those); null when no line has a time.
   */
  readonly start: string | null;
  readonly end: string | null;
  readonly durationMs: number | null;
  readonly firstPrompt: string | null;
  readonly models: readonly string[];
  /** The latest `total_cost_usd` a result frame reported (SDK streams only), beside the computed cost. */
  readonly reportedCostUsd: number | null;
}

export interface DayRow extends Totals {
  /** `YYYY-MM-DD`, or null for calls with no timestamp. */
  readonly day: string | null;
  readonly sessions: number;
  readonly models: readonly string[];
}

export interface ProjectRow extends Totals {
  /** The project folder's name, as on disk. */
  readonly project: string;
  /** The path it stands for (see `projectPath`). */
  readonly projectPath: string;
  readonly sessions: number;
  readonly models: readonly string[];
  /** ISO 8601 (UTC) of the project's last counted model call (as ccusage reads it), not of its sessions' last line. */
  readonly lastActivity: string | null;
}

export interface ModelRow extends Totals {
  readonly model: string;
  readonly sessions: number;
  readonly priced: boolean;
}

export type Row = SessionRow | DayRow | ProjectRow | ModelRow;

export interface StatsReport<R extends Row = Row> {
  readonly by: GroupBy;
  readonly timeZone: 'UTC' | 'local';
  readonly since: string | null;
  readonly until: string | null;
  readonly rows: readonly R[];
  readonly totals: Totals & { readonly sessions: number };
  readonly uncounted: Merged['uncounted'];
  readonly priceTable: { readonly source: string; readonly asOf: string };
}

/** A session's cost on one day with one model: what a cost-per-day chart stacks. */
export interface DayCell {
  /** `YYYY-MM-DD`, or null for calls with no timestamp. */
  readonly day: string | null;
  readonly model: string;
  readonly modelCalls: number;
  /** Not rounded: cells add up to the session's cost (which is rounded to 6 decimals once). */
  readonly costUsd: number;
}
