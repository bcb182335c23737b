// Where the timeline's clock steps back. The timeline keeps the order the lines were written in (each lane under the
// call that started it), so an event row can carry an earlier time than the one above it; its time column marks it.

import type { Trace } from '../trace/model/types';
import { formatDuration } from './format';
import { ROW_KINDS, type RowTable } from './rows';

/** The smallest step back in time the time column marks: less is hooks and progress lines written a moment late. */
export const STEP_BACK_MS = 1000;
/** How far above a window's first row the event row it is compared with is looked for. */
const STEP_BACK_LOOKUP = 256;

/** The tooltip of a marked step back: by how much, and why the order is kept. */
export function stepBackNote(ms: number): string {
  return (
    `${formatDuration(ms)} earlier than the line above. The timeline keeps the order the lines were written in ` +
    '(each lane under the call that started it), not the order of their times: sorted by time, a tool call would be ' +
    'pulled apart from its hooks and result, and a compaction from the call that wrote its summary.'
  );
}

/** The time of the event row nearest above `row` that has one, looking a bounded way up. */
export function eventTimeAbove(trace: Trace, rows: RowTable, row: number): number | undefined {
  for (let r = row - 1; r >= 0 && r >= row - STEP_BACK_LOOKUP; r--) {
    if (ROW_KINDS[rows.kind[r] ?? 3] !== 'event') continue;
    const t = trace.events[rows.ref[r] ?? -1]?.time;
    if (t !== undefined) return t;
  }
  return undefined;
}
