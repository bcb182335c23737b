import { describe, expect, it } from 'vitest';
import type { ProgressMessage } from '../../lib/engine/protocol';
import type { RowView } from '../../lib/view/rowview';
import { earlyRowsOf, noteProgress, type EarlyRows } from './early-rows';

const rowsUpTo = (n: number): RowView[] =>
  Array.from({ length: n }, (_, i) => ({ row: i, kind: 'event', depth: 0, icon: 'x', label: `e${i}`, badges: [] }));

const report = (rowCount: number, rows?: RowView[]): ProgressMessage => ({
  kind: 'progress',
  bytes: rowCount * 100,
  totalBytes: 1e9,
  events: rowCount,
  name: 'big.jsonl',
  rowCount,
  ...(rows ? { rows } : {}),
});

describe('early rows', () => {
  it('answers from the rows sent, and leaves rows past them to the worker as the load grows past a screenful', () => {
    let early: EarlyRows | undefined;
    // The 64 KiB first slice: 40 events, all sent; then a 4 MiB slice: a screenful sent, of 4,000.
    early = noteProgress(early, report(40, rowsUpTo(40)));
    expect(earlyRowsOf(early, 0, 100)?.length).toBe(40);
    early = noteProgress(early, report(4_000, rowsUpTo(100)));
    expect(earlyRowsOf(early, 0, 100)?.length).toBe(100);
    expect(earlyRowsOf(early, 100, 200)).toBeUndefined();
    // Reports past a screenful carry no rows: rows 4,000 on exist now, and are the worker's to give, not none.
    early = noteProgress(early, report(9_000));
    expect(earlyRowsOf(early, 0, 100)?.length).toBe(100);
    expect(earlyRowsOf(early, 5_000, 5_100)).toBeUndefined();
    expect(earlyRowsOf(early, 8_900, 9_000)).toBeUndefined();
    // Past the last event there are none.
    expect(earlyRowsOf(early, 9_000, 9_100)).toEqual([]);
  });

  it('asks the worker for everything until rows were sent', () => {
    expect(noteProgress(undefined, report(0))).toBeUndefined();
    expect(earlyRowsOf(undefined, 0, 100)).toBeUndefined();
  });
});
