import type { LoadLimits } from '../trace/limits';
import type { FilterIssue } from '../trace/filter-check';
import type { ChipCounts, ChipKey } from '../view/chips';
import type { TraceStats } from '../trace/stats';
import type { LocalPriceParts } from '../trace/pricing/pricing';
import type { DetailsView } from '../view/details';
import type { ExplainQuery, ExplainView } from '../view/explain';
import type { StatsViewWire } from '../view/stats-view';
import type { RowView } from '../view/rowview';
import type { HeaderKind } from '../view/rows';
import type { ScanOptions } from '../share/redact';
import type { ShareScan } from '../share/sources';
import type { FilterFate } from '../share/view-state';
import type { SeqMove } from '../view/moves';
import type { MediaPayload } from '../trace/media';
import type { RunDigest } from '../compare/digest';
import type { TraceSummary } from '../view/trace-summary';

// Messages between the viewer and its trace worker: the engine's public API. The worker owns the model; the page asks
// for what it shows. The worker answers through `handlers.ts`; what a load answers is a `TraceSummary`
// (`lib/view/trace-summary.ts`).

export type LoadSource =
  | { readonly kind: 'files'; readonly files: readonly { readonly file: Blob; readonly path: string }[] }
  | { readonly kind: 'url'; readonly url: string; readonly name?: string }
  | { readonly kind: 'urls'; readonly urls: readonly { readonly url: string; readonly path: string }[] }
  /**
   * A shared trace: sealed bytes fetched from `url` (the store) or carried in `data` (base64url, fragment-only links);
   * or `packed`, bytes the page already fetched and decrypted (still gzip-compressed: the worker unpacks them), as it
   * does for a link that needs a password or burns after reading. `password` opens a password-sealed `url`/`data`.
   */
  | {
      readonly kind: 'sealed';
      readonly url?: string;
      readonly data?: string;
      readonly packed?: Uint8Array<ArrayBuffer>;
      readonly key: string;
      readonly password?: string;
    }
  /**
   * Files opened through the File System Access API: read again as they grow (live tail). `folders` are watched for
   * new transcripts (a subagent started while the session runs), named by their path like the files in them.
   */
  | {
      readonly kind: 'handles';
      readonly files: readonly { readonly handle: FileSystemFileHandle; readonly path: string }[];
      readonly folders?: readonly WatchedFolder[];
    };

/** A folder whose transcripts join a live source as they appear; with `under`, only its sub-folder of that name. */
export interface WatchedFolder {
  readonly handle: FileSystemDirectoryHandle;
  readonly path: string;
  readonly under?: string;
}

export interface ViewResult {
  readonly rowCount: number;
  /** Events the filter matched and the chips show (all shown ones without a filter), and all events. */
  readonly matched: number;
  readonly total: number;
  /** Terms of the filter that name an unknown property or a value the trace does not have. */
  readonly issues: readonly FilterIssue[];
  /** With a filter: matching events hidden because their chip is off, per chip. */
  readonly hiddenMatches?: ChipCounts;
}

export interface ViewState {
  readonly filter: string;
  readonly expanded: readonly number[];
  /** Chips that are on (`show=` in the URL); lines under the others are hidden. None: the conversation alone. */
  readonly show?: readonly ChipKey[];
}

/**
 * What the page can ask the trace worker: one entry per method, its request and its result. The worker answers
 * through a handler table keyed the same way (`lib/engine/handlers.ts`), so both ends are checked against this map.
 */
/**
 * Prices kept in this browser: typed overrides (the Stats pane) over a loaded price file's models (only those of the
 * trace's models are sent) over the shipped table.
 */
export type LocalPrices = LocalPriceParts;

export interface Api {
  /** `limits`: the line and inflate limits (the page URL's `maxLineBytes`, `maxInflateBytes`); defaults when absent. */
  load: { req: { readonly source: LoadSource; readonly limits?: LoadLimits }; res: TraceSummary };
  rows: { req: { readonly start: number; readonly end: number }; res: readonly RowView[] };
  /** Rebuilds the rows for a filter, folds and chips: how many rows, how many events matched of all, and what in the filter is wrong. */
  /** With this browser's local prices, which the rows' cost badges then use. */
  view: { req: LocalPrices & { readonly view: ViewState }; res: ViewResult };
  /** `full`: the event normalized again from its line without clamping ("Show all"). */
  details: { req: LocalPrices & { readonly seq: number; readonly full?: boolean }; res: DetailsView | undefined };
  raw: { req: { readonly seq: number }; res: RawLines | undefined };
  /** The bytes of an image in event `seq`'s line (`at`: `MediaInfo.at`), checked to be a raster image within the caps. */
  media: { req: { readonly seq: number; readonly at: string }; res: MediaPayload };
  /** The line a line diagnostic is about (one that made no event), by where it starts; cut past 64 KiB (`more`). */
  diagnosticLine: { req: { readonly source: number; readonly offset: number }; res: RawLines | undefined };
  /**
   * The row an event shows on under the current view, or -1. With `header`: the header row of that kind (a model
   * call's, a response's, a lane's, folded streams') whose first event is `seq`, when it is in view (else the event's).
   */
  rowOf: { req: { readonly seq: number; readonly header?: HeaderKind }; res: number };
  /** Event rows whose label or text contains the query (case-insensitive). */
  find: { req: { readonly query: string }; res: readonly number[] };
  /** The next (dir 1) or previous (dir -1) model-call or response header row from `row`, or -1. */
  neighbor: { req: { readonly row: number; readonly dir: 1 | -1 }; res: number };
  /** The header row (model call or response) a row sits under, or -1. */
  headerOf: { req: { readonly row: number }; res: number };
  statsView: { req: LocalPrices; res: StatsViewWire };
  explain: { req: LocalPrices & { readonly query: ExplainQuery }; res: ExplainView };
  /** The totals' cost under local prices: what the toolbar shows once a price file or an override is in use. */
  cost: { req: LocalPrices; res: TraceStats['cost'] };
  /** Every secret in the loaded files, masked, for the Share dialog. */
  shareScan: { req: { readonly options?: ScanOptions }; res: ShareScan };
  /** The loaded files with every secret found redacted except those kept, bundled, compressed and encrypted. */
  /** `password`: sealed under it too; `dropMedia`: the inline images and documents are left out (their data emptied in place). */
  shareSeal: {
    req: {
      readonly kept: readonly string[];
      readonly options?: ScanOptions;
      readonly view?: string;
      readonly password?: string;
      readonly dropMedia?: boolean;
    };
    res: SealedTrace;
  };
  /**
   * Newer copies of the loaded files (picked again: a file input's files are snapshots), matched by path: the files
   * that changed are read again (only the appended part of a file that grew). Null when nothing changed.
   */
  reload: {
    req: { readonly files: readonly { readonly file: Blob; readonly path: string }[] };
    res: TraceUpdate | null;
  };
  /** The loaded trace's digest for comparing it with another run (`lib/compare`): responses, calls, deltas, verdict. */
  /** Costs at this browser's local prices (a price file, overrides), as everywhere else. */
  compare: { req: LocalPrices & { readonly name: string }; res: RunDigest };
  /**
   * The digest of the first megabytes of a source, read apart from its load (which may still run): a comparison's
   * first aligned rows. Null where a head is of no use (a small, compressed or unsized run).
   */
  compareHead: {
    req: LocalPrices & { readonly source: LoadSource; readonly name: string };
    res: { readonly digest: RunDigest; readonly bytes: number; readonly totalBytes: number } | null;
  };
}

/** The trace after its files changed: its summary, and where the events before moved (see `SeqMove`). */
export interface TraceUpdate {
  readonly summary: TraceSummary;
  readonly moves: readonly SeqMove[];
  /** The files read again. */
  readonly changed: readonly string[];
}

export type Method = keyof Api;
export type RequestOf<K extends Method> = Api[K]['req'];
export type ResultOf<K extends Method> = Api[K]['res'];

/** Asks the worker one thing; what the panes are given. */
export type Ask = <K extends Method>(method: K, req: RequestOf<K>) => Promise<ResultOf<K>>;

/** Page to worker: one request, numbered so its reply can find it. */
export interface CallOf<K extends Method> {
  readonly id: number;
  readonly method: K;
  readonly req: RequestOf<K>;
}
export type Call = { [K in Method]: CallOf<K> }[Method];

export interface SealedTrace {
  readonly sealed: Uint8Array<ArrayBuffer>;
  readonly key: string;
  /** Size of the redacted files before compression. */
  readonly plainBytes: number;
  readonly files: number;
  /** The view state for the link's fragment (`sel=…&tab=…&q=…`), its filter redacted as the trace is. */
  readonly view: string;
  /** What became of the filter: none given, kept as is, redacted, or left out (a piece of a secret would show). */
  readonly filter: FilterFate;
}

export interface RawLines {
  readonly sourceName: string;
  readonly line: number;
  readonly offset: number;
  readonly length: number;
  readonly text: string;
  readonly path?: string;
  /** Bytes of the line left out of `text` (a diagnostic's line is shown cut). */
  readonly more?: number;
}

export interface ReplyOf<K extends Method> {
  readonly kind: 'reply';
  readonly id: number;
  readonly method: K;
  readonly ok: true;
  readonly result: ResultOf<K>;
}
export interface Failure {
  readonly kind: 'reply';
  readonly id: number;
  readonly ok: false;
  readonly error: string;
  /** Trying again cannot help (a shared trace deleted, a link cut short): the page offers no "Try again". */
  readonly final?: true;
}
export type Reply = ReplyOf<Method> | Failure;

export interface ProgressMessage {
  readonly kind: 'progress';
  readonly bytes: number;
  readonly totalBytes?: number;
  readonly events: number;
  readonly name: string;
  readonly rowCount: number;
  /** About how many bytes of the files the tab's memory holds (see `HeapGuard.holds`), once the worker can tell. */
  readonly holdsBytes?: number;
  /** The first rows, sent unasked until a screenful exists: the page draws them without asking (and waiting for a
   *  worker that is parsing the next slice to answer). */
  readonly rows?: readonly RowView[];
}

/** Worker to page, unasked: the files being watched changed (live tail), or stopped growing. */
export interface UpdateMessage extends TraceUpdate {
  readonly kind: 'update';
}

/** Worker to page. */
export type WorkerMessage = Reply | ProgressMessage | UpdateMessage;

/**
 * Whether a successful reply answers a request of `method`. The one place the page trusts the worker's types: what
 * crosses `postMessage` is structured-cloned and arrives untyped; the worker built it from a handler of the same method
 * (type-checked against `Api` there), and the tag is checked here at run time.
 */
export function answers<K extends Method>(method: K, reply: ReplyOf<Method>): reply is ReplyOf<K> {
  return reply.method === method;
}
