'use client';

import { useMemo, useState } from 'react';
import type { TraceSummary } from '../../lib/view/trace-summary';
import { lossLines } from '../../lib/view/loss';
import type { SkippedFile } from '../intake/intake';
import { LossNote } from '../panes/LossNote';
import { SkippedNote } from '../panes/SkippedNote';
import { InlineError } from '../ui/InlineError';

/** A one-off request that failed (a jump, a selection): said under the toolbar until dismissed. */
export interface Failure {
  readonly what: string;
  readonly error: string;
}

/**
 * The lines under the toolbar: files of the drop not opened, lines lost in reading, a failed find, a failed one-off
 * request. The first two are dismissed for good; the others go when the request is retried or dismissed.
 */
export function WorkbenchNotes({
  skipped,
  diagnostics,
  onDiagnostics,
  find,
  failure,
  onDismissFailure,
}: {
  skipped: readonly SkippedFile[];
  diagnostics: TraceSummary['diagnostics'];
  onDiagnostics: () => void;
  find: { query: string; error: string | undefined; retry: () => void };
  failure: Failure | undefined;
  onDismissFailure: () => void;
}) {
  const [skippedShown, setSkippedShown] = useState(true);
  const [lossShown, setLossShown] = useState(true);
  const lost = useMemo(() => lossLines(diagnostics), [diagnostics]);
  return (
    <>
      {skippedShown ? <SkippedNote skipped={skipped} onDismiss={() => setSkippedShown(false)} /> : null}
      {lossShown ? <LossNote lines={lost} onDiagnostics={onDiagnostics} onDismiss={() => setLossShown(false)} /> : null}
      {find.error ? (
        <InlineError what={`find “${find.query}”`} error={find.error} onRetry={find.retry} className="m-1 shrink-0" />
      ) : null}
      {failure ? (
        <InlineError what={failure.what} error={failure.error} onDismiss={onDismissFailure} className="m-1 shrink-0" />
      ) : null}
    </>
  );
}
