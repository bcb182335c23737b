'use client';

import type { ReactNode, RefObject } from 'react';
import type { ChipKey } from '../../lib/view/chips';
import type { TraceSummary } from '../../lib/view/trace-summary';
import { compactNumber, formatCost, formatDuration, formatUsd, unpricedNote } from '../../lib/view/rowview';
import { headOf } from '../../lib/view/heading';
import { ViewChips } from './ViewChips';

export interface StatusRowProps {
  readonly summary: TraceSummary;
  /** The cost to show: under this browser's local prices when `localCost`, else the summary's. */
  readonly cost: TraceSummary['stats']['cost'];
  readonly localCost: boolean;
  readonly diagnosticsRef: RefObject<HTMLButtonElement | null>;
  readonly diagnosticsOpen: boolean;
  readonly onToggleDiagnostics: () => void;
  readonly show: readonly ChipKey[];
  readonly onShow: (show: readonly ChipKey[]) => void;
}

function Chip({
  tone,
  children,
  title,
}: {
  tone: 'ok' | 'bad' | 'warn' | 'plain' | 'live';
  children: ReactNode;
  title?: string;
}) {
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

/** The span of work (every agent's lines), and the session's own span beside it where its main thread's is shorter. */
function durationTooltip(work: number, session: number | null): string {
  const base = "from the first to the last timestamped line of the trace, every agent's included";
  if (session === null || session === work) return base;
  return `${base}\nthe session's own span (its main thread, as the library and loupe stats --by session show it): ${formatDuration(session)}`;
}

/** The toolbar's second row: how the run ended, the diagnostics badge, the timeline chips and the headline stats. */
export function StatusRow(p: StatusRowProps) {
  const { summary: s, cost } = p;
  const st = s.stats;
  const tokens = st.tokens.input + st.tokens.output + st.tokens.cacheCreation + st.tokens.cacheRead;
  const errors = s.diagnostics.filter((d) => d.severity === 'error').length;
  return (
    <div className="flex min-h-6 flex-wrap items-center gap-x-2 border-t border-neutral-200 px-2 dark:border-neutral-700">
      {s.status.results.length === 0 ? (
        <Chip tone="plain" title="no result frames in this trace">
          no result
        </Chip>
      ) : (
        [...new Set(s.status.results.map((r) => `${r.subtype}${r.isError ? ' · is_error' : ''}`))].map((r) => (
          <Chip
            key={r}
            tone={r.startsWith('success') && !r.includes('is_error') ? 'ok' : 'bad'}
            title="result subtype (and is_error) as reported"
          >
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
        <Chip
          tone="live"
          title="the files are still being written: the last response has not ended yet (not interrupted)"
        >
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
        <Chip
          tone={s.status.eval.passed ? 'ok' : 'bad'}
          title="evaluation verdict: kept apart from the protocol status"
        >
          eval {s.status.eval.passed === undefined ? 'no verdict' : s.status.eval.passed ? 'passed' : 'failed'}
        </Chip>
      ) : null}
      <button
        ref={p.diagnosticsRef}
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
        <span
          title={
            cost.unpricedModels.length > 0
              ? `${unpricedNote(cost.unpricedModels)}: ${cost.computedUsd > 0 ? '≥ the priced part' : 'unknown'}${cost.reportedUsd !== null ? '; the reported cost beside it is what the run counted' : ''} (Stats: add prices from a file)`
              : p.localCost
                ? `computed with local prices: ${cost.priceTable.source}`
                : 'computed from the dated price table'
          }
        >
          computed{' '}
          <span
            role="status"
            aria-label="Computed cost"
            data-timings={JSON.stringify(s.timings)}
            className="font-semibold"
          >
            {formatCost(cost.computedUsd, cost.unpricedModels)}
          </span>
        </span>
        <span title="latest total_cost_usd of each session, as reported by the SDK">
          reported{' '}
          <span aria-label="Reported cost">{st.cost.reportedUsd === null ? '—' : formatUsd(st.cost.reportedUsd)}</span>
        </span>
        <span
          title={`input ${st.tokens.input}, output ${st.tokens.output}, cache write ${st.tokens.cacheCreation}, cache read ${st.tokens.cacheRead}`}
        >
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
  );
}
