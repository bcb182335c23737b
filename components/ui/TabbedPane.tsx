'use client';

import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab {
  readonly id: string;
  readonly title: string;
  readonly disabled?: boolean;
  readonly badge?: string;
}

export interface TabbedPaneProps {
  readonly tabs: readonly Tab[];
  readonly selected: string;
  readonly onSelect: (id: string) => void;
  readonly label: string;
  readonly children: ReactNode;
  readonly right?: ReactNode;
}

/** A tablist with arrow-key navigation and one tabpanel for the selected tab. */
export function TabbedPane({ tabs, selected, onSelect, label, children, right }: TabbedPaneProps) {
  const base = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const enabled = tabs.filter((t) => !t.disabled);
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = enabled.findIndex((t) => t.id === selected);
    let next: Tab | undefined;
    if (e.key === 'ArrowRight') next = enabled[(i + 1) % enabled.length];
    else if (e.key === 'ArrowLeft') next = enabled[(i - 1 + enabled.length) % enabled.length];
    else if (e.key === 'Home') next = enabled[0];
    else if (e.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    e.preventDefault();
    onSelect(next.id);
    refs.current.get(next.id)?.focus();
  };
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex h-7 shrink-0 items-stretch border-b border-neutral-300 bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-800">
        <div
          role="tablist"
          aria-label={label}
          className="flex shrink-0 items-stretch whitespace-nowrap"
          onKeyDown={onKey}
        >
          {tabs.map((t) => {
            const active = t.id === selected;
            return (
              <button
                key={t.id}
                ref={(el) => {
                  if (el) refs.current.set(t.id, el);
                }}
                role="tab"
                id={`${base}-tab-${t.id}`}
                aria-selected={active}
                aria-controls={`${base}-panel`}
                aria-disabled={t.disabled || undefined}
                tabIndex={active ? 0 : -1}
                disabled={t.disabled}
                onClick={() => onSelect(t.id)}
                className={`border-b-2 px-3 text-[12px] outline-none focus-visible:bg-sky-100 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-sky-500 disabled:opacity-40 dark:focus-visible:bg-sky-900 ${active ? 'border-sky-600 text-neutral-900 dark:border-sky-400 dark:text-neutral-50' : 'border-transparent text-neutral-600 hover:bg-neutral-200 dark:text-neutral-400 dark:hover:bg-neutral-700'}`}
              >
                {t.title}
                {t.badge ? (
                  <span className="ml-1 rounded bg-neutral-300 px-1 text-[10px] dark:bg-neutral-600">{t.badge}</span>
                ) : null}
              </button>
            );
          })}
        </div>
        <div className="ml-auto flex min-w-0 items-center pl-2 pr-2">{right}</div>
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${selected}`}
        className="min-h-0 flex-1 overflow-auto"
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
