'use client';

import type { RunDigest } from '../../lib/compare';
import { ThemeToggle } from '../ui/ThemeToggle';
import { Button } from '../ui/kit/Button';

// The compare view's top: the two runs named, where the selection is among the differences (with p and n), and the
// line that names the first divergence beside each run's verdict.

export function CompareHeader({
  titleA,
  titleB,
  here,
  differences,
  onStep,
}: {
  titleA: string;
  titleB: string;
  /** The selected difference's index among `differences` (-1: the selection is on a row that does not differ). */
  here: number;
  differences: number;
  onStep: (by: 1 | -1) => void;
}) {
  return (
    <header className="flex h-9 shrink-0 items-center gap-3 border-b border-neutral-300 bg-neutral-100 px-3 text-[12px] dark:border-neutral-700 dark:bg-neutral-800">
      <a href="/" className="font-semibold hover:underline">
        Loupe
      </a>
      <h1 className="text-neutral-500">Compare</h1>
      <span className="flex min-w-0 flex-1 items-baseline gap-2">
        <span className="font-semibold">A</span>
        <span className="min-w-0 truncate" title={titleA}>
          {titleA}
        </span>
        <span className="text-neutral-400">vs</span>
        <span className="font-semibold">B</span>
        <span className="min-w-0 truncate" title={titleB}>
          {titleB}
        </span>
      </span>
      <span className="shrink-0 tabular-nums text-neutral-600 dark:text-neutral-400" aria-live="polite">
        {differences === 0 ? 'no differences' : `difference ${here >= 0 ? here + 1 : '–'} of ${differences}`}
      </span>
      <span className="flex shrink-0 gap-1">
        <Button
          size="compact"
          aria-keyshortcuts="p"
          title="Previous difference (p)"
          onClick={() => onStep(-1)}
          className="h-6"
        >
          ↑ p
        </Button>
        <Button
          size="compact"
          aria-keyshortcuts="n"
          title="Next difference (n)"
          onClick={() => onStep(1)}
          className="h-6"
        >
          ↓ n
        </Button>
      </span>
      <ThemeToggle />
    </header>
  );
}

function Verdict({ d }: { d: RunDigest }) {
  const v = d.verdict;
  const tone =
    v.task === 'passed'
      ? 'text-green-700 dark:text-green-400'
      : v.task === 'failed'
        ? 'text-red-700 dark:text-red-400'
        : 'text-neutral-500 dark:text-neutral-400';
  return (
    <span title={v.reason} className="whitespace-nowrap">
      <span className={tone}>task {v.task}</span>
      {v.failure ? <span className="text-neutral-600 dark:text-neutral-400"> · {v.failure}</span> : null}
      <span className="text-neutral-500"> · {v.protocol.replace(/-/g, ' ')}</span>
    </span>
  );
}

export function DivergenceBar({
  what,
  a,
  b,
  onFirst,
  partial = false,
}: {
  /** The first divergence in words; undefined: the runs do not diverge. */
  what: string | undefined;
  a: RunDigest;
  b: RunDigest;
  onFirst: () => void;
  /** Only the runs' first responses are aligned yet: the divergence is the first so far, the verdicts wait. */
  partial?: boolean;
}) {
  return (
    <section
      aria-label="First divergence"
      className="flex shrink-0 items-baseline gap-2 border-b border-neutral-200 px-3 py-1 text-[12px] dark:border-neutral-700"
    >
      {what !== undefined ? (
        <>
          <span className="font-semibold text-amber-700 dark:text-amber-400">
            First divergence{partial ? ' so far' : ''}
          </span>
          <button
            type="button"
            title="Select it (f)"
            aria-keyshortcuts="f"
            onClick={onFirst}
            className="min-w-0 truncate text-left hover:underline"
          >
            {what}
          </button>
        </>
      ) : (
        <span className="text-green-700 dark:text-green-400">
          {partial
            ? 'No divergence so far: the first responses read have the same prompts and tool calls.'
            : 'No divergence: the same prompts and the same tool calls, in the same order.'}
        </span>
      )}
      {partial ? (
        <span className="ml-auto shrink-0 text-neutral-500">verdicts once both runs are read</span>
      ) : (
        <span className="ml-auto flex shrink-0 gap-3 text-neutral-600 dark:text-neutral-400">
          <span>
            A: <Verdict d={a} />
          </span>
          <span>
            B: <Verdict d={b} />
          </span>
        </span>
      )}
    </section>
  );
}
