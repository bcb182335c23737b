'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useState, useSyncExternalStore, type DragEvent, type FormEvent } from 'react';
import { ThemeToggle } from '../ui/ThemeToggle';
import { useHandoff } from '../data/Handoff';
import { newLocalId, saveLocal } from '../data/localFiles';
import { ACCEPTS, filesFromDrop, filesFromInput, isProjectsFolder, pastedName, vetFiles, type PickedFile } from '../intake/intake';
import { SAMPLES } from '../intake/samples';
import { titleOfFiles } from '../../lib/view/title';
import { compareHref, keepStored, storedOf } from '../compare/refs';
import { CompareViewer } from '../compare/CompareViewer';
import { limitParams } from '../../lib/engine/limit-params';
import { SharedLinks } from '../share/SharedLinks';
import { TraceViewer } from '../viewer/TraceViewer';
import { LibraryView } from '../library/LibraryView';
import { ProjectsFolder, showLibrary } from '../library/ProjectsFolder';
import { useLibraryStore } from '../library/LibraryProvider';

/**
 * Opens the viewer for a URL without a round trip to the server: the page's URL becomes `/view?…` (so reload, back
 * and links work as for the real route) while this page renders the viewer in place, as the parser already runs.
 */
function openInPlace(url: string): void {
  // The load limits set on the home page's URL go with it, so a reload loads the same way.
  window.history.pushState(null, '', `${url}${limitParams(new URLSearchParams(window.location.search))}`);
}

/** The home page: drop files or a folder, pick, paste, open a URL, or try a sample. */
export function Home() {
  const pathname = usePathname();
  if (pathname === '/view') return <TraceViewer />;
  if (pathname === '/library') return <LibraryView />;
  if (pathname === '/compare') return <CompareViewer />;
  return <HomeIntake />;
}

const noSubscribe = () => () => undefined;

function HomeIntake() {
  const handoff = useHandoff();
  const library = useLibraryStore();
  // False in the server's HTML and until hydration: the inputs only act once React is attached to them.
  const hydrated = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  // Ready before the drop: the worker's script is fetched and compiled while the user picks a file.
  useEffect(() => {
    handoff?.prewarm();
  }, [handoff]);
  const [error, setError] = useState<string | undefined>();
  const [note, setNote] = useState<string | undefined>();
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(false);
  const [paste, setPaste] = useState('');
  const [url, setUrl] = useState('');

  const open = async (picked: { files: PickedFile[]; fromFolder: boolean }) => {
    setError(undefined);
    setNote(undefined);
    // A whole projects folder (~/.claude/projects) dropped or picked: the library, a session a row.
    if (picked.fromFolder && isProjectsFolder(picked.files)) {
      library.openFiles(picked.files);
      showLibrary();
      return;
    }
    setBusy(true);
    try {
      const vetted = await vetFiles(picked.files, picked.fromFolder);
      if (vetted.error) {
        setError(vetted.error);
        return;
      }
      if (vetted.note) setNote(vetted.note);
      const id = newLocalId();
      const title = titleOfFiles(vetted.files.map((f) => f.path)) ?? 'trace';
      const stored = {
        files: vetted.files.map((f) => ({ path: f.path, file: f.file })),
        title,
        savedAt: Date.now(),
        ...(vetted.skipped.length > 0 ? { skipped: vetted.skipped } : {}),
      };
      handoff?.startLocal(id, stored);
      // The copy for reloads is written while the viewer already parses; a refusal only costs the reload.
      const saved = saveLocal(id, stored).catch(() => undefined);
      if (!handoff) await saved;
      openInPlace(`/view?local=${id}`);
    } catch (e) {
      setError(`Could not open the files: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };

  // Two files picked with "Compare…": each kept in this browser as a run of its own, then the compare view.
  const compare = async (files: PickedFile[]) => {
    setError(undefined);
    if (files.length !== 2) {
      setError(`Pick two files to compare (${files.length} picked). To compare folders, open the compare page and drop one on each side.`);
      return;
    }
    try {
      const refs = await Promise.all(files.map((f) => keepStored(storedOf([f]))));
      window.history.pushState(null, '', compareHref(refs[0], refs[1]));
    } catch (e) {
      setError(`Could not keep the files in this browser: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  const onDrop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    setOver(false);
    void filesFromDrop(e.dataTransfer).then(open);
  };

  const onPaste = (e: FormEvent) => {
    e.preventDefault();
    if (!paste.trim()) {
      setError('The pasted text is empty.');
      return;
    }
    const name = pastedName(paste);
    const type = name.endsWith('.jsonl') ? 'application/x-ndjson' : 'application/json';
    void open({ files: [{ path: name, file: new File([paste], name, { type }) }], fromFolder: false });
  };

  const onUrl = (e: FormEvent) => {
    e.preventDefault();
    const u = url.trim();
    if (!/^https:\/\//i.test(u) && !/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//i.test(u)) {
      setError('Enter an https:// link to a .jsonl or .json file (the server must allow cross-origin reads).');
      return;
    }
    openInPlace(`/view?src=${encodeURIComponent(u)}`);
  };

  return (
    <div className="min-h-dvh bg-white text-[13px] text-neutral-900 dark:bg-neutral-900 dark:text-neutral-100">
      <header className="flex h-9 items-center gap-3 border-b border-neutral-300 bg-neutral-100 px-3 dark:border-neutral-700 dark:bg-neutral-800">
        <h1 className="font-semibold">Loupe</h1>
        <span className="text-neutral-600 dark:text-neutral-400">trace viewer for Claude Code and Agent SDK transcripts</span>
        <span className="ml-auto">
          <ThemeToggle />
        </span>
      </header>
      <main className="mx-auto grid max-w-5xl gap-4 p-6 md:grid-cols-[3fr_2fr]">
        <section aria-label="Open a trace" aria-busy={!hydrated} className="flex flex-col gap-3">
          <div
            role="region"
            aria-label="Drop zone"
            onDragEnter={(e) => {
              e.preventDefault();
              setOver(true);
            }}
            onDragOver={(e) => e.preventDefault()}
            onDragLeave={() => setOver(false)}
            onDrop={onDrop}
            className={`flex min-h-48 flex-col items-center justify-center gap-2 rounded border-2 border-dashed p-6 text-center ${over ? 'border-sky-500 bg-sky-50 dark:bg-sky-950' : 'border-neutral-300 dark:border-neutral-600'}`}
          >
            <p className="text-base font-medium">Drop transcripts or a project folder here</p>
            <p className="max-w-md text-neutral-600 dark:text-neutral-400">{ACCEPTS} Files stay in your browser: nothing is uploaded.</p>
            <div className="mt-2 flex gap-2">
              <label className="cursor-pointer rounded border border-neutral-300 bg-white px-3 py-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500 hover:bg-neutral-100 dark:border-neutral-600 dark:bg-neutral-800 dark:hover:bg-neutral-700">
                Choose files…
                <input
                  type="file"
                  multiple
                  aria-label="Choose files"
                  className="sr-only"
                  accept=".jsonl,.json,.gz,.ndjson,.txt,.log,application/json"
                  onChange={(e) => void open(filesFromInput(e.target.files))}
                />
              </label>
              <label className="cursor-pointer rounded border border-neutral-300 bg-white px-3 py-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500 hover:bg-neutral-100 dark:border-neutral-600 dark:bg-neutral-800 dark:hover:bg-neutral-700">
                Choose a folder…
                <input
                  type="file"
                  aria-label="Choose a folder"
                  className="sr-only"
                  ref={(el) => {
                    // `webkitdirectory` is not in React's input props; set it on the element.
                    if (el) el.setAttribute('webkitdirectory', '');
                  }}
                  onChange={(e) => void open(filesFromInput(e.target.files))}
                />
              </label>
              <label
                title="Pick two runs of the same task: where they part, and what each cost"
                className="cursor-pointer rounded border border-neutral-300 bg-white px-3 py-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500 hover:bg-neutral-100 dark:border-neutral-600 dark:bg-neutral-800 dark:hover:bg-neutral-700"
              >
                Compare…
                <input
                  type="file"
                  multiple
                  aria-label="Choose two files to compare"
                  className="sr-only"
                  accept=".jsonl,.json,.gz,.ndjson"
                  onChange={(e) => void compare(filesFromInput(e.target.files).files)}
                />
              </label>
            </div>
            <a href="/compare" className="text-[12px] text-sky-700 hover:underline dark:text-sky-400">
              or compare folders or share links, a run on each side
            </a>
            {busy ? <p className="text-neutral-500">Opening…</p> : null}
          </div>
          {error ? (
            <p role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
              {error}
            </p>
          ) : null}
          {note ? <p className="text-amber-700 dark:text-amber-400">{note}</p> : null}
          <form onSubmit={onPaste} className="flex flex-col gap-1">
            <label htmlFor="paste" className="font-medium">
              Paste JSONL
            </label>
            <textarea
              id="paste"
              value={paste}
              onChange={(e) => setPaste(e.target.value)}
              onKeyDown={(e) => {
                // Ctrl+Enter (⌘+Enter on a Mac) opens it, as the button below does.
                if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey)) return;
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }}
              aria-keyshortcuts="Control+Enter Meta+Enter"
              rows={4}
              spellCheck={false}
              placeholder='{"type":"system","subtype":"init",…}'
              className="rounded border border-neutral-300 bg-white p-1.5 font-mono text-[12px] dark:border-neutral-600 dark:bg-neutral-950"
            />
            <span className="flex items-baseline gap-2">
              <button
                type="submit"
                className="rounded border border-neutral-300 px-3 py-0.5 hover:bg-neutral-100 dark:border-neutral-600 dark:hover:bg-neutral-700"
              >
                Open pasted text
              </button>
              <span className="text-[11px] text-neutral-500 dark:text-neutral-400">or Ctrl+Enter (⌘+Enter on a Mac)</span>
            </span>
          </form>
          <form onSubmit={onUrl} className="flex flex-col gap-1">
            <label htmlFor="url" className="font-medium">
              Open a URL
            </label>
            <div className="flex gap-2">
              <input
                id="url"
                type="url"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                placeholder="https://raw.githubusercontent.com/…/session.jsonl"
                className="h-7 flex-1 rounded border border-neutral-300 bg-white px-1.5 font-mono text-[12px] dark:border-neutral-600 dark:bg-neutral-950"
              />
              <button type="submit" className="rounded border border-neutral-300 px-3 hover:bg-neutral-100 dark:border-neutral-600 dark:hover:bg-neutral-700">
                Open
              </button>
            </div>
            <p className="text-neutral-500">
              Or link to <code className="font-mono">/view?src=&lt;https URL&gt;</code>. The server must send CORS headers.
            </p>
          </form>
        </section>
        <section aria-label="Samples" className="flex flex-col gap-2">
          <ProjectsFolder className="mb-2" />
          <h2 className="font-medium">Samples</h2>
          <ul className="flex flex-col gap-1">
            {SAMPLES.map((s) => (
              <li key={s.id}>
                <a
                  href={`/view?sample=${s.id}`}
                  className="block rounded border border-neutral-200 p-2 hover:border-sky-400 hover:bg-sky-50 dark:border-neutral-700 dark:hover:bg-neutral-800"
                >
                  <span className="font-medium text-sky-800 dark:text-sky-300">{s.title}</span>
                  <span className="block text-[12px] text-neutral-600 dark:text-neutral-400">{s.description}</span>
                </a>
              </li>
            ))}
          </ul>
          <SharedLinks className="mt-3" />
        </section>
      </main>
    </div>
  );
}
