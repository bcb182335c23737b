'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { filesFromInput } from '../intake/intake';
import { Button } from '../ui/kit/Button';
import { canRead } from '../../lib/browser/fsa';
import { useLibraryStore } from './LibraryProvider';
import { rememberedFolder, rememberFolder } from './remember';

/** Shows the library in place (as the workbench opens in place): `/library`, so Back leaves it. */
export function showLibrary(): void {
  if (window.location.pathname !== '/library') window.history.pushState(null, '', '/library');
}

const hasPicker = (): boolean => typeof window !== 'undefined' && typeof window.showDirectoryPicker === 'function';
const never = (): (() => void) => () => undefined;
/** Whether the browser has the picker, as rendering may ask it: false on the server and while hydrating, so the
 * server's HTML matches the first client render (else React throws the hydration error #418 and re-renders all). */
const usePicker = (): boolean => useSyncExternalStore(never, hasPicker, () => false);

/**
 * "Open projects folder…": every session of a Claude Code projects folder as a library. Where the browser has the File
 * System Access API (Chromium) the folder is picked with it, remembered, and reopened with one click next time;
 * elsewhere a folder input reads it (the same input is the one for assistive tech and tests: `Projects folder`).
 */
export function ProjectsFolder({ className }: { className?: string }) {
  const store = useLibraryStore();
  const input = useRef<HTMLInputElement>(null);
  const [remembered, setRemembered] = useState<FileSystemDirectoryHandle | undefined>();
  const [error, setError] = useState<string | undefined>();
  const withPicker = usePicker();
  useEffect(() => {
    let live = true;
    if (hasPicker())
      void rememberedFolder().then(
        (h) => live && setRemembered(h),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, []);

  const openHandle = async (dir: FileSystemDirectoryHandle): Promise<void> => {
    setError(undefined);
    showLibrary();
    await store.openHandle(dir).catch((e: Error) => setError(`Could not read ${dir.name}: ${e.message}`));
  };

  const pick = async (): Promise<void> => {
    const picker = window.showDirectoryPicker;
    if (!picker) {
      input.current?.click();
      return;
    }
    let dir: FileSystemDirectoryHandle;
    try {
      dir = await picker.call(window, { id: 'loupe-projects', mode: 'read' });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return;
      setError(`Could not open the folder: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    await rememberFolder(dir).catch(() => undefined);
    setRemembered(dir);
    await openHandle(dir);
  };

  const reopen = async (dir: FileSystemDirectoryHandle): Promise<void> => {
    if (await canRead(dir, true)) await openHandle(dir);
    else setError(`The browser did not allow reading ${dir.name} again. Open it with the picker.`);
  };

  return (
    <section
      aria-label="Session library"
      className={`flex flex-col gap-2 rounded border border-neutral-200 p-3 dark:border-neutral-700 ${className ?? ''}`}
    >
      <h2 className="font-medium">Your projects folder</h2>
      <p className="text-neutral-600 dark:text-neutral-400">
        Every session under <code className="font-mono text-[12px]">~/.claude/projects</code> with its cost, cost per
        day and search across prompts. Read in your browser: nothing is uploaded.
        {withPicker ? ' The folder is remembered, and a running session updates live.' : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" onClick={() => void pick()}>
          Open projects folder…
        </Button>
        {remembered ? <Button onClick={() => void reopen(remembered)}>Reopen {remembered.name}</Button> : null}
        <input
          ref={input}
          webkitdirectory=""
          type="file"
          aria-label="Projects folder"
          className="sr-only"
          // The button above opens it: one tab stop, not a second one that shows nothing.
          tabIndex={-1}
          onChange={(e) => {
            const picked = filesFromInput(e.target.files).files;
            e.target.value = '';
            // An empty folder gives no files at all (not even its name): said, rather than nothing happening.
            if (picked.length === 0) {
              setError('The folder picked is empty. Pick your projects folder: ~/.claude/projects.');
              return;
            }
            setError(undefined);
            store.openFiles(picked);
            showLibrary();
          }}
        />
      </div>
      {error ? (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </section>
  );
}
