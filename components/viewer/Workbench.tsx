'use client';

import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { TraceSummary } from '../../lib/view/trace-summary';
import { DiagnosticsPanel } from '../panes/DiagnosticsPanel';
import type { ToolbarHandle } from '../panes/Toolbar';
import { StatsPane } from '../panes/stats/StatsPane';
import { PANEL_ID, PanelTabs, panelTabId } from '../panes/PanelTabs';
import type { VirtualListHandle } from '../ui/VirtualList';
import type { Ask } from '../data/useTraceWorker';
import { useViewUrl } from './useViewUrl';
import type { SkippedFile } from '../intake/intake';
import { errorText } from '../data/useWorkerQuery';
import { useFind } from './useFind';
import { useFindSteps } from './useFindSteps';
import { useSelection } from './useSelection';
import { useWorkbenchKeys } from './useWorkbenchKeys';
import { TimelinePanel } from './TimelinePanel';
import { useWorkbenchView } from './useWorkbenchView';
import { WorkbenchNotes, type Failure } from './WorkbenchNotes';
import { WorkbenchToolbar } from './WorkbenchToolbar';
import { useDocumentTitle, useFocusOnPanel } from './useFocusOnPanel';
import type { TraceChange } from '../data/TraceClient';
import { headingTooltip, headOf, traceHeading } from '../../lib/view/heading';

export interface WorkbenchProps {
  readonly ask: Ask;
  readonly summary: TraceSummary;
  readonly title: string;
  readonly toolbarRight?: ReactNode;
  /** Files of the drop that were not opened, and why. */
  readonly skipped?: readonly SkippedFile[];
  /** The files changed since the load (live tail, reload): the rows are asked again, the selection kept. */
  readonly change?: TraceChange;
}

/** Wires the panes together: URL state, selection, filter, find, keyboard. */
export function Workbench({ ask, summary, title, toolbarRight, skipped = [], change }: WorkbenchProps) {
  // What it was opened as, then its session's first prompt (the library's and `loupe stats --by session`'s).
  const head = headOf(summary);
  const heading = traceHeading(title, head);
  const url = useViewUrl();
  const { prices, view, rowCount, cost, viewVersion, expanded, setExpanded, toggleStreams } = useWorkbenchView(
    ask,
    summary,
    { filter: url.filter, show: url.show, ...(change ? { change } : {}) },
  );
  // Open or closed, the Diagnostics panel stays so across a reload (as DevTools keeps its drawer).
  const diagOpen = url.diagnostics;
  const setDiagOpen = (open: boolean) => url.update({ diagnostics: open }, 'replace');
  const { find, setFind, query: findQuery, status: findStatus, ...found } = useFind(ask, viewVersion);
  // A one-off request that failed (a jump, a selection): said in a line under the toolbar until dismissed.
  const [failure, setFailure] = useState<Failure | undefined>();
  const fail = useCallback((what: string) => (e: unknown) => setFailure({ what, error: errorText(e) }), []);
  const list = useRef<VirtualListHandle>(null);
  const toolbar = useRef<ToolbarHandle>(null);
  const details = useRef<HTMLDivElement>(null);
  const closeDiagnostics = () => {
    setDiagOpen(false);
    // The panel and its close button go: the keyboard goes back to the button that opens it.
    toolbar.current?.focusDiagnostics();
  };
  // Set when a jump from the Stats panel shows the timeline: the list takes the focus once it is there.
  const focusListOnTimeline = useFocusOnPanel(url.panel, 'timeline', list);

  const { selectedRow, selectRow, jumpToSeq } = useSelection({
    ask,
    url,
    viewVersion,
    change,
    expanded,
    setExpanded,
    list,
    fail,
  });
  const stepFind = useFindSteps(found, selectedRow, (row) =>
    selectRow(row, undefined, { center: true, what: 'select the match' }),
  );

  useDocumentTitle(heading);
  useWorkbenchKeys(list, details, toolbar);

  const version = `${viewVersion}`;
  return (
    <div className="flex h-dvh flex-col bg-white text-neutral-900 dark:bg-neutral-900 dark:text-neutral-100">
      <WorkbenchToolbar
        toolbar={toolbar}
        ask={ask}
        summary={summary}
        title={title}
        heading={heading}
        headingTooltip={headingTooltip(heading, head)}
        url={url}
        find={{ text: find, set: setFind, status: findStatus, step: stepFind }}
        diagnosticsOpen={diagOpen}
        onDiagnostics={setDiagOpen}
        view={view}
        cost={cost}
        right={toolbarRight}
      />
      <WorkbenchNotes
        skipped={skipped}
        diagnostics={summary.diagnostics}
        onDiagnostics={() => setDiagOpen(true)}
        find={{ query: findQuery, error: found.error, retry: found.retry }}
        failure={failure}
        onDismissFailure={() => setFailure(undefined)}
      />
      <PanelTabs panel={url.panel} onPanel={(panel) => url.update({ panel })} />
      <main className="flex min-h-0 flex-1 flex-col">
        <div
          role="tabpanel"
          id={PANEL_ID}
          aria-labelledby={panelTabId(url.panel)}
          className="flex min-h-0 flex-1 flex-col"
        >
          {url.panel === 'stats' ? (
            <StatsPane
              ask={ask}
              prices={prices}
              onJump={(seq) => {
                url.update({ panel: 'timeline' });
                void jumpToSeq(seq);
                // The link that was pressed goes with the Stats panel: the keyboard goes on in the list.
                focusListOnTimeline();
              }}
            />
          ) : (
            <TimelinePanel
              ask={ask}
              view={view}
              rowCount={rowCount}
              version={version}
              list={list}
              details={details}
              selectedRow={selectedRow}
              onSelectRow={selectRow}
              onToggleStreams={toggleStreams}
              filter={url.filter}
              onShowChips={(keys) => {
                url.update({ show: [...url.show, ...keys.filter((k) => !url.show.includes(k))] });
                // The button goes with the lines it showed: the keyboard goes on in the list that shows them.
                list.current?.focus();
              }}
              sel={url.sel}
              tab={url.tab}
              onTab={(tab) => url.update({ tab })}
              onJump={(seq) => void jumpToSeq(seq)}
              local={prices.local}
            />
          )}
        </div>
        {diagOpen && summary.diagnostics.length > 0 ? (
          <DiagnosticsDrawer
            ask={ask}
            diagnostics={summary.diagnostics}
            onClose={closeDiagnostics}
            onJump={jumpToSeq}
          />
        ) : null}
      </main>
    </div>
  );
}

/** The Diagnostics drawer under the panels: what went wrong in reading, each with a jump to its line. */
function DiagnosticsDrawer({
  ask,
  diagnostics,
  onClose,
  onJump,
}: {
  ask: Ask;
  diagnostics: TraceSummary['diagnostics'];
  onClose: () => void;
  onJump: (seq: number) => Promise<unknown>;
}) {
  return (
    <div className="shrink-0">
      <DiagnosticsPanel
        ask={ask}
        diagnostics={diagnostics}
        onClose={onClose}
        onJump={(seq) => {
          if (seq !== undefined) void onJump(seq);
        }}
      />
    </div>
  );
}
