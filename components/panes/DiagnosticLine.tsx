'use client';

import type { Ask } from '../data/useTraceWorker';
import { useWorkerQuery } from '../data/useWorkerQuery';
import { InlineError } from '../ui/InlineError';
import { formatInt } from '../../lib/trace/text-order';

/** The text of the line a diagnostic is about (one that made no event), re-read from its file, as plain text. */
export function DiagnosticLine({ ask, id, source, offset }: { ask: Ask; id: string; source: number; offset: number }) {
  const q = useWorkerQuery(ask, 'diagnosticLine', { source, offset });
  if (q.error)
    return <InlineError what="read the line again" error={q.error} onRetry={q.retry} className="mx-2 mb-1" />;
  const raw = q.data;
  return (
    <div
      id={id}
      className="mx-2 mb-1 rounded border border-neutral-200 bg-neutral-50 dark:border-neutral-700 dark:bg-neutral-900"
    >
      {raw === undefined ? (
        <p className="px-2 py-0.5 text-neutral-500">
          {q.loading ? 'Reading the line…' : 'The line cannot be read again.'}
        </p>
      ) : (
        <>
          <pre
            aria-label={`Line ${raw.line} of ${raw.sourceName}`}
            className="max-h-40 overflow-auto whitespace-pre-wrap break-all px-2 py-1 font-mono text-[11px]"
          >
            {raw.text}
          </pre>
          {raw.more ? (
            <p className="border-t border-neutral-200 px-2 py-0.5 text-neutral-500 dark:border-neutral-700">
              {formatInt(raw.more)} more bytes of its {formatInt(raw.length)} are not shown
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
