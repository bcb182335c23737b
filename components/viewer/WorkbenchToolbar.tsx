'use client';

import type { ReactNode, Ref } from 'react';
import type { ResultOf } from '../../lib/engine/protocol';
import type { TraceSummary } from '../../lib/view/trace-summary';
import type { WorkerQuery } from '../data/useWorkerQuery';
import type { Ask } from '../data/useTraceWorker';
import { Toolbar, type ToolbarHandle } from '../panes/Toolbar';
import { ShareButton } from '../share/ShareButton';
import type { useViewUrl } from './useViewUrl';

/** The workbench's toolbar: the filter and chips (in the URL), find, the Diagnostics toggle, the counts and Share. */
export function WorkbenchToolbar({
  toolbar,
  ask,
  summary,
  title,
  heading,
  headingTooltip,
  url,
  find,
  diagnosticsOpen,
  onDiagnostics,
  view,
  cost,
  right,
}: {
  toolbar: Ref<ToolbarHandle>;
  ask: Ask;
  summary: TraceSummary;
  /** What it was opened as: the name Share gives it. */
  title: string;
  heading: string;
  headingTooltip: string;
  url: ReturnType<typeof useViewUrl>;
  find: { text: string; set: (q: string) => void; status: string; step: (dir: 1 | -1) => void };
  diagnosticsOpen: boolean;
  onDiagnostics: (open: boolean) => void;
  view: WorkerQuery<ResultOf<'view'>>;
  cost: TraceSummary['stats']['cost'] | undefined;
  right: ReactNode;
}) {
  return (
    <Toolbar
      ref={toolbar}
      summary={summary}
      title={heading}
      titleTooltip={headingTooltip}
      filter={url.filter}
      onFilter={(q) => url.update({ filter: q })}
      find={find.text}
      onFind={find.set}
      findStatus={find.status}
      onFindStep={find.step}
      diagnosticsOpen={diagnosticsOpen}
      onToggleDiagnostics={() => onDiagnostics(!diagnosticsOpen)}
      show={url.show}
      onShow={(show) => url.update({ show })}
      {...(view.data && !view.loading ? { counts: { matched: view.data.matched, total: view.data.total } } : {})}
      filterIssues={view.data?.issues ?? []}
      {...(cost ? { cost } : {})}
      right={
        <>
          {right}
          {/* Not the heading: its first prompt may hold a secret the dialog is about to redact. The recipient's own
              workbench names the session by its redacted first prompt. */}
          <ShareButton ask={ask} title={title} viewState={url.stateString} />
        </>
      }
    />
  );
}
