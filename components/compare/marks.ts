import type { Mark } from '../../lib/compare';

// How each mark of an aligned pair looks: a glyph in the left margin, its words for a screen reader, its tone.

export const MARK_GLYPH: Record<Mark, string> = { same: '=', changed: '~', 'only-a': '−', 'only-b': '+' };
export const MARK_WORDS: Record<Mark, string> = {
  same: 'same',
  changed: 'changed',
  'only-a': 'only in A',
  'only-b': 'only in B',
};
export const MARK_TONE: Record<Mark, string> = {
  same: 'text-neutral-400 dark:text-neutral-500',
  changed: 'text-amber-700 dark:text-amber-400',
  'only-a': 'text-red-700 dark:text-red-400',
  'only-b': 'text-green-700 dark:text-green-400',
};
