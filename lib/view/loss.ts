import type { TraceSummary } from './protocol';

// What a load left out, in words, for the note above the timeline: lines past the line limit, gzip files cut at their
// inflate limit or damaged, usage numbers not counted. Each also stays in the Diagnostics panel.

const LOST = new Set(['line-too-long', 'inflate-limit', 'damaged-gzip', 'invalid-number']);

export interface LossLine {
  readonly text: string;
  /** The event it is about, when there is one (an unsound usage number): the note can jump there. */
  readonly seq?: number;
}

/** One sentence per thing left out, in file order. */
export function lossLines(diagnostics: TraceSummary['diagnostics']): LossLine[] {
  return diagnostics
    .filter((d) => LOST.has(d.code))
    .map((d) => ({
      // A file cut short names itself; a line is said with the file it is in.
      text: d.code === 'inflate-limit' || d.code === 'damaged-gzip' ? d.message : `${d.sourceName}: ${d.message}`,
      ...(d.seq !== undefined ? { seq: d.seq } : {}),
    }));
}
