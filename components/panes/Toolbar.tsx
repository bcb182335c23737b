'use client';

import { forwardRef, useId, useImperativeHandle, useRef, type ReactNode } from 'react';
import type { FilterIssue } from '../../lib/trace/filter-check';
import type { TraceSummary } from '../../lib/view/protocol';
import { compactNumber, formatDuration, formatUsd } from '../../lib/view/rowview';
import { headOf } from '../../lib/view/heading';
import { ThemeToggle } from '../ui/ThemeToggle';
import type { ChipKey } from '../../lib/view/chips';
import { FilterBox, type FilterBoxHandle } from './FilterBox';
import { ViewChips } from './ViewChips';
import { FilterIssues } from './FilterIssues';

export interface ToolbarProps {
  readonly summary: TraceSummary;
  readonly filter: string;
  readonly onFilter: (q: string) => void;
  readonly find: string;
  readonly onFind: (q: string) => void;
  readonly findStatus: string;
  readonly onFindStep: (dir: 1 | -1) => void;
  readonly diagnosticsOpen: boolean;
  readonly onToggleDiagnostics: () => void;
  readonly title: string;
  /** The title's tooltip (the whole title, its session and span). */
  readonly titleTooltip?: string;
  readonly right?: ReactNode;
  /** Timeline chips that are on, and how to change them. */
  readonly show: readonly ChipKey[];
  readonly onShow: (show: readonly ChipKey[]) => void;
  /** Events the applied filter matched, of all; undefined while it is being applied. */
  readonly counts?: { readonly matched: number; readonly total: number };
  /** What in the applied filter cannot match as meant. */
  readonly filterIssues: readonly FilterIssue[];
}

export interface ToolbarHandle {
  focusFilter(): void;
  focusDiagnostics(): void;
}

function Chip({ tone, children, title }: { tone: 'ok' | 'bad' | 'warn' | 'plain' | 'live'; children: ReactNode; title?: string }) {
  const c = {
    live: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
    ok: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
    bad: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
    warn: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
    plain: 'bg-neutral-200 text-neutral-700 dark:bg-neutral-700 dark:text-neutral-200',
  }[tone];
  return (
    <span title={title} className={`rounded px-1.5 text-[11px] leading-5 ${c}`}>
      {children}
    </span>
  );
}

/** Sets or replaces one `key:` term of the filter (the agent and session pickers write the filter). */
export function withTerm(filter: string, key: string, value: string | undefined): string {
  const rest = filter.split(/\s+/).filter((t) => t && !t.startsWith(`${key}:`));
  if (value) rest.push(`${key}:${/\s/.test(value) ? `"${value}"` : value}`);
  return rest.join(' ');
}

/** The span of work (every agent's lines), and the session's own span beside it where its main thread's is shorter. */
function durationTooltip(work: number, session: number | null): string {
  const base = "from the first to the last timestamped line of the trace, every agent's included";
  if (session === null || session === work) return base;
  return `${base}\nthe session's own span (its main thread, as the library and loupe stats --by session show it): ${formatDuration(session)}`;
}

function termValue(filter: string, key: string): string {
  const m = new RegExp(`(?:^|\\s)${key}:("([^"]*)"|\\S+)`).exec(filter);
  return m?.[2] ?? m?.[1] ?? '';
}

/** The workbench toolbar: pickers, filter, find, status badges and headline stats. */
export const Toolbar = forwardRef<ToolbarHandle, ToolbarProps>(function Toolbar(p, ref) {
  const filterRef = useRef<FilterBoxHandle>(null);
  const issuesId = useId();
  const diagnosticsRef = useRef<HTMLButtonElement>(null);
  useImperativeHandle(ref, () => ({ focusFilter: () => filterRef.current?.focus(), focusDiagnostics: () => diagnosticsRef.current?.focus() }), []);
  const { summary: s } = p;
  const st = s.stats;
  const tokens = st.tokens.input + st.tokens.output + st.tokens.cacheCreation + st.tokens.cacheRead;
  const errors = s.diagnostics.filter((d) => d.severity === 'error').length;
  const agentValue = termValue(p.filter, 'agent');
  const sessionValue = termValue(p.filter, 'session');
  return (
    <header className="flex shrink-0 flex-col border-b border-neutral-300 bg-neutral-100 text-[12px] dark:border-neutral-700 dark:bg-neutral-800">
      <div className="flex h-8 min-w-0 items-center gap-2 px-2">
        <a href="/" className="shrink-0 font-semibold text-neutral-800 hover:underline dark:text-neutral-100">
          Loupe
        </a>
        <span
          role="heading"
          aria-level={1}
          className="min-w-12 max-w-64 shrink-[12] truncate text-neutral-600 dark:text-neutral-400"
          title={p.titleTooltip ?? p.title}
        >
          {p.title}
        </span>
        {s.sessions.length > 1 ? (
          <select
            aria-label="Session"
            value={sessionValue}
            onChange={(e) => p.onFilter(withTerm(p.filter, 'session', e.target.value || undefined))}
            className="h-6 w-32 min-w-20 shrink rounded border xl:w-40 border-neutral-300 bg-white px-1 dark:border-neutral-600 dark:bg-neutral-900"
          >
            <option value="">All sessions ({s.sessions.length})</option>
            {s.sessions.map((x) => (
              <option key={x.id} value={x.id.slice(0, 8)}>
                {x.title ? `${x.title.slice(0, 40)} · ` : ''}
                {x.id.slice(0, 8)}
              </option>
            ))}
          </select>
        ) : null}
        {s.agents.length > 1 ? (
          <select
            aria-label="Agent"
            value={agentValue}
            onChange={(e) => p.onFilter(withTerm(p.filter, 'agent', e.target.value || undefined))}
            className="h-6 w-32 min-w-20 shrink rounded border xl:w-40 border-neutral-300 bg-white px-1 dark:border-neutral-600 dark:bg-neutral-900"
          >
            <option value="">All agents ({s.agents.length})</option>
            {s.agents.map((a) => (
              <option key={a.index} value={a.filter}>
                {a.label}
              </option>
            ))}
          </select>
        ) : null}
        <FilterBox
          ref={filterRef}
          value={p.filter}
          onChange={p.onFilter}
          extraValues={{ tool: s.toolNames, model: s.models, agent: [...new Set(s.agents.map((a) => a.filter))] }}
          valueHints={{ agent: new Map(s.agents.map((a) => [a.filter, a.label])) }}
          {...(p.counts ? { counts: p.counts } : {})}
          {...(p.filterIssues.length > 0 ? { describedBy: issuesId } : {})}
        />
        <div className="flex shrink-0 items-center gap-1">
          <input
            aria-label="Find"
            placeholder="Find"
            value={p.find}
            onChange={(e) => p.onFind(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                p.onFindStep(e.shiftKey ? -1 : 1);
              } else if (e.key === 'Escape' && p.find) {
                // Clears the box; on an empty one Esc is left to the workbench (back to the list).
                e.preventDefault();
                p.onFind('');
              }
            }}
            className="h-6 w-28 rounded border border-neutral-300 bg-white px-1.5 outline-none focus:border-sky-500 focus:ring-1 focus:ring-sky-500 dark:border-neutral-600 dark:bg-neutral-900"
          />
          <span aria-live="polite" className="whitespace-nowrap text-neutral-500 tabular-nums">
            {p.findStatus}
          </span>
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-2 whitespace-nowrap">
          {p.right}
          <ThemeToggle />
        </div>
      </div>
      <FilterIssues id={issuesId} query={p.filter} issues={p.filterIssues} onApply={p.onFilter} />
      <div className="flex min-h-6 flex-wrap items-center gap-x-2 border-t border-neutral-200 px-2 dark:border-neutral-700">
        {s.status.results.length === 0 ? (
          <Chip tone="plain" title="no result frames in this trace">
            no result
          </Chip>
        ) : (
          [...new Set(s.status.results.map((r) => `${r.subtype}${r.isError ? ' · is_error' : ''}`))].map((r) => (
            <Chip key={r} tone={r.startsWith('success') && !r.includes('is_error') ? 'ok' : 'bad'} title="result subtype (and is_error) as reported">
              result {r}
            </Chip>
          ))
        )}
        {s.status.interrupted > 0 ? (
          <Chip tone="bad" title="responses with no result frame at the end">
            interrupted
          </Chip>
        ) : null}
        {s.status.inProgress ? (
          <Chip tone="live" title="the files are still being written: the last response has not ended yet (not interrupted)">
            in progress
          </Chip>
        ) : null}
        {s.status.incompleteStreams > 0 ? (
          <Chip tone="warn" title="streamed messages that never completed">
            {s.status.incompleteStreams} incomplete stream{s.status.incompleteStreams === 1 ? '' : 's'}
          </Chip>
        ) : null}
        {s.status.mismatchedStreams > 0 ? <Chip tone="warn">{s.status.mismatchedStreams} stream mismatch</Chip> : null}
        {s.status.eval ? (
          <Chip tone={s.status.eval.passed ? 'ok' : 'bad'} title="evaluation verdict: kept apart from the protocol status">
            eval {s.status.eval.passed === undefined ? 'no verdict' : s.status.eval.passed ? 'passed' : 'failed'}
          </Chip>
        ) : null}
        <button
          ref={diagnosticsRef}
          type="button"
          aria-label="Diagnostics"
          aria-pressed={p.diagnosticsOpen}
          // Nothing to list: the badge is all there is (no empty panel to open).
          disabled={s.diagnostics.length === 0}
          title={
            s.diagnostics.length === 0
              ? 'No diagnostics: every line parsed, and the model raised no warning'
              : 'diagnostics: malformed lines and model warnings'
          }
          onClick={p.onToggleDiagnostics}
          className={`rounded px-1.5 leading-5 disabled:cursor-default disabled:opacity-70 ${errors > 0 ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300' : 'bg-neutral-200 dark:bg-neutral-700'}`}
        >
          {s.diagnostics.length}
        </button>
        <span className="text-neutral-500">diagnostics</span>
        <ViewChips counts={s.chipCounts} show={p.show} onShow={p.onShow} />
        <div className="ml-auto flex items-center gap-3 whitespace-nowrap tabular-nums text-neutral-700 dark:text-neutral-300">
          <span title="computed from the dated price table">
            computed{' '}
            <span role="status" aria-label="Computed cost" data-timings={JSON.stringify(s.timings)} className="font-semibold">
              {formatUsd(st.cost.computedUsd)}
            </span>
          </span>
          <span title="latest total_cost_usd of each session, as reported by the SDK">
            reported <span aria-label="Reported cost">{st.cost.reportedUsd === null ? '—' : formatUsd(st.cost.reportedUsd)}</span>
          </span>
          <span title={`input ${st.tokens.input}, output ${st.tokens.output}, cache write ${st.tokens.cacheCreation}, cache read ${st.tokens.cacheRead}`}>
            {compactNumber(tokens)} tokens
          </span>
          <span aria-label="Model calls">
            {st.apiMessages} model call{st.apiMessages === 1 ? '' : 's'}
          </span>
          {st.durationMs !== undefined ? (
            <span aria-label="Duration" title={durationTooltip(st.durationMs, headOf(s)?.durationMs ?? null)}>
              {formatDuration(st.durationMs)}
            </span>
          ) : null}
        </div>
      </div>
    </header>
  );
});
