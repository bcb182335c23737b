// The kit's looks as class strings: one place for the borders, hovers, focus rings and dark variants that buttons,
// fields and the small figure tables share. Components use the kit's components; these are exported for what cannot
// be one (a `<label>` drawn as a button, a link drawn as one, a table's cells).

export type ButtonVariant = 'plain' | 'primary' | 'quiet' | 'danger' | 'note';
/** `normal` for forms and pages; `compact` for toolbars and rows (one line of 12 px text high). */
export type ButtonSize = 'normal' | 'compact';

/**
 * The keyboard's focus, drawn only for the keyboard (`:focus-visible`), the same ring on every control (the outline
 * stays, transparent, for forced-colours mode).
 */
export const FOCUS_RING = 'focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-sky-500';

const BASE = `rounded disabled:cursor-default disabled:opacity-50 ${FOCUS_RING}`;

const VARIANTS: Record<ButtonVariant, string> = {
  plain:
    'border border-neutral-300 bg-white hover:bg-neutral-100 disabled:hover:bg-white dark:border-neutral-600 dark:bg-neutral-800 dark:hover:bg-neutral-700 dark:disabled:hover:bg-neutral-800',
  primary:
    'bg-sky-700 font-medium text-white hover:bg-sky-800 disabled:hover:bg-sky-700 dark:bg-sky-600 dark:hover:bg-sky-500 dark:disabled:hover:bg-sky-600',
  quiet: 'text-neutral-600 hover:bg-neutral-200 dark:text-neutral-300 dark:hover:bg-neutral-700',
  danger:
    'border border-neutral-300 bg-white hover:border-red-400 hover:bg-red-50 hover:text-red-800 dark:border-neutral-600 dark:bg-neutral-800 dark:hover:bg-red-950 dark:hover:text-red-300',
  note: 'border border-amber-400 hover:bg-amber-100 dark:border-amber-700 dark:hover:bg-amber-900',
};

const SIZES: Record<ButtonSize, string> = {
  normal: 'px-3 py-0.5',
  compact: 'px-2 leading-5',
};

/** The classes of a button of this variant and size. */
export function buttonClass(variant: ButtonVariant = 'plain', size: ButtonSize = 'normal'): string {
  const pad = (variant === 'quiet' || variant === 'note') && size === 'compact' ? 'px-1.5 leading-5' : SIZES[size];
  return `${BASE} ${VARIANTS[variant]} ${pad}`;
}

/** A `<label>` wrapping a hidden input, drawn as a button: the ring shows when the input inside has the focus. */
export function labelButtonClass(variant: ButtonVariant = 'plain', size: ButtonSize = 'normal'): string {
  return `${buttonClass(variant, size)} cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500`;
}

/** A link in running text (underlined), or a quiet one that underlines on hover (beside buttons, in lists). */
export function linkClass(underline: 'always' | 'hover' = 'always'): string {
  return `rounded text-sky-700 dark:text-sky-400 ${underline === 'always' ? 'underline' : 'hover:underline'} ${FOCUS_RING}`;
}

/**
 * A figure that opens its explanation, in a table of figures: a quiet link (`figure`), or dotted underlined where a
 * figure among others is the one to ask about (`dotted`, the compare view's deltas).
 */
export function figureLinkClass(look: 'figure' | 'dotted' = 'figure'): string {
  return look === 'figure'
    ? linkClass('hover')
    : `rounded px-0.5 underline decoration-dotted underline-offset-2 hover:bg-neutral-200 dark:hover:bg-neutral-700 ${FOCUS_RING}`;
}

/**
 * Toggles (`aria-pressed`): a `chip` (a count that shows or hides a kind of line) or a `tag` (a small mono switch
 * beside a section's title, such as JSON). Pressed is sky; the kit's `Toggle` picks the classes.
 */
export type ToggleLook = 'chip' | 'tag';
const TOGGLE: Record<ToggleLook, { base: string; on: string; off: string }> = {
  chip: {
    base: 'px-1.5 leading-[18px] tabular-nums disabled:opacity-40',
    on: 'border-sky-600 bg-sky-100 text-sky-900 dark:border-sky-500 dark:bg-sky-900 dark:text-sky-100',
    off: 'border-neutral-300 bg-white text-neutral-700 hover:border-neutral-500 dark:border-neutral-600 dark:bg-neutral-900 dark:text-neutral-300',
  },
  tag: {
    base: 'px-1 font-mono text-[10px] leading-4 disabled:opacity-50',
    on: 'border-sky-500 bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-200',
    off: 'border-neutral-300 text-neutral-500 hover:text-neutral-800 dark:border-neutral-600 dark:hover:text-neutral-200',
  },
};

/** The classes of a toggle of this look, pressed or not. */
export function toggleClass(look: ToggleLook, pressed: boolean): string {
  const t = TOGGLE[look];
  return `rounded border disabled:cursor-default ${FOCUS_RING} ${t.base} ${pressed ? t.on : t.off}`;
}

/**
 * A field drawn around an input and what sits beside it inside the border (the filter and its count): the border
 * takes the focus of the input within. The input inside is `bg-transparent outline-none`.
 */
export const FIELD_FRAME_CLASS =
  'rounded border border-neutral-300 bg-white focus-within:border-sky-500 focus-within:ring-1 focus-within:ring-sky-500 dark:border-neutral-600 dark:bg-neutral-900';

/** Text fields and selects: one border, one focus (the border and a thin ring), one dark background. */
export const FIELD_CLASS =
  'rounded border border-neutral-300 bg-white outline-none focus:border-sky-500 focus:ring-1 focus:ring-sky-500 disabled:opacity-50 aria-[invalid=true]:border-red-500 dark:border-neutral-600 dark:bg-neutral-950';

/** `normal`: a page's field (28 px); `compact`: a dialog's or toolbar's (24 px). */
export function fieldClass(size: ButtonSize = 'compact', mono = false): string {
  return `${FIELD_CLASS} ${size === 'normal' ? 'h-7' : 'h-6'} px-1.5${mono ? ' font-mono text-[12px]' : ''}`;
}

/**
 * The small figure tables (stats by model and agent, totals, prices): numbers aligned, a quiet header, a hairline
 * between rows. Put `TABLE.root` on the table, `TABLE.head` on the thead, `TABLE.row` on body rows, `TABLE.num` on
 * the cells that hold numbers.
 */
export const TABLE = {
  root: 'w-full border-collapse text-left tabular-nums [&_td]:px-1.5 [&_th]:px-1.5',
  head: 'text-neutral-500 [&_th]:font-normal',
  row: 'border-t border-neutral-100 dark:border-neutral-800',
  num: 'text-right',
} as const;
