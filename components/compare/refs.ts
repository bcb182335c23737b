'use client';

import type { LoadSource } from '../../lib/engine/protocol';
import { SAMPLES } from '../intake/samples';
import { vetFiles, type PickedFile } from '../intake/intake';
import { canRead } from '../../lib/browser/fsa';
import { loadLocal, newLocalId, saveLocal, sourceOf, type StoredFiles } from '../data/localFiles';

// A side of a comparison, as the URL names it (`/compare?a=…&b=…`): `local:<id>` (files dropped or picked, or a
// library session, kept in this browser's IndexedDB), `sample:<id>`, `share:<id>` (a share link's trace, its key in
// the fragment: `#ka=…`), or an https URL (as `/view?src=`).

export type SideSource =
  | { readonly kind: 'ready'; readonly source: LoadSource; readonly title: string }
  | { readonly kind: 'error'; readonly message: string }
  /** Files on disk that the browser wants the user's word for again (a click) after a reload. */
  | { readonly kind: 'allow'; readonly title: string; readonly allow: () => Promise<boolean> };

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

/** A share link pasted (`https://host/t/<id>#k=<key>`): its id and key, or undefined. */
export function shareLinkOf(text: string): { id: string; key: string } | undefined {
  let u: URL;
  try {
    u = new URL(text.trim(), window.location.href);
  } catch {
    return undefined;
  }
  const id = /^\/t\/([A-Za-z0-9_-]+)$/.exec(u.pathname)?.[1];
  const key = new URLSearchParams(u.hash.slice(1)).get('k');
  return id && key ? { id, key } : undefined;
}

export async function resolveSide(ref: string, key?: string): Promise<SideSource> {
  if (ref.startsWith('share:')) {
    const id = ref.slice('share:'.length);
    if (!key)
      return {
        kind: 'error',
        message: 'This shared trace has no key in the link (the part after #ka= or #kb=). Paste the share link again.',
      };
    return {
      kind: 'ready',
      source: { kind: 'sealed', url: `/api/traces/${encodeURIComponent(id)}`, key },
      title: `Shared trace ${id.slice(0, 8)}`,
    };
  }
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

export function storedOf(files: readonly { readonly path: string; readonly file: Blob }[]): StoredFiles {
  const first = files[0]?.path ?? 'trace';
  return {
    files: files.map((f) => ({ path: f.path, file: f.file })),
    title: files.length === 1 ? first : `${first.split('/')[0] ?? first} (${files.length} files)`,
    savedAt: Date.now(),
  };
}

export async function keepStored(stored: StoredFiles): Promise<string> {
  const id = newLocalId();
  await saveLocal(id, stored);
  return `local:${id}`;
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
