'use client';

// The projects folder opened through the File System Access API is remembered (its handle, in IndexedDB), so the next
// visit reopens it with one click: the browser asks for permission again, it does not show the picker.

const DB = 'loupe-library';
const STORE = 'folders';
const KEY = 'projects';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
  });
}

async function run<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const t = db.transaction(STORE, mode);
    const r = fn(t.objectStore(STORE));
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
    t.oncomplete = () => db.close();
  });
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
