import type { SessionRow } from '../../lib/fast/report';
import { formatInt } from '../../lib/trace/text-order';
import { compactNumber, formatCost, formatDuration, formatUsd, unpricedNote } from '../../lib/view/rowview';
import type { SortKey } from './LibraryStore';

// The library's columns: what each shows of a session, its width, its tooltip.

/** A session's cost: computed, or with a model that has no price the run's reported cost (labelled), else `≥ $x` or `—`. */
function costText(r: SessionRow): string {
  if (r.unpricedModels.length > 0 && r.reportedCostUsd !== null) return `${formatUsd(r.reportedCostUsd)} (rep.)`;
  return formatCost(r.costUsd, r.unpricedModels);
}

interface Column {
  readonly key: SortKey;
  readonly label: string;
  readonly width: string;
  readonly num?: boolean;
  readonly text: (r: SessionRow) => string;
  readonly title?: (r: SessionRow) => string;
  /** Cut at the start when too long: the end is what tells the values apart. */
  readonly keepEnd?: boolean;
}

const pad = (n: number): string => String(n).padStart(2, '0');
/** Local date and time to the minute, as `loupe stats` prints (days are local calendar days). */
export function localTime(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const shortModel = (m: string): string => m.replace(/^claude-/, '').replace(/-\d{8}$/, '');

export const COLUMNS: readonly Column[] = [
  {
    key: 'start',
    label: 'Start',
    width: '124px',
    text: (r) => localTime(r.start),
    title: (r) => `${r.start ?? 'no timestamp'} → ${r.end ?? ''}`,
  },
  // The path a project folder stands for (~/work/acme-api), its folder's own name in the tooltip. Projects differ at
  // the end of their paths: the start gives way.
  {
    key: 'project',
    label: 'Project',
    width: 'minmax(90px, 150px)',
    text: (r) => r.projectPath,
    title: (r) => (r.projectPath === r.project ? r.project : `${r.projectPath}\nfolder ${r.project}`),
    keepEnd: true,
  },
  {
    key: 'prompt',
    label: 'First prompt',
    width: 'minmax(120px, 1fr)',
    text: (r) => r.firstPrompt ?? '—',
    title: (r) => `${r.firstPrompt ?? ''}\nsession ${r.sessionId}`,
  },
  {
    key: 'duration',
    label: 'Duration',
    width: '84px',
    num: true,
    text: (r) => (r.durationMs === null ? '—' : formatDuration(r.durationMs)),
  },
  {
    key: 'models',
    label: 'Models',
    width: 'minmax(80px, 130px)',
    text: (r) => r.models.map(shortModel).join(', ') || '—',
    title: (r) => r.models.join('\n'),
  },
  { key: 'calls', label: 'Calls', width: '64px', num: true, text: (r) => formatInt(r.modelCalls) },
  {
    key: 'tokens',
    label: 'Tokens',
    width: '72px',
    num: true,
    text: (r) => compactNumber(r.tokens.total),
    title: (r) =>
      `input ${r.tokens.input}, output ${r.tokens.output}, cache write ${r.tokens.cacheWrite}, cache read ${r.tokens.cacheRead}`,
  },
  {
    key: 'cost',
    label: 'Cost',
    width: '96px',
    num: true,
    text: costText,
    title: (r) =>
      r.unpricedModels.length === 0
        ? 'computed from the dated price table'
        : `${r.reportedCostUsd !== null ? 'reported by the run (its last result frame); ' : ''}computed ${formatCost(r.costUsd, r.unpricedModels)}: ${unpricedNote(r.unpricedModels)}`,
  },
];

/** The grid's column widths. */
export const GRID = COLUMNS.map((c) => c.width).join(' ');
