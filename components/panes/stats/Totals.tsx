'use client';

import type { StatsHead, StatsView } from '../../../lib/view/stats-view';
import { formatCost, formatUsd, unpricedNote } from '../../../lib/view/rowview';
import type { ExplainProps } from './ExplainPanel';
import type { Explain } from './useExplain';
import { figureLinkClass } from '../../ui/kit/styles';
import { formatInt } from '../../../lib/trace/text-order';

// The Stats pane's head: the token totals, then the cost computed beside the one reported, and why they differ.

const int = (n: number): string => formatInt(n);

const H2 = 'mb-1 mt-3 text-[11px] font-semibold uppercase tracking-wide text-neutral-500';
const LINK = `font-mono ${figureLinkClass()}`;

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

/** Tokens by kind, each total a button that explains it. */
export function TokenTotals({ view, ex }: { view: StatsHead; ex: Explain }) {
  const s = view.stats;
  const t = s.tokens;
  return (
    <>
      <h2 className={H2}>Tokens (counted once per API message id)</h2>
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
        <Total label="Cache hit rate" value={`${(view.cacheHitRate * 100).toFixed(1)}%`} sub="read ÷ whole prompt" />
      </div>
    </>
  );
}

/** The cost computed, the one the result frames reported, their difference and why they differ. */
export function CostTotals({ view, ex, onJump }: { view: StatsHead; ex: Explain; onJump: (seq: number) => void }) {
  const s = view.stats;
  const unpriced = s.cost.unpricedModels;
  return (
    <>
      <h2 className={H2}>Cost</h2>
      <div className="flex flex-wrap gap-2">
        <Total
          label="Computed"
          value={formatCost(s.cost.computedUsd, unpriced)}
          explain={ex('cost')}
          sub={
            unpriced.length > 0
              ? `no price for ${unpriced.join(', ')}`
              : view.prices.used.some((p) => p.origin)
                ? 'with local prices (below)'
                : `prices as of ${view.prices.asOf}`
          }
          {...(unpriced.length > 0 ? { note: unpricedNote(unpriced) } : {})}
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
              : `${unpriced.length > 0 ? '≤ ' : ''}${view.differenceUsd >= 0 ? '+' : '−'}${formatUsd(Math.abs(view.differenceUsd))}`
          }
          sub={unpriced.length > 0 ? 'reported − the priced part' : 'reported − computed'}
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
      {s.reconciled.length > 0 ? <Reconciled rows={s.reconciled} onJump={onJump} /> : null}
      {view.reported.sessions.length > 0 ? (
        <p className="mt-1 text-neutral-500">
          Reported from:{' '}
          {view.reported.sessions.map((x) => (
            <button key={x.session} type="button" onClick={() => onJump(x.seq)} className={`mr-2 ${LINK}`}>
              {x.session.slice(0, 8)} {x.path ?? `line ${x.line}`} ({formatUsd(x.usd)})
            </button>
          ))}
        </p>
      ) : null}
    </>
  );
}

/** What was booked from result frames because the assistant lines carried placeholder usage. */
function Reconciled({ rows, onJump }: { rows: StatsView['stats']['reconciled']; onJump: (seq: number) => void }) {
  return (
    <section
      aria-label="Reconciled with the result frame"
      className="mt-2 rounded border border-amber-300 bg-amber-50 px-2 py-1 dark:border-amber-700/60 dark:bg-amber-950/30"
    >
      <h3 className="text-[11px] font-semibold text-amber-900 dark:text-amber-200">
        Reconciled with the result frame: the assistant lines carried placeholder usage (no message_delta)
      </h3>
      <ul className="mt-0.5">
        {rows.map((r, i) => (
          <li key={i} className="mt-0.5">
            <div className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-mono">{r.model}</span>
              <span className="text-neutral-500">{r.agentLabel}</span>
              <span className="font-mono font-semibold">{r.priced ? formatUsd(r.costUsd) : '— (no price)'}</span>
              <button type="button" onClick={() => onJump(r.resultSeq)} className={LINK}>
                result frame
              </button>
            </div>
            <div className="pl-3 text-neutral-700 dark:text-neutral-300">{r.text}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}
