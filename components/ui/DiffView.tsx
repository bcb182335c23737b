import type { DiffLineView, DiffModel } from '../../lib/view/diff';
import { formatInt } from '../../lib/trace/text-order';

const ROW: Record<DiffLineView['kind'], string> = {
  context: '',
  del: 'bg-red-50 text-red-950 dark:bg-red-950/60 dark:text-red-100',
  add: 'bg-green-50 text-green-950 dark:bg-green-950/60 dark:text-green-100',
};
const SIGN: Record<DiffLineView['kind'], string> = { context: ' ', del: '-', add: '+' };

function Line({ l, numbered }: { l: DiffLineView; numbered: boolean }) {
  return (
    <div className={`flex ${ROW[l.kind]}`}>
      {numbered ? (
        <>
          <span className="w-[5ch] shrink-0 select-none pr-1 text-right text-neutral-400 dark:text-neutral-500">
            {l.oldNo ?? ''}
          </span>
          <span className="w-[5ch] shrink-0 select-none pr-1 text-right text-neutral-400 dark:text-neutral-500">
            {l.newNo ?? ''}
          </span>
        </>
      ) : null}
      <span className="w-[2ch] shrink-0 select-none pl-1">{SIGN[l.kind]}</span>
      {/* Long lines wrap (anywhere, for minified code): the pane never scrolls sideways. */}
      <span className="min-w-0 flex-1 whitespace-pre-wrap pr-2 [overflow-wrap:anywhere]">
        {l.segments.map((s, i) =>
          !s.changed ? (
            <span key={i}>{s.text}</span>
          ) : l.kind === 'del' ? (
            <del key={i} className="rounded-sm bg-red-200 no-underline dark:bg-red-800/80">
              {s.text}
            </del>
          ) : (
            <ins key={i} className="rounded-sm bg-green-200 no-underline dark:bg-green-800/80">
              {s.text}
            </ins>
          ),
        )}
        {l.segments.every((s) => s.text === '') ? '\u200b' : null}
      </span>
    </div>
  );
}

/** A unified diff: old and new line numbers where known, word-level highlights inside changed lines, long lines wrapped. */
export function DiffView({ title, diff }: { title: string; diff: DiffModel }) {
  return (
    <figure
      aria-label="Diff"
      className="overflow-hidden rounded border border-neutral-300 font-mono text-[12px] leading-5 dark:border-neutral-700"
    >
      <figcaption className="flex items-baseline gap-2 border-b border-neutral-300 bg-neutral-100 px-2 py-0.5 dark:border-neutral-700 dark:bg-neutral-800">
        <span className="min-w-0 flex-1 truncate" title={title}>
          {title}
        </span>
        <span className="shrink-0 text-green-700 dark:text-green-400">+{diff.added}</span>
        <span className="shrink-0 text-red-700 dark:text-red-400">−{diff.removed}</span>
      </figcaption>
      {diff.hunks.map((h, i) => {
        const numbered = h.lines.some((l) => l.oldNo !== undefined || l.newNo !== undefined);
        return (
          <div key={i}>
            <div className="bg-sky-50 px-2 text-sky-800 dark:bg-sky-950 dark:text-sky-300">{h.header}</div>
            {h.lines.map((l, j) => (
              <Line key={j} l={l} numbered={numbered} />
            ))}
            {h.lines.length === 0 ? <div className="px-2 text-neutral-500">(no lines)</div> : null}
          </div>
        );
      })}
      {diff.hunks.length === 0 ? <div className="px-2 text-neutral-500">(no changes)</div> : null}
      {diff.omitted > 0 ? (
        <div className="border-t border-neutral-300 px-2 text-neutral-500 dark:border-neutral-700">
          … {formatInt(diff.omitted)} more lines not shown
        </div>
      ) : null}
    </figure>
  );
}
