'use client';

import type { ReconciledStat, TokenTotals } from '../../../lib/trace/stats';
import type { StatsHead, StatsView } from '../../../lib/view/stats-view';
import { RESULT_ONLY_QUERY } from '../../../lib/view/explain';
import type { ExplainProps } from './ExplainPanel';
import type { Explain } from './useExplain';
import { figureLinkClass, TABLE } from '../../ui/kit/styles';
import { compactNumber, formatCost, formatUsd, unpricedNote } from '../../../lib/view/rowview';
import { ShowMore, useShown } from '../../ui/kit/ShowMore';

const LINK = figureLinkClass();

/** A cell's Explain button is named for what it explains, not only by its number (`Explain the model calls of main`). */
const named = (what: string, of: string) => ({
  'aria-label': `Explain the ${what} of ${of}`,
  title: `Explain: list the lines that make the ${what} of ${of}`,
});

/** A computed cost's Explain button: `—` or `≥ $x` when a model has no price, which its tooltip names. */
function CostButton({ b, ex }: { b: StatsView['stats']['byModel'][number]; ex: ExplainProps }) {
  const unpriced = b.unpricedModels.length > 0;
  const n = named('computed cost', b.label);
  return (
    <button
      type="button"
      {...ex}
      {...n}
      title={unpriced ? `${unpricedNote(b.unpricedModels)}. ${n.title}` : n.title}
      className={LINK}
    >
      {formatCost(b.costUsd, b.unpricedModels)}
    </button>
  );
}

/** The reconciled rows of one model or agent, added up. */
function sumOf(rows: readonly ReconciledStat[]): { tokens: TokenTotals; usd: number; unpriced: string[] } | undefined {
  if (rows.length === 0) return undefined;
  const t: TokenTotals = { input: 0, output: 0, cacheCreation: 0, cache5m: 0, cache1h: 0, cacheRead: 0 };
  let usd = 0;
  const unpriced = new Set<string>();
  for (const r of rows) {
    t.input += r.tokens.input;
    t.output += r.tokens.output;
    t.cacheCreation += r.tokens.cacheCreation;
    t.cacheRead += r.tokens.cacheRead;
    usd += r.costUsd;
    if (!r.priced) unpriced.add(r.model);
  }
  return { tokens: t, usd, unpriced: [...unpriced].sort() };
}

/** Under a model's or agent's row: the part of it booked from the result frame (in the row's figures already). */
function ReconciledSubRow({ rows, cols }: { rows: readonly ReconciledStat[]; cols: number }) {
  const sum = sumOf(rows);
  if (!sum) return null;
  return (
    <tr className="text-neutral-500" data-testid="reconciled-subrow" title={rows.map((r) => r.text).join('\n')}>
      <td className="whitespace-nowrap pl-4">↳ incl. from the result frame</td>
      <td className="text-right">—</td>
      <td className="text-right">{compactNumber(sum.tokens.input)}</td>
      <td className="text-right">{compactNumber(sum.tokens.output)}</td>
      <td className="text-right">{compactNumber(sum.tokens.cacheCreation)}</td>
      <td className="text-right">{compactNumber(sum.tokens.cacheRead)}</td>
      <td className="text-right" {...(sum.unpriced.length > 0 ? { title: unpricedNote(sum.unpriced) } : {})}>
        {formatCost(sum.usd, sum.unpriced)}
      </td>
      {cols > 7 ? <td /> : null}
    </tr>
  );
}

/** Tokens and cost by model (computed beside what modelUsage reports) and by agent; each count explains itself. */
export function BreakdownTables({ view, ex }: { view: StatsHead; ex: Explain }) {
  const s = view.stats;
  const agentQuery = (key: string): number => (key === 'result-only' ? RESULT_ONLY_QUERY : Number(key));
  // A big trace's subagents run to thousands: the first few are drawn, the rest on request.
  const agents = useShown(s.byAgent.length);
  // The row of what result frames booked beyond every line is never cut: it explains the totals.
  const drawn = [
    ...s.byAgent.filter((b) => b.key !== 'result-only').slice(0, agents.shown),
    ...s.byAgent.filter((b) => b.key === 'result-only'),
  ];
  return (
    <div className="flex flex-col gap-3 overflow-x-auto">
      <table className={TABLE.root} aria-label="By model">
        <thead className={TABLE.head}>
          <tr>
            <th>model</th>
            <th className={TABLE.num}>calls</th>
            <th className={TABLE.num}>input</th>
            <th className={TABLE.num}>output</th>
            <th className={TABLE.num}>cache write</th>
            <th className={TABLE.num}>cache read</th>
            <th className={TABLE.num}>computed</th>
            <th className={TABLE.num}>reported (modelUsage)</th>
          </tr>
        </thead>
        <tbody>
          {s.byModel.map((b) => {
            const mu = view.reported.modelUsage.find((m) => m.model === b.key);
            return [
              <tr key={b.key} className={TABLE.row}>
                <td className="font-mono whitespace-nowrap">{b.label}</td>
                <td className={TABLE.num}>
                  <button
                    type="button"
                    {...ex('apiMessages', { model: b.key })}
                    {...named('model calls', b.label)}
                    className={LINK}
                  >
                    {b.apiMessages}
                  </button>
                </td>
                <td className={TABLE.num}>{compactNumber(b.tokens.input)}</td>
                <td className={TABLE.num}>{compactNumber(b.tokens.output)}</td>
                <td className={TABLE.num}>{compactNumber(b.tokens.cacheCreation)}</td>
                <td className={TABLE.num}>{compactNumber(b.tokens.cacheRead)}</td>
                <td className={TABLE.num}>
                  <CostButton b={b} ex={ex('cost', { model: b.key })} />
                </td>
                <td className={TABLE.num}>{mu?.costUsd !== undefined ? formatUsd(mu.costUsd) : '—'}</td>
              </tr>,
              <ReconciledSubRow
                key={`${b.key} reconciled`}
                rows={s.reconciled.filter((r) => r.model === b.key)}
                cols={8}
              />,
            ];
          })}
          {view.reported.modelUsage
            .filter((m) => !m.inMessages)
            .map((m) => (
              <tr key={m.model} className={`${TABLE.row} text-neutral-500`}>
                <td className="font-mono">{m.model}</td>
                <td className={TABLE.num} colSpan={6}>
                  only in modelUsage (no loaded message)
                </td>
                <td className={TABLE.num}>{m.costUsd !== undefined ? formatUsd(m.costUsd) : '—'}</td>
              </tr>
            ))}
        </tbody>
      </table>
      <table className={TABLE.root} aria-label="By agent">
        <thead className={TABLE.head}>
          <tr>
            <th>agent</th>
            <th className={TABLE.num}>calls</th>
            <th className={TABLE.num}>input</th>
            <th className={TABLE.num}>output</th>
            <th className={TABLE.num}>cache write</th>
            <th className={TABLE.num}>cache read</th>
            <th className={TABLE.num}>computed</th>
          </tr>
        </thead>
        <tbody>
          {drawn.map((b) => [
            <tr key={b.key} className={TABLE.row}>
              <td>{b.label}</td>
              <td className={TABLE.num}>
                {b.key === 'result-only' ? (
                  <span title="No model call: tokens the result frame reports beyond every loaded line">—</span>
                ) : (
                  <button
                    type="button"
                    {...ex('apiMessages', { agent: Number(b.key) })}
                    {...named('model calls', b.label)}
                    className={LINK}
                  >
                    {b.apiMessages}
                  </button>
                )}
              </td>
              <td className={TABLE.num}>{compactNumber(b.tokens.input)}</td>
              <td className={TABLE.num}>{compactNumber(b.tokens.output)}</td>
              <td className={TABLE.num}>{compactNumber(b.tokens.cacheCreation)}</td>
              <td className={TABLE.num}>{compactNumber(b.tokens.cacheRead)}</td>
              <td className={TABLE.num}>
                <CostButton b={b} ex={ex('cost', { agent: agentQuery(b.key) })} />
              </td>
            </tr>,
            b.key === 'result-only' ? null : (
              <ReconciledSubRow
                key={`${b.key} reconciled`}
                rows={s.reconciled.filter((r) => r.agentKey === b.key)}
                cols={7}
              />
            ),
          ])}
          {drawn.length < s.byAgent.length ? (
            <tr>
              <td colSpan={7}>
                <ShowMore
                  shown={drawn.length}
                  total={s.byAgent.length}
                  what="agent"
                  more={agents.more}
                  all={agents.all}
                />
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
