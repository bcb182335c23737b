'use client';

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { chipOf, type ChipCounts, type ChipKey } from '../../lib/view/chips';
import type { TraceSummary } from '../../lib/view/protocol';
import type { RowView } from '../../lib/view/rowview';
import { DetailsPane } from '../panes/DetailsPane';
import { DiagnosticsPanel } from '../panes/DiagnosticsPanel';
import { EventList } from '../panes/EventList';
import { Toolbar, type ToolbarHandle } from '../panes/Toolbar';
import { SplitView } from '../ui/SplitView';
import { StatsPane } from '../panes/stats/StatsPane';
import { PanelTabs } from '../panes/PanelTabs';
import type { VirtualListHandle } from '../ui/VirtualList';
import { movedSeq } from '../../lib/view/moves';
import type { TraceChange } from './TraceClient';
import type { Ask } from './useTraceWorker';
import { useViewUrl } from './useViewUrl';
import { ShareButton } from '../share/ShareButton';

export interface WorkbenchProps {
  readonly ask: Ask;
  readonly summary: TraceSummary;
  readonly title: string;
  readonly toolbarRight?: ReactNode;
  /** The files changed since the load (live tail, reload): the rows are fetched again, the selection kept. */
  readonly change?: TraceChange;
}

/** Wires the panes together: URL state, selection, filter, find, keyboard. */
export function Workbench({ ask, summary, title, toolbarRight, change }: WorkbenchProps) {
  const url = useViewUrl();
  const [rowCount, setRowCount] = useState(summary.rowCount);
  const [viewVersion, setViewVersion] = useState(0);
  const [expanded, setExpanded] = useState<readonly number[]>([]);
  // The filter and folds the list's rows currently reflect; the list is busy until the worker catches up.
  const [applied, setApplied] = useState<{ filter: string; expanded: readonly number[]; show: readonly ChipKey[] } | undefined>(undefined);
  const [hiddenMatches, setHiddenMatches] = useState<ChipCounts | undefined>(undefined);
  const [selectedRow, setSelectedRow] = useState(-1);
  const [diagOpen, setDiagOpen] = useState(false);
  const [find, setFind] = useState('');
  const [matches, setMatches] = useState<readonly number[]>([]);
  const [matchAt, setMatchAt] = useState(-1);
  const list = useRef<VirtualListHandle>(null);
  const toolbar = useRef<ToolbarHandle>(null);
  const details = useRef<HTMLDivElement>(null);

  // Filter or folds changed: the worker rebuilds its rows, then the list refetches and the selection is found again.
  useEffect(() => {
    let live = true;
    void ask('view', { view: { filter: url.filter, expanded, show: url.show } }).then(async ({ rowCount: n, hiddenMatches: hidden }) => {
      if (!live) return;
      setRowCount(n);
      setHiddenMatches(hidden);
      setViewVersion((v) => v + 1);
      setApplied({ filter: url.filter, expanded, show: url.show });
      if (url.sel !== undefined) {
        const row = await ask('rowOf', { seq: url.sel });
        if (!live) return;
        setSelectedRow(row);
        if (row >= 0) list.current?.scrollToIndex(row, 'center');
      }
    });
    return () => {
      live = false;
    };
    // url.sel is read once per view change on purpose: selecting a row must not rebuild the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ask, url.filter, expanded, url.show]);

  // The files changed: the same rows are asked again, and the selected event (its file and line) selected again
  // where it now is, without scrolling away from what the user is reading.
  useEffect(() => {
    if (!change) return;
    let live = true;
    const sel = url.sel === undefined ? undefined : movedSeq(url.sel, change.moves);
    if (sel !== url.sel) url.update({ sel }, 'replace');
    setRowCount(summary.rowCount);
    setViewVersion((v) => v + 1);
    if (sel !== undefined) void ask('rowOf', { seq: sel }).then((row) => live && setSelectedRow(row));
    return () => {
      live = false;
    };
    // Once per change: the URL and summary it reads are those of that change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [change?.n]);

  const onSelectRow = useCallback(
    (row: number, view: RowView | undefined) => {
      setSelectedRow(row);
      list.current?.scrollToIndex(row);
      const seq = view?.seq ?? view?.firstSeq;
      if (seq !== undefined) url.update({ sel: seq }, 'replace');
    },
    [url],
  );

  const jumpToSeq = useCallback(
    async (seq: number) => {
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
    },
    [ask, url, expanded],
  );

  const toggleStreams = useCallback((turn: number) => setExpanded((e) => (e.includes(turn) ? e.filter((x) => x !== turn) : [...e, turn])), []);

  useEffect(() => {
    let live = true;
    const q = find.trim();
    if (!q) {
      setMatches([]);
      setMatchAt(-1);
      return;
    }
    const h = setTimeout(() => {
      void ask('find', { query: q }).then((m) => {
        if (!live) return;
        setMatches(m);
        setMatchAt(-1);
      });
    }, 120);
    return () => {
      live = false;
      clearTimeout(h);
    };
  }, [ask, find, viewVersion]);

  const stepFind = useCallback(
    (dir: 1 | -1) => {
      if (matches.length === 0) return;
      const next =
        matchAt < 0 ? (dir === 1 ? matches.findIndex((r) => r > selectedRow) : matches.length - 1) : (matchAt + dir + matches.length) % matches.length;
      const i = next < 0 ? 0 : next;
      const row = matches[i];
      if (row === undefined) return;
      setMatchAt(i);
      setSelectedRow(row);
      list.current?.scrollToIndex(row, 'center');
      void ask('rows', { start: row, end: row + 1 }).then(([v]) => {
        const seq = v?.seq ?? v?.firstSeq;
        if (seq !== undefined) url.update({ sel: seq }, 'replace');
      });
    },
    [matches, matchAt, selectedRow, ask, url],
  );

  // The tab says which trace it shows (the viewer can open in place on the home page, whose title is generic).
  useEffect(() => {
    if (title) document.title = `${title} · Loupe`;
  }, [title]);

  // Global keys: `/` focuses the filter, Esc leaves an input for the list.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target instanceof HTMLElement ? e.target : undefined;
      const typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT');
      if (e.key === '/' && !typing) {
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
  const findStatus = find.trim() ? `${matchAt >= 0 ? matchAt + 1 : 0} / ${matches.length}` : '';
  return (
    <div className="flex h-dvh flex-col bg-white text-neutral-900 dark:bg-neutral-900 dark:text-neutral-100">
      <Toolbar
        ref={toolbar}
        summary={summary}
        title={title}
        filter={url.filter}
        onFilter={(q) => url.update({ filter: q })}
        find={find}
        onFind={setFind}
        findStatus={findStatus}
        onFindStep={stepFind}
        show={url.show}
        onShow={(show) => url.update({ show })}
        diagnosticsOpen={diagOpen}
        onToggleDiagnostics={() => setDiagOpen((o) => !o)}
        right={
          <>
            {toolbarRight}
            <ShareButton ask={ask} title={title} viewState={url.stateString} />
          </>
        }
      />
      <PanelTabs panel={url.panel} onPanel={(panel) => url.update({ panel })} />
      <main className="flex min-h-0 flex-1 flex-col">
        {url.panel === 'stats' ? (
          <StatsPane
            ask={ask}
            onJump={(seq) => {
              url.update({ panel: 'timeline' });
              void jumpToSeq(seq);
            }}
          />
        ) : (
          <SplitView
            storageKey="loupe.split.main"
            label="Resize timeline and details"
            defaultFraction={0.55}
            first={
              <EventList
                ref={list}
                ask={ask}
                rowCount={rowCount}
                version={version}
                selectedRow={selectedRow}
                onSelectRow={onSelectRow}
                onToggleStreams={toggleStreams}
                onOpen={() => details.current?.querySelector<HTMLElement>('[role=tab][aria-selected=true]')?.focus()}
                loading={applied?.filter !== url.filter || applied.expanded !== expanded || applied.show !== url.show}
                hiddenMatches={hiddenMatches}
                onShowChips={(keys) => url.update({ show: [...url.show, ...keys.filter((k) => !url.show.includes(k))] })}
              />
            }
            second={
              <div ref={details} className="h-full">
                <DetailsPane ask={ask} seq={url.sel} tab={url.tab} onTab={(tab) => url.update({ tab })} onJump={(s) => void jumpToSeq(s)} version={version} />
              </div>
            }
          />
        )}
        {diagOpen ? (
          <div className="h-48 shrink-0">
            <DiagnosticsPanel
              diagnostics={summary.diagnostics}
              onClose={() => setDiagOpen(false)}
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
