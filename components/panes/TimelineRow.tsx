'use client';

import { memo } from 'react';
import type { RowView } from '../../lib/view/rowview';
import { EventIcon, kindTitle } from '../events/EventIcon';
import { BadgeList } from '../events/BadgeList';
import { RowThumb } from '../media/RowThumb';
import type { Ask } from '../../lib/view/protocol';

export const ROW_HEIGHT = 22;
/** A row's box: its own height, and nothing inside it lays out or paints outside it. */
const ROW_BOX = { height: ROW_HEIGHT, contain: 'strict' } as const;
const ROW_CLASS = 'flex cursor-default items-center gap-1 whitespace-nowrap border-b pr-2 text-[12px]';
const OFFSET_CLASS = 'w-14 shrink-0 pr-1 text-right font-mono text-[11px] text-neutral-500 tabular-nums';

function offset(ms: number | undefined): string {
  if (ms === undefined) return '';
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)}s`;
  const whole = Math.floor(s);
  const m = Math.floor(whole / 60);
  return `${m}:${String(whole % 60).padStart(2, '0')}`;
}

/** One row of the timeline; a row not fetched yet (`view` undefined) is drawn pending. */
export const Row = memo(function Row({
  view,
  selected,
  onSelect,
  onToggle,
  ask,
}: {
  view: RowView | undefined;
  selected: boolean;
  /** Asks the worker for a thumbnail's bytes; rows without it draw none. */
  ask?: Ask;
  onSelect: (row: number, view?: RowView) => void;
  onToggle: (turn: number) => void;
}) {
  // A row not fetched yet has the elements of a row, empty: when it comes (a scroll's jump draws every row this way
  // first), the row's elements are filled in rather than made, and nothing else is removed.
  if (!view)
    return (
      <div style={ROW_BOX} className={`${ROW_CLASS} border-neutral-100 text-neutral-400 dark:border-neutral-800`}>
        <span style={{ marginRight: 4 }} className={OFFSET_CLASS} />
        <EventIcon kind="" />
        <span className="min-w-0 flex-1 truncate">…</span>
        <BadgeList badges={[]} />
      </div>
    );
  const header = view.kind === 'response' || view.kind === 'turn' || view.kind === 'agent';
  const tone =
    view.kind === 'response'
      ? 'bg-neutral-200 font-semibold dark:bg-neutral-700'
      : view.kind === 'turn'
        ? 'bg-neutral-100 dark:bg-neutral-800'
        : view.kind === 'agent'
          ? 'bg-indigo-50 dark:bg-indigo-950'
          : '';
  return (
    <div
      id={`row-${view.row}`}
      role="option"
      aria-selected={selected}
      aria-label={`${kindTitle(view.icon)}: ${view.label}`}
      data-kind={view.kind}
      data-seq={view.seq}
      data-depth={view.depth}
      // The row as drawn: if the list changes under the pointer, the event clicked is still the one selected.
      onClick={() => onSelect(view.row, view)}
      style={ROW_BOX}
      className={`${ROW_CLASS} border-neutral-100 dark:border-neutral-800 ${selected ? 'bg-sky-100 dark:bg-sky-900' : `${tone} hover:bg-sky-50 dark:hover:bg-neutral-700`}`}
    >
      {/* The indent is the offset's margin (14 px a level, and the gap a spacer element would add), not an element. */}
      <span style={{ marginRight: view.depth * 14 + 4 }} className={OFFSET_CLASS}>
        {offset(view.offsetMs)}
      </span>
      {view.kind === 'streams' ? (
        <button
          type="button"
          aria-expanded={view.expanded ?? false}
          aria-label={`${view.expanded ? 'Fold' : 'Unfold'} ${view.label}`}
          onClick={(e) => {
            e.stopPropagation();
            if (view.turn !== undefined) onToggle(view.turn);
          }}
          className="w-4 shrink-0 text-neutral-500 hover:text-neutral-900 dark:hover:text-neutral-100"
        >
          {view.expanded ? '▾' : '▸'}
        </button>
      ) : (
        <EventIcon kind={view.icon} />
      )}
      {view.thumb && ask && view.seq !== undefined ? <RowThumb ask={ask} seq={view.seq} thumb={view.thumb} /> : null}
      <span className={`min-w-0 flex-1 truncate ${header ? '' : 'font-mono text-[12px]'} ${view.kind === 'streams' ? 'text-neutral-500' : ''}`}>
        {view.label}
      </span>
      <BadgeList badges={view.badges} durationColumn={view.kind === 'event' || view.kind === 'turn'} />
    </div>
  );
});
