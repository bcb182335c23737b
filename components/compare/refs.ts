'use client';

import type { LoadSource } from '../../lib/engine/protocol';
import { SAMPLES } from '../intake/samples';
import { vetFiles, type PickedFile, type SkippedFile } from '../intake/intake';
import { canRead } from '../../lib/browser/fsa';
import { loadLocal, newLocalId, saveLocal, sourceOf, type StoredFiles } from '../data/localFiles';
import { openShared, type SharedStep, type SideFragment } from './sharedSide';
import { titleOfFiles } from '../../lib/view/title';

// A side of a comparison, as the URL names it (`/compare?a=…&b=…`): `local:<id>` (files dropped or picked, or a
// library session, kept in this browser's IndexedDB), `sample:<id>`, `share:<id>` (a stored share link's trace, its
// key in the fragment: `#ka=…`, and `ba=1` when it burns after reading), `inline` (a link that carries its trace: the
// trace and key in the fragment, `#da=…&ka=…`), or an https URL (as `/view?src=`).

export type SideSource =
  | { readonly kind: 'ready'; readonly source: LoadSource; readonly title: string }
  | { readonly kind: 'error'; readonly message: string }
  /** Files on disk that the browser wants the user's word for again (a click) after a reload. */
  | { readonly kind: 'allow'; readonly title: string; readonly allow: () => Promise<boolean> }
  /** A share link being fetched or decrypted: `next` is what comes of it. */
  | { readonly kind: 'pending'; readonly title: string; readonly next: () => Promise<SideSource> }
  /** A link that burns after reading: fetched (and so deleted from the store) only by `open`, once asked. */
  | { readonly kind: 'burn'; readonly title: string; readonly open: () => Promise<SideSource> }
  /** A trace sealed under a password: `attempt` tries one; `error` says the last one did not open it. */
  | {
      readonly kind: 'password';
      readonly title: string;
      readonly error?: string;
      readonly attempt: (password: string) => Promise<SideSource>;
    };

function absolute(url: string): string {
  try {
    return new URL(url, window.location.href).href;
  } catch {
    return url;
  }
}

const fromStored = (stored: StoredFiles): SideSource => ({
  kind: 'ready',
  source: sourceOf(stored),
  title: stored.title,
});

/** A shared side's steps, as the side shows them: a password asked for, then the trace. */
function sideOf(step: SharedStep, title: string): SideSource {
  if (step.kind === 'open') return { kind: 'ready', source: step.source, title };
  if (step.kind === 'error') return { kind: 'error', message: step.message };
  return {
    kind: 'password',
    title,
    ...(step.error ? { error: step.error } : {}),
    attempt: (password) => step.attempt(password).then((next) => sideOf(next, title)),
  };
}

function resolveShared(ref: string, frag: SideFragment): SideSource {
  if (!frag.key)
    return {
      kind: 'error',
      message: 'This shared trace has no key in the link (the part after #ka= or #kb=). Paste the share link again.',
    };
  const key = frag.key;
  if (ref === 'inline') {
    const title = 'Shared trace (carried in the link)';
    if (!frag.data)
      return {
        kind: 'error',
        message: 'This link carries no trace (no #da= or #db= part). Paste the share link again.',
      };
    const data = frag.data;
    return {
      kind: 'pending',
      title,
      next: () => openShared({ kind: 'inline', data, key }).then((s) => sideOf(s, title)),
    };
  }
  const id = ref.slice('share:'.length);
  const title = `Shared trace ${id.slice(0, 8)}`;
  const next = () => openShared({ kind: 'stored', id, key, burn: frag.burn === true }).then((s) => sideOf(s, title));
  // A link that burns after reading is fetched only when the person says so: a reload does not spend it unasked.
  return frag.burn ? { kind: 'burn', title, open: next } : { kind: 'pending', title, next };
}

export async function resolveSide(ref: string, frag: SideFragment = {}): Promise<SideSource> {
  if (ref.startsWith('share:') || ref === 'inline') return resolveShared(ref, frag);
  if (ref.startsWith('sample:')) {
    const s = SAMPLES.find((x) => x.id === ref.slice('sample:'.length));
    if (!s) return { kind: 'error', message: `There is no sample called "${ref.slice('sample:'.length)}".` };
    return {
      kind: 'ready',
      source: { kind: 'urls', urls: s.files.map((f) => ({ url: absolute(`/samples/${f}`), path: f })) },
      title: s.title,
    };
  }
  if (ref.startsWith('local:')) {
    let stored: StoredFiles | undefined;
    try {
      stored = await loadLocal(ref.slice('local:'.length));
    } catch {
      return {
        kind: 'error',
        message:
          'This browser refused access to its local storage (IndexedDB), so the trace cannot be reopened. Pick the file again.',
      };
    }
    if (!stored)
      return { kind: 'error', message: 'This trace is no longer stored in this browser. Pick the file again.' };
    const first = stored.handles?.[0]?.handle;
    if (first && !(await canRead(first, false))) {
      const s = stored;
      return { kind: 'allow', title: s.title, allow: () => canRead(first, true) };
    }
    return fromStored(stored);
  }
  return { kind: 'ready', source: { kind: 'url', url: absolute(ref) }, title: ref };
}

/** Keeps picked or dropped files (vetted as the home page vets them) in IndexedDB: the `local:<id>` ref of a side. */
export async function keepPicked(picked: {
  files: PickedFile[];
  fromFolder: boolean;
}): Promise<{ ref: string; note?: string } | { error: string }> {
  const vetted = await vetFiles(picked.files, picked.fromFolder);
  if (vetted.error) return { error: vetted.error };
  return { ref: await keepStored(storedOf(vetted.files)), ...(vetted.note ? { note: vetted.note } : {}) };
}

/** Picked files as this browser keeps them, named by their paths; `skipped`: those of the same pick left out, and why. */
export function storedOf(
  files: readonly { readonly path: string; readonly file: Blob }[],
  skipped: readonly SkippedFile[] = [],
): StoredFiles {
  return {
    files: files.map((f) => ({ path: f.path, file: f.file })),
    title: titleOfFiles(files.map((f) => f.path)) ?? 'trace',
    savedAt: Date.now(),
    ...(skipped.length > 0 ? { skipped } : {}),
  };
}

export async function keepStored(stored: StoredFiles): Promise<string> {
  const id = newLocalId();
  await saveLocal(id, stored);
  return `local:${id}`;
}

/**
 * The workbench's URL for a side's line: `local:<id>` → `/view?local=<id>&sel=<seq>`, a stored share
 * `/t/<id>#k=…&sel=…`, a link that carries its trace `/t#d=…&k=…&sel=…`. Undefined for a link that burned after
 * reading: the store no longer has it, and this page holds the only copy.
 */
export function viewHref(ref: string, seq: number, frag: SideFragment = {}): string | undefined {
  const sel = String(seq);
  if (ref === 'inline') return `/t#${new URLSearchParams({ d: frag.data ?? '', k: frag.key ?? '', sel }).toString()}`;
  if (ref.startsWith('share:')) {
    if (frag.burn) return undefined;
    const id = encodeURIComponent(ref.slice('share:'.length));
    return `/t/${id}#${new URLSearchParams({ k: frag.key ?? '', sel }).toString()}`;
  }
  const p = new URLSearchParams();
  if (ref.startsWith('local:')) p.set('local', ref.slice('local:'.length));
  else if (ref.startsWith('sample:')) p.set('sample', ref.slice('sample:'.length));
  else p.set('src', ref);
  p.set('sel', sel);
  return `/view?${p.toString()}`;
}

/** `/compare?a=…&b=…`, with what else the URL says (the selected row). */
export function compareHref(a: string | undefined, b: string | undefined, row?: string): string {
  const p = new URLSearchParams();
  if (a) p.set('a', a);
  if (b) p.set('b', b);
  if (row) p.set('row', row);
  const q = p.toString();
  return q ? `/compare?${q}` : '/compare';
}
