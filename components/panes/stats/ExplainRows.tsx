'use client';

import type { ExplainMetric, ExplainReconciled, ExplainRow, ExplainView } from '../../../lib/view/explain';
import { count } from '../../../lib/trace/text-order';
import { unpricedNote } from '../../../lib/view/rowview';
import { linkClass } from '../../ui/kit/styles';

// The lists of the Explain panel: the prices it used, the rows booked from result frames, and the model calls.

type Fmt = (n: number) => string;

/** The line a row comes from, as a link: a long file name is cut short (whole in the tooltip), its line kept in view. */
function SourceLink({
  r,
  onJump,
  labelled = false,
}: {
  r: Pick<ExplainRow, 'source' | 'path' | 'line' | 'seq'>;
  onJump: (seq: number) => void;
  labelled?: boolean;
}) {
  const where = r.path ? `${r.source} · ${r.path}` : `${r.source}:${r.line}`;
  return (
    <button
      type="button"
      title={where}
      {...(labelled ? { 'aria-label': where } : {})}
      onClick={() => onJump(r.seq)}
      className={`flex min-w-0 font-mono ${linkClass('hover')}`}
    >
      <span className="truncate">{r.source}</span>
      <span className="shrink-0">{r.path ? ` · ${r.path}` : `:${r.line}`}</span>
    </button>
  );
}

/** For the cost: each model of the rows and where its price came from. */
export function PricesUsed({ prices }: { prices: ExplainView['prices'] }) {
  return (
    <ul
      aria-label="Prices used"
      className="border-b border-neutral-200 px-2 py-1 text-neutral-600 dark:border-neutral-700 dark:text-neutral-400"
    >
      {prices.map((p) => (
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
  );
}

/** The rows of the total booked from result frames, each with why. */
export function ReconciledRows({
  rows,
  fmt,
  onJump,
}: {
  rows: readonly ExplainReconciled[];
  fmt: Fmt;
  onJump: (seq: number) => void;
}) {
  return (
    <ul
      aria-label="Reconciled rows"
      className="border-b border-neutral-200 bg-amber-50 dark:border-neutral-700 dark:bg-amber-950/30"
    >
      {rows.map((r, i) => (
        <li
          key={i}
          data-value={r.value}
          className="border-b border-neutral-100 px-2 py-1 last:border-b-0 dark:border-neutral-800"
        >
          <div className="flex items-baseline gap-2">
            <SourceLink r={r} onJump={onJump} />
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
  );
}

/** One model call of the total: its line, message id, value and rule, and its copies merged or dropped. */
function CallRow({
  r,
  metric,
  fmt,
  onJump,
}: {
  r: ExplainRow;
  metric: ExplainMetric;
  fmt: Fmt;
  onJump: (seq: number) => void;
}) {
  return (
    <li
      data-counted={r.counted}
      data-value={r.value}
      className={`border-b border-neutral-100 px-2 py-1 dark:border-neutral-800 ${r.counted ? '' : 'text-neutral-500'}`}
    >
      <div className="flex items-baseline gap-2">
        <SourceLink r={r} onJump={onJump} labelled />
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
              : `${r.lowerBound && (metric === 'output' || metric === 'cost') ? '≥ ' : ''}${fmt(r.value)}`}
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
  );
}

/** The model calls that make the total, counted or dropped. */
export function ExplainRows({
  rows,
  metric,
  fmt,
  onJump,
}: {
  rows: readonly ExplainRow[];
  metric: ExplainMetric;
  fmt: Fmt;
  onJump: (seq: number) => void;
}) {
  return (
    <ol aria-label="Explain rows" className="min-h-0 flex-1 overflow-auto">
      {rows.map((r, i) => (
        <CallRow key={i} r={r} metric={metric} fmt={fmt} onJump={onJump} />
      ))}
    </ol>
  );
}
