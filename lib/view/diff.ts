import { diffWordsWithSpace } from 'diff';
import type { DiffHunk } from '../trace/model/derived-patch';

// A unified diff as the Diff view draws it: lines with their old and new numbers where known, and inside a changed
// line the words that changed. Recorded patches (toolUseResult.structuredPatch) and derived ones go through here.

export interface DiffSegment {
  readonly text: string;
  /** Part of what changed in this line (removed from a `-` line, added in a `+` line). */
  readonly changed: boolean;
}

export interface DiffLineView {
  readonly kind: 'context' | 'del' | 'add';
  readonly oldNo?: number;
  readonly newNo?: number;
  readonly segments: readonly DiffSegment[];
}

export interface DiffHunkView {
  readonly header: string;
  readonly lines: readonly DiffLineView[];
}

export interface DiffModel {
  readonly hunks: readonly DiffHunkView[];
  readonly added: number;
  readonly removed: number;
  /** Lines not shown past the cap. */
  readonly omitted: number;
}

/** Lines a diff shows before it stops: a rewrite of a generated file should not freeze the pane. */
const MAX_LINES = 3000;
/** Word highlights only for lines short enough that diffing their words stays cheap. */
const MAX_WORD_LINE = 2000;

const KIND: Record<string, DiffLineView['kind'] | undefined> = { ' ': 'context', '-': 'del', '+': 'add' };

function header(h: DiffHunk): string {
  const nums =
    h.oldStart !== undefined && h.newStart !== undefined
      ? `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`
      : undefined;
  return [nums, h.header].filter(Boolean).join(' ') || '@@';
}

/** Word-level segments of a removed line and the added line that replaced it; undefined when nothing is in common. */
export function wordSegments(oldText: string, newText: string): { old: DiffSegment[]; new: DiffSegment[] } | undefined {
  if (oldText.length > MAX_WORD_LINE || newText.length > MAX_WORD_LINE) return undefined;
  const parts = diffWordsWithSpace(oldText, newText);
  // Highlights help only when some words stayed: a line rewritten whole is shown whole.
  if (!parts.some((p) => !p.added && !p.removed && p.value.trim() !== '')) return undefined;
  const old: DiffSegment[] = [];
  const neu: DiffSegment[] = [];
  for (const p of parts) {
    if (!p.added) old.push({ text: p.value, changed: p.removed });
    if (!p.removed) neu.push({ text: p.value, changed: p.added });
  }
  return { old, new: neu };
}

/** Pairs each run of removed lines with the added lines after it, for word highlights (first with first, …). */
function highlight(lines: DiffLineView[]): DiffLineView[] {
  const out = lines.slice();
  let i = 0;
  while (i < out.length) {
    if (out[i]?.kind !== 'del') {
      i++;
      continue;
    }
    let d = i;
    while (out[d]?.kind === 'del') d++;
    let a = d;
    while (out[a]?.kind === 'add') a++;
    const pairs = Math.min(d - i, a - d);
    for (let k = 0; k < pairs; k++) {
      const del = out[i + k];
      const add = out[d + k];
      if (!del || !add) continue;
      const w = wordSegments(del.segments[0]?.text ?? '', add.segments[0]?.text ?? '');
      if (!w) continue;
      out[i + k] = { ...del, segments: w.old };
      out[d + k] = { ...add, segments: w.new };
    }
    i = a;
  }
  return out;
}

/** The view of hunks: numbered lines with word highlights, capped at a few thousand lines. */
export function diffModel(hunks: readonly DiffHunk[]): DiffModel {
  let budget = MAX_LINES;
  let omitted = 0;
  let added = 0;
  let removed = 0;
  const out: DiffHunkView[] = [];
  for (const h of hunks) {
    let oldNo = h.oldStart;
    let newNo = h.newStart;
    const lines: DiffLineView[] = [];
    for (const raw of h.lines) {
      const kind = KIND[raw[0] ?? ''];
      if (!kind) continue;
      if (kind === 'add') added++;
      if (kind === 'del') removed++;
      if (budget <= 0) {
        omitted++;
        continue;
      }
      budget--;
      lines.push({
        kind,
        ...(kind !== 'add' && oldNo !== undefined ? { oldNo } : {}),
        ...(kind !== 'del' && newNo !== undefined ? { newNo } : {}),
        segments: [{ text: raw.slice(1), changed: false }],
      });
      if (kind !== 'add' && oldNo !== undefined) oldNo++;
      if (kind !== 'del' && newNo !== undefined) newNo++;
    }
    if (lines.length > 0 || h.lines.length === 0) out.push({ header: header(h), lines: highlight(lines) });
  }
  return { hunks: out, added, removed, omitted };
}
