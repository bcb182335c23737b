import type { ReactNode } from 'react';
import { whereLabel } from '../../../lib/view/where';
import { linkClass } from '../../ui/kit/styles';
import { formatInt } from '../../../lib/trace/text-order';

/** Tools whose result is the model's own prose (a subagent's report): shown as markdown. */
export const PROSE_RESULTS: ReadonlySet<string> = new Set(['Agent', 'Task']);

export function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section aria-label={title} className="border-b border-neutral-200 px-3 py-2 dark:border-neutral-700">
      <h3 className="mb-1 flex items-center gap-2 text-[11px] font-semibold uppercase tracking-wide text-neutral-500">
        {title}
        {aside ? <span className="ml-auto font-normal normal-case tracking-normal">{aside}</span> : null}
      </h3>
      {children}
    </section>
  );
}

export function Fields({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-[12px]">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-neutral-500">{k}</dt>
          <dd className="min-w-0 break-words font-mono">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Pre({ text, label }: { text: string; label?: string }) {
  return (
    <pre
      aria-label={label}
      className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded bg-neutral-50 p-2 font-mono text-[12px] leading-5 dark:bg-neutral-950"
    >
      {text}
    </pre>
  );
}

/** A link to an event: its line, or for a record of a JSON document its path (every record shares line 1). */
export function LineLink({
  line,
  path,
  seq,
  onJump,
}: {
  line?: number;
  path?: string | undefined;
  seq: number;
  onJump: (seq: number) => void;
}) {
  return (
    <button type="button" onClick={() => onJump(seq)} className={`font-mono text-[11px] ${linkClass('hover')}`}>
      {whereLabel({ ...(line !== undefined ? { line } : {}), ...(path ? { path } : {}) })}
    </button>
  );
}

/** Asks for the whole text of what was cut short (`total`: its length, when known). */
export function ShowAll({ onClick, total }: { onClick: () => void; total?: number }) {
  return (
    <button type="button" onClick={onClick} className={`mt-1 text-[12px] ${linkClass('hover')}`}>
      Show all{total !== undefined ? ` (${formatInt(total)} characters)` : ''}
    </button>
  );
}
