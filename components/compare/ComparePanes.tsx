'use client';

import type { Ask, LocalPrices } from '../../lib/engine/protocol';
import type { ExplainMetric } from '../../lib/view/explain';
import { ExplainPanel } from '../panes/stats/ExplainPanel';
import { GRID } from './CompareRows';

// Pieces of the compare view's lower half: the rows' column heads, and a delta's Explain for both runs side by side
// (the model calls behind the figure, each run's listed by its own worker).

export function RowsHead({ responsesA, responsesB }: { responsesA: number; responsesB: number }) {
  return (
    <div
      aria-hidden
      className="grid shrink-0 border-b border-neutral-200 bg-neutral-100 text-[11px] text-neutral-500 dark:border-neutral-700 dark:bg-neutral-800"
      style={{ gridTemplateColumns: GRID }}
    >
      <span />
      <span className="px-1">A · {responsesA} responses</span>
      <span className="px-1">B · {responsesB} responses</span>
      <span className="whitespace-nowrap px-1 text-right" title="Δ model calls, B − A">
        Δ calls
      </span>
      <span className="whitespace-nowrap px-1 text-right" title="Δ computed cost, B − A">
        Δ cost
      </span>
    </div>
  );
}

export function ExplainBoth({
  explain,
  asks,
  local,
  onClose,
  onJump,
}: {
  explain: { metric: ExplainMetric; title: string };
  asks: { readonly a: Ask; readonly b: Ask };
  /** This browser's local prices, which priced the digests' costs: Explain lists at the same prices. */
  local: LocalPrices;
  onClose: () => void;
  onJump: (side: 'a' | 'b', seq: number) => void;
}) {
  return (
    <div
      role="group"
      aria-label={`Explain ${explain.title}`}
      className="flex h-full min-h-0 [&>aside]:min-w-0 [&>aside]:flex-1"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      {(['a', 'b'] as const).map((side) => (
        <ExplainPanel
          key={side}
          id={`compare-explain-${side}`}
          label={`Explain run ${side.toUpperCase()}`}
          scope={`run ${side.toUpperCase()}`}
          ask={asks[side]}
          query={{ metric: explain.metric }}
          local={local}
          onClose={onClose}
          onJump={(seq) => onJump(side, seq)}
        />
      ))}
    </div>
  );
}
