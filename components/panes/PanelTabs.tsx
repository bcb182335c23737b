'use client';

import type { Panel } from '../viewer/useViewUrl';

const PANELS: readonly { id: Panel; title: string }[] = [
  { id: 'timeline', title: 'Timeline' },
  { id: 'stats', title: 'Stats & verdict' },
];

/** The workbench's panels, DevTools style: Timeline (events and details) and Stats. */
export function PanelTabs({ panel, onPanel }: { panel: Panel; onPanel: (p: Panel) => void }) {
  return (
    <div role="tablist" aria-label="Panels" className="flex h-6 shrink-0 items-stretch border-b border-neutral-300 bg-neutral-50 text-[12px] dark:border-neutral-700 dark:bg-neutral-900"
      onKeyDown={(e) => {
        if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
        const i = PANELS.findIndex((p) => p.id === panel);
        const next = PANELS[(i + (e.key === 'ArrowRight' ? 1 : PANELS.length - 1)) % PANELS.length];
        if (next) onPanel(next.id);
      }}
    >
      {PANELS.map((p) => (
        <button key={p.id} role="tab" aria-selected={panel === p.id} tabIndex={panel === p.id ? 0 : -1} onClick={() => onPanel(p.id)} className={`border-b-2 px-3 ${panel === p.id ? 'border-sky-600 font-medium dark:border-sky-400' : 'border-transparent text-neutral-600 hover:bg-neutral-200 dark:text-neutral-400 dark:hover:bg-neutral-800'}`}>
          {p.title}
        </button>
      ))}
    </div>
  );
}
