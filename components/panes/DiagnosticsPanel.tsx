'use client';

import type { TraceSummary } from '../../lib/view/protocol';

const SEV = { error: 'text-red-700 dark:text-red-400', warning: 'text-amber-700 dark:text-amber-400', info: 'text-neutral-500' } as const;

/** Every malformed line and model warning; each one jumps to its place. */
export function DiagnosticsPanel({
  diagnostics,
  onJump,
  onClose,
}: {
  diagnostics: TraceSummary['diagnostics'];
  onJump: (seq: number | undefined) => void;
  onClose: () => void;
}) {
  return (
    <section aria-label="Diagnostics panel" className="flex max-h-48 min-h-0 flex-col border-t border-neutral-300 dark:border-neutral-700">
      <div className="flex h-6 shrink-0 items-center border-b border-neutral-200 bg-neutral-100 px-2 text-[12px] font-semibold dark:border-neutral-700 dark:bg-neutral-800">
        Diagnostics ({diagnostics.length})
        <button
          type="button"
          aria-label="Close diagnostics"
          onClick={onClose}
          className="ml-auto px-1 text-neutral-500 hover:text-neutral-900 dark:hover:text-neutral-100"
        >
          ✕
        </button>
      </div>
      <ul className="min-h-0 flex-1 overflow-auto text-[12px]">
        {diagnostics.map((d, i) => {
          const cells = (
            <>
              <span className={`w-14 shrink-0 ${SEV[d.severity]}`}>{d.severity}</span>
              <span className="w-40 shrink-0 truncate font-mono text-neutral-500">
                {d.sourceName}
                {d.src ? `:${d.src.line}` : ''}
              </span>
              <span className="w-44 shrink-0 font-mono text-neutral-600 dark:text-neutral-400">{d.code}</span>
              <span className="min-w-0 flex-1 break-words">{d.message}</span>
            </>
          );
          const row = 'flex w-full items-baseline gap-2 px-2 py-0.5 text-left';
          return (
            <li key={i}>
              {d.seq === undefined ? (
                // A line that made no event (it did not parse): nothing to go to, so no button that does nothing.
                <div className={row}>{cells}</div>
              ) : (
                <button type="button" onClick={() => onJump(d.seq)} title="Go to its event" className={`${row} hover:bg-sky-50 dark:hover:bg-neutral-800`}>
                  {cells}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
