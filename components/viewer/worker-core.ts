import { DEFAULT_NORMALIZE, withInterner } from '../../lib/trace/adapters/common';
import { ModelBuilder } from '../../lib/trace/model/build';
import type { Trace } from '../../lib/trace/model/types';
import { chunksOf, maybeGunzip, type ByteSource } from '../../lib/trace/lines';
import { orderInputs } from '../../lib/trace/load';
import { normalizeLine, parseSource, detectDialect, isObject, type SourceInput } from '../../lib/trace/parse';
import { computeStats } from '../../lib/trace/stats';
import { compileFilter } from '../../lib/trace/filter';
import { agentLabel } from '../../lib/trace/stats';
import { searchText, summarize } from '../../lib/trace/describe';
import { detailsOf } from '../../lib/view/details';
import { computeStatsView, explain } from '../../lib/view/stats-view';
import { DEFAULT_PRICES, withOverrides, type ModelPrice } from '../../lib/trace/pricing/pricing';
import { buildRows, ROW_RESPONSE, ROW_TURN, type RowTable } from '../../lib/view/rows';
import { rowViews, type RowView } from '../../lib/view/rowview';
import type { LoadSource, RawLines, Request, SealedTrace, TraceSummary, ViewState } from '../../lib/view/protocol';
import { decodeBundle, encodeBundle, fromBase64Url, unseal, seal } from '../../lib/share/seal';
import { redactForShare, scanFiles, type ShareFile } from '../../lib/share/sources';
import type { ScanOptions } from '../../lib/share/redact';

// The worker's state and request handling, apart from `postMessage` plumbing so it can be reasoned about alone.

export interface Progress {
  readonly bytes: number;
  readonly totalBytes?: number;
  readonly events: number;
  readonly name: string;
  readonly rowCount: number;
}

interface Loaded {
  readonly trace: Trace;
  rows: RowTable;
  view: ViewState;
  readonly blobs: readonly Blob[];
}

const MAX_BYTES = 1.5 * 1024 * 1024 * 1024;

/**
 * Gives the worker's event loop a turn so requests (rows) are answered while a big file parses. A message to itself
 * is a macrotask without setTimeout's 4 ms clamp.
 */
const yieldToEvents = (): Promise<void> =>
  new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });

const SLICE = 4 * 1024 * 1024;

/**
 * Reads a Blob in large slices: fewer, bigger chunks than Blob.stream() gives, which the line reader likes. The next
 * slice is already being read while the current one is parsed, so the worker does not sit idle waiting for I/O.
 */
async function* blobChunks(blob: Blob): AsyncGenerator<Uint8Array> {
  // A small first slice, so the first rows can show before a big file's first megabytes are parsed.
  const read = (from: number, size: number) => blob.slice(from, Math.min(blob.size, from + size)).arrayBuffer();
  let at = 0;
  let next = blob.size > 0 ? read(0, 256 * 1024) : undefined;
  while (next) {
    const buf = await next;
    at += buf.byteLength;
    next = at < blob.size && buf.byteLength > 0 ? read(at, SLICE) : undefined;
    yield new Uint8Array(buf);
  }
}

export class TraceSession {
  private loaded: Loaded | undefined;
  private builder: ModelBuilder | undefined;

  constructor(private readonly onProgress: (p: Progress) => void) {}

  async handle(req: Request): Promise<unknown> {
    switch (req.type) {
      case 'load':
        return this.load(req.source);
      case 'rows':
        return this.rows(req.start, req.end);
      case 'view':
        return this.setView(req.view);
      case 'details':
        return this.details(req.seq, req.full === true);
      case 'raw':
        return this.raw(req.seq);
      case 'rowOf':
        return this.loaded?.rows.rowOfSeq[req.seq] ?? -1;
      case 'find':
        return this.find(req.query);
      case 'neighbor':
        return this.neighbor(req.row, req.dir);
      case 'headerOf':
        return this.headerOf(req.row);
      case 'statsView':
        return computeStatsView(this.trace(), pricesWith(req.overrides));
      case 'explain':
        return explain(this.trace(), req.query, pricesWith(req.overrides));
      case 'shareScan':
        return scanFiles(await this.shareFiles(), req.options);
      case 'shareSeal':
        return this.seal(req.kept, req.options);
    }
  }

  private trace(): Trace {
    if (!this.loaded) throw new Error('nothing loaded');
    return this.loaded.trace;
  }

  /** The loaded files as text (gzip already undone), under the names they were loaded with. */
  private async shareFiles(): Promise<ShareFile[]> {
    const l = this.loaded;
    if (!l) throw new Error('nothing loaded');
    return Promise.all(l.blobs.map(async (blob, i) => ({ path: (l.trace.sources[i]?.name ?? `file-${i}.jsonl`).replace(/\.gz$/i, ''), text: await blob.text() })));
  }

  private async seal(kept: readonly string[], options: ScanOptions | undefined): Promise<SealedTrace> {
    const files = await redactForShare(await this.shareFiles(), new Set(kept), options);
    const enc = new TextEncoder();
    const plain = encodeBundle(files.map((f) => ({ path: f.path, bytes: enc.encode(f.text) })));
    const { sealed, key } = await seal(plain);
    return { sealed, key, plainBytes: plain.length, files: files.length };
  }

  private async inputs(source: LoadSource): Promise<{ inputs: SourceInput[]; blobs: Map<string, Blob> }> {
    if (source.kind === 'sealed') {
      // Once opened, a shared trace is files like any dropped ones.
      const sealed = source.data !== undefined ? sealedFromLink(source.data) : await fetchSealed(source.url ?? '');
      const files = decodeBundle(await unseal(sealed, source.key, MAX_BYTES));
      return this.inputs({ kind: 'files', files: files.map(({ path, bytes }) => ({ path, file: new Blob([bytes]) })) });
    }
    const blobs = new Map<string, Blob>();
    if (source.kind === 'files') {
      const total = source.files.reduce((n, f) => n + f.file.size, 0);
      if (total > MAX_BYTES) throw new Error(`These files are ${(total / 1024 ** 3).toFixed(1)} GB: more than this tab can hold (about 1.5 GB). Split the transcript, or use \`npx loupe stats\` on the command line.`);
      return {
        inputs: source.files.map(({ file, path }) => {
          blobs.set(path, file);
          return { name: path, size: file.size, open: () => file.stream() };
        }),
        blobs,
      };
    }
    const list = source.kind === 'url' ? [{ url: source.url, path: source.name ?? nameOfUrl(source.url) }] : source.urls;
    const inputs: SourceInput[] = [];
    for (const { url, path } of list) {
      const blob = await fetchBlob(url);
      blobs.set(path, blob);
      inputs.push({ name: path, size: blob.size, open: () => blob.stream() });
    }
    return { inputs, blobs };
  }

  private async load(source: LoadSource): Promise<TraceSummary> {
    const t0 = performance.now();
    const { inputs, blobs } = await this.inputs(source);
    const ordered = orderInputs(inputs);
    const norm = withInterner(DEFAULT_NORMALIZE);
    const builder = new ModelBuilder(norm);
    this.builder = builder;
    const totalBytes = ordered.reduce((n, i) => n + (i.size ?? 0), 0);
    let done = 0;
    let lastPost = 0;
    const sourceBlobs: Blob[] = [];
    for (let i = 0; i < ordered.length; i++) {
      const input = ordered[i];
      if (!input) continue;
      const blob = blobs.get(input.name) ?? new Blob([]);
      const gz = await isGzip(blob);
      // Raw lines are re-read by byte offset; for gzip that means keeping the decompressed bytes as a Blob.
      const parts: Uint8Array<ArrayBuffer>[] = [];
      let sinceYield = performance.now();
      let read = 0;
      const counted = (async function* () {
        for await (const chunk of gz ? chunksOf(blob.stream()) : blobChunks(blob)) {
          read += chunk.length;
          yield chunk;
        }
      })();
      const stream: ByteSource = (async function* () {
        for await (const chunk of maybeGunzip(counted)) {
          if (gz) parts.push(new Uint8Array(chunk));
          yield chunk;
          if (performance.now() - sinceYield > 50) {
            await yieldToEvents();
            sinceYield = performance.now();
          }
        }
      })();
      const info = await parseSource({ name: input.name, size: input.size ?? 0, open: () => stream }, i, builder, {
        normalize: norm,
        onBytes: () => {
          const now = performance.now();
          if (now - lastPost < 80) return;
          lastPost = now;
          this.onProgress({ bytes: done + read, totalBytes, events: builder.events.length, name: input.name, rowCount: builder.events.length });
        },
      });
      builder.addSource(info);
      sourceBlobs[i] = gz ? new Blob(parts) : blob;
      done += input.size ?? 0;
    }
    this.onProgress({ bytes: totalBytes, totalBytes, events: builder.events.length, name: 'building the model', rowCount: builder.events.length });
    await yieldToEvents();
    const t1 = performance.now();
    const trace = builder.finish();
    const t2 = performance.now();
    this.builder = undefined;
    const view: ViewState = { filter: '', expanded: [] };
    this.loaded = { trace, rows: buildRows(trace), view, blobs: sourceBlobs };
    const t3 = performance.now();
    const summary = this.summary();
    const t4 = performance.now();
    return { ...summary, timings: { parseMs: Math.round(t1 - t0), modelMs: Math.round(t2 - t1), rowsMs: Math.round(t3 - t2), summaryMs: Math.round(t4 - t3) } };
  }

  private summary(): Omit<TraceSummary, 'timings'> {
    const l = this.loaded;
    if (!l) throw new Error('nothing loaded');
    const { trace } = l;
    const stats = computeStats(trace);
    const tools = new Set<string>();
    for (const c of trace.toolCalls) tools.add(c.name);
    const models = new Set<string>();
    for (const t of trace.turns) if (t.model && !t.synthetic) models.add(t.model);
    let evalBadge: TraceSummary['status']['eval'];
    const results: { subtype: string; isError: boolean }[] = [];
    for (const e of trace.events) {
      if (e.kind === 'result') results.push({ subtype: e.subtype, isError: e.isError });
      if (e.kind === 'eval') evalBadge = { ...(e.passed !== undefined ? { passed: e.passed } : {}), ...(e.transportError ? { transportError: e.transportError } : {}) };
    }
    return {
      stats,
      sources: trace.sources,
      sessions: trace.sessions.map((s) => ({ id: s.id, ...(s.title ? { title: s.title } : {}) })),
      agents: trace.agents.map((a) => ({ index: a.index, label: agentLabel(trace, a.index), kind: a.kind, session: trace.sessions[a.session]?.id ?? '' })),
      diagnostics: trace.diagnostics.map((d) => ({ ...d, sourceName: trace.sources[d.src?.source ?? -1]?.name ?? '', ...(d.seq === undefined && d.src ? nearSeq(trace, d.src.source, d.src.line) : {}) })),
      status: {
        results,
        interrupted: trace.responses.filter((r) => r.end === 'interrupted').length,
        incompleteStreams: trace.turns.filter((t) => t.stream?.verdict === 'incomplete').length,
        mismatchedStreams: trace.turns.filter((t) => t.stream?.verdict === 'mismatch').length,
        ...(evalBadge ? { eval: evalBadge } : {}),
      },
      rowCount: l.rows.length,
      eventCount: trace.events.length,
      toolNames: [...tools].sort(),
      models: [...models].sort(),
    };
  }

  private rows(start: number, end: number): RowView[] {
    const l = this.loaded;
    if (l) return rowViews(l.trace, l.rows, start, end, new Set(l.view.expanded));
    // Still parsing: events in arrival order, so the first rows show before the model exists.
    const b = this.builder;
    if (!b) return [];
    const out: RowView[] = [];
    for (let i = Math.max(0, start); i < Math.min(end, b.events.length); i++) {
      const e = b.events[i];
      if (e) out.push({ row: i, kind: 'event', depth: 0, icon: e.kind, label: summarize(e), seq: e.seq, badges: [] });
    }
    return out;
  }

  private setView(view: ViewState): { rowCount: number } {
    const l = this.loaded;
    if (!l) return { rowCount: 0 };
    const filter = compileFilter(view.filter, l.trace);
    l.view = view;
    l.rows = buildRows(l.trace, { expanded: new Set(view.expanded), ...(filter ? { filter } : {}) });
    return { rowCount: l.rows.length };
  }

  private async details(seq: number, full: boolean) {
    const l = this.loaded;
    if (!l) return undefined;
    const d = detailsOf(l.trace, seq);
    if (!d || !full) return d;
    // "Show all": re-read the line and normalize it again without clamping.
    const raw = await this.raw(seq);
    if (!raw || raw.path) return d;
    try {
      const obj: unknown = JSON.parse(raw.text);
      if (!isObject(obj)) return d;
      const format = l.trace.sources[d.event.src.source]?.format;
      const dialect = format === 'claude-code' || format === 'sdk-stream' ? format : detectDialect(obj);
      const event = normalizeLine(obj, dialect, { clamp: Number.MAX_SAFE_INTEGER }, { seq, src: d.event.src, path: undefined });
      return { ...d, event };
    } catch {
      return d;
    }
  }

  private async raw(seq: number): Promise<RawLines | undefined> {
    const l = this.loaded;
    const e = l?.trace.events[seq];
    if (!l || !e) return undefined;
    const blob = l.blobs[e.src.source];
    if (!blob) return undefined;
    const text = await blob.slice(e.src.offset, e.src.offset + e.src.length).text();
    return { sourceName: l.trace.sources[e.src.source]?.name ?? '?', line: e.src.line, offset: e.src.offset, length: e.src.length, text, ...(e.path ? { path: e.path } : {}) };
  }

  private isHeader(row: number): boolean {
    const k = this.loaded?.rows.kind[row];
    return k === ROW_TURN || k === ROW_RESPONSE;
  }

  private neighbor(row: number, dir: 1 | -1): number {
    const n = this.loaded?.rows.length ?? 0;
    for (let r = row + dir; r >= 0 && r < n; r += dir) if (this.isHeader(r)) return r;
    return -1;
  }

  private headerOf(row: number): number {
    for (let r = row; r >= 0; r--) if (this.isHeader(r)) return r;
    return -1;
  }

  private find(query: string): number[] {
    const l = this.loaded;
    const q = query.trim().toLowerCase();
    if (!l || !q) return [];
    const out: number[] = [];
    for (let row = 0; row < l.rows.length; row++) {
      if (l.rows.kind[row] !== 3) continue;
      const e = l.trace.events[l.rows.ref[row] ?? -1];
      if (e && (summarize(e).toLowerCase().includes(q) || searchText(e).toLowerCase().includes(q))) out.push(row);
    }
    return out;
  }
}

function pricesWith(overrides: readonly ModelPrice[] | undefined) {
  return overrides && overrides.length > 0 ? withOverrides(DEFAULT_PRICES, overrides) : DEFAULT_PRICES;
}

/** The first event at or after a line of a source: where a malformed line's diagnostic jumps to. */
function nearSeq(trace: Trace, source: number, line: number): { seq?: number } {
  // Events are in (source, line) order: binary search.
  let lo = 0;
  let hi = trace.events.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const e = trace.events[mid];
    if (e && (e.src.source < source || (e.src.source === source && e.src.line < line))) lo = mid + 1;
    else hi = mid;
  }
  const e = trace.events[lo];
  return e && e.src.source === source ? { seq: e.seq } : {};
}

function nameOfUrl(url: string): string {
  try {
    const u = new URL(url);
    return decodeURIComponent(u.pathname.split('/').filter(Boolean).pop() ?? u.hostname) || 'trace.jsonl';
  } catch {
    return 'trace.jsonl';
  }
}

async function isGzip(blob: Blob): Promise<boolean> {
  const head = new Uint8Array(await blob.slice(0, 2).arrayBuffer());
  return head[0] === 0x1f && head[1] === 0x8b;
}

/** A shared trace's sealed bytes from the store; a missing one is said in words (deleted or expired). */
async function fetchSealed(url: string): Promise<Uint8Array<ArrayBuffer>> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'omit', cache: 'no-store' });
  } catch {
    throw new Error('Could not reach the Loupe server to fetch this shared trace. Check your connection and reload.');
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => undefined);
    const message = typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : undefined;
    if (res.status === 404) throw new Error(message ?? 'This trace was deleted or has expired.');
    throw new Error(`The server answered ${res.status} ${res.statusText} for this shared trace${message ? `: ${message}` : ''}. Try again later.`);
  }
  return new Uint8Array(await res.arrayBuffer());
}

/** The sealed bytes a fragment-only link carries (`#d=`). */
function sealedFromLink(data: string): Uint8Array<ArrayBuffer> {
  try {
    return fromBase64Url(data);
  } catch {
    throw new Error('This link is damaged: the trace it carries (the part after #d=) is not intact. Ask for the whole link again.');
  }
}

async function fetchBlob(url: string): Promise<Blob> {
  let parsed: URL;
  try {
    parsed = new URL(url, self.location.href);
  } catch {
    throw new Error(`"${url}" is not a URL.`);
  }
  const loopback = parsed.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol !== 'https:' && parsed.origin !== self.location.origin && !loopback) {
    throw new Error(`Only https:// URLs can be loaded (got ${parsed.protocol}//). Use an https link, or download the file and drop it here.`);
  }
  let res: Response;
  try {
    res = await fetch(parsed.href, { credentials: 'omit', redirect: 'follow' });
  } catch {
    throw new Error(
      `Could not fetch ${parsed.href}. The server refused the request or does not allow cross-origin reads (CORS). ` +
        'Loupe reads the file directly from your browser, so the server must send Access-Control-Allow-Origin. ' +
        'Use a raw link that allows it (raw.githubusercontent.com, gist raw URLs, most CI artifact links), or download the file and drop it here.',
    );
  }
  if (!res.ok) throw new Error(`${parsed.href} answered ${res.status} ${res.statusText}: nothing to load. Check the link, or download the file and drop it here.`);
  const len = Number(res.headers.get('content-length') ?? '0');
  if (len > MAX_BYTES) throw new Error(`That file is ${(len / 1024 ** 3).toFixed(1)} GB: more than this tab can hold. Use \`npx loupe stats\` on it instead.`);
  return res.blob();
}
