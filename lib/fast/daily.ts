import type { DayCell, SessionRow } from './report-types';
import { compareText } from '../trace/text-order';

// Cost per day over a selection of sessions, stacked by project or by model: what the library's chart draws. Its bars
// add up to the selection's total cost (cells are not rounded; the total is summed the same way).

export type StackBy = 'project' | 'model';

export interface DailySeries {
  /** Every calendar day from the first to the last with a cost (`YYYY-MM-DD`), then `null` when some call had no
   *  timestamp. */
  readonly days: readonly (string | null)[];
  /** The stacks, largest total first; past `maxKeys`, the rest are one `other` stack. */
  readonly keys: readonly string[];
  /** `values[d][k]`: the cost of stack `k` on day `d`. */
  readonly values: readonly (readonly number[])[];
  /** Per day, the sum of its stacks. */
  readonly dayTotals: readonly number[];
  readonly total: number;
  /** Per day, the models of its calls that have no price (their cost is not in the bars: the day costs at least that). */
  readonly dayUnpriced: readonly (readonly string[])[];
  /** Every day's, together. */
  readonly unpriced: readonly string[];
}

export const OTHER = 'other';

const nextDay = (day: string): string => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** The chart's series for some sessions (rows) and their cells. */
export function dailySeries(
  rows: readonly SessionRow[],
  cells: Readonly<Record<string, readonly DayCell[]>>,
  by: StackBy,
  maxKeys = 8,
): DailySeries {
  const byKey = new Map<string, number>();
  const flat: { day: string | null; key: string; usd: number; unpriced?: string }[] = [];
  for (const r of rows) {
    for (const c of cells[r.sessionId] ?? []) {
      const key = by === 'project' ? r.projectPath : c.model;
      flat.push({
        day: c.day,
        key,
        usd: c.costUsd,
        ...(r.unpricedModels.includes(c.model) ? { unpriced: c.model } : {}),
      });
      byKey.set(key, (byKey.get(key) ?? 0) + c.costUsd);
    }
  }
  const ranked = [...byKey.entries()].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0])).map(([k]) => k);
  const keys = ranked.length > maxKeys ? [...ranked.slice(0, maxKeys - 1), OTHER] : ranked;
  const keyIndex = new Map(keys.map((k, i) => [k, i]));
  const dated = flat.flatMap((f) => (f.day === null ? [] : [f.day])).sort();
  const days: (string | null)[] = [];
  const first = dated[0];
  const last = dated[dated.length - 1];
  if (first !== undefined && last !== undefined) for (let d = first; d <= last; d = nextDay(d)) days.push(d);
  if (flat.some((f) => f.day === null)) days.push(null);
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  const values = days.map(() => keys.map(() => 0));
  const missing = days.map(() => new Set<string>());
  let total = 0;
  for (const f of flat) {
    if (f.unpriced !== undefined) missing[dayIndex.get(f.day) ?? -1]?.add(f.unpriced);
    const row = values[dayIndex.get(f.day) ?? -1];
    const k = keyIndex.get(f.key) ?? keyIndex.get(OTHER) ?? -1;
    if (row && k >= 0) row[k] = (row[k] ?? 0) + f.usd;
    total += f.usd;
  }
  const dayTotals = values.map((v) => v.reduce((a, b) => a + b, 0));
  const dayUnpriced = missing.map((m) => [...m].sort());
  return { days, keys, values, dayTotals, total, dayUnpriced, unpriced: [...new Set(dayUnpriced.flat())].sort() };
}
