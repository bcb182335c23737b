'use client';

import type { LibrarySnapshot } from '../../lib/fast/library';
import type { StackBy } from '../../lib/fast/daily';
import type { LocalPrices, WatchedFolder } from '../../lib/engine/protocol';
import type { StoredFiles } from '../data/localFiles';
import { TRACE_FILE, walkFolder, type HandleFile, type HandleFolder } from '../../lib/browser/fsa';
import type { FromLibrary, LibraryFile, LibraryProgress, ToLibrary } from '../../lib/browser/library-protocol';

// The open projects folder, outside React: it outlives the library page while a session is open in the workbench
// (Back shows it again as it was: rows, sort, search, scroll), and owns the workers that fill it.

export type SortKey = 'start' | 'project' | 'prompt' | 'duration' | 'models' | 'calls' | 'tokens' | 'cost';

export interface LibraryView {
  readonly sort: { readonly key: SortKey; readonly dir: 'asc' | 'desc' };
  readonly query: string;
  readonly stackBy: StackBy;
  readonly scrollTop: number;
  /** The row the keyboard is on (index in the sorted, filtered rows). */
  readonly active: number;
  /** A session was opened from the table: shown again (Back), the table takes the focus it had. */
  readonly opened?: boolean;
}

export interface LibraryState {
  readonly status: 'empty' | 'listing' | 'scanning' | 'done';
  /** The folder's name. */
  readonly root?: string;
  /** How it was opened: a folder input (snapshots), or the File System Access API (read live). */
  readonly via?: 'input' | 'handle';
  readonly progress?: LibraryProgress;
  readonly snapshot: LibrarySnapshot;
  /** Sessions matching the search; undefined when there is none (or its answer has not come yet). */
  readonly matches?: ReadonlySet<string>;
  readonly error?: string;
  readonly view: LibraryView;
  /** When the folder was opened (performance.now()), and when its last file was scanned. */
  readonly startedAt?: number;
  readonly doneAt?: number;
}

interface Entry {
  readonly file?: File;
  readonly handle?: FileSystemFileHandle;
}

const EMPTY: LibrarySnapshot = { rows: [], cells: {}, files: {}, priceSource: '' };
const VIEW: LibraryView = {
  sort: { key: 'start', dir: 'desc' },
  query: '',
  stackBy: 'project',
  scrollTop: 0,
  active: 0,
};

/**
 * How many scan workers: one per core, at most four. None is left to the page: while the table fills, its tasks are
 * short (a snapshot's render, a scroll) and the system shares the cores with it, while a core left idle for it
 * halved the fill on two cores (a trace: the page's main thread busy 15% of the fill, the one scan worker 100%).
 */
function poolSize(): number {
  const n = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : 2;
  return Math.max(1, Math.min(4, Number.isFinite(n) && n > 0 ? n : 2));
}

/**
 * Files handed to the library worker per message; each message is its own task of the page. Cloning a File costs the
 * page ~0.2 ms of CPU (a trace: 16-22 ms per hundred), and a loaded machine stretches a task several times over.
 */
const BATCH = 50;

export class LibraryStore {
  private state: LibraryState = { status: 'empty', snapshot: EMPTY, view: VIEW };
  private readonly listeners = new Set<() => void>();
  private workers: Worker[] = [];
  private library: Worker | undefined;
  private entries = new Map<string, Entry>();
  private folders = new Map<string, FileSystemDirectoryHandle>();
  private searchId = 0;
  /** This browser's local prices, as the page last gave them: sent to every library worker this store starts. */
  private prices: LocalPrices = {};

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getState = (): LibraryState => this.state;

  private set(patch: Partial<LibraryState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  setView(patch: Partial<LibraryView>): void {
    const view = { ...this.state.view, ...patch };
    this.set({ view });
    if (patch.query !== undefined) this.search(patch.query);
  }

  /** Prices the rows and the chart with this browser's local prices (a price file, overrides); the same again is a no-op. */
  setPrices(prices: LocalPrices): void {
    if (JSON.stringify(prices) === JSON.stringify(this.prices)) return;
    this.prices = prices;
    const m: ToLibrary = { kind: 'prices', prices };
    this.library?.postMessage(m);
  }

  /** A folder from a folder input (`webkitdirectory`): its files are snapshots. */
  openFiles(files: readonly { readonly path: string; readonly file: File }[]): void {
    const root = files[0]?.path.split('/')[0] ?? 'folder';
    const entries = new Map<string, Entry>();
    for (const f of files) if (TRACE_FILE.test(f.path)) entries.set(f.path, { file: f.file });
    this.folders.clear();
    this.start(root, 'input', entries);
  }

  /** A folder from the File System Access API: its files are read in the workers, and live in the workbench. */
  async openHandle(dir: FileSystemDirectoryHandle): Promise<void> {
    this.stop();
    this.set({
      status: 'listing',
      root: dir.name,
      via: 'handle',
      snapshot: EMPTY,
      error: undefined,
      progress: undefined,
      matches: undefined,
      view: VIEW,
    });
    const folders: HandleFolder[] = [];
    let files: HandleFile[];
    try {
      files = await walkFolder(dir, dir.name, [], folders);
    } catch (e) {
      // Said on the library page, which is shown by now (the picker's own message would be on the home page, gone):
      // else it reads "reading the folder…" for ever. A folder moved or deleted since it was remembered, say.
      if (this.state.status === 'listing' && this.state.root === dir.name)
        this.set({
          status: 'done',
          error: `Could not read ${dir.name}: ${e instanceof Error ? e.message : String(e)}`,
        });
      return;
    }
    const entries = new Map<string, Entry>(files.map((f): [string, Entry] => [f.path, { handle: f.handle }]));
    this.folders = new Map([
      [dir.name, dir],
      ...folders.map((f): [string, FileSystemDirectoryHandle] => [f.path, f.handle]),
    ]);
    this.start(dir.name, 'handle', entries);
  }

  private start(root: string, via: 'input' | 'handle', entries: Map<string, Entry>): void {
    this.stop();
    this.entries = entries;
    const files: LibraryFile[] = [...entries].map(([name, e]) => ({
      name,
      ...(e.file ? { file: e.file } : {}),
      ...(e.handle ? { handle: e.handle } : {}),
    }));
    this.set({
      status: 'scanning',
      root,
      via,
      snapshot: EMPTY,
      matches: undefined,
      error: files.length === 0 ? `${root} holds no transcripts (.jsonl or .json files).` : undefined,
      // The library worker reads the sizes (a File's size can take the page a while, a thousand times over).
      progress: undefined,
      view: VIEW,
      startedAt: performance.now(),
      doneAt: undefined,
    });
    const library = new Worker(new URL('../../lib/browser/library.worker.ts', import.meta.url), {
      type: 'module',
      name: 'loupe-library',
    });
    library.onmessage = (ev: MessageEvent<FromLibrary>) => this.onMessage(ev.data);
    const prices: ToLibrary = { kind: 'prices', prices: this.prices };
    library.postMessage(prices);
    library.onerror = (ev) => this.set({ error: `The library stopped: ${ev.message || 'its worker crashed'}` });
    this.library = library;
    const ports: MessagePort[] = [];
    for (let i = 0; i < Math.min(poolSize(), Math.max(1, files.length)); i++) {
      const w = new Worker(new URL('../../lib/browser/scan.worker.ts', import.meta.url), {
        type: 'module',
        name: `loupe-scan-${i + 1}`,
      });
      // A scan worker that fails to start or crashes would leave its files unscanned and the table waiting: say so.
      w.onerror = (ev) => {
        if (this.library === library)
          this.set({ error: `A scan worker stopped: ${ev.message || 'it crashed'}. Close and open the folder again.` });
      };
      const ch = new MessageChannel();
      w.postMessage({ port: ch.port1 }, [ch.port1]);
      ports.push(ch.port2);
      this.workers.push(w);
    }
    void this.handOver(library, root, files, ports);
  }

  /** Gives the worker the files a batch per task, then starts it. */
  private async handOver(
    library: Worker,
    root: string,
    files: readonly LibraryFile[],
    ports: readonly MessagePort[],
  ): Promise<void> {
    for (let at = 0; at + BATCH < files.length; at += BATCH) {
      if (this.library !== library) return;
      const m: ToLibrary = { kind: 'files', files: files.slice(at, at + BATCH) };
      library.postMessage(m);
      await new Promise((r) => setTimeout(r, 0));
    }
    if (this.library !== library) return;
    const rest = files.slice(Math.max(0, Math.ceil(files.length / BATCH) - 1) * BATCH);
    const start: ToLibrary = { kind: 'start', root, files: rest, ports };
    library.postMessage(start, [...ports]);
  }

  private onMessage(m: FromLibrary): void {
    if (m.kind === 'progress') {
      this.set({ progress: m.progress });
      return;
    }
    if (m.kind === 'search') {
      if (m.id === this.searchId) this.set({ matches: new Set(m.ids) });
      return;
    }
    this.set({
      snapshot: m.snapshot,
      progress: m.progress,
      ...(m.done ? { status: 'done', doneAt: performance.now() } : {}),
    });
    if (m.done) for (const w of this.workers.splice(0)) w.terminate();
    // New rows: the search is asked again over them.
    if (this.state.view.query.trim()) this.search(this.state.view.query);
  }

  private search(query: string): void {
    this.searchId += 1;
    if (!query.trim()) {
      this.set({ matches: undefined });
      return;
    }
    const m: ToLibrary = { kind: 'search', id: this.searchId, query };
    this.library?.postMessage(m);
  }

  /** What opens a session in the workbench: its files (or handles, watched as they grow) and a title. */
  sessionFiles(sessionId: string): StoredFiles | undefined {
    const names = this.state.snapshot.files[sessionId];
    const row = this.state.snapshot.rows.find((r) => r.sessionId === sessionId);
    if (!names || names.length === 0) return undefined;
    // The workbench adds the session's first prompt, as it reads it (`traceHeading`).
    const title = row?.projectPath ?? sessionId.slice(0, 8);
    const base = { title, savedAt: Date.now() };
    if (this.state.via === 'handle') {
      const handles = names.flatMap((path) => {
        const h = this.entries.get(path)?.handle;
        return h ? [{ path, handle: h }] : [];
      });
      // The session's own folder (its subagents) is watched for files that appear while it runs.
      const main = names[0] ?? '';
      const projectPath = main.includes('/') ? main.slice(0, main.lastIndexOf('/')) : '';
      const dir = this.folders.get(projectPath);
      const folders: WatchedFolder[] = dir ? [{ handle: dir, path: projectPath, under: sessionId }] : [];
      return { ...base, files: [], handles, folders };
    }
    const files = names.flatMap((path) => {
      const f = this.entries.get(path)?.file;
      return f ? [{ path, file: f }] : [];
    });
    return { ...base, files };
  }

  private stop(): void {
    for (const w of this.workers.splice(0)) w.terminate();
    this.library?.terminate();
    this.library = undefined;
  }

  close(): void {
    this.stop();
    this.entries.clear();
    this.folders.clear();
    this.set({
      status: 'empty',
      snapshot: EMPTY,
      root: undefined,
      via: undefined,
      progress: undefined,
      matches: undefined,
      error: undefined,
      view: VIEW,
    });
  }
}
