// The moment a trace's first rows are on screen (or the trace is, or why it is not), for what waits for it so as not to
// take the main thread from them: the address of a trace opened in place (components/home/open-in-place.ts), whose
// change sets the router to work.

const waiting = new Set<() => void>();

/** Runs `fn` once the next first rows are shown (`firstRowsShown`); returns what cancels that. */
export function afterFirstRows(fn: () => void): () => void {
  waiting.add(fn);
  return () => waiting.delete(fn);
}

/** The viewer's first rows, its trace or its error are on screen: what waited for them runs. */
export function firstRowsShown(): void {
  const now = [...waiting];
  waiting.clear();
  for (const fn of now) fn();
}
