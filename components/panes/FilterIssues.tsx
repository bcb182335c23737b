'use client';

import { Fragment } from 'react';
import type { FilterIssue } from '../../lib/trace/filter-check';

/** Text with `backticked` parts set as code. */
function Ticks({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-amber-100 px-0.5 font-mono dark:bg-amber-900">
            {part}
          </code>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** The query with one term replaced. */
export function replaceTerm(query: string, issue: Pick<FilterIssue, 'start' | 'end'>, term: string): string {
  return `${query.slice(0, issue.start)}${term}${query.slice(issue.end)}`.trim();
}

/**
 * What in the applied filter cannot match as meant (an unknown property, a value the trace does not have), each with
 * the closest valid terms; a click on one puts it in place of the bad term.
 */
export function FilterIssues({
  id,
  query,
  issues,
  onApply,
}: {
  id: string;
  query: string;
  issues: readonly FilterIssue[];
  onApply: (q: string) => void;
}) {
  if (issues.length === 0) return null;
  return (
    <div
      role="status"
      aria-label="Filter warnings"
      className="flex flex-col gap-0.5 border-t border-amber-200 bg-amber-50 px-2 py-0.5 text-[12px] text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200"
    >
      <div id={id} className="contents">
        {issues.map((issue, k) => (
          <p key={k} className="min-w-0 break-words">
            <span aria-hidden="true">⚠ </span>
            <Ticks text={issue.message} />
            {issue.suggestions.length > 0 ? (
              <>
                {issue.close ? ' — did you mean ' : ' — one of '}
                {issue.suggestions.map((s, j) => (
                  <Fragment key={s.term}>
                    {j === 0 ? '' : j === issue.suggestions.length - 1 && issue.close ? ' or ' : ', '}
                    <button
                      type="button"
                      title={`Filter by ${s.term}`}
                      onClick={() => onApply(replaceTerm(query, issue, s.term))}
                      className="rounded bg-amber-100 px-0.5 font-mono underline decoration-dotted hover:bg-amber-200 dark:bg-amber-900 dark:hover:bg-amber-800"
                    >
                      {s.text}
                    </button>
                  </Fragment>
                ))}
                {issue.close ? '?' : ''}
              </>
            ) : null}
          </p>
        ))}
      </div>
    </div>
  );
}
