import { DEFAULT_PRICES, priceFor, usdAt, type ModelPrice } from '../trace/pricing/pricing';
import { round6 } from '../trace/stats';
import { reconciledCost } from '../trace/model/reconcile';
import type { Call, Merged } from './merge';
import { sessionEnd, sessionSpan, type SessionSummary } from '../trace/session-summary';
import { compareText } from '../trace/text-order';
import { projectPath } from '../trace/project';
import { DayNames } from './days';
import type {
  DayCell,
  DayRow,
  GroupBy,
  ModelRow,
  ProjectRow,
  ReportOptions,
  Row,
  SessionRow,
  StatsReport,
  Totals,
} from './report-types';

// Reports over a projects folder, like ccusage's but from calls counted once: per session, day, project or model.
// Pure, so the browser's session library shows exactly what `loupe stats --by session --json` prints.

// The library's components read rows from here.
export type { SessionRow } from './report-types';

const NO_MODEL = '(no model)';

interface Acc {
  calls: number;
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
  cost: number;
  readonly unpriced: Set<string>;
  readonly models: Set<string>;
  readonly sessions: Set<string>;
  last?: number;
  recTokens: number;
  recCost: number;
  recUnpriced: Set<string>;
}

const newAcc = (): Acc => ({
  calls: 0,
  input: 0,
  output: 0,
  cacheWrite: 0,
  cacheRead: 0,
  cost: 0,
  unpriced: new Set(),
  models: new Set(),
  sessions: new Set(),
  recTokens: 0,
  recCost: 0,
  recUnpriced: new Set(),
});

/** What a report adds up: a counted call, or tokens booked from a result frame. */
type Billed = Pick<Call, 'sessionId' | 'project' | 'model' | 'usage' | 'time'>;

function add(a: Acc, c: Billed, usd: number, priced: boolean, reconciled = false): void {
  const model = c.model ?? NO_MODEL;
  if (reconciled) {
    a.recTokens += c.usage.input + c.usage.output + c.usage.cacheCreation + c.usage.cacheRead;
    a.recCost += usd;
    if (!priced) a.recUnpriced.add(model);
  } else a.calls += 1;
  a.input += c.usage.input;
  a.output += c.usage.output;
  a.cacheWrite += c.usage.cacheCreation;
  a.cacheRead += c.usage.cacheRead;
  a.cost += usd;
  if (!priced) a.unpriced.add(model);
  a.models.add(model);
  a.sessions.add(c.sessionId);
  if (c.time !== undefined && (a.last === undefined || c.time > a.last)) a.last = c.time;
}

function totalsOf(a: Acc): Totals {
  return {
    modelCalls: a.calls,
    tokens: {
      input: a.input,
      output: a.output,
      cacheWrite: a.cacheWrite,
      cacheRead: a.cacheRead,
      total: a.input + a.output + a.cacheWrite + a.cacheRead,
    },
    costUsd: round6(a.cost),
    unpricedModels: [...a.unpriced].sort(),
    ...(a.recTokens > 0
      ? { reconciled: { tokens: a.recTokens, costUsd: round6(a.recCost), unpricedModels: [...a.recUnpriced].sort() } }
      : {}),
  };
}

const iso = (ms: number | undefined): string | null => (ms === undefined ? null : new Date(ms).toISOString());

interface Priced {
  readonly call: Billed;
  readonly day: string | null;
  readonly usd: number;
  readonly priced: boolean;
  /** Tokens booked from a result frame (`Merged.reconciled`): they add tokens and cost, never a model call. */
  readonly reconciled?: true;
}

/** Calls in the date range, each with its day and computed cost. */
function pricedCalls(merged: Merged, opts: ReportOptions): Priced[] {
  const prices = opts.prices ?? DEFAULT_PRICES;
  const days = new DayNames(opts.utc === true);
  const out: Priced[] = [];
  // Thousands of calls share a few models: look each price up once.
  const priceOf = new Map<string | undefined, ModelPrice | undefined>();
  const calls = merged.calls;
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i];
    if (!call) continue;
    const day = call.time === undefined ? null : days.of(call.time);
    if ((opts.since !== undefined || opts.until !== undefined) && day === null) continue;
    if (day !== null && opts.since !== undefined && day < opts.since) continue;
    if (day !== null && opts.until !== undefined && day > opts.until) continue;
    let price = priceOf.get(call.model);
    if (price === undefined && !priceOf.has(call.model)) {
      price = call.model ? priceFor(call.model, prices) : undefined;
      priceOf.set(call.model, price);
    }
    out.push({ call, day, usd: price ? usdAt(call.usage, price, prices) : 0, priced: price !== undefined });
  }
  // A reconciled row is dated by its result frame's timestamp; an SDK stream's result frame seldom has one, so then by
  // its session's end (its last timed main-thread line, else its last timed line): never "no day" when a line has a time.
  const ends = merged.reconciled.some((r) => r.time === undefined)
    ? new Map(merged.sessions.map((s) => [s.sessionId, sessionEnd(s)]))
    : undefined;
  for (const r of merged.reconciled) {
    const time = r.time ?? ends?.get(r.sessionId);
    const day = time === undefined ? null : days.of(time);
    if ((opts.since !== undefined || opts.until !== undefined) && day === null) continue;
    if (day !== null && opts.since !== undefined && day < opts.since) continue;
    if (day !== null && opts.until !== undefined && day > opts.until) continue;
    const cost = reconciledCost(r.usage, r.model, prices);
    out.push({ call: r, day, usd: cost.usd, priced: cost.priced, reconciled: true });
  }
  return out;
}

function group(calls: readonly Priced[], keyOf: (p: Priced) => string): Map<string, Acc> {
  const map = new Map<string, Acc>();
  for (const p of calls) {
    const k = keyOf(p);
    let a = map.get(k);
    if (!a) {
      a = newAcc();
      map.set(k, a);
    }
    add(a, p.call, p.usd, p.priced, p.reconciled);
  }
  return map;
}

/** One row per session: its calls' totals beside its span, first prompt and models (subagent files folded in). */
export function sessionRows(merged: Merged, opts: ReportOptions = {}): SessionRow[] {
  const calls = pricedCalls(merged, opts);
  const bySession = group(calls, (p) => p.call.sessionId);
  const filtered = opts.since !== undefined || opts.until !== undefined;
  const rows: SessionRow[] = [];
  for (const s of merged.sessions) {
    const a = bySession.get(s.sessionId);
    if (!a && filtered) continue;
    rows.push(sessionRow(s, a ?? newAcc(), pathOf(s.project, opts)));
  }
  return rows.sort(
    (x, y) => compareText(x.start ?? '\uffff', y.start ?? '\uffff') || compareText(x.sessionId, y.sessionId),
  );
}

const pathOf = (project: string, opts: ReportOptions): string =>
  opts.projectPaths?.get(project) ?? projectPath(project);

function sessionRow(s: SessionSummary, a: Acc, path: string): SessionRow {
  return {
    sessionId: s.sessionId,
    project: s.project,
    projectPath: path,
    ...sessionSpan(s),
    firstPrompt: s.firstPrompt ?? null,
    models: [...a.models].sort(),
    ...totalsOf(a),
    reportedCostUsd: s.reportedCostUsd ?? null,
  };
}

/** Per session, its calls' cost by day and model (same calls, days and prices as `sessionRows`). */
export function sessionCells(merged: Merged, opts: ReportOptions = {}): Map<string, DayCell[]> {
  const acc = new Map<string, Map<string, { day: string | null; model: string; calls: number; usd: number }>>();
  for (const p of pricedCalls(merged, opts)) {
    const model = p.call.model ?? NO_MODEL;
    let cells = acc.get(p.call.sessionId);
    if (!cells) {
      cells = new Map();
      acc.set(p.call.sessionId, cells);
    }
    const key = `${p.day ?? ''}|${model}`;
    const c = cells.get(key) ?? { day: p.day, model, calls: 0, usd: 0 };
    if (!p.reconciled) c.calls += 1;
    c.usd += p.usd;
    cells.set(key, c);
  }
  const out = new Map<string, DayCell[]>();
  for (const [sid, cells] of acc)
    out.set(
      sid,
      [...cells.values()].map((c) => ({ day: c.day, model: c.model, modelCalls: c.calls, costUsd: c.usd })),
    );
  return out;
}

/** The report for one grouping, with totals over the same calls. */
export function buildReport(merged: Merged, by: GroupBy, opts: ReportOptions = {}): StatsReport {
  const calls = pricedCalls(merged, opts);
  const all = newAcc();
  for (const p of calls) add(all, p.call, p.usd, p.priced, p.reconciled);
  const prices = opts.prices ?? DEFAULT_PRICES;
  return {
    by,
    timeZone: opts.utc ? 'UTC' : 'local',
    since: opts.since ?? null,
    until: opts.until ?? null,
    rows: rowsBy(merged, calls, by, opts),
    totals: { ...totalsOf(all), sessions: all.sessions.size },
    uncounted: merged.uncounted,
    priceTable: { source: prices.source, asOf: prices.asOf },
  };
}

function rowsBy(merged: Merged, calls: readonly Priced[], by: GroupBy, opts: ReportOptions): Row[] {
  switch (by) {
    case 'session':
      return sessionRows(merged, opts);
    case 'day':
      return [...group(calls, (p) => p.day ?? '')]
        .map(
          ([day, a]): DayRow => ({
            day: day === '' ? null : day,
            sessions: a.sessions.size,
            models: [...a.models].sort(),
            ...totalsOf(a),
          }),
        )
        .sort((x, y) => compareText(x.day ?? '\uffff', y.day ?? '\uffff'));
    case 'project':
      return [...group(calls, (p) => p.call.project)]
        .map(
          ([project, a]): ProjectRow => ({
            project,
            projectPath: pathOf(project, opts),
            sessions: a.sessions.size,
            models: [...a.models].sort(),
            lastActivity: iso(a.last),
            ...totalsOf(a),
          }),
        )
        .sort((x, y) => y.costUsd - x.costUsd || compareText(x.project, y.project));
    case 'model':
      return [...group(calls, (p) => p.call.model ?? NO_MODEL)]
        .map(
          ([model, a]): ModelRow => ({
            model,
            sessions: a.sessions.size,
            priced: a.unpriced.size === 0,
            ...totalsOf(a),
          }),
        )
        .sort((x, y) => y.costUsd - x.costUsd || compareText(x.model, y.model));
  }
}

/** A row's or the totals' cost as `--json` gives it: unknown (null) when a model has no price, the priced part beside. */
export function costJson<T extends Totals>(
  t: T,
): Omit<T, 'costUsd'> & { readonly costUsd: number | null; readonly pricedCostUsd: number } {
  return { ...t, costUsd: t.unpricedModels.length > 0 ? null : t.costUsd, pricedCostUsd: t.costUsd };
}

/** The report as `loupe stats --by … --json` prints it: every cost through `costJson`. */
export function reportJson(report: StatsReport): Record<string, unknown> {
  return { ...report, rows: report.rows.map((r) => costJson<Row>(r)), totals: costJson(report.totals) };
}
