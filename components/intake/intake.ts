'use client';

// Turning what the user dropped, picked or pasted into files the viewer can open, with a clear word when it can't.

import { ACCEPTS, sniffBlob } from '../../lib/engine/sniff';
import { count } from '../../lib/trace/text-order';

export interface PickedFile {
  readonly path: string;
  readonly file: File;
}

const TRACE_NAME = /\.(jsonl|json|ndjson|log|txt)(\.gz)?$|\.gz$/i;

/** A file that will not be opened, and why: short for the viewer's note, and as a sentence for the home page. */
export interface SkippedFile {
  readonly path: string;
  /** "not a transcript (PNG image)" */
  readonly reason: string;
}

interface Problem extends SkippedFile {
  readonly sentence: string;
}

async function sniff(f: PickedFile): Promise<Problem | undefined> {
  const p = await sniffBlob(f.path, f.file);
  return p && { path: f.path, ...p };
}

export { ACCEPTS } from '../../lib/engine/sniff';

/**
 * Checks picked files; returns the ones to open (and those skipped, with why), or the reason none can be. Folder
 * drops keep only transcript-like names.
 */
export async function vetFiles(
  files: readonly PickedFile[],
  fromFolder: boolean,
): Promise<{ files: PickedFile[]; error?: string; note?: string; skipped: SkippedFile[] }> {
  const candidates = fromFolder ? files.filter((f) => TRACE_NAME.test(f.path)) : [...files];
  if (candidates.length === 0)
    return {
      files: [],
      skipped: [],
      error: fromFolder ? `That folder has no .jsonl or .json files. ${ACCEPTS}` : 'Nothing was dropped.',
    };
  // No size is refused here: a load past what the tab's memory holds stops reading there and says so (lib/engine/memory.ts).
  const nonEmpty = candidates.filter((f) => f.file.size > 0);
  if (nonEmpty.length === 0)
    return {
      files: [],
      skipped: [],
      error:
        candidates.length === 1
          ? `${candidates[0]?.path ?? 'The file'} is empty: there is nothing to show.`
          : 'Every file is empty: there is nothing to show.',
    };
  const empty = (f: PickedFile): Problem => ({ path: f.path, reason: 'empty', sentence: `${f.path} is empty.` });
  const verdicts = await Promise.all(
    candidates.map(async (f) => ({ f, problem: f.file.size > 0 ? await sniff(f) : empty(f) })),
  );
  const problems = verdicts.flatMap((v) => (v.problem ? [v.problem] : []));
  if (problems.length === candidates.length)
    return {
      files: [],
      skipped: [],
      error: `${problems
        .slice(0, 3)
        .map((p) => p.sentence)
        .join(' ')} ${ACCEPTS}`,
    };
  const keep = verdicts.filter((v) => !v.problem).map((v) => v.f);
  const byName = files
    .filter((f) => !candidates.includes(f))
    .map((f) => ({ path: f.path, reason: 'not a .jsonl or .json file' }));
  const skipped = [...problems.map(({ path, reason }) => ({ path, reason })), ...byName];
  return {
    files: keep,
    skipped,
    ...(skipped.length > 0
      ? {
          note: `${count(skipped.length, 'file')} skipped. ${problems
            .slice(0, 3)
            .map((p) => p.sentence)
            .join(' ')}`.trim(),
        }
      : {}),
  };
}

/**
 * The name pasted text opens under: `pasted.json` when it is one JSON document (an array of messages, or one object
 * over several lines, as a pretty-printer leaves it), else `pasted.jsonl`. The parser tells them apart by content
 * either way; the name is what the tab, the share dialog and line references call it.
 */
export function pastedName(text: string): string {
  const t = text.trim();
  if (t.startsWith('[')) return 'pasted.json';
  // One object on one line is a line of JSONL as much as a document; several lines parse whole only as a document.
  return t.startsWith('{') && t.includes('\n') && parsesWhole(t) ? 'pasted.json' : 'pasted.jsonl';
}

function parsesWhole(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A Claude Code session file's name: `<session uuid>.jsonl`. */
const SESSION_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jsonl$/i;

/**
 * Whether a picked or dropped folder is a whole Claude Code projects folder (`~/.claude/projects`): session files
 * (`<uuid>.jsonl`) directly inside two or more of its subfolders. One trace of months of unrelated sessions helps no
 * one; the library lists them, each opening on its own.
 */
export function isProjectsFolder(files: readonly PickedFile[]): boolean {
  const projects = new Set<string>();
  for (const f of files) {
    const parts = f.path.split('/');
    if (parts.length === 3 && SESSION_FILE.test(parts[2] ?? '')) projects.add(parts[1] ?? '');
  }
  return projects.size >= 2;
}

type Entry = {
  isFile: boolean;
  isDirectory: boolean;
  fullPath: string;
  file?: (ok: (f: File) => void, err: (e: unknown) => void) => void;
  createReader?: () => { readEntries: (ok: (e: Entry[]) => void, err: (e: unknown) => void) => void };
};

function isEntry(x: unknown): x is Entry {
  return typeof x === 'object' && x !== null && 'isFile' in x && 'fullPath' in x;
}

async function walkEntry(entry: Entry, out: PickedFile[]): Promise<void> {
  if (entry.isFile && entry.file) {
    const read = entry.file.bind(entry);
    const file = await new Promise<File>((resolve, reject) => read(resolve, reject));
    out.push({ path: entry.fullPath.replace(/^\//, ''), file });
    return;
  }
  if (entry.isDirectory && entry.createReader) {
    const reader = entry.createReader();
    for (;;) {
      const batch = await new Promise<Entry[]>((resolve, reject) => reader.readEntries(resolve, reject));
      if (batch.length === 0) break;
      for (const e of batch) await walkEntry(e, out);
    }
  }
}

/** Files from a drop, walking dropped folders (a Claude Code project folder with `subagents/` inside). */
export async function filesFromDrop(dt: DataTransfer): Promise<{ files: PickedFile[]; fromFolder: boolean }> {
  const out: PickedFile[] = [];
  let fromFolder = false;
  const entries: Entry[] = [];
  for (const item of Array.from(dt.items)) {
    if (item.kind !== 'file') continue;
    const entry: unknown = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (isEntry(entry)) entries.push(entry);
  }
  if (entries.length > 0) {
    for (const e of entries) {
      if (e.isDirectory) fromFolder = true;
      await walkEntry(e, out);
    }
    if (out.length > 0) return { files: out, fromFolder };
  }
  for (const f of Array.from(dt.files)) out.push({ path: f.webkitRelativePath || f.name, file: f });
  return { files: out, fromFolder };
}

export function filesFromInput(list: FileList | null): { files: PickedFile[]; fromFolder: boolean } {
  const files = Array.from(list ?? []).map((f) => ({ path: f.webkitRelativePath || f.name, file: f }));
  return { files, fromFolder: files.some((f) => f.path.includes('/')) };
}
