'use client';

import type { LocalPrices } from '../../../lib/engine/protocol';
import type { ExplainQuery } from '../../../lib/view/stats-view';
import { count } from '../../../lib/trace/text-order';
import { formatCost, formatUsd, unpricedNote } from '../../../lib/view/rowview';
import type { Ask } from '../../data/useTraceWorker';
import { useWorkerQuery } from '../../data/useWorkerQuery';
import { InlineError } from '../../ui/InlineError';

/** What an Explain button spreads: it opens the panel for its total, and says whether the panel is open for it. */
export interface ExplainProps {
  readonly onClick: () => void;
  readonly 'aria-expanded': boolean;
  readonly 'aria-controls': string;
}

export const EXPLAIN_PANEL_ID = 'explain-panel';

const TITLES: Record<ExplainQuery['metric'], string> = {
  input: 'input tokens',
  output: 'output tokens',
  cacheCreation: 'cache write tokens',
  cacheRead: 'cache read tokens',
  cost: 'computed cost',
  apiMessages: 'model calls',
};

/** Explain: the model calls that make a total, their lines, and each merged or dropped copy with its rule. */
export function ExplainPanel({
  ask,
  query,
  scope,
  local,
  onClose,
  onJump,
  id = EXPLAIN_PANEL_ID,
  label = 'Explain',
}: {
  ask: Ask;
  query: ExplainQuery;
  /** The part of the total explained (a model, an agent), named as its table row names it. */
  scope?: string | undefined;
  local: LocalPrices;
  onClose: () => void;
  onJump: (seq: number) => void;
  /** Where two panels show at once (the compare view: one per run), each its own id and name. */
  id?: string;
  label?: string;
}) {
  const answer = useWorkerQuery(ask, 'explain', { query, ...local }, [], { keepPrevious: false });
  const view = answer.data;
  const fmt = (n: number): string => (query.metric === 'cost' ? formatUsd(n) : n.toLocaleString('en-US'));
  const counted = view?.rows.filter((r) => r.counted) ?? [];
  const reconciled = view?.reconciled ?? [];
  const sum = counted.reduce((n, r) => n + r.value, 0) + reconciled.reduce((n, r) => n + r.value, 0);
  return (
    <aside
      id={id}
      aria-label={label}
      className="flex w-[28rem] shrink-0 flex-col border-l border-neutral-300 text-[12px] dark:border-neutral-700"
    >
      <div className="flex h-7 shrink-0 items-center gap-2 border-b border-neutral-200 bg-neutral-100 px-2 font-semibold dark:border-neutral-700 dark:bg-neutral-800">
        Explain {TITLES[query.metric]}
        {scope ? ` · ${scope}` : ''}
        <button
          type="button"
          aria-label="Close explain"
          onClick={onClose}
          className="ml-auto font-normal text-neutral-500"
        >
          ✕
        </button>
      </div>
      {answer.error ? (
        <InlineError what="list the model calls" error={answer.error} onRetry={answer.retry} className="m-2" />
      ) : !view ? (
        <p className="p-2 text-neutral-500">Listing…</p>
      ) : (
        <>
          <p className="border-b border-neutral-200 px-2 py-1 dark:border-neutral-700">
            Total{' '}
            <span data-testid="explain-total" className="font-mono font-semibold">
              {query.metric === 'cost' ? formatCost(view.total, view.unpricedModels) : fmt(view.total)}
            </span>{' '}
            = sum of{' '}
            <span data-testid="explain-sum" className="font-mono">
              {fmt(query.metric === 'cost' ? Math.round(sum * 1e6) / 1e6 : sum)}
            </span>{' '}
            over {count(counted.length, 'counted model call')}
            {reconciled.length > 0 ? ` and ${count(reconciled.length, 'row')} from the result frame` : ''};{' '}
            {view.dropped} not counted.
            {view.unpricedModels.length > 0 ? ` ${unpricedNote(view.unpricedModels)}.` : ''}
          </p>
          {view.prices.length > 0 ? (
            <ul
              aria-label="Prices used"
              className="border-b border-neutral-200 px-2 py-1 text-neutral-600 dark:border-neutral-700 dark:text-neutral-400"
            >
              {view.prices.map((p) => (
                <li key={p.model} className="flex gap-2">
                  <span className="shrink-0 font-mono">{p.model}</span>
                  <span
                    className={p.source === null ? 'text-amber-700 dark:text-amber-400' : 'min-w-0 truncate'}
                    title={p.source ?? undefined}
                  >
                    {p.source ?? 'no price: its calls are not in this cost'}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {reconciled.length > 0 ? (
            <ul
              aria-label="Reconciled rows"
              className="border-b border-neutral-200 bg-amber-50 dark:border-neutral-700 dark:bg-amber-950/30"
            >
              {reconciled.map((r, i) => (
                <li
                  key={i}
                  data-value={r.value}
                  className="border-b border-neutral-100 px-2 py-1 last:border-b-0 dark:border-neutral-800"
                >
                  <div className="flex items-baseline gap-2">
                    <button
                      type="button"
                      title={r.path ? `${r.source} · ${r.path}` : `${r.source}:${r.line}`}
                      onClick={() => onJump(r.seq)}
                      className="flex min-w-0 font-mono text-sky-700 hover:underline dark:text-sky-400"
                    >
                      <span className="truncate">{r.source}</span>
                      <span className="shrink-0">{r.path ? ` · ${r.path}` : `:${r.line}`}</span>
                    </button>
                    <span className="min-w-0 truncate">reconciled · {r.agent}</span>
                    <span className="ml-auto shrink-0 font-mono" title={r.priced ? undefined : unpricedNote([r.model])}>
                      {r.priced ? fmt(r.value) : '—'}
                    </span>
                  </div>
                  <div className="text-neutral-600 dark:text-neutral-400">
                    {r.model} · {r.text},{' '}
                    {r.calls > 0
                      ? `because ${r.placeholders} of the ${count(r.calls, 'model call')} before that result carried placeholder usage`
                      : "a model no loaded line shows, booked because the session's lines carried placeholder usage"}{' '}
                    (output from message_start, no message_delta)
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
          <ol aria-label="Explain rows" className="min-h-0 flex-1 overflow-auto">
            {view.rows.map((r, i) => (
              <li
                key={i}
                data-counted={r.counted}
                data-value={r.value}
                className={`border-b border-neutral-100 px-2 py-1 dark:border-neutral-800 ${r.counted ? '' : 'text-neutral-500'}`}
              >
                <div className="flex items-baseline gap-2">
                  {/* A long file name is cut short (whole in the tooltip), its line number kept in view. */}
                  <button
                    type="button"
                    title={r.path ? `${r.source} · ${r.path}` : `${r.source}:${r.line}`}
                    aria-label={r.path ? `${r.source} · ${r.path}` : `${r.source}:${r.line}`}
                    onClick={() => onJump(r.seq)}
                    className="flex min-w-0 font-mono text-sky-700 hover:underline dark:text-sky-400"
                  >
                    <span className="truncate">{r.source}</span>
                    <span className="shrink-0">{r.path ? ` · ${r.path}` : `:${r.line}`}</span>
                  </button>
                  <span className="min-w-0 truncate font-mono">{r.messageId ?? '(no id)'}</span>
                  <span
                    className="ml-auto shrink-0 font-mono"
                    title={
                      !r.priced
                        ? unpricedNote([r.model ?? '(no model)'])
                        : r.lowerBound
                          ? 'a placeholder figure: a lower bound'
                          : undefined
                    }
                  >
                    {!r.counted
                      ? 'dropped'
                      : !r.priced
                        ? '—'
                        : `${r.lowerBound && (query.metric === 'output' || query.metric === 'cost') ? '≥ ' : ''}${fmt(r.value)}`}
                  </span>
                </div>
                <div className="text-neutral-500">
                  {r.model ?? ''} · {r.agent} · {r.rule}
                </div>
                {r.copies.length > 1 || (r.copies.length === 1 && !r.copies[0]?.chosen) ? (
                  <ul className="ml-3 text-[11px] text-neutral-500">
                    {r.copies.map((c, j) => (
                      <li key={j}>
                        <button type="button" onClick={() => onJump(c.seq)} className="font-mono hover:underline">
                          {c.path ?? `line ${c.line}`}
                        </button>{' '}
                        {c.via} · {r.lowerBound && c.chosen ? '≥ ' : ''}
                        {c.output} out · {c.rule}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      )}
    </aside>
  );
}
