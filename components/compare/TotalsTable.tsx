'use client';

import type { Metrics, MetricsDelta } from '../../lib/compare';
import { formatInt } from '../../lib/trace/text-order';
import { formatDuration, formatUsd } from '../../lib/view/rowview';
import type { ExplainMetric } from '../../lib/view/explain';
import { figureLinkClass, TABLE } from '../ui/kit/styles';

// The figures of two runs (or of two aligned responses) side by side, with B − A: a delta in red costs more.

interface Column {
  /** What Explain lists for this figure (the model calls behind it), where it can. */
  readonly explain?: ExplainMetric;
  readonly label: string;
  readonly title: string;
  readonly a: (m: Metrics) => string;
  readonly d: (d: MetricsDelta) => number | null;
  readonly fmt: (n: number) => string;
}

const int = (f: (m: Metrics) => number) => (m: Metrics) => formatInt(f(m));
const usdOf = (m: Metrics): string =>
  m.unpriced.length > 0 ? `${formatUsd(m.computedUsd)}+?` : formatUsd(m.computedUsd);

const COLUMNS: readonly Column[] = [
  {
    explain: 'apiMessages',
    label: 'calls',
    title: 'model calls (each API message once)',
    a: int((m) => m.modelCalls),
    d: (d) => d.modelCalls,
    fmt: formatInt,
  },
  {
    explain: 'input',
    label: 'input',
    title: 'input tokens',
    a: int((m) => m.input),
    d: (d) => d.input,
    fmt: formatInt,
  },
  {
    explain: 'output',
    label: 'output',
    title: 'output tokens',
    a: int((m) => m.output),
    d: (d) => d.output,
    fmt: formatInt,
  },
  {
    explain: 'cacheCreation',
    label: 'cache w',
    title: 'cache write tokens (5m + 1h)',
    a: int((m) => m.cacheWrite),
    d: (d) => d.cacheWrite,
    fmt: formatInt,
  },
  {
    explain: 'cacheRead',
    label: 'cache r',
    title: 'cache read tokens',
    a: int((m) => m.cacheRead),
    d: (d) => d.cacheRead,
    fmt: formatInt,
  },
  {
    explain: 'cost',
    label: 'computed',
    title: 'cost computed from the price table (+? : a model without a price)',
    a: usdOf,
    d: (d) => d.computedUsd,
    fmt: formatUsd,
  },
  {
    label: 'reported',
    title: 'cost the run reported (total_cost_usd)',
    a: (m) => (m.reportedUsd === undefined ? '—' : formatUsd(m.reportedUsd)),
    d: (d) => d.reportedUsd,
    fmt: formatUsd,
  },
  {
    label: 'wall',
    title: 'wall time, first line to last',
    a: (m) => (m.wallMs === undefined ? '—' : formatDuration(m.wallMs)),
    d: (d) => d.wallMs,
    fmt: formatDuration,
  },
  { label: 'tools', title: 'tool calls', a: int((m) => m.toolCalls), d: (d) => d.toolCalls, fmt: formatInt },
  {
    label: 'errors',
    title: 'tool calls whose result is an error',
    a: int((m) => m.toolErrors),
    d: (d) => d.toolErrors,
    fmt: formatInt,
  },
  {
    label: 'denied',
    title: 'tool calls denied permission',
    a: int((m) => m.denials),
    d: (d) => d.denials,
    fmt: formatInt,
  },
];

function Delta({ n, fmt }: { n: number | null; fmt: (n: number) => string }) {
  if (n === null) return <span className="text-neutral-400">—</span>;
  if (n === 0) return <span className="text-neutral-400">0</span>;
  const tone = n > 0 ? 'text-red-700 dark:text-red-400' : 'text-green-700 dark:text-green-400';
  return <span className={tone}>{n > 0 ? `+${fmt(n)}` : `−${fmt(-n)}`}</span>;
}

/** Rows A, B and B − A; one column per figure. `a`/`b` absent: a response one run does not have. */
export function TotalsTable({
  a,
  b,
  delta,
  label,
  onExplain,
}: {
  a: Metrics | undefined;
  b: Metrics | undefined;
  delta: MetricsDelta;
  label: string;
  /** Given: each delta Explain can list is a button that opens it for both runs. */
  onExplain?: (metric: ExplainMetric, label: string) => void;
}) {
  return (
    <table aria-label={label} className="w-full border-collapse text-[12px] tabular-nums">
      <thead className={TABLE.head}>
        <tr>
          <th className="w-10 px-2 text-left" />
          {COLUMNS.map((c) => (
            <th key={c.label} title={c.title} className={`px-2 ${TABLE.num}`}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {(
          [
            ['A', a],
            ['B', b],
          ] as const
        ).map(([side, m]) => (
          <tr key={side}>
            <th scope="row" className="px-2 text-left font-semibold">
              {side}
            </th>
            {COLUMNS.map((c) => (
              <td key={c.label} className={`px-2 ${TABLE.num}`}>
                {m ? c.a(m) : <span className="text-neutral-400">—</span>}
              </td>
            ))}
          </tr>
        ))}
        <tr className="border-t border-neutral-200 dark:border-neutral-700">
          <th scope="row" className="px-2 text-left font-semibold" title="B minus A">
            Δ
          </th>
          {COLUMNS.map((c) => {
            const metric = c.explain;
            return (
              <td key={c.label} className={`px-2 ${TABLE.num}`}>
                {metric && onExplain ? (
                  <button
                    type="button"
                    title={`Explain ${c.title} for both runs`}
                    aria-label={`Explain ${c.label} for both runs`}
                    onClick={() => onExplain(metric, c.title)}
                    className={figureLinkClass('dotted')}
                  >
                    <Delta n={c.d(delta)} fmt={c.fmt} />
                  </button>
                ) : (
                  <Delta n={c.d(delta)} fmt={c.fmt} />
                )}
              </td>
            );
          })}
        </tr>
      </tbody>
    </table>
  );
}
