import type { ProgressMessage } from '../../lib/engine/protocol';
import type { RowView } from '../../lib/view/rowview';

/** The first rows the worker sent with its progress while loading (`ProgressMessage.rows`), and how many rows the
 *  load has by its latest report. */
export interface EarlyRows {
  readonly rows: readonly RowView[];
  readonly of: number;
}

/** What is known after a progress report: the rows it carried (reports past a screenful carry none, and keep those
 *  sent before), and its row count, which every report moves on. */
export function noteProgress(early: EarlyRows | undefined, m: ProgressMessage): EarlyRows | undefined {
  if (m.rows) return { rows: m.rows, of: m.rowCount };
  return early ? { rows: early.rows, of: m.rowCount } : undefined;
}

/** Rows asked for while loading, from those the worker sent (a page short of them is asked for again as more come:
 *  useRowWindow); past the last event there are none; undefined: the worker is asked. */
export function earlyRowsOf(early: EarlyRows | undefined, start: number, end: number): RowView[] | undefined {
  if (!early || (start >= early.rows.length && start < early.of)) return undefined;
  return early.rows.slice(start, end);
}
