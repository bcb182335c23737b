'use client';

import { useRef, type KeyboardEvent } from 'react';
/** The workbench's two panels, as the URL names them. */
export type Panel = 'timeline' | 'stats';

const PANELS: readonly { id: Panel; title: string }[] = [
  { id: 'timeline', title: 'Timeline' },
  { id: 'stats', title: 'Stats & verdict' },
];

/** The id of a panel's tab and of the tabpanel it controls (one workbench per page). */
export const panelTabId = (p: Panel): string => `panel-tab-${p}`;
export const PANEL_ID = 'workbench-panel';

/**
 * The workbench's panels, DevTools style: Timeline (events and details) and Stats. The WAI-ARIA tabs pattern: ←/→,
 * Home and End select a tab and move the focus with it, so the keyboard never stays on a tab that is not shown.
 */
export function PanelTabs({ panel, onPanel }: { panel: Panel; onPanel: (p: Panel) => void }) {
  const refs = useRef(new Map<Panel, HTMLButtonElement>());
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = PANELS.findIndex((p) => p.id === panel);
    const n = PANELS.length;
    const at =
      e.key === 'ArrowRight'
        ? (i + 1) % n
        : e.key === 'ArrowLeft'
          ? (i + n - 1) % n
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? n - 1
              : undefined;
    const next = at === undefined ? undefined : PANELS[at];
    if (!next) return;
    e.preventDefault();
    if (next.id !== panel) onPanel(next.id);
    refs.current.get(next.id)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Panels"
      className="flex h-6 shrink-0 items-stretch border-b border-neutral-300 bg-neutral-50 text-[12px] dark:border-neutral-700 dark:bg-neutral-900"
      onKeyDown={onKey}
    >
      {PANELS.map((p) => (
        <button
          key={p.id}
          ref={(el) => {
            if (el) refs.current.set(p.id, el);
          }}
          role="tab"
          id={panelTabId(p.id)}
          aria-selected={panel === p.id}
          aria-controls={PANEL_ID}
          tabIndex={panel === p.id ? 0 : -1}
          onClick={() => onPanel(p.id)}
          className={`border-b-2 px-3 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-sky-500 ${panel === p.id ? 'border-sky-600 font-medium dark:border-sky-400' : 'border-transparent text-neutral-600 hover:bg-neutral-200 dark:text-neutral-400 dark:hover:bg-neutral-800'}`}
        >
          {p.title}
        </button>
      ))}
    </div>
  );
}
