'use client';

import { forwardRef, useId, useImperativeHandle, useRef, useState, type KeyboardEvent } from 'react';
import { FILTER_KEYS } from '../../lib/trace/filter';
import { FIELD_FRAME_CLASS } from '../ui/kit/styles';
import { filterCountText, filterSuggestions } from './filter-suggestions';

export interface FilterBoxHandle {
  focus(): void;
}

export interface FilterBoxProps {
  readonly value: string;
  readonly onChange: (v: string) => void;
  /** Values of open-ended properties in this trace (`tool:`, `model:`), completed like the fixed ones. */
  readonly extraValues?: Readonly<Record<string, readonly string[]>>;
  /** What some of those values stand for (an `agent:` word's lane label), shown beside them and matched too. */
  readonly valueHints?: Readonly<Record<string, ReadonlyMap<string, string>>>;
  /** Events the applied filter matched, of all events; undefined while it is being applied. */
  readonly counts?: { readonly matched: number; readonly total: number };
  /** The id of what describes the box further (the filter's warnings). */
  readonly describedBy?: string;
}

/**
 * The filter input: a small property language with completion (a combobox over a listbox). Enter applies what is
 * typed; Tab, a click, or Enter on an option chosen with the arrow keys accepts a completion.
 */
export const FilterBox = forwardRef<FilterBoxHandle, FilterBoxProps>(function FilterBox(
  { value, onChange, extraValues, valueHints, counts, describedBy },
  ref,
) {
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const countId = useId();
  const [draft, setDraft] = useState(value);
  const [open, setOpen] = useState(false);
  // The option chosen with the arrow keys; -1 while none is, so Enter applies the text as typed.
  const [active, setActive] = useState(-1);
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setDraft(value);
  }
  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus() }), []);

  const word = draft.slice(draft.lastIndexOf(' ') + 1);
  const suggestions = filterSuggestions(word, extraValues, valueHints);
  const show = open && suggestions.length > 0;
  const chosen = show && active >= 0 ? suggestions[active] : undefined;

  const apply = (v: string) => {
    setDraft(v);
    setOpen(false);
    setActive(-1);
    onChange(v);
  };
  /** Puts a completion in place of the word being typed: a property waits for its value, a value is applied. */
  const accept = (s: string) => {
    const next = `${draft.slice(0, draft.length - word.length)}${s}`;
    setActive(-1);
    input.current?.focus();
    if (s.endsWith(':')) {
      setDraft(next);
      setOpen(true);
    } else apply(next.trim());
  };

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && suggestions.length > 0) {
      e.preventDefault();
      setOpen(true);
      const n = suggestions.length;
      setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % n : a <= 0 ? n - 1 : a - 1));
      return;
    }
    if (e.key === 'Tab' && show && !e.shiftKey) {
      e.preventDefault();
      accept(suggestions[active >= 0 ? active : 0] ?? word);
      return;
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      if (chosen) accept(chosen);
      else apply(draft.trim());
      return;
    }
    // Esc closes the completions, then clears the box; on an empty box it is left to the workbench (back to the list).
    if (e.key === 'Escape' && (show || draft || value)) {
      e.preventDefault();
      if (show) setOpen(false);
      else apply('');
    }
  };

  const countText = filterCountText(counts, value);
  return (
    <div className="relative min-w-56 max-w-[36rem] flex-[2_1_18rem]">
      <div className={`flex h-6 items-center ${FIELD_FRAME_CLASS}`}>
        <input
          ref={input}
          role="combobox"
          aria-label="Filter"
          aria-expanded={show}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={chosen ? `${listId}-${active}` : undefined}
          aria-describedby={[countId, describedBy].filter(Boolean).join(' ')}
          placeholder="Filter (e.g. tool:Bash)"
          spellCheck={false}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onBlur={() => {
            setOpen(false);
            if (draft.trim() !== value) onChange(draft.trim());
          }}
          onKeyDown={onKey}
          className="h-full min-w-0 flex-1 bg-transparent px-1.5 font-mono text-[12px] outline-none"
        />
        <span
          role="status"
          aria-label="Events shown"
          className="shrink-0 whitespace-nowrap pr-1.5 text-[11px] text-neutral-500 tabular-nums"
        >
          <span id={countId}>{countText}</span>
        </span>
      </div>
      {show ? (
        <Suggestions
          listId={listId}
          suggestions={suggestions}
          active={active}
          valueHints={valueHints}
          onAccept={accept}
        />
      ) : null}
    </div>
  );
});

/** The completions of the word being typed, each property with its help and each value with its hint (an agent's name). */
function Suggestions({
  listId,
  suggestions,
  active,
  valueHints,
  onAccept,
}: {
  listId: string;
  suggestions: readonly string[];
  active: number;
  valueHints: FilterBoxProps['valueHints'];
  onAccept: (s: string) => void;
}) {
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label="Filter suggestions"
      className="absolute left-0 top-7 z-30 max-h-64 w-80 overflow-auto rounded border border-neutral-300 bg-white py-0.5 text-[12px] shadow-lg dark:border-neutral-600 dark:bg-neutral-800"
    >
      {suggestions.map((s, i) => {
        const key = FILTER_KEYS.find((k) => s.replace(/^-/, '').startsWith(`${k.key}:`));
        const colon = s.indexOf(':');
        const hint = key && !s.endsWith(':') ? valueHints?.[key.key]?.get(s.slice(colon + 1)) : undefined;
        return (
          <li
            key={s}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => {
              e.preventDefault();
              onAccept(s);
            }}
            className={`flex cursor-default justify-between gap-2 px-2 font-mono hover:bg-neutral-100 dark:hover:bg-neutral-700 ${i === active ? 'bg-sky-100 dark:bg-sky-900' : ''}`}
          >
            <span>{s}</span>
            {s.endsWith(':') && key ? <span className="truncate font-sans text-neutral-500">{key.help}</span> : null}
            {hint && hint !== s.slice(colon + 1) ? (
              <span className="truncate font-sans text-neutral-500">{hint}</span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
