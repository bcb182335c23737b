'use client';

import type { LoadSource, WatchedFolder } from '../../lib/engine/protocol';
import type { SkippedFile } from '../intake/intake';
import { idbRequest } from '../ui/idb';

// Dropped and pasted files live in IndexedDB under a random id, so `/view?local=<id>` survives a reload.

const DB = 'loupe';
const STORE = 'local-traces';

export interface StoredFiles {
  readonly files: readonly { readonly path: string; readonly file: Blob }[];
  readonly title: string;
  readonly savedAt: number;
  /** Files of the same drop that were not opened, and why: the viewer names them. */
  readonly skipped?: readonly SkippedFile[];
  /** Instead of files: File System Access handles, read again as they grow (a session opened from the library). */
  readonly handles?: readonly { readonly path: string; readonly handle: FileSystemFileHandle }[];
  readonly folders?: readonly WatchedFolder[];
}

/** What the trace worker loads for stored files. */
export function sourceOf(stored: StoredFiles): LoadSource {
  return stored.handles
    ? { kind: 'handles', files: stored.handles, folders: stored.folders ?? [] }
    : { kind: 'files', files: stored.files };
}

function tx<T>(mode: IDBTransactionMode, run: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return idbRequest(DB, STORE, mode, run);
}

export function newLocalId(): string {
  const b = new Uint8Array(9);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

export async function saveLocal(id: string, value: StoredFiles): Promise<void> {
  await tx('readwrite', (s) => s.put(value, id));
  // Keep the 20 most recent; older drops are removed.
  const keys = await tx('readonly', (s) => s.getAllKeys());
  if (keys.length > 20) {
    const all = await Promise.all(
      keys.map(async (k) => ({ k, v: await tx<StoredFiles | undefined>('readonly', (s) => s.get(k)) })),
    );
    all.sort((a, b) => (a.v?.savedAt ?? 0) - (b.v?.savedAt ?? 0));
    for (const { k } of all.slice(0, all.length - 20)) await tx('readwrite', (s) => s.delete(k));
  }
}

export function loadLocal(id: string): Promise<StoredFiles | undefined> {
  return tx<StoredFiles | undefined>('readonly', (s) => s.get(id));
}
