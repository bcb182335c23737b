import { compileFilter } from '../trace/filter';
import { checkFilter, filterVocabulary, type FilterVocabulary } from '../trace/filter-check';
import type { Trace } from '../trace/model/types';
import { DEFAULT_PRICES, withOverrides, type ModelPrice, type PriceTable } from '../trace/pricing/pricing';
import type { TraceEvent } from '../trace/types';
import type { ScanOptions } from '../share/redact';
import { scanFiles, type ShareScan } from '../share/sources';
import type { DetailsView } from '../view/details';
import type { RawLines, SealedTrace, TraceSummary, ViewResult, ViewState } from '../view/protocol';
import { rowViews, type RowView } from '../view/rowview';
import { buildRows, type RowTable } from '../view/rows';
import { computeStatsView, explain, type ExplainQuery, type ExplainView, type StatsView } from '../view/stats-view';
import type { LoadLimits } from './limits';
import { loadSources, type LoadHooks } from './load';
import { findRows, headerOf, liveRows, neighborHeader } from './navigate';
import { fullDetails, rawLines } from './reread';
import { sealFiles, shareFiles } from './share';
import { summarize } from './summary';
import type { EngineInput, SourceText } from './source';

/** How a session loads: progress, yielding and keeping bytes are the host's (see `LoadHooks`). */
export type SessionHooks = Pick<LoadHooks, 'onProgress' | 'pause' | 'keep' | 'normalize'>;

interface Loaded {
  readonly trace: Trace;
  readonly texts: readonly (SourceText | undefined)[];
  rows: RowTable;
  view: ViewState;
  /** What the filter can name in this trace, worked out on the first filter. */
  vocabulary?: FilterVocabulary;
}

/**
 * One loaded trace and everything the workbench asks of it: rows under the current view, details, raw lines, stats,
 * search and sharing. Pure: the host (a Web Worker, a test) gives it inputs and hooks, and answers its callers.
 */
export class TraceSession {
  private loaded: Loaded | undefined;
  /** Events parsed so far, while a load runs. */
  private live: readonly TraceEvent[] | undefined;

  constructor(private readonly hooks: SessionHooks = {}) {}

  /** Loads the inputs (given at once or still being fetched), replacing what was loaded once it is done. */
  async load(inputs: readonly EngineInput[] | Promise<readonly EngineInput[]>, limits?: LoadLimits): Promise<TraceSummary> {
    const t0 = performance.now();
    const { trace, texts, modelMs } = await loadSources(await inputs, {
      ...this.hooks,
      ...(limits ? { limits } : {}),
      onStart: (events) => (this.live = events),
    });
    const t1 = performance.now();
    this.live = undefined;
    const view: ViewState = { filter: '', expanded: [] };
    this.loaded = { trace, texts, rows: buildRows(trace), view };
    const t2 = performance.now();
    const summary = summarize(trace, this.loaded.rows);
    const t3 = performance.now();
    const timings = { parseMs: Math.round(t1 - t0 - modelMs), modelMs: Math.round(modelMs), rowsMs: Math.round(t2 - t1), summaryMs: Math.round(t3 - t2) };
    return { ...summary, timings };
  }

  /** The loaded trace; throws when nothing is loaded yet. */
  trace(): Trace {
    if (!this.loaded) throw new Error('nothing loaded');
    return this.loaded.trace;
  }

  rows(start: number, end: number): RowView[] {
    const l = this.loaded;
    if (l) return rowViews(l.trace, l.rows, start, end, new Set(l.view.expanded));
    return this.live ? liveRows(this.live, start, end) : [];
  }

  setView(view: ViewState): ViewResult {
    const l = this.loaded;
    if (!l) return { rowCount: 0, matched: 0, total: 0, issues: [] };
    const filter = compileFilter(view.filter, l.trace);
    l.view = view;
    l.rows = buildRows(l.trace, { expanded: new Set(view.expanded), show: new Set(view.show ?? []), ...(filter ? { filter } : {}) });
    l.vocabulary ??= filterVocabulary(l.trace);
    return {
      rowCount: l.rows.length,
      matched: l.rows.matched,
      total: l.trace.events.length,
      issues: checkFilter(view.filter, l.vocabulary),
      ...(l.rows.hiddenMatches ? { hiddenMatches: l.rows.hiddenMatches } : {}),
    };
  }

  rowOf(seq: number): number {
    return this.loaded?.rows.rowOfSeq[seq] ?? -1;
  }

  details(seq: number, full: boolean): Promise<DetailsView | undefined> {
    const l = this.loaded;
    if (!l) return Promise.resolve(undefined);
    return this.hasEvent(l, seq) ? fullDetails(l.trace, l.texts, seq, full) : Promise.reject(new RangeError(noEvent(seq, l.trace)));
  }

  raw(seq: number): Promise<RawLines | undefined> {
    const l = this.loaded;
    if (!l) return Promise.resolve(undefined);
    return this.hasEvent(l, seq) ? rawLines(l.trace, l.texts, seq) : Promise.reject(new RangeError(noEvent(seq, l.trace)));
  }

  private hasEvent(l: Loaded, seq: number): boolean {
    return Number.isInteger(seq) && l.trace.events[seq] !== undefined;
  }

  find(query: string): number[] {
    const l = this.loaded;
    return l ? findRows(l.trace, l.rows, query) : [];
  }

  neighbor(row: number, dir: 1 | -1): number {
    return this.loaded ? neighborHeader(this.loaded.rows, row, dir) : -1;
  }

  headerOf(row: number): number {
    return this.loaded ? headerOf(this.loaded.rows, row) : -1;
  }

  statsView(overrides: readonly ModelPrice[] | undefined): StatsView {
    return computeStatsView(this.trace(), pricesWith(overrides));
  }

  explain(query: ExplainQuery, overrides: readonly ModelPrice[] | undefined): ExplainView {
    return explain(this.trace(), query, pricesWith(overrides));
  }

  async shareScan(options: ScanOptions | undefined): Promise<ShareScan> {
    const l = this.loaded;
    if (!l) throw new Error('nothing loaded');
    return scanFiles(await shareFiles(l.trace, l.texts), options);
  }

  async shareSeal(kept: readonly string[], options: ScanOptions | undefined): Promise<SealedTrace> {
    const l = this.loaded;
    if (!l) throw new Error('nothing loaded');
    return sealFiles(await shareFiles(l.trace, l.texts), kept, options);
  }
}

/** A selection that is not in this trace: a link made for another version of it, or an edited URL. */
function noEvent(seq: number, trace: Trace): string {
  const n = trace.events.length;
  return `this trace has no event ${seq} (its events are numbered 0 to ${n - 1}). The link may have been made for another version of the file.`;
}

function pricesWith(overrides: readonly ModelPrice[] | undefined): PriceTable {
  return overrides && overrides.length > 0 ? withOverrides(DEFAULT_PRICES, overrides) : DEFAULT_PRICES;
}
