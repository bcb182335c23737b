'use client';

import type { Verdict } from '../../../lib/trace/verdict';
import { count } from '../../../lib/trace/text-order';
import { linkClass } from '../../ui/kit/styles';
import { ShowMore, useShown } from '../../ui/kit/ShowMore';

const TONE = {
  good: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  bad: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  plain: 'bg-neutral-200 text-neutral-700 dark:bg-neutral-700 dark:text-neutral-200',
};

/** Three verdicts side by side, never merged: protocol, result frames as given, and the task. */
export function VerdictPanel({ verdict: v, onJump }: { verdict: Verdict; onJump: (seq: number) => void }) {
  const protoTone =
    v.protocol.status === 'clean' ? TONE.good : v.protocol.status === 'no-result-frames' ? TONE.plain : TONE.bad;
  const taskTone = v.task.status === 'passed' ? TONE.good : v.task.status === 'failed' ? TONE.bad : TONE.plain;
  // A long SDK stream has a result frame per turn, thousands of them: the first few are drawn, the rest on request.
  const results = useShown(v.results.length, 12);
  const hiddenDisagree = v.results.slice(results.shown).filter((r) => r.disagree).length;
  return (
    <section aria-label="Verdict" className="grid grid-cols-1 gap-2 @min-[40rem]:grid-cols-3">
      <div className="rounded border border-neutral-200 p-2 dark:border-neutral-700">
        <h3 className="text-[11px] font-semibold uppercase tracking-wide text-neutral-500">Protocol</h3>
        <span data-testid="protocol-status" className={`rounded px-1.5 font-semibold ${protoTone}`}>
          {v.protocol.status}
        </span>
        <ul className="mt-1 text-neutral-600 dark:text-neutral-400">
          {v.protocol.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
        <Evidence items={v.protocol.evidence} onJump={onJump} />
      </div>
      <div className="rounded border border-neutral-200 p-2 dark:border-neutral-700">
        <h3 className="text-[11px] font-semibold uppercase tracking-wide text-neutral-500">Results (as given)</h3>
        {v.results.length === 0 ? <p className="text-neutral-500">no result frames</p> : null}
        <ul>
          {v.results.slice(0, results.shown).map((r) => (
            <li key={r.seq} className="flex flex-wrap items-center gap-x-2">
              <button
                type="button"
                onClick={() => onJump(r.seq)}
                className={`whitespace-nowrap font-mono ${linkClass('hover')}`}
              >
                {r.path ?? `line ${r.line}`}
              </button>
              <span className="font-mono">{r.subtype}</span>
              <span className="font-mono text-neutral-500">is_error: {String(r.isError)}</span>
              {r.disagree ? (
                <span className="whitespace-nowrap rounded bg-amber-100 px-1 text-amber-800 dark:bg-amber-950 dark:text-amber-300">
                  subtype and is_error disagree
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        <ShowMore
          shown={results.shown}
          total={v.results.length}
          what="result frame"
          more={results.more}
          all={results.all}
        />
        {hiddenDisagree > 0 ? (
          <p className="text-amber-800 dark:text-amber-300">
            {count(hiddenDisagree, 'result frame')} not shown {hiddenDisagree === 1 ? 'has' : 'have'} a subtype and
            is_error that disagree
          </p>
        ) : null}
      </div>
      <div className="rounded border border-neutral-200 p-2 dark:border-neutral-700">
        <h3 className="text-[11px] font-semibold uppercase tracking-wide text-neutral-500">Task</h3>
        <span data-testid="task-status" className={`rounded px-1.5 font-semibold ${taskTone}`}>
          {v.task.status}
        </span>
        <p className="mt-1">{v.task.reason}</p>
        {v.task.failure ? (
          <p className="mt-1">
            <span data-testid="failure-class" className="font-mono">
              {v.task.failure}
            </span>
            : {v.task.failureText}
          </p>
        ) : null}
        <Evidence items={v.task.evidence} onJump={onJump} />
      </div>
    </section>
  );
}

function Evidence({ items, onJump }: { items: Verdict['task']['evidence']; onJump: (seq: number) => void }) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="evidence" className="mt-1 text-[11px]">
      {items.slice(0, 12).map((e, i) => {
        const where = e.path === '$' ? 'artifact' : (e.path ?? `line ${e.line}`);
        return (
          <li key={i}>
            <button
              type="button"
              aria-label={`${where}: ${e.label}`}
              onClick={() => onJump(e.seq)}
              className={`font-mono ${linkClass('hover')}`}
            >
              {where}
            </button>{' '}
            {e.label}
          </li>
        );
      })}
    </ul>
  );
}
