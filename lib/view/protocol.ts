import type { Diagnostic } from '../trace/types';
import type { SourceInfo } from '../trace/parse';
import type { TraceStats } from '../trace/stats';
import type { ModelPrice } from '../trace/pricing/pricing';
import type { DetailsView } from './details';
import type { ExplainQuery, ExplainView, StatsView } from './stats-view';
import type { RowView } from './rowview';
import type { ScanOptions } from '../share/redact';
import type { ShareScan } from '../share/sources';

// Messages between the viewer and its trace worker. The worker owns the model; the page asks for what it shows.

export type LoadSource =
  | { readonly kind: 'files'; readonly files: readonly { readonly file: Blob; readonly path: string }[] }
  | { readonly kind: 'url'; readonly url: string; readonly name?: string }
  | { readonly kind: 'urls'; readonly urls: readonly { readonly url: string; readonly path: string }[] }
  /** A shared trace: sealed bytes fetched from `url` (the store) or carried in `data` (base64url, fragment-only links). */
  | { readonly kind: 'sealed'; readonly url?: string; readonly data?: string; readonly key: string };

export interface StatusBadges {
  readonly results: readonly { readonly subtype: string; readonly isError: boolean }[];
  readonly interrupted: number;
  readonly incompleteStreams: number;
  readonly mismatchedStreams: number;
  readonly eval?: { readonly passed?: boolean; readonly transportError?: string };
}

export interface AgentOption {
  readonly index: number;
  readonly label: string;
  /** The value of `agent:` that selects this lane (`main`, its name, or its id). */
  readonly filter: string;
  readonly kind: string;
  readonly session: string;
}

export interface TraceSummary {
  readonly stats: TraceStats;
  readonly sources: readonly SourceInfo[];
  readonly sessions: readonly { readonly id: string; readonly title?: string }[];
  readonly agents: readonly AgentOption[];
  readonly diagnostics: readonly (Diagnostic & { readonly sourceName: string })[];
  readonly status: StatusBadges;
  readonly rowCount: number;
  readonly eventCount: number;
  readonly toolNames: readonly string[];
  readonly models: readonly string[];
  /** Where the load time went, in the worker. */
  readonly timings: { readonly parseMs: number; readonly modelMs: number; readonly rowsMs: number; readonly summaryMs: number };
}

export interface ViewState {
  readonly filter: string;
  readonly expanded: readonly number[];
}

export type Request =
  | { readonly type: 'load'; readonly source: LoadSource }
  | { readonly type: 'rows'; readonly start: number; readonly end: number }
  | { readonly type: 'view'; readonly view: ViewState }
  | { readonly type: 'details'; readonly seq: number; readonly full?: boolean }
  | { readonly type: 'raw'; readonly seq: number }
  | { readonly type: 'rowOf'; readonly seq: number }
  | { readonly type: 'find'; readonly query: string }
  /** The next (dir 1) or previous (dir -1) model-call or response header row from `row`, or -1. */
  | { readonly type: 'neighbor'; readonly row: number; readonly dir: 1 | -1 }
  /** The header row (model call or response) a row sits under, or -1. */
  | { readonly type: 'headerOf'; readonly row: number }
  | { readonly type: 'statsView'; readonly overrides?: readonly ModelPrice[] }
  | { readonly type: 'explain'; readonly query: ExplainQuery; readonly overrides?: readonly ModelPrice[] }
  /** Every secret in the loaded files, masked, for the Share dialog. */
  | { readonly type: 'shareScan'; readonly options?: ScanOptions }
  /** The loaded files with every secret found redacted except those kept, bundled, compressed and encrypted. */
  | { readonly type: 'shareSeal'; readonly kept: readonly string[]; readonly options?: ScanOptions };

export interface SealedTrace {
  readonly sealed: Uint8Array<ArrayBuffer>;
  readonly key: string;
  /** Size of the redacted files before compression. */
  readonly plainBytes: number;
  readonly files: number;
}

export interface RawLines {
  readonly sourceName: string;
  readonly line: number;
  readonly offset: number;
  readonly length: number;
  readonly text: string;
  readonly path?: string;
}

export type ResultOf<R extends Request> = R extends { type: 'load' }
  ? TraceSummary
  : R extends { type: 'rows' }
    ? readonly RowView[]
    : R extends { type: 'view' }
      ? { readonly rowCount: number }
      : R extends { type: 'details' }
        ? DetailsView | undefined
        : R extends { type: 'raw' }
          ? RawLines | undefined
          : R extends { type: 'rowOf' }
            ? number
            : R extends { type: 'find' }
              ? readonly number[]
              : R extends { type: 'neighbor' } | { type: 'headerOf' }
                ? number
                : R extends { type: 'statsView' }
                  ? StatsView
                  : R extends { type: 'explain' }
                    ? ExplainView
                    : R extends { type: 'shareScan' }
                      ? ShareScan
                      : R extends { type: 'shareSeal' }
                        ? SealedTrace
                        : never;

export type WorkerMessage =
  | { readonly kind: 'reply'; readonly id: number; readonly ok: true; readonly result: unknown }
  | { readonly kind: 'reply'; readonly id: number; readonly ok: false; readonly error: string }
  | { readonly kind: 'progress'; readonly bytes: number; readonly totalBytes?: number; readonly events: number; readonly name: string; readonly rowCount: number };
