'use client';

import { startTransition, useEffect, useMemo, useState } from 'react';
import type { ModelPrice } from '../../../lib/trace/pricing/pricing';
import { RESULT_ONLY_QUERY, type ExplainQuery } from '../../../lib/view/explain';
import type { Ask } from '../../data/useTraceWorker';
import { useWorkerQuery } from '../../data/useWorkerQuery';
import { unpackSlices, type PackedRows } from '../../../lib/view/packed-rows';
import { InlineError } from '../../ui/InlineError';
import { CostChart, TokensChart } from './Charts';
import { Waterfall } from './Waterfall';
import { ExplainPanel } from './ExplainPanel';
import { CostTotals, TokenTotals } from './Totals';
import { useExplain } from './useExplain';
import { PriceOverrides } from './PriceOverrides';
import type { Prices } from './usePrices';
import { TurnTable } from './TurnTable';
import { BreakdownTables } from './BreakdownTables';
import { VerdictPanel } from './VerdictPanel';

/** What an Explain of part of a total is about, in the words of the tables: the model, or the agent's lane name. */
function scopeOf(q: ExplainQuery, byAgent: readonly { key: string; label: string }[]): string | undefined {
  if (q.model !== undefined) return q.model;
  if (q.agent === RESULT_ONLY_QUERY) return byAgent.find((b) => b.key === 'result-only')?.label ?? 'other calls';
  if (q.agent !== undefined) return byAgent.find((b) => Number(b.key) === q.agent)?.label ?? `agent ${q.agent}`;
  return undefined;
}

/**
 * How many of `n` sections to draw: one more after each frame is painted, once `ready`. The first answer's sections
 * (totals, charts, the tables of every call) are then laid out in frames of their own, where drawn at once their
 * layout was one task of 50-70 ms on a 2 GB trace.
 */
function useStages(ready: boolean, n: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!ready || shown >= n) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown((s) => s + 1)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, shown, n]);
  return shown;
}

/** Whether the rows of `lists` are made (`unpackSlices`: a slice a task, before the sections that read them). */
function useUnpacked(lists: readonly PackedRows<unknown>[] | undefined): boolean {
  const [made, setMade] = useState<readonly PackedRows<unknown>[]>();
  useEffect(() => {
    if (!lists) return;
    return unpackSlices(
      lists,
      (run) => setTimeout(run),
      () => setMade(lists),
    );
  }, [lists]);
  return lists !== undefined && made === lists;
}

/** The Stats pane: tokens by kind, model and agent; reported beside computed cost; Explain; tables; charts; verdict. */
export function StatsPane({ ask, prices, onJump }: { ask: Ask; prices: Prices; onJump: (seq: number) => void }) {
  // In a transition: a 2 GB trace's tables and charts are drawn in slices, not in one long task.
  const query = useWorkerQuery(ask, 'statsView', prices.local, [], { transition: true });
  const view = query.data;
  const explain = useExplain();
  const lists = useMemo(() => (view ? [view.turns, view.responses, view.waterfall] : undefined), [view]);
  const stage = useStages(useUnpacked(lists), 2);
  const clock = useMemo(
    () => ({
      ...(view?.startedAt !== undefined ? { startedAt: view.startedAt } : {}),
      ...(view?.spanMs !== undefined ? { spanMs: view.spanMs } : {}),
    }),
    [view],
  );
  if (query.error)
    return <InlineError what="count the stats" error={query.error} onRetry={query.retry} className="m-3" />;
  if (!view) return <p className="p-4 text-[13px] text-neutral-500">Counting…</p>;
  return (
    <div
      className="flex h-full min-h-0"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !explain.query || e.defaultPrevented) return;
        e.preventDefault();
        explain.close();
      }}
    >
      {/* Sized to the pane, not the window (Explain takes a side of it): two columns when there is room. The grids'
          columns may shrink below their content (grid-cols-1 is minmax(0, 1fr)), so charts follow the pane when Explain
          opens, and wide tables scroll sideways on their own instead of the whole pane. */}
      <div className="@container min-h-0 flex-1 overflow-auto p-3 text-[12px]" role="region" aria-label="Stats">
        <VerdictPanel verdict={view.verdict} onJump={onJump} />
        <div className="grid grid-cols-1 gap-x-6 @min-[100rem]:grid-cols-2">
          <div>
            <TokenTotals view={view} ex={explain.ex} />
            <CostTotals view={view} ex={explain.ex} onJump={onJump} />
          </div>
          <div className="mt-3 @min-[100rem]:mt-8">
            <BreakdownTables view={view} ex={explain.ex} />
          </div>
        </div>
        <PriceOverrides prices={view.prices} local={prices} />
        <h2 className="mb-1 mt-4 text-[11px] font-semibold uppercase tracking-wide text-neutral-500">Charts</h2>
        {stage >= 1 ? (
          <div className="grid grid-cols-1 gap-3 @5xl:grid-cols-2">
            <TokensChart rows={view.turns} clock={clock} onPick={onJump} />
            <CostChart rows={view.turns} clock={clock} reconciled={view.stats.reconciled} />
            <div className="@5xl:col-span-2">
              <Waterfall bars={view.waterfall} lanes={view.waterfallLanes} clock={clock} onPick={onJump} />
            </div>
          </div>
        ) : null}
        {stage >= 2 ? <TurnTable turns={view.turns} responses={view.responses} onJump={onJump} /> : null}
      </div>
      {explain.query ? (
        <ExplainPanel
          ask={ask}
          query={explain.query}
          scope={scopeOf(explain.query, view.stats.byAgent)}
          local={prices.local}
          onClose={explain.close}
          onJump={onJump}
        />
      ) : null}
    </div>
  );
}

export type { ModelPrice };
