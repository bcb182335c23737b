import { completeFilter } from '../../lib/trace/filter';
import { formatInt } from '../../lib/trace/text-order';

// What the filter box offers and says: completions of the word being typed, and how many events are shown.

/**
 * Completions of `word` (the last word typed): the filter's properties and fixed values (`completeFilter`), then the
 * trace's own values of open-ended properties (`extraValues`: `tool:`, `model:`), matched by their start or by what
 * they stand for (`valueHints`: an `agent:` word's lane label). Not the word itself; 12 at most.
 */
export function filterSuggestions(
  word: string,
  extraValues?: Readonly<Record<string, readonly string[]>>,
  valueHints?: Readonly<Record<string, ReadonlyMap<string, string>>>,
): string[] {
  if (!word) return [];
  const base = completeFilter(word);
  const neg = word.startsWith('-') ? '-' : '';
  const colon = word.indexOf(':');
  if (colon > 0 && extraValues) {
    const key = word.slice(neg.length, colon).toLowerCase();
    const prefix = word.slice(colon + 1).toLowerCase();
    const hints = valueHints?.[key];
    for (const v of extraValues[key] ?? [])
      if (v.toLowerCase().startsWith(prefix) || (prefix && hints?.get(v)?.toLowerCase().includes(prefix)))
        base.push(`${neg}${key}:${v}`);
  }
  return [...new Set(base)].filter((s) => s !== word).slice(0, 12);
}

const int = (n: number): string => formatInt(n);

/** `1,204 events`, or `37 of 1,204 events` under a filter; `…` while it is being applied. */
export function filterCountText(
  counts: { readonly matched: number; readonly total: number } | undefined,
  value: string,
): string {
  if (!counts) return '…';
  const events = `event${counts.total === 1 ? '' : 's'}`;
  return counts.matched === counts.total && !value
    ? `${int(counts.total)} ${events}`
    : `${int(counts.matched)} of ${int(counts.total)} ${events}`;
}
