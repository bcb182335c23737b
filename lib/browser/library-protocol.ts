import type { FileScan, LibrarySnapshot } from '../fast/index';
import type { LocalPriceParts } from '../trace/pricing/pricing';

// Messages of the library's workers. The page gives the library worker the files and one port per scan worker; the
// library worker hands files to the scan workers through those ports, merges what they return, and sends the page
// snapshots of the rows (never the scans: those stay off the main thread).

/** One transcript of the folder: a picked File, or a File System Access handle read in the worker. */
export interface LibraryJob {
  readonly id: number;
  readonly name: string;
  readonly project: string;
  readonly size: number;
  readonly file?: File;
  readonly handle?: FileSystemFileHandle;
}

/** A transcript of the folder as the page has it: the worker reads its size (a File's size can block the page). */
export interface LibraryFile {
  readonly name: string;
  readonly file?: File;
  readonly handle?: FileSystemFileHandle;
}

export type ToLibrary =
  /** The folder's transcripts (named by their path from the folder, its name first), and one port per scan worker. */
  | {
      readonly kind: 'start';
      readonly root: string;
      readonly files: readonly LibraryFile[];
      readonly ports: readonly MessagePort[];
    }
  /** More of the folder's files before `start` (handed over in batches: cloning a thousand Files at once blocks the page). */
  | { readonly kind: 'files'; readonly files: readonly LibraryFile[] }
  | { readonly kind: 'search'; readonly id: number; readonly query: string }
  /** This browser's local prices (a price file, overrides): the rows and the chart are priced with them from now. */
  | { readonly kind: 'prices'; readonly prices: LocalPriceParts };

export interface LibraryProgress {
  readonly files: number;
  readonly bytes: number;
  readonly doneFiles: number;
  readonly doneBytes: number;
  /** Files that could not be read (their names and why). */
  readonly failed: readonly string[];
}

export type FromLibrary =
  | {
      readonly kind: 'snapshot';
      readonly progress: LibraryProgress;
      readonly snapshot: LibrarySnapshot;
      readonly done: boolean;
      readonly mergeMs: number;
    }
  | { readonly kind: 'progress'; readonly progress: LibraryProgress }
  | { readonly kind: 'search'; readonly id: number; readonly ids: readonly string[] };

/** Library worker to a scan worker, through its port. */
export type ToScan = { readonly kind: 'scan'; readonly job: LibraryJob };

/** A scan worker's answer. */
export type FromScan =
  | { readonly kind: 'scanned'; readonly id: number; readonly scan: FileScan }
  | { readonly kind: 'failed'; readonly id: number; readonly error: string };
