import { compileFilter } from '../trace/filter';
import { checkFilter, filterVocabulary, type FilterVocabulary } from '../trace/filter-check';
import type { Trace } from '../trace/model/types';
import { DEFAULT_PRICES, localPriceTable, type PriceTable } from '../trace/pricing/pricing';
import { computeStats, type TraceStats } from '../trace/stats';
import type { TraceEvent } from '../trace/types';
import type { MediaPayload } from '../trace/media';
import type { ScanOptions } from '../share/redact';
import { scanFiles, type ShareScan } from '../share/sources';
import type { DetailsView } from '../view/details';
import type { LocalPrices, RawLines, SealedTrace, TraceUpdate, ViewResult, ViewState } from './protocol';
import type { TraceSummary } from '../view/trace-summary';
import { headerFirstSeq, rowViews, type RowView } from '../view/rowview';
import { buildRows, ROW_KINDS, type HeaderKind, type RowTable } from '../view/rows';
import { explain, type ExplainQuery, type ExplainView } from '../view/explain';
import { computeStatsView, type StatsView } from '../view/stats-view';
import { inProgress, liveRow, type InProgress } from '../view/live';
import type { LoadLimits } from '../trace/limits';
import { LiveSources, matchByPath, type LiveUpdate } from './live';
import type { LoadHooks } from './load';
import { findRows, headerOf, liveRows, neighborHeader } from './navigate';
import { diagnosticLine, fullDetails, mediaBytes, rawLines } from './reread';
import { sealFiles, shareFiles } from './share';
import { summarize } from './summary';
import type { EngineInput, SourceText } from './source';

/** How a session loads: progress, yielding and keeping bytes are the host's (see `LoadHooks`). */
export type SessionHooks = Pick<LoadHooks, 'onProgress' | 'pause' | 'keep' | 'normalize' | 'clip' | 'frames'>;

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
 * search and sharing. Pure: the host (a Web Worker, a test) gives it inputs and hooks, and answers its callers. Its
 * files may grow (live tail): `update` reads what was appended, `settle` what was held back once they stop growing.
 */
export class TraceSession {
  private loaded: Loaded | undefined;
  /** Events parsed so far, while a load runs. */
  private parsing: readonly TraceEvent[] | undefined;
  private sources: LiveSources | undefined;
  private progress: InProgress | undefined;
  /** What the timeline's cost badges price with: this browser's local prices as the last view gave them. */
  private rowPrices: PriceTable = DEFAULT_PRICES;

  constructor(private readonly hooks: SessionHooks = {}) {}

  /**
   * Loads the inputs (given at once or still being fetched), replacing what was loaded once it is done. `live`: the
   * files are still being written (a last line without its newline waits, what has not ended is in progress).
   * `limits`: the line and inflate limits (defaults when not given).
   */
  async load(
    inputs: readonly EngineInput[] | Promise<readonly EngineInput[]>,
    opts: { readonly live?: boolean; readonly limits?: LoadLimits } = {},
  ): Promise<TraceSummary> {
    const t0 = performance.now();
    const sources = new LiveSources({
      ...this.hooks,
      ...(opts.limits ? { limits: opts.limits } : {}),
      onStart: (events) => (this.parsing = events),
    });
    const { trace, texts, modelMs } = await sources.load(await inputs, opts.live === true);
    this.sources = sources;
    const t1 = performance.now();
    this.parsing = undefined;
    this.setLoaded(trace, texts, { filter: '', expanded: [] });
    const t2 = performance.now();
    const summary = this.summary();
    const t3 = performance.now();
    const timings = {
      parseMs: Math.round(t1 - t0 - modelMs),
      modelMs: Math.round(modelMs),
      rowsMs: Math.round(t2 - t1),
      summaryMs: Math.round(t3 - t2),
    };
    return { ...summary, timings };
  }

  /** Whether the files are being written (see `load`). */
  get live(): boolean {
    return this.sources?.live === true;
  }

  /**
   * Newer snapshots of the files (by name): what changed is read (a file that grew, from where it stopped) and the
   * trace built again under the same view. Undefined when nothing changed.
   */
  async update(inputs: readonly EngineInput[], live = true): Promise<TraceUpdate | undefined> {
    return this.apply(await this.sources?.update(inputs, live));
  }

  /**
   * Newer copies of some of the files (picked again), matched to the loaded ones by path (`matchByPath`): those that
   * changed are read again, as snapshots (not live). Undefined when none did.
   */
  async reload(
    picked: readonly { readonly path: string; readonly input: EngineInput }[],
  ): Promise<TraceUpdate | undefined> {
    const current = this.sources?.inputs() ?? [];
    const match = matchByPath(
      current.map((i) => i.name),
      picked,
    );
    const next = current.map((i) => {
      const p = match.get(i.name)?.input;
      return p ? { ...p, name: i.name } : i;
    });
    return this.update(next, false);
  }

  /** The files stopped growing: held last lines are read, and nothing is in progress any more. */
  async settle(): Promise<TraceUpdate | undefined> {
    const wasLive = this.live;
    const up = await this.sources?.settle();
    if (up) return this.apply(up);
    const l = this.loaded;
    if (!wasLive || !l) return undefined;
    this.progress = undefined;
    return { summary: this.summaryWithTimings(0), moves: [], changed: [] };
  }

  private apply(up: LiveUpdate | undefined): TraceUpdate | undefined {
    const l = this.loaded;
    if (!up || !l) return undefined;
    const t0 = performance.now();
    const filter = compileFilter(l.view.filter, up.loaded.trace);
    this.setLoaded(up.loaded.trace, up.loaded.texts, l.view, filter);
    return {
      summary: this.summaryWithTimings(performance.now() - t0, up.loaded.modelMs),
      moves: up.moves,
      changed: up.changed,
    };
  }

  private setLoaded(
    trace: Trace,
    texts: readonly (SourceText | undefined)[],
    view: ViewState,
    filter?: ReturnType<typeof compileFilter>,
  ): void {
    this.loaded = {
      trace,
      texts,
      rows: buildRows(trace, {
        expanded: new Set(view.expanded),
        show: new Set(view.show ?? []),
        ...(filter ? { filter } : {}),
      }),
      view,
    };
    this.progress = this.live ? inProgress(trace) : undefined;
  }

  private summary(): Omit<TraceSummary, 'timings'> {
    const l = this.loaded;
    if (!l) throw new Error('nothing loaded');
    return summarize(l.trace, l.rows, this.progress);
  }

  private summaryWithTimings(ms: number, modelMs = 0): TraceSummary {
    return {
      ...this.summary(),
      timings: { parseMs: 0, modelMs: Math.round(modelMs), rowsMs: Math.round(ms - modelMs), summaryMs: 0 },
    };
  }

  /** The loaded trace; throws when nothing is loaded yet. */
  trace(): Trace {
    if (!this.loaded) throw new Error('nothing loaded');
    return this.loaded.trace;
  }

  /** The rows of the first `n` events parsed so far, while a load reads (none otherwise). */
  parsedRows(n: number): RowView[] {
    return this.parsing ? liveRows(this.parsing, 0, n) : [];
  }

  rows(start: number, end: number): RowView[] {
    const l = this.loaded;
    if (l) {
      const views = rowViews(l.trace, l.rows, start, end, new Set(l.view.expanded), this.rowPrices);
      const p = this.progress;
      return p ? views.map((v) => liveRow(v, p)) : views;
    }
    return this.parsing ? liveRows(this.parsing, start, end) : [];
  }

  /** `prices`: this browser's local prices, for the rows' cost badges (a new view asks for its rows again). */
  setView(view: ViewState, prices: LocalPrices = {}): ViewResult {
    this.rowPrices = localPriceTable(prices);
    const l = this.loaded;
    if (!l) return { rowCount: 0, matched: 0, total: 0, issues: [] };
    // The page's first view is most often the one the load built its rows for (no filter, nothing unfolded, no chip).
    if (!sameRows(view, l.view)) {
      const filter = compileFilter(view.filter, l.trace);
      l.rows = buildRows(l.trace, {
        expanded: new Set(view.expanded),
        show: new Set(view.show ?? []),
        ...(filter ? { filter } : {}),
      });
    }
    l.view = view;
    // The words a filter may use are gathered when there is a filter to check.
    const issues = view.filter.trim() ? checkFilter(view.filter, (l.vocabulary ??= filterVocabulary(l.trace))) : [];
    return {
      rowCount: l.rows.length,
      matched: l.rows.matched,
      total: l.trace.events.length,
      issues,
      ...(l.rows.hiddenMatches ? { hiddenMatches: l.rows.hiddenMatches } : {}),
    };
  }

  /** The row of event `seq`, or with `header` the header row of that kind whose first event it is (see `Api`). */
  rowOf(seq: number, header?: HeaderKind): number {
    const l = this.loaded;
    const row = l?.rows.rowOfSeq[seq] ?? -1;
    if (!l || !header) return row;
    // One pass over the rows' kinds: a header may be far from its first event's row, or have none shown (a folded
    // stream, a model call whose lines are under chips that are off).
    const code = ROW_KINDS.indexOf(header);
    const { kind, ref } = l.rows;
    for (let r = 0; r < l.rows.length; r++)
      if (kind[r] === code && headerFirstSeq(l.trace, header, ref[r] ?? -1) === seq) return r;
    return row;
  }

  details(seq: number, full: boolean, prices: LocalPrices = {}): Promise<DetailsView | undefined> {
    const l = this.loaded;
    if (!l) return Promise.resolve(undefined);
    return this.hasEvent(l, seq)
      ? fullDetails(l.trace, l.texts, seq, full, localPriceTable(prices))
      : Promise.reject(new RangeError(noEvent(seq, l.trace)));
  }

  raw(seq: number): Promise<RawLines | undefined> {
    const l = this.loaded;
    if (!l) return Promise.resolve(undefined);
    return this.hasEvent(l, seq)
      ? rawLines(l.trace, l.texts, seq)
      : Promise.reject(new RangeError(noEvent(seq, l.trace)));
  }

  /** The checked bytes of the image at `at` in event `seq`'s line (see `mediaBytes`). */
  media(seq: number, at: string): Promise<MediaPayload> {
    const l = this.loaded;
    if (!l) return Promise.resolve({ ok: false, reason: 'nothing loaded' });
    if (!this.hasEvent(l, seq)) return Promise.reject(new RangeError(noEvent(seq, l.trace)));
    return mediaOfTurn(l.trace, l.texts, seq, at);
  }

  diagnosticLine(source: number, offset: number): Promise<RawLines | undefined> {
    const l = this.loaded;
    return l ? diagnosticLine(l.trace, l.texts, { source, offset }) : Promise.resolve(undefined);
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

  statsView(prices: LocalPrices = {}): StatsView {
    return computeStatsView(this.trace(), localPriceTable(prices));
  }

  explain(query: ExplainQuery, prices: LocalPrices = {}): ExplainView {
    return explain(this.trace(), query, localPriceTable(prices));
  }

  /** The totals' cost under local prices (the toolbar's figure once a price file or override is in use). */
  cost(prices: LocalPrices = {}): TraceStats['cost'] {
    return computeStats(this.trace(), localPriceTable(prices)).cost;
  }

  async shareScan(options: ScanOptions | undefined): Promise<ShareScan> {
    const l = this.loaded;
    if (!l) throw new Error('nothing loaded');
    return scanFiles(await shareFiles(l.trace, l.texts), options);
  }

  async shareSeal(
    kept: readonly string[],
    options: ScanOptions | undefined,
    view?: string,
    password?: string,
    dropMedia = false,
  ): Promise<SealedTrace> {
    const l = this.loaded;
    if (!l) throw new Error('nothing loaded');
    return sealFiles(await shareFiles(l.trace, l.texts), kept, options, view, password, dropMedia);
  }
}

/**
 * The image at `at` in event `seq`'s line, or, for a model call merged from several lines (whose Message tab shows
 * the blocks of all of them), in the first other line of that call that has one there.
 */
async function mediaOfTurn(
  trace: Trace,
  texts: readonly (SourceText | undefined)[],
  seq: number,
  at: string,
): Promise<MediaPayload> {
  const first = await mediaBytes(trace, texts, seq, at);
  const turn = trace.events[seq]?.kind === 'assistant' ? trace.turns[trace.eventTurn[seq] ?? -1] : undefined;
  if (first.ok || !turn) return first;
  for (const other of turn.seqs) {
    if (other === seq) continue;
    const found = await mediaBytes(trace, texts, other, at);
    if (found.ok) return found;
  }
  return first;
}

/** A selection that is not in this trace: a link made for another version of it, or an edited URL. */
function noEvent(seq: number, trace: Trace): string {
  const n = trace.events.length;
  return `this trace has no event ${seq} (its events are numbered 0 to ${n - 1}). The link may have been made for another version of the file.`;
}

/** Two views that make the same rows: the same filter, calls unfolded and chips on (in any order). */
function sameRows(a: ViewState, b: ViewState): boolean {
  const same = (x: readonly unknown[], y: readonly unknown[]): boolean => {
    const sx = new Set(x);
    const sy = new Set(y);
    return sx.size === sy.size && [...sx].every((v) => sy.has(v));
  };
  return a.filter === b.filter && same(a.expanded, b.expanded) && same(a.show ?? [], b.show ?? []);
}
