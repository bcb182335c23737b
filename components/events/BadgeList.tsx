import type { Badge } from '../../lib/view/rowview';

const TONES: Record<Badge['kind'], string> = {
  tokens: 'text-neutral-600 dark:text-neutral-400',
  duration: 'text-neutral-600 dark:text-neutral-400',
  cost: 'text-neutral-600 dark:text-neutral-400',
  error: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  denied: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300',
  incomplete: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  mismatch: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  interrupted: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  result: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  model: 'text-neutral-600 dark:text-neutral-400',
  agent: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-300',
  copy: 'bg-neutral-200 text-neutral-600 dark:bg-neutral-700 dark:text-neutral-300',
  info: 'text-neutral-500',
  live: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
};

const BADGE_CLASS = 'shrink-0 rounded px-1 text-[11px] leading-4 tabular-nums';
/** Wide enough for the longest duration `formatDuration` writes (`59m 59s`) at 11 px. */
const DURATION_COLUMN = 'min-w-[3.25rem] text-right';

function Item({ b, className = '' }: { b: Badge; className?: string }) {
  return (
    <span title={b.title} data-badge={b.kind} className={`${BADGE_CLASS} ${TONES[b.kind]} ${className}`}>
      {b.text}
    </span>
  );
}

/**
 * The badges as items of the row's flex line (no wrapper: one element fewer per row of the timeline). With
 * `durationColumn`, a row with badges keeps its duration last, in a slot of fixed width (empty when it has none):
 * badges such as `denied` then line up down the list whatever duration follows them, as in a table's column.
 */
export function BadgeList({ badges, durationColumn = false }: { badges: readonly Badge[]; durationColumn?: boolean }) {
  if (!durationColumn || badges.length === 0) return badges.map((b, i) => <Item key={i} b={b} />);
  const duration = badges.find((b) => b.kind === 'duration');
  return [
    ...badges.filter((b) => b !== duration).map((b, i) => <Item key={i} b={b} />),
    duration ? (
      <Item key="duration" b={duration} className={DURATION_COLUMN} />
    ) : (
      <span key="duration" aria-hidden data-badge-slot="duration" className={`${BADGE_CLASS} ${DURATION_COLUMN}`} />
    ),
  ];
}
