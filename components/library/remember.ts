'use client';

// The projects folder opened through the File System Access API is remembered (its handle, in IndexedDB), so the next
// visit reopens it with one click: the browser asks for permission again, it does not show the picker.

import { idbRequest } from '../ui/idb';

const DB = 'loupe-library';
const STORE = 'folders';
const KEY = 'projects';

function run<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return idbRequest(DB, STORE, mode, fn);
}

export async function rememberFolder(handle: FileSystemDirectoryHandle): Promise<void> {
  await run('readwrite', (s) => s.put(handle, KEY));
}

export async function rememberedFolder(): Promise<FileSystemDirectoryHandle | undefined> {
  const v: unknown = await run('readonly', (s) => s.get(KEY));
  return typeof FileSystemDirectoryHandle !== 'undefined' && v instanceof FileSystemDirectoryHandle ? v : undefined;
}

export async function forgetFolder(): Promise<void> {
  await run('readwrite', (s) => s.delete(KEY));
}
