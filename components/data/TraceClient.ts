'use client';

import { limitsFromParams } from '../../lib/engine/limit-params';
import { DEFAULT_TAB_HEAP } from '../../lib/engine/memory';
import {
  answers,
  type Ask,
  type CallOf,
  type LoadSource,
  type Method,
  type ProgressMessage,
  type RequestOf,
  type ResultOf,
  type Reply,
  type TraceUpdate,
  type WorkerMessage,
} from '../../lib/engine/protocol';
import { type TraceSummary } from '../../lib/view/trace-summary';
import type { RowView } from '../../lib/view/rowview';
import type { SeqMove } from '../../lib/view/moves';
import { FinalError, isFinal } from '../../lib/browser/load-error';
import { earlyRowsOf, noteProgress, type EarlyRows } from './early-rows';

export type LoadProgressState = Omit<ProgressMessage, 'kind'>;

/** The files changed after the load (live tail, or reloaded): numbered, with where the events before moved. */
export interface TraceChange {
  readonly n: number;
  readonly moves: readonly SeqMove[];
}

export type TraceState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'loading'; readonly progress?: LoadProgressState }
  | { readonly phase: 'ready'; readonly summary: TraceSummary; readonly change?: TraceChange }
  | { readonly phase: 'error'; readonly message: string; readonly final?: boolean };

/** The tab's JS heap limit, where the browser tells it (Chromium's `performance.memory`), else a desktop's. */
function tabHeap(): number {
  const memory = (performance as Performance & { memory?: { jsHeapSizeLimit?: number } }).memory;
  const limit = memory?.jsHeapSizeLimit;
  return typeof limit === 'number' && limit > 0 ? limit : DEFAULT_TAB_HEAP;
}

/**
 * One trace worker and the conversation with it. It can be created before there is anything to load (so its script
 * is fetched and compiled while the user picks a file) and start loading before the viewer page mounts.
 */
export class TraceClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { settle: (reply: Reply) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Set<(s: TraceState) => void>();
  private nextId = 1;
  private current: TraceState = { phase: 'idle' };
  private disposed = false;
  private changes = 0;
  /** Read once, as the client starts (before a file is picked): Chromium's `performance.memory` took a few ms. */
  private readonly heap = tabHeap();
  /** The first rows the worker sent with its progress while loading (`ProgressMessage.rows`), and of how many. */
  private early: EarlyRows | undefined;

  constructor() {
    this.worker = new Worker(new URL('../../lib/browser/trace.worker.ts', import.meta.url), {
      type: 'module',
      name: 'loupe-trace',
    });
    this.worker.onmessage = (ev: MessageEvent<WorkerMessage>) => this.onMessage(ev.data);
    this.worker.onerror = (ev) => {
      const message = `The parser stopped: ${ev.message || 'the worker crashed (the file may be too large for this tab)'}`;
      this.set({ phase: 'error', message });
      // Nothing will answer what was asked: say so to each asker rather than leave it loading.
      for (const p of this.pending.values()) p.reject(new Error(message));
      this.pending.clear();
    };
  }

  get state(): TraceState {
    return this.current;
  }

  subscribe(fn: (s: TraceState) => void): () => void {
    this.listeners.add(fn);
    fn(this.current);
    return () => this.listeners.delete(fn);
  }

  load(source: LoadSource): void {
    this.early = undefined;
    this.set({ phase: 'loading' });
    // The limits the page's URL sets (`?maxLineBytes=1MB`), as the CLI's flags set them, and the tab's heap limit:
    // the worker stops reading, in words, before its events would fill more than its share (lib/engine/memory.ts).
    const limits = { ...limitsFromParams(new URLSearchParams(window.location.search)), tabHeapBytes: this.heap };
    this.ask('load', { source, limits }).then(
      (summary) => this.set({ phase: 'ready', summary }),
      (e: Error) => this.set({ phase: 'error', message: e.message, final: isFinal(e) }),
    );
  }

  ask: Ask = (method, req) => {
    if (this.disposed) return Promise.reject(new Error('the trace was closed'));
    // `method` is 'rows', so the answer is the rows: the one place the compiler cannot follow the method to its type.
    const early = method === 'rows' ? this.earlyRows(req as RequestOf<'rows'>) : undefined;
    if (early) return Promise.resolve(early as ResultOf<typeof method>);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const settle = (reply: Reply): void => {
        if (!reply.ok) reject(reply.final ? new FinalError(reply.error) : new Error(reply.error));
        else if (answers(method, reply)) resolve(reply.result);
        else reject(new Error(`the worker answered "${reply.method}" to "${method}"`));
      };
      this.pending.set(id, { settle, reject });
      this.post({ id, method, req });
    });
  };

  /** Rows asked for while loading, from those the worker sent (early-rows.ts). */
  private earlyRows({ start, end }: RequestOf<'rows'>): RowView[] | undefined {
    return this.current.phase === 'loading' ? earlyRowsOf(this.early, start, end) : undefined;
  }

  private post<K extends Method>(call: CallOf<K>): void {
    this.worker.postMessage(call);
  }

  dispose(): void {
    this.disposed = true;
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error('the trace was closed'));
    this.pending.clear();
    this.listeners.clear();
  }

  private set(s: TraceState): void {
    if (this.disposed) return;
    if (s.phase !== 'loading') this.early = undefined;
    this.current = s;
    for (const l of this.listeners) l(s);
  }

  /** Shows the trace after its files changed (an update the worker sent, or the answer to `reload`). */
  accept(up: TraceUpdate): void {
    if (this.current.phase !== 'ready') return;
    this.changes += 1;
    this.set({ phase: 'ready', summary: up.summary, change: { n: this.changes, moves: up.moves } });
  }

  private onMessage(m: WorkerMessage): void {
    if (m.kind === 'progress') {
      if (this.current.phase !== 'loading') return;
      this.early = noteProgress(this.early, m);
      this.set({ phase: 'loading', progress: m });
      return;
    }
    if (m.kind === 'update') {
      this.accept(m);
      return;
    }
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    p.settle(m);
  }
}
