import { structuredPatch } from 'diff';
import { diffModel, type DiffModel } from '../view/diff';
import type { EffectDetails } from '../view/effect';
import { mediaLabel } from '../trace/media';

// Word diffs between the two runs' inputs, results and side effects, drawn by the Diff view.

/** Past this many edit steps the diff gives up and shows B's text whole against A's (jsdiff's `maxEditLength`). */
const MAX_EDIT_LENGTH = 4000;

/** A's text against B's as a unified diff (3 lines of context), with changed words highlighted. */
export function textDiff(a: string, b: string): DiffModel {
  const p = structuredPatch('A', 'B', a, b, undefined, undefined, { context: 3, maxEditLength: MAX_EDIT_LENGTH });
  const split = (s: string, sign: string): string[] => (s === '' ? [] : s.split('\n').map((l) => sign + l));
  const hunks = p
    ? p.hunks.map((h) => ({
        oldStart: h.oldStart,
        oldLines: h.oldLines,
        newStart: h.newStart,
        newLines: h.newLines,
        lines: h.lines.filter((l) => !l.startsWith('\\')),
      }))
    : [
        {
          oldStart: 1,
          oldLines: a.split('\n').length,
          newStart: 1,
          newLines: b.split('\n').length,
          lines: [...split(a, '-'), ...split(b, '+')],
        },
      ];
  return diffModel(hunks);
}

/** A side effect as text, for diffing one run's against the other's: a file change as its diff lines, a command's output. */
export function effectText(e: EffectDetails): string {
  switch (e.kind) {
    case 'pending':
      return '(no result yet)';
    case 'failed':
      return '(none: the call failed)';
    case 'none':
      return '(no structured output recorded)';
    case 'derived':
    case 'recorded': {
      const file = e.file;
      if (file)
        return [
          file.title,
          ...file.diff.hunks.flatMap((h) =>
            h.lines.map(
              (l) =>
                `${l.kind === 'add' ? '+' : l.kind === 'del' ? '-' : ' '}${l.segments.map((s) => s.text).join('')}`,
            ),
          ),
        ].join('\n');
      if (e.kind === 'derived') return '';
      const s = e.sideEffect;
      switch (s.type) {
        case 'bash':
          return `exit ${s.exitCode ?? (s.interrupted ? 'interrupted' : '?')}\n${s.stdout}${s.stderr ? `\n--- stderr\n${s.stderr}` : ''}`;
        case 'agent':
          return `agent ${s.status ?? ''}\n${s.text}`;
        case 'read':
          return `read ${s.filePath} (${s.numLines ?? '?'} lines)`;
        case 'text':
          return s.text;
        case 'file-edit':
          return `change of ${s.filePath}`;
        case 'media':
          return [s.text, ...s.media.map(mediaLabel)].filter(Boolean).join('\n');
        case 'other':
          return `structured output: ${s.keys.join(', ')}`;
      }
    }
  }
}
