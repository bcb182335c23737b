// The File System Access API where the browser has it (Chromium): a folder handle the user picked, walked for
// transcripts; handles are read again as files grow. Its picker and permission calls are not in TypeScript's DOM
// types yet: declared here as optional, since other browsers lack them.

declare global {
  interface Window {
    showDirectoryPicker?(options?: {
      readonly id?: string;
      readonly mode?: 'read' | 'readwrite';
    }): Promise<FileSystemDirectoryHandle>;
  }
  interface FileSystemDirectoryHandle {
    // In TypeScript's `dom.asynciterable`, which would also make every ReadableStream async-iterable in lib/'s types.
    entries(): AsyncIterableIterator<[string, FileSystemHandle]>;
  }
  interface FileSystemHandle {
    queryPermission?(descriptor?: { readonly mode?: 'read' | 'readwrite' }): Promise<PermissionState>;
    requestPermission?(descriptor?: { readonly mode?: 'read' | 'readwrite' }): Promise<PermissionState>;
  }
}

/** The transcripts `loupe stats` reads under a folder (the same names: `*.jsonl`, `*.json`, either gzipped). */
export const TRACE_FILE = /\.(jsonl|json)(\.gz)?$/i;

export interface HandleFile {
  /** Path from the folder picked, starting with its own name (as a folder input names files). */
  readonly path: string;
  readonly handle: FileSystemFileHandle;
}

export interface HandleFolder {
  readonly path: string;
  readonly handle: FileSystemDirectoryHandle;
}

/** Every transcript under a folder handle, in name order, each folder before going into the next. */
export async function walkFolder(
  dir: FileSystemDirectoryHandle,
  prefix = dir.name,
  out: HandleFile[] = [],
  folders?: HandleFolder[],
): Promise<HandleFile[]> {
  const entries: [string, FileSystemHandle][] = [];
  for await (const entry of dir.entries()) entries.push(entry);
  entries.sort((a, b) => a[0].localeCompare(b[0]));
  for (const [name, h] of entries) {
    const path = `${prefix}/${name}`;
    if (h instanceof FileSystemFileHandle) {
      if (TRACE_FILE.test(name)) out.push({ path, handle: h });
    } else if (h instanceof FileSystemDirectoryHandle) {
      folders?.push({ path, handle: h });
      await walkFolder(h, path, out, folders);
    }
  }
  return out;
}

/** Whether the page may read a handle now, asking the user when `ask` (needs a click: a user activation). */
export async function canRead(handle: FileSystemHandle, ask: boolean): Promise<boolean> {
  const mode = { mode: 'read' } as const;
  const state = handle.queryPermission ? await handle.queryPermission(mode) : 'granted';
  if (state === 'granted') return true;
  if (!ask || !handle.requestPermission) return false;
  return (await handle.requestPermission(mode)) === 'granted';
}
