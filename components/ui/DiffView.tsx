import type { PatchHunk } from '../../lib/trace/types';

/** A unified diff of structured patch hunks. */
export function DiffView({ filePath, hunks, label }: { filePath: string; hunks: readonly PatchHunk[]; label?: string }) {
  return (
    <figure aria-label={label ?? `diff of ${filePath}`} className="overflow-auto rounded border border-neutral-300 font-mono text-[12px] leading-5 dark:border-neutral-700">
      <figcaption className="border-b border-neutral-300 bg-neutral-100 px-2 py-0.5 dark:border-neutral-700 dark:bg-neutral-800">
        --- a{filePath.startsWith('/') ? '' : '/'}
        {filePath}
        <br />
        +++ b{filePath.startsWith('/') ? '' : '/'}
        {filePath}
      </figcaption>
      {hunks.map((h, i) => (
        <div key={i}>
          <div className="bg-sky-50 px-2 text-sky-800 dark:bg-sky-950 dark:text-sky-300">
            @@ -{h.oldStart},{h.oldLines} +{h.newStart},{h.newLines} @@
          </div>
          {h.lines.map((l, j) => (
            <div
              key={j}
              className={`whitespace-pre px-2 ${l.startsWith('+') ? 'bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-200' : l.startsWith('-') ? 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-200' : ''}`}
            >
              {l}
            </div>
          ))}
        </div>
      ))}
      {hunks.length === 0 ? <div className="px-2 text-neutral-500">(no changes recorded)</div> : null}
    </figure>
  );
}
