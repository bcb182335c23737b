'use client';

import type { LocalPrices } from '../../../lib/engine/protocol';
import type { ExplainQuery } from '../../../lib/view/explain';
import { count, formatInt } from '../../../lib/trace/text-order';
import { formatCost, formatUsd, unpricedNote } from '../../../lib/view/rowview';
import type { Ask } from '../../data/useTraceWorker';
import { useWorkerQuery } from '../../data/useWorkerQuery';
import { InlineError } from '../../ui/InlineError';
import { Button } from '../../ui/kit/Button';
import { ExplainRows, PricesUsed, ReconciledRows } from './ExplainRows';

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
  const fmt = (n: number): string => (query.metric === 'cost' ? formatUsd(n) : formatInt(n));
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
        <Button
          variant="quiet"
          size="compact"
          aria-label="Close explain"
          onClick={onClose}
          className="ml-auto font-normal"
        >
          ✕
        </Button>
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
          {view.prices.length > 0 ? <PricesUsed prices={view.prices} /> : null}
          {reconciled.length > 0 ? <ReconciledRows rows={reconciled} fmt={fmt} onJump={onJump} /> : null}
          <ExplainRows rows={view.rows} metric={query.metric} fmt={fmt} onJump={onJump} />
        </>
      )}
    </aside>
  );
}
