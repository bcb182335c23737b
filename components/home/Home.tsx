'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ThemeToggle } from '../ui/ThemeToggle';
import { useHandoff } from '../data/Handoff';
import { newLocalId, saveLocal } from '../data/localFiles';
import { isProjectsFolder, vetFiles, type PickedFile } from '../intake/intake';
import { SAMPLES } from '../intake/samples';
import { compareHref, keepStored, storedOf } from '../compare/refs';
import { CompareViewer } from '../compare/CompareViewer';
import { DropZone } from './DropZone';
import { clearRefusal, openInPlace, placedStore, refuseInPlace, settlePlaced, takeRefusal } from './open-in-place';
import { PasteForm } from './PasteForm';
import { UrlForm } from './UrlForm';
import { SharedLinks } from '../share/SharedLinks';
import { TraceViewer } from '../viewer/TraceViewer';
import { LibraryView } from '../library/LibraryView';
import { ProjectsFolder, showLibrary } from '../library/ProjectsFolder';
import { useLibraryStore } from '../library/LibraryProvider';
import { FOCUS_RING } from '../ui/kit/styles';
import { Deferred } from '../ui/Deferred';

/** The home page: drop files or a folder, pick, paste, open a URL, or try a sample. */
export function Home() {
  const pathname = usePathname();
  // A trace opened in place is drawn before the router follows its address (open-in-place.ts), in a transition.
  const placed = useSyncExternalStore(placedStore.subscribe, placedStore.get, placedStore.server);
  // Settled once the router is elsewhere: it followed the address, or the address was opened from another page.
  useEffect(() => {
    if (placed !== undefined && pathname !== '/') settlePlaced();
  }, [pathname, placed]);
  // The viewer in the same place in both cases, so it is kept when the router follows the address.
  if (placed !== undefined && pathname === '/')
    return (
      <Deferred>
        <TraceViewer params={new URL(placed, window.location.href).searchParams} />
      </Deferred>
    );
  if (pathname === '/view')
    return (
      <Deferred>
        <TraceViewer />
      </Deferred>
    );
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
  // A file opened in place and refused after all comes back here with why (open-in-place.ts).
  const [error, setError] = useState<string | undefined>(takeRefusal);
  useEffect(clearRefusal, []);
  const [note, setNote] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

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
    const id = newLocalId();
    // One file picked is parsed and shown while it is checked: its first rows wait for neither the check's read nor
    // its answer. Should it be refused (an image, an empty file), the parse stops and the home page says why.
    const single = handoff && !picked.fromFolder && picked.files.length === 1 ? picked.files[0] : undefined;
    if (single && handoff) {
      handoff.startLocal(id, storedOf([single]));
      openInPlace(`/view?local=${id}`);
    }
    const refuse = (why: string): void => {
      if (!single) return setError(why);
      handoff?.cancelLocal(id);
      refuseInPlace(why);
    };
    try {
      const vetted = await vetFiles(picked.files, picked.fromFolder);
      if (vetted.error) return refuse(vetted.error);
      if (vetted.note) setNote(vetted.note);
      const stored = storedOf(vetted.files, vetted.skipped);
      if (!single) handoff?.startLocal(id, stored);
      // The copy for reloads is written while the viewer already parses; a refusal only costs the reload.
      const saved = saveLocal(id, stored).catch(() => undefined);
      if (!handoff) await saved;
      if (!single) openInPlace(`/view?local=${id}`);
    } catch (e) {
      refuse(`Could not open the files: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };

  // Two files picked with "Compare…": each kept in this browser as a run of its own, then the compare view.
  const compare = async (files: PickedFile[]) => {
    setError(undefined);
    if (files.length !== 2) {
      setError(
        `Pick two files to compare (${files.length} picked). To compare folders, open the compare page and drop one on each side.`,
      );
      return;
    }
    try {
      const refs = await Promise.all(files.map((f) => keepStored(storedOf([f]))));
      window.history.pushState(null, '', compareHref(refs[0], refs[1]));
    } catch (e) {
      setError(`Could not keep the files in this browser: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  return (
    <div className="min-h-dvh bg-white text-[13px] text-neutral-900 dark:bg-neutral-900 dark:text-neutral-100">
      <header className="flex h-9 items-center gap-3 border-b border-neutral-300 bg-neutral-100 px-3 dark:border-neutral-700 dark:bg-neutral-800">
        <h1 className="font-semibold">Loupe</h1>
        <span className="text-neutral-600 dark:text-neutral-400">
          trace viewer for Claude Code and Agent SDK transcripts
        </span>
        <span className="ml-auto">
          <ThemeToggle />
        </span>
      </header>
      <main className="mx-auto grid max-w-5xl gap-4 p-6 md:grid-cols-[3fr_2fr]">
        <section aria-label="Open a trace" aria-busy={!hydrated} className="flex flex-col gap-3">
          <DropZone busy={busy} onOpen={(picked) => void open(picked)} onCompare={(files) => void compare(files)} />
          {error ? (
            <p
              role="alert"
              className="rounded border border-red-300 bg-red-50 p-2 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
            >
              {error}
            </p>
          ) : null}
          {note ? <p className="text-amber-700 dark:text-amber-400">{note}</p> : null}
          <PasteForm onOpen={(file) => void open({ files: [file], fromFolder: false })} onError={setError} />
          <UrlForm onError={setError} />
        </section>
        <section aria-label="Samples" className="flex flex-col gap-2">
          <ProjectsFolder className="mb-2" />
          <h2 className="font-medium">Samples</h2>
          <ul className="flex flex-col gap-1">
            {SAMPLES.map((s) => (
              <li key={s.id}>
                <a
                  href={`/view?sample=${s.id}`}
                  className={`block rounded border border-neutral-200 p-2 hover:border-sky-400 hover:bg-sky-50 dark:border-neutral-700 dark:hover:bg-neutral-800 ${FOCUS_RING}`}
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
