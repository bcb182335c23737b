'use client';

import type { RefObject } from 'react';
import type { ChipKey } from '../../lib/view/chips';
import type { Ask, LocalPrices, ViewResult } from '../../lib/engine/protocol';
import type { RowView } from '../../lib/view/rowview';
import { DetailsPane, type DetailsTab } from '../panes/DetailsPane';
import { EventList } from '../panes/EventList';
import { InlineError } from '../ui/InlineError';
import { SplitView } from '../ui/SplitView';
import { focusDetails } from './focus-details';
import type { VirtualListHandle } from '../ui/VirtualList';
import type { WorkerQuery } from '../data/useWorkerQuery';

export interface TimelinePanelProps {
  readonly ask: Ask;
  readonly view: WorkerQuery<ViewResult>;
  readonly rowCount: number;
  readonly version: string;
  readonly list: RefObject<VirtualListHandle | null>;
  readonly details: RefObject<HTMLDivElement | null>;
  readonly selectedRow: number;
  readonly onSelectRow: (row: number, view: RowView | undefined) => void;
  readonly onToggleStreams: (turn: number) => void;
  readonly filter: string;
  readonly onShowChips: (keys: readonly ChipKey[]) => void;
  readonly sel: number | undefined;
  readonly tab: DetailsTab;
  readonly onTab: (tab: DetailsTab) => void;
  readonly onJump: (seq: number) => void;
  /** This browser's local prices, for the selected model call's cost. */
  readonly local: LocalPrices;
}

/** The timeline beside the selected event's details. */
export function TimelinePanel(p: TimelinePanelProps) {
  const { view } = p;
  const empty =
    (view.data?.issues.length ?? 0) > 0
      ? 'No events match: the filter names something this trace does not have (see the warning under the filter).'
      : p.filter
        ? 'No events match the filter.'
        : 'No events to show.';
  return (
    <SplitView
      storageKey="loupe.split.main"
      label="Resize timeline and details"
      defaultFraction={0.55}
      first={
        <div className="flex h-full min-h-0 flex-col">
          {view.error ? (
            <InlineError what="apply the filter" error={view.error} onRetry={view.retry} className="m-1 shrink-0" />
          ) : null}
          <div className="min-h-0 flex-1">
            <EventList
              ref={p.list}
              ask={p.ask}
              rowCount={p.rowCount}
              version={p.version}
              selectedRow={p.selectedRow}
              onSelectRow={p.onSelectRow}
              onToggleStreams={p.onToggleStreams}
              onOpen={() => focusDetails(p.details.current)}
              loading={view.loading}
              hiddenMatches={view.data?.hiddenMatches}
              filtered={Boolean(p.filter)}
              {...(view.data ? { eventsShown: view.data.matched } : {})}
              onShowChips={p.onShowChips}
              empty={empty}
            />
          </div>
        </div>
      }
      second={
        <div ref={p.details} className="h-full">
          <DetailsPane
            ask={p.ask}
            seq={p.sel}
            tab={p.tab}
            onTab={p.onTab}
            onJump={p.onJump}
            version={p.version}
            local={p.local}
          />
        </div>
      }
    />
  );
}
