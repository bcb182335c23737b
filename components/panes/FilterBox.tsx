'use client';

import { forwardRef, useId, useImperativeHandle, useRef, useState, type KeyboardEvent } from 'react';
import { completeFilter, FILTER_KEYS } from '../../lib/trace/filter';

export interface FilterBoxHandle {
  focus(): void;
}

/** The filter input: a small property language with completion of property names and values. */
export const FilterBox = forwardRef<FilterBoxHandle, { value: string; onChange: (v: string) => void; extraValues?: Readonly<Record<string, readonly string[]>> }>(function FilterBox({ value, onChange, extraValues }, ref) {
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [draft, setDraft] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setDraft(value);
  }
  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus() }), []);

  const word = draft.slice(draft.lastIndexOf(' ') + 1);
  const suggestions = (() => {
    if (!word) return [];
    const base = completeFilter(word);
    const neg = word.startsWith('-') ? '-' : '';
    const colon = word.indexOf(':');
    if (colon > 0 && extraValues) {
      const key = word.slice(neg.length, colon).toLowerCase();
      const prefix = word.slice(colon + 1).toLowerCase();
      for (const v of extraValues[key] ?? []) if (v.toLowerCase().startsWith(prefix)) base.push(`${neg}${key}:${v}`);
    }
    return [...new Set(base)].filter((s) => s !== word).slice(0, 12);
  })();
  const show = open && suggestions.length > 0;

  const commit = (v: string) => {
    setDraft(v);
    onChange(v);
  };
  const accept = (s: string) => {
    const next = `${draft.slice(0, draft.length - word.length)}${s}${s.endsWith(':') ? '' : ' '}`;
    setDraft(next);
    if (!s.endsWith(':')) onChange(next.trim());
    setActive(0);
    input.current?.focus();
  };

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (show && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : suggestions.length - 1)) % suggestions.length);
      return;
    }
    if (show && (e.key === 'Tab' || (e.key === 'Enter' && word.length > 0 && suggestions[active]))) {
      e.preventDefault();
      const s = suggestions[active];
      if (s) accept(s);
      return;
    }
    if (e.key === 'Enter') {
      commit(draft.trim());
      setOpen(false);
      return;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      if (show) setOpen(false);
      else commit('');
    }
  };

  return (
    <div className="relative">
      <input
        ref={input}
        role="combobox"
        aria-label="Filter"
        aria-expanded={show}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={show ? `${listId}-${active}` : undefined}
        placeholder="Filter  (kind:assistant tool:Bash status:error -kind:stream …)"
        spellCheck={false}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onBlur={() => {
          setOpen(false);
          if (draft.trim() !== value) onChange(draft.trim());
        }}
        onKeyDown={onKey}
        className="h-6 w-80 rounded border border-neutral-300 bg-white px-1.5 font-mono text-[12px] outline-none focus:border-sky-500 dark:border-neutral-600 dark:bg-neutral-900"
      />
      {show ? (
        <ul id={listId} role="listbox" aria-label="Filter suggestions" className="absolute left-0 top-7 z-30 max-h-64 w-80 overflow-auto rounded border border-neutral-300 bg-white py-0.5 text-[12px] shadow-lg dark:border-neutral-600 dark:bg-neutral-800">
          {suggestions.map((s, i) => {
            const key = FILTER_KEYS.find((k) => s.replace(/^-/, '').startsWith(`${k.key}:`));
            return (
              <li
                key={s}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => {
                  e.preventDefault();
                  accept(s);
                }}
                className={`flex cursor-default justify-between gap-2 px-2 font-mono ${i === active ? 'bg-sky-100 dark:bg-sky-900' : ''}`}
              >
                <span>{s}</span>
                {s.endsWith(':') && key ? <span className="truncate font-sans text-neutral-500">{key.help}</span> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
});
