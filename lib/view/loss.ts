import type { Diagnostic } from '../trace/types';
import type { TraceSummary } from './trace-summary';

// What a load left out, in words, for the note above the timeline and for the CLI: lines past the line limit, gzip
// files cut at their inflate limit or damaged, UTF-16 files, usage numbers not counted. Each also stays in the
// Diagnostics panel.

/** Diagnostics that say something was not read or not counted. */
export const LOST_CODES: ReadonlySet<Diagnostic['code']> = new Set([
  'line-too-long',
  'inflate-limit',
  'damaged-gzip',
  'memory-limit',
  'utf16-file',
  'invalid-number',
]);

/** Diagnostics about a whole file, whose message names it. */
const FILE_CODES: ReadonlySet<Diagnostic['code']> = new Set([
  'inflate-limit',
  'damaged-gzip',
  'memory-limit',
  'utf16-file',
]);

/** A diagnostic in one line of words: a file's own says itself, a line's is said with its file (and line, asked). */
export function lossText(d: Diagnostic, sourceName: string, withLine = false): string {
  if (FILE_CODES.has(d.code)) return d.message;
  return `${sourceName}${withLine ? `:${d.src?.line ?? '?'}` : ''}: ${d.message}`;
}

export interface LossLine {
  readonly text: string;
  /** The event it is about, when there is one (an unsound usage number): the note can jump there. */
  readonly seq?: number;
}

/** One sentence per thing left out, in file order. */
export function lossLines(diagnostics: TraceSummary['diagnostics']): LossLine[] {
  return diagnostics
    .filter((d) => LOST_CODES.has(d.code))
    .map((d) => ({ text: lossText(d, d.sourceName), ...(d.seq !== undefined ? { seq: d.seq } : {}) }));
}
