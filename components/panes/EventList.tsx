'use client';

import { forwardRef, memo, useCallback, useRef, useState, type KeyboardEvent } from 'react';
import type { RowView } from '../../lib/view/rowview';
import { EventIcon, kindTitle } from '../events/EventIcon';
import { BadgeList } from '../events/BadgeList';
import { VirtualList, type VirtualListHandle } from '../ui/VirtualList';
import type { Ask } from '../viewer/useTraceWorker';
import { useRowWindow } from './useRowWindow';
import { HiddenMatches, hasHidden } from './HiddenMatches';
import type { ChipCounts, ChipKey } from '../../lib/view/chips';
import { InlineError } from '../ui/InlineError';

export const ROW_HEIGHT = 22;
/** A row's box: its own height, and nothing inside it lays out or paints outside it. */
const ROW_BOX = { height: ROW_HEIGHT, contain: 'strict' } as const;
const ROW_CLASS = 'flex cursor-default items-center gap-1 whitespace-nowrap border-b pr-2 text-[12px]';
const OFFSET_CLASS = 'w-14 shrink-0 pr-1 text-right font-mono text-[11px] text-neutral-500 tabular-nums';

export interface EventListProps {
  readonly ask: Ask;
  readonly rowCount: number;
  readonly version: string;
  readonly selectedRow: number;
  readonly onSelectRow: (row: number, view: RowView | undefined) => void;
  readonly onToggleStreams: (turn: number) => void;
  readonly onOpen: () => void;
  readonly loading: boolean;
  /** With a filter: matches hidden by chips that are off, and how to show them. */
  readonly hiddenMatches?: ChipCounts;
  readonly onShowChips?: (keys: readonly ChipKey[]) => void;
  /** What an empty list says (why nothing matches). */
  readonly empty?: string;
}

function offset(ms: number | undefined): string {
  if (ms === undefined) return '';
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)}s`;
  const whole = Math.floor(s);
  const m = Math.floor(whole / 60);
  return `${m}:${String(whole % 60).padStart(2, '0')}`;
}

const Row = memo(function Row({
  view,
  selected,
  onSelect,
  onToggle,
}: {
  view: RowView | undefined;
  selected: boolean;
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
      <span className={`min-w-0 flex-1 truncate ${header ? '' : 'font-mono text-[12px]'} ${view.kind === 'streams' ? 'text-neutral-500' : ''}`}>
        {view.label}
      </span>
      <BadgeList badges={view.badges} />
    </div>
  );
});

/** The timeline: one dense row per event, grouped by response and model call, virtualized. */
export const EventList = forwardRef<VirtualListHandle, EventListProps>(function EventList(
  { ask, rowCount, version, selectedRow, onSelectRow, onToggleStreams, onOpen, loading, hiddenMatches, onShowChips, empty = 'No events match.' },
  ref,
) {
  const { get, onRange, ensure, tick, error, retry, fail } = useRowWindow(ask, version, rowCount);
  void tick;

  const select = useCallback(
    (row: number, view?: RowView) => {
      const r = Math.max(0, Math.min(rowCount - 1, row));
      onSelectRow(r, view ?? get(r));
    },
    [rowCount, onSelectRow, get],
  );

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const page = 20;
      switch (e.key) {
        case 'ArrowDown':
        case 'j':
          select(selectedRow < 0 ? 0 : selectedRow + 1);
          break;
        case 'ArrowUp':
        case 'k':
          select(selectedRow < 0 ? 0 : selectedRow - 1);
          break;
        case 'PageDown':
          select(selectedRow + page);
          break;
        case 'PageUp':
          select(selectedRow - page);
          break;
        case 'Home':
          select(0);
          break;
        case 'End':
          select(rowCount - 1);
          break;
        case ']':
        case '[':
          ask('neighbor', { row: Math.max(-1, selectedRow), dir: e.key === ']' ? 1 : -1 }).then((r) => r >= 0 && select(r), fail('find the next model call'));
          break;
        case 'Enter':
          onOpen();
          break;
        case 'ArrowRight':
        case 'ArrowLeft': {
          const v = get(selectedRow);
          if (v?.kind === 'streams' && v.turn !== undefined && (e.key === 'ArrowRight') !== (v.expanded ?? false)) onToggleStreams(v.turn);
          else return;
          break;
        }
        default:
          return;
      }
      e.preventDefault();
    },
    [select, selectedRow, rowCount, ask, onOpen, get, onToggleStreams, fail],
  );

  // The sticky header is the nearest model-call or response row above the first visible row. It is found in the row
  // cache during render; when it is far above, the worker names it and its page is fetched.
  const [farHeader, setFarHeader] = useState(-1);
  const askedFor = useRef(-1);
  const [seenVersion, setSeenVersion] = useState(version);
  if (seenVersion !== version) {
    setSeenVersion(version);
    setFarHeader(-1);
    askedFor.current = -1;
  }
  const onRangeChange = useCallback(
    (start: number, end: number) => {
      onRange(start, end);
      // One question per 32 rows scrolled, not per scroll event.
      const bucket = start >> 5;
      if (bucket === askedFor.current) return;
      askedFor.current = bucket;
      ask('headerOf', { row: start }).then((h) => {
        setFarHeader(h);
        if (h >= 0) ensure(h);
      }, fail('find the header above'));
    },
    [onRange, ask, ensure, fail],
  );
  const renderSticky = useCallback(
    (first: number) => {
      let h = -1;
      for (let r = first; r >= 0 && r > first - 64; r--) {
        const v = get(r);
        if (v && (v.kind === 'turn' || v.kind === 'response')) {
          h = r;
          break;
        }
      }
      if (h < 0) h = farHeader;
      const view = h >= 0 && h < first ? get(h) : undefined;
      return view ? (
        <div className="shadow-sm">
          <Row view={view} selected={h === selectedRow} onSelect={select} onToggle={onToggleStreams} />
        </div>
      ) : null;
    },
    [get, selectedRow, select, onToggleStreams, farHeader],
  );

  return (
    <div className="relative flex h-full min-h-0 flex-col">
      {error ? <InlineError what={error.what} error={error.message} onRetry={retry} className="m-1 shrink-0" /> : null}
      {hiddenMatches && onShowChips && !loading ? <HiddenMatches counts={hiddenMatches} empty={rowCount === 0} onShow={onShowChips} /> : null}
      <VirtualList
        busy={loading}
        ref={ref}
        count={rowCount}
        rowHeight={ROW_HEIGHT}
        label="Events"
        activeId={selectedRow >= 0 ? `row-${selectedRow}` : undefined}
        onKeyDown={onKeyDown}
        onRangeChange={onRangeChange}
        renderSticky={renderSticky}
        renderRow={(i) => <Row view={get(i)} selected={i === selectedRow} onSelect={select} onToggle={onToggleStreams} />}
      />
      {rowCount === 0 && !loading && !hasHidden(hiddenMatches) ? <p className="absolute inset-x-0 top-0 p-4 text-[13px] text-neutral-500">{empty}</p> : null}
    </div>
  );
});
