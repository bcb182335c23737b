import { orderInputs } from '../engine/load';
import { DEFAULT_PRICES } from '../trace/pricing/pricing';
import { fileIdentity } from '../trace/parse';
import { mergeScans, type ScannedFile } from './merge';
import { sessionCells, sessionRows } from './report';
import type { DayCell, ReportOptions, SessionRow } from './report-types';
import { projectPaths } from '../trace/project';

// A session library over a projects folder: the canonical per-session rows (`loupe stats --by session` prints the
// same), each session's cost by day and model for the chart, the files that open it in the workbench, and search over
// its prompts. Pure: a browser worker keeps the scans and answers the page with these.

export interface LibrarySnapshot {
  readonly rows: readonly SessionRow[];
  /** Per session id: its cost by day and model. */
  readonly cells: Readonly<Record<string, readonly DayCell[]>>;
  /** Per session id: the files that hold it (its own file, its subagents' files, their sidecars). */
  readonly files: Readonly<Record<string, readonly string[]>>;
  /** What the costs are computed with: the price table's source (the shipped table, or local prices over it). */
  readonly priceSource: string;
}

/** The session a file belongs to: named by the file (`<id>.jsonl`, `<id>/subagents/…`), else its lines' first one. */
export function ownerOf(file: ScannedFile): string | undefined {
  return fileIdentity(file.scan.name).fileSessionId ?? file.scan.firstSessionId;
}

/** Rows, cells and files over the files scanned so far (any subset: rows fill in as more are scanned). */
export function librarySnapshot(files: readonly ScannedFile[], options: ReportOptions = {}): LibrarySnapshot {
  const merged = mergeScans(files);
  const opts: ReportOptions = {
    projectPaths: projectPaths(files.map((f) => ({ project: f.project, cwd: f.scan.cwd }))),
    ...options,
  };
  const rows = sessionRows(merged, opts);
  const cells: Record<string, readonly DayCell[]> = {};
  for (const [sid, list] of sessionCells(merged, opts)) cells[sid] = list;
  const own = new Map<string, string[]>();
  for (const f of files) {
    const owner = ownerOf(f);
    if (owner === undefined) continue;
    const list = own.get(owner);
    if (list) list.push(f.scan.name);
    else own.set(owner, [f.scan.name]);
  }
  const out: Record<string, readonly string[]> = {};
  // A session with no file of its own (only copies of its lines in another session's file) opens where it appears.
  for (const s of merged.sessions)
    out[s.sessionId] = orderInputs((own.get(s.sessionId) ?? s.files).map((name) => ({ name }))).map((f) => f.name);
  return { rows, cells, files: out, priceSource: (options.prices ?? DEFAULT_PRICES).source };
}

/** What search reads per session: every prompt of its files, its first prompt, project and id, lowercased. */
export function searchTexts(files: readonly ScannedFile[], rows: readonly SessionRow[]): Map<string, string> {
  const parts = new Map<string, string[]>();
  const add = (sid: string, text: string): void => {
    const list = parts.get(sid);
    if (list) list.push(text);
    else parts.set(sid, [text]);
  };
  for (const r of rows) add(r.sessionId, `${r.sessionId}\n${r.project}\n${r.projectPath}\n${r.firstPrompt ?? ''}`);
  for (const f of files) {
    const owner = ownerOf(f);
    for (const p of f.scan.prompts ?? []) {
      // A subagent's task prompt belongs to the session of its file; a copied line to its own session.
      const sid =
        f.scan.name.includes('/subagents/') || /(^|\/)agent-[^/]+$/.test(f.scan.name) ? owner : (p.sessionId ?? owner);
      if (sid !== undefined) add(sid, p.text);
    }
  }
  const out = new Map<string, string>();
  for (const [sid, list] of parts) out.set(sid, list.join('\n').toLowerCase());
  return out;
}

/** Session ids whose text holds every word of the query (case-insensitive; `"a phrase"` as one word). */
export function searchSessions(texts: ReadonlyMap<string, string>, query: string): string[] {
  const words = [...query.toLowerCase().matchAll(/"([^"]+)"|(\S+)/g)]
    .map((m) => m[1] ?? m[2] ?? '')
    .filter((w) => w.length > 0);
  if (words.length === 0) return [...texts.keys()];
  const out: string[] = [];
  for (const [sid, text] of texts) if (words.every((w) => text.includes(w))) out.push(sid);
  return out;
}
