'use client';

import { useId, useState } from 'react';
import type { TraceSummary } from '../../lib/view/trace-summary';
import type { Ask } from '../data/useTraceWorker';
import { Button } from '../ui/kit/Button';
import { DiagnosticLine } from './DiagnosticLine';
import { linkClass } from '../ui/kit/styles';

const SEV = {
  error: 'text-red-700 dark:text-red-400',
  warning: 'text-amber-700 dark:text-amber-400',
  info: 'text-neutral-500',
} as const;

/** Every malformed line and model warning; each one jumps to its place, and a line that made no event shows its text. */
export function DiagnosticsPanel({
  ask,
  diagnostics,
  onJump,
  onClose,
}: {
  ask: Ask;
  diagnostics: TraceSummary['diagnostics'];
  onJump: (seq: number | undefined) => void;
  onClose: () => void;
}) {
  // Open lines by where they start (a live update may add diagnostics before them: an index would move).
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const toggle = (i: string) =>
    setShown((s) => {
      const next = new Set(s);
      if (!next.delete(i)) next.add(i);
      return next;
    });
  const idBase = useId();
  return (
    <section
      aria-label="Diagnostics panel"
      className="flex max-h-48 min-h-0 flex-col border-t border-neutral-300 dark:border-neutral-700"
    >
      <div className="flex h-6 shrink-0 items-center border-b border-neutral-200 bg-neutral-100 px-2 text-[12px] font-semibold dark:border-neutral-700 dark:bg-neutral-800">
        Diagnostics ({diagnostics.length})
        <Button
          variant="quiet"
          size="compact"
          aria-label="Close diagnostics"
          onClick={onClose}
          className="ml-auto font-normal"
        >
          ✕
        </Button>
      </div>
      <ul className="min-h-0 flex-1 overflow-auto text-[12px]">
        {diagnostics.map((d, i) => {
          const cells = (
            <>
              <span className={`w-14 shrink-0 ${SEV[d.severity]}`}>{d.severity}</span>
              {/* A long file name is cut short (whole in the tooltip), its line number kept in view. */}
              <span
                title={`${d.sourceName}${d.src ? `:${d.src.line}` : ''}`}
                className="flex w-40 shrink-0 font-mono text-neutral-500"
              >
                <span className="truncate">{d.sourceName}</span>
                {d.src ? <span className="shrink-0">:{d.src.line}</span> : null}
              </span>
              <span className="w-44 shrink-0 font-mono text-neutral-600 dark:text-neutral-400">{d.code}</span>
              <span className="min-w-0 flex-1 break-words">{d.message}</span>
            </>
          );
          const row = 'flex min-w-0 flex-1 items-baseline gap-2 px-2 py-0.5 text-left';
          // A line that made no event (it did not parse, or was too long): its text, re-read on demand.
          const src = d.consumesLine ? d.src : undefined;
          const lineId = `${idBase}-line-${i}`;
          const at = src ? `${src.source}:${src.offset}` : '';
          return (
            <li key={i}>
              <div className="flex items-baseline">
                {d.seq === undefined ? (
                  // Nothing to go to: no button that does nothing.
                  <div className={row}>{cells}</div>
                ) : (
                  <button
                    type="button"
                    onClick={() => onJump(d.seq)}
                    title="Go to its event"
                    className={`${row} hover:bg-sky-50 dark:hover:bg-neutral-800`}
                  >
                    {cells}
                  </button>
                )}
                {src ? (
                  <button
                    type="button"
                    aria-expanded={shown.has(at)}
                    aria-controls={lineId}
                    title={`The text of line ${src.line} of ${d.sourceName}, read again from the file`}
                    onClick={() => toggle(at)}
                    className={`shrink-0 px-2 ${linkClass('hover')}`}
                  >
                    <span aria-hidden="true">{shown.has(at) ? '▾ ' : '▸ '}</span>
                    line {src.line}
                  </button>
                ) : null}
              </div>
              {src && shown.has(at) ? (
                <DiagnosticLine ask={ask} id={lineId} source={src.source} offset={src.offset} />
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
