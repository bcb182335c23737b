'use client';

import { useMemo, useRef, useState } from 'react';
import type { ModelPrice } from '../../../lib/trace/pricing/pricing';
import { RESULT_ONLY_QUERY, type ExplainMetric, type ExplainQuery } from '../../../lib/view/stats-view';
import { formatCost, formatUsd, unpricedNote } from '../../../lib/view/rowview';
import type { Ask } from '../../data/useTraceWorker';
import { useWorkerQuery } from '../../data/useWorkerQuery';
import { InlineError } from '../../ui/InlineError';
import { CostChart, TokensChart, Waterfall } from './Charts';
import { EXPLAIN_PANEL_ID, ExplainPanel, type ExplainProps } from './ExplainPanel';
import { PriceOverrides } from './PriceOverrides';
import type { Prices } from './usePrices';
import { TurnTable } from './TurnTable';
import { BreakdownTables } from './BreakdownTables';
import { VerdictPanel } from './VerdictPanel';

const int = (n: number): string => n.toLocaleString('en-US');

/** What an Explain of part of a total is about, in the words of the tables: the model, or the agent's lane name. */
function scopeOf(q: ExplainQuery, byAgent: readonly { key: string; label: string }[]): string | undefined {
  if (q.model !== undefined) return q.model;
  if (q.agent === RESULT_ONLY_QUERY) return byAgent.find((b) => b.key === 'result-only')?.label ?? 'other calls';
  if (q.agent !== undefined) return byAgent.find((b) => Number(b.key) === q.agent)?.label ?? `agent ${q.agent}`;
  return undefined;
}

function Total({
  label,
  value,
  explain,
  sub,
  note,
}: {
  label: string;
  value: string;
  explain?: ExplainProps;
  sub?: string;
  note?: string;
}) {
  return (
    <div className="flex min-w-24 flex-col rounded border border-neutral-200 px-2 py-1 dark:border-neutral-700">
      <span className="text-[11px] text-neutral-500">{label}</span>
      {explain ? (
        <button
          type="button"
          {...explain}
          aria-label={`Explain ${label}`}
          title={
            note
              ? `${note}. Explain: list the lines this total is made of`
              : 'Explain: list the lines this total is made of'
          }
          className="text-left font-mono text-[14px] font-semibold text-sky-800 hover:underline dark:text-sky-300"
        >
          {value}
        </button>
      ) : (
        <span className="font-mono text-[14px] font-semibold">{value}</span>
      )}
      {sub ? <span className="text-[11px] text-neutral-500">{sub}</span> : null}
    </div>
  );
}

/** The Stats pane: tokens by kind, model and agent; reported beside computed cost; Explain; tables; charts; verdict. */
export function StatsPane({ ask, prices, onJump }: { ask: Ask; prices: Prices; onJump: (seq: number) => void }) {
  const query = useWorkerQuery(ask, 'statsView', prices.local);
  const view = query.data;
  const [explainQ, setExplainQ] = useState<ExplainQuery | undefined>();
  // The control that opened Explain: closing it gives the focus back there, not to the page.
  const opener = useRef<HTMLElement | null>(null);
  const closeExplain = () => {
    setExplainQ(undefined);
    if (opener.current?.isConnected) opener.current.focus();
  };
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
  const s = view.stats;
  const t = s.tokens;
  const ex = (metric: ExplainMetric, extra: Omit<ExplainQuery, 'metric'> = {}): ExplainProps => ({
    onClick: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setExplainQ({ metric, ...extra });
    },
    'aria-expanded': explainQ?.metric === metric && explainQ.model === extra.model && explainQ.agent === extra.agent,
    'aria-controls': EXPLAIN_PANEL_ID,
  });
  return (
    <div
      className="flex h-full min-h-0"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !explainQ || e.defaultPrevented) return;
        e.preventDefault();
        closeExplain();
      }}
    >
      {/* Sized to the pane, not the window (Explain takes a side of it): two columns when there is room. The grids'
          columns may shrink below their content (grid-cols-1 is minmax(0, 1fr)), so charts follow the pane when Explain
          opens, and wide tables scroll sideways on their own instead of the whole pane. */}
      <div className="@container min-h-0 flex-1 overflow-auto p-3 text-[12px]" role="region" aria-label="Stats">
        <VerdictPanel verdict={view.verdict} onJump={onJump} />
        <div className="grid grid-cols-1 gap-x-6 @min-[100rem]:grid-cols-2">
          <div>
            <h2 className="mb-1 mt-3 text-[11px] font-semibold uppercase tracking-wide text-neutral-500">
              Tokens (counted once per API message id)
            </h2>
            <div className="flex flex-wrap gap-2">
              <Total label="Model calls" value={int(s.apiMessages)} explain={ex('apiMessages')} />
              <Total label="Input" value={int(t.input)} explain={ex('input')} />
              <Total label="Output" value={int(t.output)} explain={ex('output')} />
              <Total
                label="Cache write"
                value={int(t.cacheCreation)}
                explain={ex('cacheCreation')}
                sub={`5m ${int(t.cache5m)} · 1h ${int(t.cache1h)}`}
              />
              <Total label="Cache read" value={int(t.cacheRead)} explain={ex('cacheRead')} />
              <Total
                label="Cache hit rate"
                value={`${(view.cacheHitRate * 100).toFixed(1)}%`}
                sub="read ÷ whole prompt"
              />
            </div>
            <h2 className="mb-1 mt-3 text-[11px] font-semibold uppercase tracking-wide text-neutral-500">Cost</h2>
            <div className="flex flex-wrap gap-2">
              <Total
                label="Computed"
                value={formatCost(s.cost.computedUsd, s.cost.unpricedModels)}
                explain={ex('cost')}
                sub={
                  s.cost.unpricedModels.length > 0
                    ? `no price for ${s.cost.unpricedModels.join(', ')}`
                    : view.prices.used.some((p) => p.origin)
                      ? 'with local prices (below)'
                      : `prices as of ${view.prices.asOf}`
                }
                {...(s.cost.unpricedModels.length > 0 ? { note: unpricedNote(s.cost.unpricedModels) } : {})}
              />
              <Total
                label="Reported"
                value={view.reported.totalUsd === null ? '—' : formatUsd(view.reported.totalUsd)}
                sub="last cumulative total_cost_usd per session"
              />
              <Total
                label="Difference"
                value={
                  view.differenceUsd === null
                    ? '—'
                    : `${s.cost.unpricedModels.length > 0 ? '≤ ' : ''}${view.differenceUsd >= 0 ? '+' : '−'}${formatUsd(Math.abs(view.differenceUsd))}`
                }
                sub={s.cost.unpricedModels.length > 0 ? 'reported − the priced part' : 'reported − computed'}
              />
            </div>
            {view.reasons.length > 0 ? (
              <ul
                aria-label="Why reported and computed differ"
                className="mt-1 list-disc pl-5 text-neutral-700 dark:text-neutral-300"
              >
                {view.reasons.map((r, i) => (
                  <li key={i}>
                    {r.text}
                    {r.usd !== undefined ? ` (${formatUsd(r.usd)})` : ''}
                  </li>
                ))}
              </ul>
            ) : null}
            {s.reconciled.length > 0 ? (
              <section
                aria-label="Reconciled with the result frame"
                className="mt-2 rounded border border-amber-300 bg-amber-50 px-2 py-1 dark:border-amber-700/60 dark:bg-amber-950/30"
              >
                <h3 className="text-[11px] font-semibold text-amber-900 dark:text-amber-200">
                  Reconciled with the result frame: the assistant lines carried placeholder usage (no message_delta)
                </h3>
                <ul className="mt-0.5">
                  {s.reconciled.map((r, i) => (
                    <li key={i} className="mt-0.5">
                      <div className="flex flex-wrap items-baseline gap-x-2">
                        <span className="font-mono">{r.model}</span>
                        <span className="text-neutral-500">{r.agentLabel}</span>
                        <span className="font-mono font-semibold">
                          {r.priced ? formatUsd(r.costUsd) : '— (no price)'}
                        </span>
                        <button
                          type="button"
                          onClick={() => onJump(r.resultSeq)}
                          className="font-mono text-sky-700 hover:underline dark:text-sky-400"
                        >
                          result frame
                        </button>
                      </div>
                      <div className="pl-3 text-neutral-700 dark:text-neutral-300">{r.text}</div>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {view.reported.sessions.length > 0 ? (
              <p className="mt-1 text-neutral-500">
                Reported from:{' '}
                {view.reported.sessions.map((x) => (
                  <button
                    key={x.session}
                    type="button"
                    onClick={() => onJump(x.seq)}
                    className="mr-2 font-mono text-sky-700 hover:underline dark:text-sky-400"
                  >
                    {x.session.slice(0, 8)} {x.path ?? `line ${x.line}`} ({formatUsd(x.usd)})
                  </button>
                ))}
              </p>
            ) : null}
          </div>
          <div className="mt-3 @min-[100rem]:mt-8">
            <BreakdownTables view={view} ex={ex} />
          </div>
        </div>
        <PriceOverrides prices={view.prices} local={prices} />
        <h2 className="mb-1 mt-4 text-[11px] font-semibold uppercase tracking-wide text-neutral-500">Charts</h2>
        <div className="grid grid-cols-1 gap-3 @5xl:grid-cols-2">
          <TokensChart rows={view.turns} clock={clock} onPick={onJump} />
          <CostChart rows={view.turns} clock={clock} reconciled={s.reconciled} />
          <div className="@5xl:col-span-2">
            <Waterfall bars={view.waterfall} lanes={view.waterfallLanes} clock={clock} onPick={onJump} />
          </div>
        </div>
        <TurnTable turns={view.turns} responses={view.responses} onJump={onJump} />
      </div>
      {explainQ ? (
        <ExplainPanel
          ask={ask}
          query={explainQ}
          scope={scopeOf(explainQ, s.byAgent)}
          local={prices.local}
          onClose={closeExplain}
          onJump={onJump}
        />
      ) : null}
    </div>
  );
}

export type { ModelPrice };
