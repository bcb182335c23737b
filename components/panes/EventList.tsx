'use client';

import { forwardRef, useCallback, type KeyboardEvent } from 'react';
import type { RowView } from '../../lib/view/rowview';
import { VirtualList, type VirtualListHandle } from '../ui/VirtualList';
import type { Ask } from '../data/useTraceWorker';
import { useRowWindow } from './useRowWindow';
import { HiddenMatches, hasHidden } from './HiddenMatches';
import type { ChipCounts, ChipKey } from '../../lib/view/chips';
import { InlineError } from '../ui/InlineError';
import { Row, ROW_HEIGHT } from './TimelineRow';
import { StickyHeader } from './StickyHeader';

export interface EventListProps {
  readonly ask: Ask;
  readonly rowCount: number;
  readonly version: string;
  readonly selectedRow: number;
  readonly onSelectRow: (row: number, view: RowView | undefined) => void;
  readonly onToggleStreams: (turn: number) => void;
  readonly onOpen: () => void;
  readonly loading: boolean;
  /** While loading: the first rows, as the worker sent them (drawn without asking). */
  readonly earlyRows?: readonly RowView[];
  /** With a filter: matches hidden by chips that are off, and how to show them. */
  readonly hiddenMatches?: ChipCounts;
  /** A filter is applied (the hidden lines are its matches). */
  readonly filtered?: boolean;
  /** Events shown (headers left out), once the view is known. */
  readonly eventsShown?: number;
  readonly onShowChips?: (keys: readonly ChipKey[]) => void;
  /** What an empty list says (why nothing matches). */
  readonly empty?: string;
}

/** The timeline: one dense row per event, grouped by response and model call, virtualized. */
export const EventList = forwardRef<VirtualListHandle, EventListProps>(function EventList(
  {
    ask,
    rowCount,
    version,
    selectedRow,
    onSelectRow,
    onToggleStreams,
    onOpen,
    loading,
    earlyRows,
    hiddenMatches,
    filtered = false,
    eventsShown,
    onShowChips,
    empty = 'No events match.',
  },
  ref,
) {
  const { get, onRange, tick, error, retry, fail } = useRowWindow(ask, version, rowCount, earlyRows);
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
          ask('neighbor', { row: Math.max(-1, selectedRow), dir: e.key === ']' ? 1 : -1 }).then(
            (r) => r >= 0 && select(r),
            fail('find the next model call'),
          );
          break;
        case 'Enter':
          onOpen();
          break;
        case 'ArrowRight':
        case 'ArrowLeft': {
          const v = get(selectedRow);
          if (v?.kind === 'streams' && v.turn !== undefined && (e.key === 'ArrowRight') !== (v.expanded ?? false))
            onToggleStreams(v.turn);
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

  const renderSticky = useCallback(
    (first: number) => (
      <StickyHeader
        key={version}
        ask={ask}
        first={first}
        get={get}
        selectedRow={selectedRow}
        onSelect={select}
        onToggle={onToggleStreams}
        fail={fail}
      />
    ),
    [version, ask, get, selectedRow, select, onToggleStreams, fail],
  );

  return (
    <div className="relative flex h-full min-h-0 flex-col">
      {error ? <InlineError what={error.what} error={error.message} onRetry={retry} className="m-1 shrink-0" /> : null}
      {hiddenMatches && onShowChips && !loading ? (
        <HiddenMatches
          counts={hiddenMatches}
          empty={rowCount === 0 || eventsShown === 0}
          filtered={filtered}
          onShow={onShowChips}
        />
      ) : null}
      <VirtualList
        busy={loading}
        ref={ref}
        count={rowCount}
        rowHeight={ROW_HEIGHT}
        label="Events"
        activeId={selectedRow >= 0 ? `row-${selectedRow}` : undefined}
        onKeyDown={onKeyDown}
        onRangeChange={onRange}
        renderSticky={renderSticky}
        renderRow={(i) => (
          <Row view={get(i)} selected={i === selectedRow} onSelect={select} onToggle={onToggleStreams} ask={ask} />
        )}
      />
      {rowCount === 0 && !loading && !hasHidden(hiddenMatches) ? (
        <p className="absolute inset-x-0 top-0 p-4 text-[13px] text-neutral-500">{empty}</p>
      ) : null}
    </div>
  );
});
