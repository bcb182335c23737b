import type { SessionRow } from '../../lib/fast/report';
import type { SortKey } from './LibraryStore';

/** Text columns compare as people read them; one collator for all (`localeCompare` builds one per call). */
const COLLATOR = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byCode = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Sorts rows by a column (ties: newest first, then by id), `dir` applied to the column only. Rows without a value in
 * the column (no first prompt, no duration) come last either way, as in a spreadsheet.
 */
export function sortRows(rows: readonly SessionRow[], key: SortKey, dir: 'asc' | 'desc'): SessionRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  const missing = (r: SessionRow): number => {
    switch (key) {
      case 'prompt':
        return r.firstPrompt ? 0 : 1;
      case 'duration':
        return r.durationMs === null ? 1 : 0;
      case 'start':
        return r.start ? 0 : 1;
      case 'models':
        return r.models.length > 0 ? 0 : 1;
      default:
        return 0;
    }
  };
  const num = (r: SessionRow): number => {
    switch (key) {
      case 'duration':
        return r.durationMs ?? -1;
      case 'calls':
        return r.modelCalls;
      case 'tokens':
        return r.tokens.total;
      default:
        return r.costUsd;
    }
  };
  const text = (r: SessionRow): string =>
    key === 'project' ? r.projectPath : key === 'prompt' ? (r.firstPrompt ?? '') : r.models.join(',');
  const compare =
    key === 'start'
      ? (a: SessionRow, b: SessionRow) => byCode(a.start ?? '', b.start ?? '')
      : key === 'project' || key === 'prompt' || key === 'models'
        ? (a: SessionRow, b: SessionRow) => COLLATOR.compare(text(a), text(b))
        : (a: SessionRow, b: SessionRow) => num(a) - num(b);
  return [...rows].sort(
    (a, b) =>
      missing(a) - missing(b) ||
      sign * compare(a, b) ||
      byCode(b.start ?? '', a.start ?? '') ||
      byCode(a.sessionId, b.sessionId),
  );
}
