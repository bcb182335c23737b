import { differences, type Comparison, type Mark } from './align';

// The compare view's rows: each aligned response, then its aligned calls under it. The differences (`n`/`p` move
// between them) are rows too: a response whose prompts differ or that one run lacks, and each call that differs.

export type CompareRow =
  | { readonly kind: 'response'; readonly pair: number }
  | { readonly kind: 'call'; readonly pair: number; readonly call: number };

export function compareRows(c: Comparison): CompareRow[] {
  const rows: CompareRow[] = [];
  c.responses.forEach((r, pair) => {
    rows.push({ kind: 'response', pair });
    r.calls.forEach((_, call) => rows.push({ kind: 'call', pair, call }));
  });
  return rows;
}

export function markOf(c: Comparison, row: CompareRow): Mark {
  const r = c.responses[row.pair];
  return (row.kind === 'call' ? r?.calls[row.call]?.mark : r?.mark) ?? 'same';
}

/** `3` for a response pair, `3.1` for a call of it: what the URL keeps of the selection. */
export const rowKey = (row: CompareRow): string => (row.kind === 'call' ? `${row.pair}.${row.call}` : String(row.pair));

/** The row a key names, or -1. */
export function rowOfKey(rows: readonly CompareRow[], key: string): number {
  return rows.findIndex((r) => rowKey(r) === key);
}

/** The rows that differ, in order (see `differences`). */
export function differenceRows(c: Comparison, rows: readonly CompareRow[]): number[] {
  const index = new Map(rows.map((r, i) => [rowKey(r), i]));
  return differences(c.responses).flatMap((d) => {
    const i = index.get(d.call === undefined ? String(d.pair) : `${d.pair}.${d.call}`);
    return i === undefined ? [] : [i];
  });
}

/** The first difference after `from` (dir 1) or before it (dir -1); `from` itself when there is none that way. */
export function stepDifference(diffRows: readonly number[], from: number, dir: 1 | -1): number {
  if (dir === 1) return diffRows.find((i) => i > from) ?? from;
  for (let k = diffRows.length - 1; k >= 0; k--) {
    const i = diffRows[k] ?? -1;
    if (i < from) return i;
  }
  return from;
}

/** The row of the first divergence, or -1. */
export function firstDivergenceRow(c: Comparison, rows: readonly CompareRow[]): number {
  const f = c.firstDivergence;
  return f ? rowOfKey(rows, f.call === undefined ? String(f.pair) : `${f.pair}.${f.call}`) : -1;
}
