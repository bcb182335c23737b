'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TraceSummary } from '../../lib/view/trace-summary';
import { DiagnosticsPanel } from '../panes/DiagnosticsPanel';
import { Toolbar, type ToolbarHandle } from '../panes/Toolbar';
import { StatsPane } from '../panes/stats/StatsPane';
import { usePrices } from '../panes/stats/usePrices';
import { PANEL_ID, PanelTabs, panelTabId } from '../panes/PanelTabs';
import type { VirtualListHandle } from '../ui/VirtualList';
import type { Ask } from '../data/useTraceWorker';
import { useViewUrl } from './useViewUrl';
import { ShareButton } from '../share/ShareButton';
import type { SkippedFile } from '../intake/intake';
import { SkippedNote } from '../panes/SkippedNote';
import { LossNote } from '../panes/LossNote';
import { lossLines } from '../../lib/view/loss';
import { InlineError } from '../ui/InlineError';
import { errorText, useWorkerQuery } from '../data/useWorkerQuery';
import { useFind } from './useFind';
import { useFindSteps } from './useFindSteps';
import { useSelection } from './useSelection';
import { useWorkbenchKeys } from './useWorkbenchKeys';
import { TimelinePanel } from './TimelinePanel';
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
  const [expanded, setExpanded] = useState<readonly number[]>([]);
  // The worker rebuilds its rows for the filter and folds; until it answers, the list shows the rows it has (busy).
  // Also when the files changed (live tail, reload): the same view over the trace built again.
  // Prices kept in this browser (a price file, overrides) price the toolbar's cost and the timeline's cost badges
  // too, not only the Stats pane's and the details'.
  const prices = usePrices(summary.models);
  const view = useWorkerQuery(
    ask,
    'view',
    { view: { filter: url.filter, expanded, show: url.show }, ...prices.local },
    [change?.n ?? 0],
  );
  const rowCount = view.data?.rowCount ?? summary.rowCount;
  const localCost = useWorkerQuery(ask, 'cost', prices.inUse ? prices.local : undefined, [change?.n ?? 0]);
  // Each answer is a new set of rows: the list drops its cache in the same render as it learns the new count.
  const [viewVersion, setViewVersion] = useState(0);
  const [seenView, setSeenView] = useState(view.data);
  if (seenView !== view.data) {
    setSeenView(view.data);
    setViewVersion((v) => v + 1);
  }
  // Open or closed, the Diagnostics panel stays so across a reload (as DevTools keeps its drawer).
  const diagOpen = url.diagnostics;
  const setDiagOpen = (open: boolean) => url.update({ diagnostics: open }, 'replace');
  const [skippedShown, setSkippedShown] = useState(true);
  const [lossShown, setLossShown] = useState(true);
  const lost = useMemo(() => lossLines(summary.diagnostics), [summary.diagnostics]);
  const { find, setFind, query: findQuery, status: findStatus, ...found } = useFind(ask, viewVersion);
  // A one-off request that failed (a jump, a selection): said in a line under the toolbar until dismissed.
  const [failure, setFailure] = useState<{ what: string; error: string } | undefined>();
  const fail = useCallback((what: string) => (e: unknown) => setFailure({ what, error: errorText(e) }), []);
  const list = useRef<VirtualListHandle>(null);
  const toolbar = useRef<ToolbarHandle>(null);
  const details = useRef<HTMLDivElement>(null);
  // Set when a jump from the Stats panel shows the timeline: the list takes the focus once it is there.
  const focusList = useRef(false);
  useEffect(() => {
    if (url.panel !== 'timeline' || !focusList.current) return;
    focusList.current = false;
    list.current?.focus();
  }, [url.panel]);

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
  const toggleStreams = useCallback(
    (turn: number) => setExpanded((e) => (e.includes(turn) ? e.filter((x) => x !== turn) : [...e, turn])),
    [],
  );
  const stepFind = useFindSteps(found, selectedRow, (row) =>
    selectRow(row, undefined, { center: true, what: 'select the match' }),
  );

  // The tab says which trace it shows (the viewer can open in place on the home page, whose title is generic).
  useEffect(() => {
    if (heading) document.title = `${heading} · Loupe`;
  }, [heading]);
  useWorkbenchKeys(list, details, toolbar);

  const version = `${viewVersion}`;
  return (
    <div className="flex h-dvh flex-col bg-white text-neutral-900 dark:bg-neutral-900 dark:text-neutral-100">
      <Toolbar
        ref={toolbar}
        summary={summary}
        title={heading}
        titleTooltip={headingTooltip(heading, head)}
        filter={url.filter}
        onFilter={(q) => url.update({ filter: q })}
        find={find}
        onFind={setFind}
        findStatus={findStatus}
        onFindStep={stepFind}
        diagnosticsOpen={diagOpen}
        onToggleDiagnostics={() => setDiagOpen(!diagOpen)}
        show={url.show}
        onShow={(show) => url.update({ show })}
        {...(view.data && !view.loading ? { counts: { matched: view.data.matched, total: view.data.total } } : {})}
        filterIssues={view.data?.issues ?? []}
        {...(prices.inUse && localCost.data ? { cost: localCost.data } : {})}
        right={
          <>
            {toolbarRight}
            {/* Not the heading: its first prompt may hold a secret the dialog is about to redact. The recipient's own
                workbench names the session by its redacted first prompt. */}
            <ShareButton ask={ask} title={title} viewState={url.stateString} />
          </>
        }
      />
      {skippedShown ? <SkippedNote skipped={skipped} onDismiss={() => setSkippedShown(false)} /> : null}
      {lossShown ? (
        <LossNote lines={lost} onDiagnostics={() => setDiagOpen(true)} onDismiss={() => setLossShown(false)} />
      ) : null}
      {found.error ? (
        <InlineError what={`find “${findQuery}”`} error={found.error} onRetry={found.retry} className="m-1 shrink-0" />
      ) : null}
      {failure ? (
        <InlineError
          what={failure.what}
          error={failure.error}
          onDismiss={() => setFailure(undefined)}
          className="m-1 shrink-0"
        />
      ) : null}
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
                focusList.current = true;
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
          <div className="shrink-0">
            <DiagnosticsPanel
              ask={ask}
              diagnostics={summary.diagnostics}
              onClose={() => {
                setDiagOpen(false);
                // The panel and its close button go: the keyboard goes back to the button that opens it.
                toolbar.current?.focusDiagnostics();
              }}
              onJump={(seq) => {
                if (seq !== undefined) void jumpToSeq(seq);
              }}
            />
          </div>
        ) : null}
      </main>
    </div>
  );
}
