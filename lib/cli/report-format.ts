import type { DayRow, ModelRow, ProjectRow, Row, SessionRow, StatsReport, Totals } from '../fast/report-types';
import { formatCost } from '../trace/money';
import { cutText } from '../trace/text-order';
import { count, duration, fitTable, int, usd, wrapLine } from './format';

const pad = (n: number): string => String(n).padStart(2, '0');

/** `2026-02-10 19:46` in UTC or local time. */
function minute(iso: string | null, utc: boolean): string {
  if (iso === null) return '—';
  const d = new Date(iso);
  return utc
    ? `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
    : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A project's path keeps its end: `~/work/acme-api` and `~/work/acme-web` differ only there. (The JSON report has the
 *  folder's own name too, `project`.) */
const cutStart = (s: string, n: number): string => (s.length > n ? `…${s.slice(s.length - n + 1)}` : s);

/**
 * A table made with the project column cut to each of `caps` in turn, until no line is wider than `width` (the last
 * cap when none fits): a long project folder's name, once the table has dropped and cut what `fitTable` can.
 */
function projectCut(width: number | undefined, caps: readonly number[], make: (cap: number) => string): string {
  let out = '';
  for (const cap of caps) {
    out = make(cap);
    if (width === undefined || out.split('\n').every((l) => l.length <= width)) break;
  }
  return out;
}

/** `opus-4-6, haiku-4-5`: model ids without the `claude-` prefix and date suffix. */
const models = (ms: readonly string[]): string =>
  ms.map((m) => m.replace(/^claude-/, '').replace(/-\d{8}$/, '')).join(', ');

/** A computed cost, `≥ $x` or `—` when a model has no price; a session's reported cost stands in then, labelled. */
const costCell = (t: Totals, reported: number | null = null): string =>
  t.unpricedModels.length > 0 && reported !== null
    ? `${usd(reported)} reported`
    : formatCost(t.costUsd, t.unpricedModels);

const tokenCells = (t: Totals, reported: number | null = null): string[] => [
  int(t.modelCalls),
  int(t.tokens.input),
  int(t.tokens.output),
  int(t.tokens.cacheWrite),
  int(t.tokens.cacheRead),
  int(t.tokens.total),
  costCell(t, reported),
];
const TOKEN_HEAD = ['calls', 'input', 'output', 'cache write', 'cache read', 'total tokens', 'cost'];

function isSession(r: Row): r is SessionRow {
  return 'sessionId' in r;
}
function isDay(r: Row): r is DayRow {
  return 'day' in r;
}
function isProject(r: Row): r is ProjectRow {
  return 'project' in r && !('sessionId' in r);
}
function isModel(r: Row): r is ModelRow {
  return 'model' in r;
}

/** The token breakdown's columns (input, output, cache write, cache read) after `lead` columns: the first dropped to fit
 *  a narrow terminal (calls, total tokens and cost stay). */
const breakdown = (lead: number): number[] => [lead + 3, lead + 4, lead + 1, lead + 2];

/**
 * The readable form of `loupe stats --by …`: one table, a totals line, and what the numbers cover. `width`: a
 * terminal's columns, which the table is narrowed to (see `fitTable`) and the lines under it are fitted to.
 */
export function formatReport(report: StatsReport, about: string, width?: number): string {
  const fit = width === undefined ? {} : { width };
  const utc = report.timeZone === 'UTC';
  const rows = report.rows;
  let body = '';
  // An empty folder (or days with no use): a line, not a header with nothing under it.
  if (rows.length === 0) body = `no model calls${report.since || report.until ? ' in those days' : ''}`;
  else
    switch (report.by) {
      case 'session':
        body = projectCut(width, [32, 24, 16], (cap) =>
          fitTable(
            [
              ['start', 'project', 'session', ...TOKEN_HEAD, 'duration', 'models', 'first prompt'],
              ...rows
                .filter(isSession)
                .map((r) => [
                  minute(r.start, utc),
                  cutStart(r.projectPath, cap),
                  r.sessionId.slice(0, 8),
                  ...tokenCells(r, r.reportedCostUsd),
                  duration(r.durationMs ?? undefined),
                  models(r.models),
                  r.firstPrompt === null ? '—' : cutText(r.firstPrompt, 48),
                ]),
            ],
            [0, 1, 2, 11, 12],
            { ...fit, drop: [...breakdown(3), 2, 11], shrink: 12, last: [10] },
          ),
        );
        break;
      case 'day':
        body = fitTable(
          [
            ['day', 'sessions', ...TOKEN_HEAD, 'models'],
            ...rows
              .filter(isDay)
              .map((r) => [r.day ?? '(no date)', int(r.sessions), ...tokenCells(r), models(r.models)]),
          ],
          [0, 9],
          { ...fit, drop: breakdown(2), shrink: 9 },
        );
        break;
      case 'project':
        body = projectCut(width, [48, 32, 24, 16], (cap) =>
          fitTable(
            [
              ['project', 'sessions', ...TOKEN_HEAD, 'last activity', 'models'],
              ...rows
                .filter(isProject)
                .map((r) => [
                  cutStart(r.projectPath, cap),
                  int(r.sessions),
                  ...tokenCells(r),
                  minute(r.lastActivity, utc),
                  models(r.models),
                ]),
            ],
            [0, 9, 10],
            { ...fit, drop: breakdown(2), shrink: 10, last: [1] },
          ),
        );
        break;
      case 'model':
        body = fitTable(
          [
            ['model', 'sessions', ...TOKEN_HEAD],
            ...rows.filter(isModel).map((r) => [r.model, int(r.sessions), ...tokenCells(r)]),
          ],
          [0],
          {
            ...fit,
            drop: breakdown(2),
          },
        );
        break;
    }
  const t = report.totals;
  const range = report.since || report.until ? `, ${report.since ?? '…'} to ${report.until ?? '…'}` : '';
  const unpriced = t.unpricedModels.length
    ? `\n${wrapLine(`unpriced   no price for ${t.unpricedModels.join(', ')}: costs that include ${t.unpricedModels.length === 1 ? 'it' : 'them'} read ≥ (the priced part), — (none priced) or a session's reported cost; --prices FILE adds prices`, width)}`
    : '';
  // Tokens the result frames report beyond assistant lines with placeholder usage (stream-json without partial messages).
  const reconciled = t.reconciled
    ? `\n${wrapLine(
        `reconciled ${int(t.reconciled.tokens)} tokens (${formatCost(t.reconciled.costUsd, t.reconciled.unpricedModels)}) of the totals are from result frames: assistant lines with placeholder usage did not carry them`,
        width,
      )}`
    : '';
  const skipped =
    (report.uncounted.synthetic > 0
      ? `; ${count(report.uncounted.synthetic, '<synthetic>/API-error message')} not counted`
      : '') +
    (report.uncounted.invalidUsage > 0
      ? `; ${count(report.uncounted.invalidUsage, 'model call')} with an unsound usage number (negative, fractional, huge, not a number) not counted`
      : '');
  const total = (parts: string): string =>
    `total      ${count(t.sessions, 'session')}, ${count(t.modelCalls, 'model call')}, ${int(t.tokens.total)} tokens${parts}, ${formatCost(t.costUsd, t.unpricedModels)} computed`;
  const whole = total(
    ` (input ${int(t.tokens.input)}, output ${int(t.tokens.output)}, cache write ${int(t.tokens.cacheWrite)}, cache read ${int(t.tokens.cacheRead)})`,
  );
  // In a narrow terminal the token breakdown goes first, as the table's breakdown columns do; what is still too wide
  // wraps under its text rather than at the terminal's edge.
  const fits = width === undefined || whole.length <= width;
  return [
    body,
    '',
    wrapLine(fits ? whole : total(''), width),
    wrapLine(`covers     ${about}; days in ${utc ? 'UTC' : 'local time'}${range}${skipped}`, width),
    `${wrapLine(`prices     ${report.priceTable.source}, as of ${report.priceTable.asOf}`, width)}${unpriced}${reconciled}`,
  ].join('\n');
}
