import { structuredPatch } from 'diff';
import { applyEdits, fileRequestOf, isClamped, type EditOp, type FileRequest } from './derived-effects';
import type { DerivedChange } from './types';

// The unified diff of a derived change, computed when its details are opened (never while the model is built).

/** A hunk of a unified diff; a side's start is absent when the position in the file is not known. */
export interface DiffHunk {
  readonly oldStart?: number;
  readonly oldLines: number;
  readonly newStart?: number;
  readonly newLines: number;
  /** Shown instead of line numbers, or beside them (`edit 2 of 3`, `every occurrence`). */
  readonly header?: string;
  /** `' '`, `'-'` or `'+'` then the line. */
  readonly lines: readonly string[];
}

/** What the diff shows against, in words the UI completes with a link to the line. */
export type DiffBase =
  | {
      readonly kind: 'known';
      readonly fromCall: number;
      readonly editsSince: number;
      readonly complete: boolean;
      readonly startLine: number;
    }
  | { readonly kind: 'new-file' }
  | { readonly kind: 'stale'; readonly fromCall: number }
  | { readonly kind: 'unknown' };

export interface DerivedDiff {
  readonly filePath: string;
  readonly tool: DerivedChange['tool'];
  readonly created: boolean;
  readonly hunks: readonly DiffHunk[];
  readonly base: DiffBase;
  /** Notes on what the diff cannot show (request strings cut at the parser's clamp, a cell's earlier source, …). */
  readonly notes: readonly string[];
}

/** Past this many edit steps a diff gives up and shows the new side whole (jsdiff's `maxEditLength`). */
const MAX_EDIT_LENGTH = 4000;

function patch(before: string, after: string, context: number): DiffHunk[] | undefined {
  const p = structuredPatch('a', 'b', before, after, undefined, undefined, { context, maxEditLength: MAX_EDIT_LENGTH });
  if (!p) return undefined;
  // "\ No newline at end of file" markers: request strings rarely end in one, so they would be noise.
  return p.hunks.map((h) => ({
    oldStart: h.oldStart,
    oldLines: h.oldLines,
    newStart: h.newStart,
    newLines: h.newLines,
    lines: h.lines.filter((l) => !l.startsWith('\\')),
  }));
}

const shift = (h: DiffHunk, by: number): DiffHunk => ({
  ...h,
  ...(h.oldStart !== undefined ? { oldStart: h.oldStart + by } : {}),
  ...(h.newStart !== undefined ? { newStart: h.newStart + by } : {}),
});

/** A hunk whose position in the file is unknown: the request's old and new strings, diffed line by line. */
function snippet(e: EditOp, header: string): DiffHunk {
  const lines = patch(e.oldString, e.newString, Number.MAX_SAFE_INTEGER)?.flatMap((h) => h.lines) ?? [
    ...e.oldString.split('\n').map((l) => `-${l}`),
    ...e.newString.split('\n').map((l) => `+${l}`),
  ];
  const count = (c: string): number => lines.filter((l) => l[0] === c || l[0] === ' ').length;
  return { oldLines: count('-'), newLines: count('+'), header, lines };
}

const whole = (text: string, sign: '+' | '-'): string[] =>
  text === ''
    ? []
    : text
        .replace(/\n$/, '')
        .split('\n')
        .map((l) => `${sign}${l}`);

function editDiff(
  req: Extract<FileRequest, { tool: 'Edit' | 'MultiEdit' }>,
  d: DerivedChange,
): { hunks: DiffHunk[]; base: DiffBase } {
  const b = d.before;
  if (d.created) {
    const text = req.edits[0]?.newString ?? '';
    return {
      hunks: [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: whole(text, '+').length, lines: whole(text, '+') }],
      base: { kind: 'new-file' },
    };
  }
  if (b) {
    const after = applyEdits(b.text, req.edits);
    const hunks = after === undefined ? undefined : patch(b.text, after, 3);
    if (hunks)
      return {
        hunks: hunks.map((h) => shift(h, b.startLine - 1)),
        base: {
          kind: 'known',
          fromCall: b.fromCall,
          editsSince: b.editsSince,
          complete: b.complete,
          startLine: b.startLine,
        },
      };
  }
  const n = req.edits.length;
  const hunks = req.edits.map((e, i) => {
    const where = e.replaceAll ? 'every occurrence (replace_all)' : 'position in the file not known';
    return snippet(e, n > 1 ? `edit ${i + 1} of ${n} · ${where}` : where);
  });
  return { hunks, base: b ? { kind: 'stale', fromCall: b.fromCall } : { kind: 'unknown' } };
}

function writeDiff(content: string, d: DerivedChange): { hunks: DiffHunk[]; base: DiffBase } {
  const b = d.before;
  if (d.created) return { hunks: patch('', content, 3) ?? [], base: { kind: 'new-file' } };
  if (b?.complete) {
    const hunks = patch(b.text, content, 3);
    if (hunks)
      return {
        hunks,
        base: { kind: 'known', fromCall: b.fromCall, editsSince: b.editsSince, complete: true, startLine: 1 },
      };
  }
  const lines = whole(content, '+');
  return {
    hunks: [{ newStart: 1, oldLines: 0, newLines: lines.length, header: 'the whole new content', lines }],
    base: { kind: 'unknown' },
  };
}

/** The diff of a derived change, from the call's request. */
export function derivedDiff(name: string, input: unknown, d: DerivedChange): DerivedDiff | undefined {
  const req = fileRequestOf(name, input);
  if (!req || req.tool === 'Read') return undefined;
  const notes: string[] = [];
  const base = { filePath: d.filePath, tool: d.tool, created: d.created };
  switch (req.tool) {
    case 'Edit':
    case 'MultiEdit': {
      if (req.edits.some((e) => isClamped(e.oldString) || isClamped(e.newString)))
        notes.push('The request’s strings were cut to 16 KB when the trace was loaded: the diff shows what was kept.');
      return { ...base, ...editDiff(req, d), notes };
    }
    case 'Write':
      if (isClamped(req.content))
        notes.push('The written content was cut to 16 KB when the trace was loaded: the diff shows what was kept.');
      return { ...base, ...writeDiff(req.content, d), notes };
    case 'NotebookEdit': {
      const lines = req.mode === 'delete' ? [] : whole(req.source, '+');
      const header = `cell ${req.cell ?? '(new)'} · ${req.mode}${req.cellType ? ` · ${req.cellType}` : ''}`;
      if (req.mode === 'delete') notes.push('The cell was deleted.');
      if (req.mode === 'insert') notes.push('A new cell, inserted with this source.');
      return {
        ...base,
        hunks: [{ oldLines: 0, newLines: lines.length, header, lines }],
        base: { kind: 'unknown' },
        notes,
      };
    }
  }
}
