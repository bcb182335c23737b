'use client';

import { memo } from 'react';
import type { RowView } from '../../lib/view/rowview';
import { EventIcon, kindTitle } from '../events/EventIcon';
import { BadgeList } from '../events/BadgeList';
import { stepBackNote } from '../../lib/view/step-back';
import { RowThumb } from '../media/RowThumb';
import type { Ask } from '../../lib/engine/protocol';

export const ROW_HEIGHT = 22;
/** A row's box: its own height, and nothing inside it lays out or paints outside it. */
const ROW_BOX = { height: ROW_HEIGHT, contain: 'strict' } as const;
const ROW_CLASS = 'flex cursor-default items-center gap-1 whitespace-nowrap border-b pr-2 text-[12px]';
const OFFSET_BOX = 'w-14 shrink-0 pr-1 text-right font-mono text-[11px] tabular-nums';
const OFFSET_CLASS = `${OFFSET_BOX} text-neutral-500`;
/** A time earlier than the line above it: the clock steps back here (see lib/view/step-back.ts). */
const STEP_BACK_CLASS = `${OFFSET_BOX} text-amber-700 dark:text-amber-400`;

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
  sticky = false,
  ask,
}: {
  view: RowView | undefined;
  selected: boolean;
  /** Asks the worker for a thumbnail's bytes; rows without it draw none. */
  ask?: Ask;
  onSelect: (row: number, view?: RowView) => void;
  onToggle: (turn: number) => void;
  /** Drawn as the sticky header: a model call in a subagent's lane says whose lane it is. */
  sticky?: boolean;
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
  const lane = sticky ? view.lane : undefined;
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
      aria-label={`${kindTitle(view.icon)}: ${lane ? `${lane} › ` : ''}${view.label}`}
      data-kind={view.kind}
      data-seq={view.seq}
      data-depth={view.depth}
      // The row as drawn: if the list changes under the pointer, the event clicked is still the one selected.
      onClick={() => onSelect(view.row, view)}
      style={ROW_BOX}
      className={`${ROW_CLASS} border-neutral-100 dark:border-neutral-800 ${selected ? 'bg-sky-100 dark:bg-sky-900' : `${tone} hover:bg-sky-50 dark:hover:bg-neutral-700`}`}
    >
      {/* The indent is the offset's margin (14 px a level, and the gap a spacer element would add), not an element. */}
      {view.stepBackMs !== undefined ? (
        <span
          style={{ marginRight: view.depth * 14 + 4 }}
          className={STEP_BACK_CLASS}
          data-step-back={view.stepBackMs}
          title={stepBackNote(view.stepBackMs)}
        >
          <span aria-hidden>↰</span>
          {offset(view.offsetMs)}
        </span>
      ) : (
        <span style={{ marginRight: view.depth * 14 + 4 }} className={OFFSET_CLASS}>
          {offset(view.offsetMs)}
        </span>
      )}
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
      {lane ? (
        <>
          {/* The lane's name gives way first: the call's own label keeps room for "Model call N". */}
          <span
            data-testid="sticky-lane"
            title={`in the lane of ${lane}`}
            className="min-w-0 max-w-[30%] truncate text-indigo-700 dark:text-indigo-300"
          >
            {lane}
          </span>
          <span aria-hidden className="shrink-0 text-neutral-500">
            ›
          </span>
        </>
      ) : null}
      <span
        className={`${lane ? 'min-w-[5.5rem]' : 'min-w-0'} flex-1 truncate ${header ? '' : 'font-mono text-[12px]'} ${view.kind === 'streams' ? 'text-neutral-500' : ''}`}
      >
        {view.label}
      </span>
      <BadgeList badges={view.badges} durationColumn={view.kind === 'event' || view.kind === 'turn'} />
    </div>
  );
});
