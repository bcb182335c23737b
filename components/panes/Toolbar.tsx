'use client';

import { forwardRef, useId, useImperativeHandle, useRef, type ReactNode } from 'react';
import type { FilterIssue } from '../../lib/trace/filter-check';
import type { TraceSummary } from '../../lib/view/trace-summary';
import { ThemeToggle } from '../ui/ThemeToggle';
import { TextInput } from '../ui/kit/Field';
import type { ChipKey } from '../../lib/view/chips';
import { FilterBox, type FilterBoxHandle } from './FilterBox';
import { FilterIssues } from './FilterIssues';
import { StatusRow } from './StatusRow';
import { TracePickers } from './TracePickers';

export interface ToolbarProps {
  readonly summary: TraceSummary;
  readonly filter: string;
  readonly onFilter: (q: string) => void;
  readonly find: string;
  readonly onFind: (q: string) => void;
  readonly findStatus: string;
  readonly onFindStep: (dir: 1 | -1) => void;
  readonly diagnosticsOpen: boolean;
  readonly onToggleDiagnostics: () => void;
  readonly title: string;
  /** The title's tooltip (the whole title, its session and span). */
  readonly titleTooltip?: string;
  readonly right?: ReactNode;
  /** Timeline chips that are on, and how to change them. */
  readonly show: readonly ChipKey[];
  readonly onShow: (show: readonly ChipKey[]) => void;
  /** Events the applied filter matched, of all; undefined while it is being applied. */
  readonly counts?: { readonly matched: number; readonly total: number };
  /** What in the applied filter cannot match as meant. */
  readonly filterIssues: readonly FilterIssue[];
  /** The cost under this browser's local prices (a price file, overrides), when any is in use. */
  readonly cost?: TraceSummary['stats']['cost'];
}

export interface ToolbarHandle {
  focusFilter(): void;
  focusDiagnostics(): void;
}

/** The workbench toolbar: pickers, filter, find, status badges and headline stats. */
export const Toolbar = forwardRef<ToolbarHandle, ToolbarProps>(function Toolbar(p, ref) {
  const filterRef = useRef<FilterBoxHandle>(null);
  const issuesId = useId();
  const diagnosticsRef = useRef<HTMLButtonElement>(null);
  useImperativeHandle(
    ref,
    () => ({ focusFilter: () => filterRef.current?.focus(), focusDiagnostics: () => diagnosticsRef.current?.focus() }),
    [],
  );
  const { summary: s } = p;
  const cost = p.cost ?? s.stats.cost;
  return (
    <header className="flex shrink-0 flex-col border-b border-neutral-300 bg-neutral-100 text-[12px] dark:border-neutral-700 dark:bg-neutral-800">
      <div className="flex h-8 min-w-0 items-center gap-2 px-2">
        <a href="/" className="shrink-0 font-semibold text-neutral-800 hover:underline dark:text-neutral-100">
          Loupe
        </a>
        <span
          role="heading"
          aria-level={1}
          className="min-w-12 max-w-64 shrink-[12] truncate text-neutral-600 dark:text-neutral-400"
          title={p.titleTooltip ?? p.title}
        >
          {p.title}
        </span>
        <TracePickers summary={s} filter={p.filter} onFilter={p.onFilter} />
        <FilterBox
          ref={filterRef}
          value={p.filter}
          onChange={p.onFilter}
          extraValues={{ tool: s.toolNames, model: s.models, agent: [...new Set(s.agents.map((a) => a.filter))] }}
          valueHints={{ agent: new Map(s.agents.map((a) => [a.filter, a.label])) }}
          {...(p.counts ? { counts: p.counts } : {})}
          {...(p.filterIssues.length > 0 ? { describedBy: issuesId } : {})}
        />
        <div className="flex shrink-0 items-center gap-1">
          <TextInput
            aria-label="Find"
            placeholder="Find"
            value={p.find}
            onChange={(e) => p.onFind(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                p.onFindStep(e.shiftKey ? -1 : 1);
              } else if (e.key === 'Escape' && p.find) {
                // Clears the box; on an empty one Esc is left to the workbench (back to the list).
                e.preventDefault();
                p.onFind('');
              }
            }}
            className="w-28"
          />
          <span aria-live="polite" className="whitespace-nowrap text-neutral-500 tabular-nums">
            {p.findStatus}
          </span>
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-2 whitespace-nowrap">
          {p.right}
          <ThemeToggle />
        </div>
      </div>
      <FilterIssues id={issuesId} query={p.filter} issues={p.filterIssues} onApply={p.onFilter} />
      <StatusRow
        summary={s}
        cost={cost}
        localCost={p.cost !== undefined}
        diagnosticsRef={diagnosticsRef}
        diagnosticsOpen={p.diagnosticsOpen}
        onToggleDiagnostics={p.onToggleDiagnostics}
        show={p.show}
        onShow={p.onShow}
      />
    </header>
  );
});
