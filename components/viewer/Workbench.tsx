'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TraceSummary } from '../../lib/view/protocol';
import type { RowView } from '../../lib/view/rowview';
import { chipOf } from '../../lib/view/chips';
import { DetailsPane } from '../panes/DetailsPane';
import { DiagnosticsPanel } from '../panes/DiagnosticsPanel';
import { EventList } from '../panes/EventList';
import { Toolbar, type ToolbarHandle } from '../panes/Toolbar';
import { SplitView } from '../ui/SplitView';
import { StatsPane } from '../panes/stats/StatsPane';
import { PANEL_ID, PanelTabs, panelTabId } from '../panes/PanelTabs';
import type { VirtualListHandle } from '../ui/VirtualList';
import type { Ask } from './useTraceWorker';
import { selectionOf, useViewUrl } from './useViewUrl';
import { ShareButton } from '../share/ShareButton';
import type { SkippedFile } from '../home/intake';
import { SkippedNote } from '../panes/SkippedNote';
import { LossNote } from '../panes/LossNote';
import { lossLines } from '../../lib/view/loss';
import { InlineError } from '../ui/InlineError';
import { errorText, useWorkerQuery } from './useWorkerQuery';
import { useFind } from './useFind';
import { movedSeq } from '../../lib/view/moves';
import type { TraceChange } from './TraceClient';
import { headingTooltip, headOf, traceHeading } from '../../lib/view/heading';

/** The keys that move in the timeline (see EventList). */
const LIST_KEYS = new Set(['ArrowDown', 'ArrowUp', 'j', 'k', 'PageDown', 'PageUp', 'Home', 'End', '[', ']']);

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
  const view = useWorkerQuery(ask, 'view', { view: { filter: url.filter, expanded, show: url.show } }, [change?.n ?? 0]);
  const rowCount = view.data?.rowCount ?? summary.rowCount;
  // Each answer is a new set of rows: the list drops its cache in the same render as it learns the new count.
  const [viewVersion, setViewVersion] = useState(0);
  const [seenView, setSeenView] = useState(view.data);
  if (seenView !== view.data) {
    setSeenView(view.data);
    setViewVersion((v) => v + 1);
  }
  const [selectedRow, setSelectedRow] = useState(-1);
  // Open or closed, the Diagnostics panel stays so across a reload (as DevTools keeps its drawer).
  const diagOpen = url.diagnostics;
  const setDiagOpen = (open: boolean) => url.update({ diagnostics: open }, 'replace');
  const [skippedShown, setSkippedShown] = useState(true);
  const [lossShown, setLossShown] = useState(true);
  const lost = useMemo(() => lossLines(summary.diagnostics), [summary.diagnostics]);
  const { find, setFind, query: findQuery, ready: findReady, matches, matchAt, setMatchAt, status: findStatus, ...found } = useFind(ask, viewVersion);
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
  // Rows that are new because the files changed: the selection is found again, but the list stays where it is.
  const stay = useRef(false);
  /** The selected event's seq after the change (the URL may not say it yet when the new rows arrive). */
  const movedSel = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!change) return;
    stay.current = true;
    // Events after a file that grew moved: the selected one (its file and line) is where it is now.
    const sel = url.sel === undefined ? undefined : movedSeq(url.sel, change.moves);
    movedSel.current = sel;
    if (sel !== url.sel) url.update({ sel, head: url.head }, 'replace');
    // Once per change: the URL it reads is the one of that change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [change?.n]);

  // New rows: the selection (from the URL, e.g. after a reload) is found again and scrolled into view.
  useEffect(() => {
    const scroll = !stay.current;
    const sel = movedSel.current ?? url.sel;
    stay.current = false;
    movedSel.current = undefined;
    if (viewVersion === 0 || sel === undefined) return;
    let live = true;
    ask('rowOf', { seq: sel, ...(url.head ? { header: url.head } : {}) }).then((row) => {
      if (!live) return;
      setSelectedRow(row);
      if (row >= 0 && scroll) list.current?.scrollToIndex(row, 'center');
    }, fail('find the selected event'));
    return () => {
      live = false;
    };
    // url.sel is read once per view change on purpose: selecting a row must not rebuild the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ask, viewVersion]);

  const onSelectRow = useCallback(
    (row: number, view: RowView | undefined) => {
      setSelectedRow(row);
      list.current?.scrollToIndex(row);
      if (view) {
        const sel = selectionOf(view);
        if (sel) url.update(sel, 'replace');
        return;
      }
      // A row not fetched yet (End, PageDown far away): its event is asked for, so the URL and details follow.
      ask('rows', { start: row, end: row + 1 }).then(([v]) => {
        const sel = selectionOf(v);
        if (sel) url.update(sel, 'replace');
      }, fail('select the row'));
    },
    [url, ask, fail],
  );

  const jumpToSeq = useCallback(
    async (seq: number) => {
      try {
        let row = await ask('rowOf', { seq });
        if (row < 0) {
          // Hidden by the filter, by a chip that is off, or folded: show it (clear the filter, turn its chip on, unfold).
          const t = await ask('details', { seq });
          const chip = t ? chipOf(t.event) : undefined;
          const turn = t?.turn?.index;
          const unfold = t?.event.kind === 'stream' && turn !== undefined && !expanded.includes(turn);
          const reveal = chip !== undefined && !url.show.includes(chip);
          if (url.filter || reveal || unfold) {
            url.update({ sel: seq, ...(url.filter ? { filter: '' } : {}), ...(reveal ? { show: [...url.show, chip] } : {}) });
            if (unfold) setExpanded((e) => [...e, turn]);
            return;
          }
          row = -1;
        }
        url.update({ sel: seq });
        if (row >= 0) {
          setSelectedRow(row);
          list.current?.scrollToIndex(row, 'center');
        }
      } catch (e) {
        fail(`go to event ${seq}`)(e);
      }
    },
    [ask, url, expanded, fail],
  );

  const toggleStreams = useCallback((turn: number) => setExpanded((e) => (e.includes(turn) ? e.filter((x) => x !== turn) : [...e, turn])), []);

  // A step asked while the matches of what was just typed are on their way (Enter at once) is taken when they come.
  const pendingFindStep = useRef<1 | -1 | undefined>(undefined);
  const stepFind = useCallback(
    (dir: 1 | -1) => {
      if (!findReady) {
        pendingFindStep.current = dir;
        return;
      }
      if (matches.length === 0) return;
      const next =
        matchAt < 0 ? (dir === 1 ? matches.findIndex((r) => r > selectedRow) : matches.length - 1) : (matchAt + dir + matches.length) % matches.length;
      const i = next < 0 ? 0 : next;
      const row = matches[i];
      if (row === undefined) return;
      setMatchAt(i);
      setSelectedRow(row);
      list.current?.scrollToIndex(row, 'center');
      ask('rows', { start: row, end: row + 1 }).then(([v]) => {
        const sel = selectionOf(v);
        if (sel) url.update(sel, 'replace');
      }, fail('select the match'));
    },
    [findReady, matches, matchAt, setMatchAt, selectedRow, ask, url, fail],
  );
  useEffect(() => {
    const dir = pendingFindStep.current;
    if (!findReady || dir === undefined) return;
    pendingFindStep.current = undefined;
    stepFind(dir);
  }, [findReady, stepFind]);

  // The tab says which trace it shows (the viewer can open in place on the home page, whose title is generic).
  useEffect(() => {
    if (heading) document.title = `${heading} · Loupe`;
  }, [heading]);

  // Global keys: `/` focuses the filter, Esc in an empty filter or find box or in the details goes back to the list.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target instanceof HTMLElement ? e.target : undefined;
      const typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT');
      if (e.key === 'Escape' && !e.defaultPrevented && target?.matches('input[aria-label="Filter"], input[aria-label="Find"]')) {
        // The box had nothing to clear or close (it handles Esc itself when it has).
        e.preventDefault();
        list.current?.focus();
      } else if (e.key === 'Escape' && !e.defaultPrevented && !typing && target && details.current?.contains(target)) {
        // Enter took the keyboard from the list to the details: Esc brings it back to the selected row.
        e.preventDefault();
        list.current?.focus();
      } else if (target === document.body && LIST_KEYS.has(e.key) && !e.altKey && !e.ctrlKey && !e.metaKey) {
        // Nothing has the focus (the page has just opened): the list's keys go to the list, as if it had it.
        e.preventDefault();
        list.current?.focus();
        document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: e.key, bubbles: true, cancelable: true }));
      } else if (e.key === '/' && !typing) {
        e.preventDefault();
        toolbar.current?.focusFilter();
      } else if ((e.ctrlKey || e.metaKey) && e.key === 'f') {
        e.preventDefault();
        document.querySelector<HTMLInputElement>('input[aria-label="Find"]')?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

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
      {lossShown ? <LossNote lines={lost} onDiagnostics={() => setDiagOpen(true)} onDismiss={() => setLossShown(false)} /> : null}
      {found.error ? <InlineError what={`find “${findQuery}”`} error={found.error} onRetry={found.retry} className="m-1 shrink-0" /> : null}
      {failure ? <InlineError what={failure.what} error={failure.error} onDismiss={() => setFailure(undefined)} className="m-1 shrink-0" /> : null}
      <PanelTabs panel={url.panel} onPanel={(panel) => url.update({ panel })} />
      <main className="flex min-h-0 flex-1 flex-col">
        <div role="tabpanel" id={PANEL_ID} aria-labelledby={panelTabId(url.panel)} className="flex min-h-0 flex-1 flex-col">
          {url.panel === 'stats' ? (
            <StatsPane
              ask={ask}
              onJump={(seq) => {
                url.update({ panel: 'timeline' });
                void jumpToSeq(seq);
                // The link that was pressed goes with the Stats panel: the keyboard goes on in the list.
                focusList.current = true;
              }}
            />
          ) : (
            <SplitView
              storageKey="loupe.split.main"
              label="Resize timeline and details"
              defaultFraction={0.55}
              first={
                <div className="flex h-full min-h-0 flex-col">
                  {view.error ? <InlineError what="apply the filter" error={view.error} onRetry={view.retry} className="m-1 shrink-0" /> : null}
                  <div className="min-h-0 flex-1">
                    <EventList
                      ref={list}
                      ask={ask}
                      rowCount={rowCount}
                      version={version}
                      selectedRow={selectedRow}
                      onSelectRow={onSelectRow}
                      onToggleStreams={toggleStreams}
                      onOpen={() => details.current?.querySelector<HTMLElement>('[role=tab][aria-selected=true]')?.focus()}
                      loading={view.loading}
                      hiddenMatches={view.data?.hiddenMatches}
                      filtered={Boolean(url.filter)}
                      {...(view.data ? { eventsShown: view.data.matched } : {})}
                      onShowChips={(keys) => {
                        url.update({ show: [...url.show, ...keys.filter((k) => !url.show.includes(k))] });
                        // The button goes with the lines it showed: the keyboard goes on in the list that shows them.
                        list.current?.focus();
                      }}
                      empty={
                        (view.data?.issues.length ?? 0) > 0
                          ? 'No events match: the filter names something this trace does not have (see the warning under the filter).'
                          : url.filter
                            ? 'No events match the filter.'
                            : 'No events to show.'
                      }
                    />
                  </div>
                </div>
              }
              second={
                <div ref={details} className="h-full">
                  <DetailsPane ask={ask} seq={url.sel} tab={url.tab} onTab={(tab) => url.update({ tab })} onJump={(s) => void jumpToSeq(s)} version={version} />
                </div>
              }
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
