'use client';

import { forwardRef, type KeyboardEvent } from 'react';
import { markOf, type CallDigest, type CompareRow, type Comparison, type ResponseDigest } from '../../lib/compare';
import { formatUsd } from '../../lib/view/rowview';
import { VirtualList, type VirtualListHandle } from '../ui/VirtualList';
import { MARK_GLYPH, MARK_TONE, MARK_WORDS } from './marks';

// The aligned rows: each pair of responses (its prompt on each side and its deltas), its pairs of calls under it.
// The same grid for both: the mark, A's side, B's side, Δ model calls, Δ computed cost.

export const ROW_HEIGHT = 22;
export const GRID = '2.5ch minmax(0,1fr) minmax(0,1fr) 7ch 10ch';

const OUTCOME_TONE: Record<CallDigest['outcome'], string> = {
  ok: '',
  error: 'text-red-700 dark:text-red-400',
  denied: 'text-orange-700 dark:text-orange-400',
  'no result': 'text-amber-700 dark:text-amber-400',
};

function CallCell({ c }: { c: CallDigest | undefined }) {
  if (!c) return <span className="pl-4 text-neutral-300 dark:text-neutral-600">—</span>;
  return (
    <span className="flex min-w-0 items-baseline gap-1.5 pl-4">
      <span className="shrink-0 font-medium">{c.name}</span>
      <span className="min-w-0 truncate font-mono text-[11px] text-neutral-600 dark:text-neutral-400">{c.summary}</span>
      {c.outcome !== 'ok' ? (
        <span className={`shrink-0 text-[11px] ${OUTCOME_TONE[c.outcome]}`}>{c.outcome}</span>
      ) : null}
    </span>
  );
}

function PromptCell({ r, side }: { r: ResponseDigest | undefined; side: 'A' | 'B' }) {
  if (!r) return <span className="text-neutral-300 dark:text-neutral-600">—</span>;
  return (
    <span className="flex min-w-0 items-baseline gap-1.5">
      <span className="shrink-0 text-[11px] tabular-nums text-neutral-500">
        {side}
        {r.index + 1}
      </span>
      <span className="min-w-0 truncate">
        {r.prompt.replace(/\s+/g, ' ').trim() || <span className="italic text-neutral-500">(no prompt)</span>}
      </span>
    </span>
  );
}

function Num({ n, usd }: { n: number | null; usd?: boolean }) {
  if (n === null) return <span className="text-neutral-400">?</span>;
  if (n === 0) return <span className="text-neutral-300 dark:text-neutral-600">·</span>;
  const text = usd ? formatUsd(Math.abs(n)) : String(Math.abs(n));
  return (
    <span
      className={n > 0 ? 'text-red-700 dark:text-red-400' : 'text-green-700 dark:text-green-400'}
    >{`${n > 0 ? '+' : '−'}${text}`}</span>
  );
}

export interface CompareRowsProps {
  readonly c: Comparison;
  readonly rows: readonly CompareRow[];
  readonly selected: number;
  readonly firstRow: number;
  readonly onSelect: (row: number) => void;
  readonly onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => void;
}

export const CompareRows = forwardRef<VirtualListHandle, CompareRowsProps>(function CompareRows(
  { c, rows, selected, firstRow, onSelect, onKeyDown },
  ref,
) {
  const render = (i: number) => {
    const row = rows[i];
    if (!row) return <div style={{ height: ROW_HEIGHT }} />;
    const pair = c.responses[row.pair];
    const x = pair?.a === undefined ? undefined : c.a.responses[pair.a];
    const y = pair?.b === undefined ? undefined : c.b.responses[pair.b];
    const mark = markOf(c, row);
    const first = i === firstRow;
    const head = row.kind === 'response';
    const call = row.kind === 'call' ? pair?.calls[row.call] : undefined;
    const tone =
      i === selected
        ? 'bg-sky-100 dark:bg-sky-900/60'
        : head
          ? 'bg-neutral-50 dark:bg-neutral-800/70'
          : 'hover:bg-neutral-50 dark:hover:bg-neutral-800/40';
    return (
      <div
        id={`cmp-row-${i}`}
        role="option"
        aria-selected={i === selected}
        aria-label={`${MARK_WORDS[mark]}${first ? ', first divergence' : ''}`}
        data-mark={mark}
        data-first={first || undefined}
        onClick={() => onSelect(i)}
        className={`mx-px grid cursor-default items-center border-b border-neutral-100 text-[12px] dark:border-neutral-800 ${tone} ${first ? 'shadow-[inset_3px_0_0_0_var(--color-amber-500)]' : ''} ${head ? 'font-medium' : ''}`}
        style={{ gridTemplateColumns: GRID, height: ROW_HEIGHT, contain: 'strict' }}
      >
        <span aria-hidden className={`text-center font-mono font-bold ${MARK_TONE[mark]}`} title={MARK_WORDS[mark]}>
          {MARK_GLYPH[mark]}
        </span>
        {head ? (
          <>
            <span className="min-w-0 px-1">
              <PromptCell r={x} side="A" />
            </span>
            <span className="min-w-0 px-1">
              <PromptCell r={y} side="B" />
            </span>
          </>
        ) : (
          <>
            <span className="min-w-0 px-1">
              <CallCell c={call?.a === undefined ? undefined : x?.calls[call.a]} />
            </span>
            <span className="min-w-0 px-1">
              <CallCell c={call?.b === undefined ? undefined : y?.calls[call.b]} />
            </span>
          </>
        )}
        <span className="px-1 text-right tabular-nums">{head && pair ? <Num n={pair.delta.modelCalls} /> : null}</span>
        <span className="px-1 text-right tabular-nums">
          {head && pair ? (
            <Num n={pair.delta.computedUsd} usd />
          ) : first ? (
            <span className="text-[10px] text-amber-700 dark:text-amber-400">first</span>
          ) : null}
        </span>
      </div>
    );
  };
  return (
    <VirtualList
      ref={ref}
      count={rows.length}
      rowHeight={ROW_HEIGHT}
      label="Aligned pairs"
      renderRow={render}
      activeId={selected >= 0 ? `cmp-row-${selected}` : undefined}
      onKeyDown={onKeyDown}
    />
  );
});
