'use client';

// While the runs load, the compare view aligns their first megabytes (`compareHead`): this line says how much of each
// is in the rows, how far each load is, and what waits for the whole runs.

/** A side whose rows come from its first megabytes: `bytes` of `totalBytes` read into them, its load `pct` done. */
export interface PartialSide {
  readonly bytes: number;
  readonly totalBytes: number;
  readonly pct: number;
}

const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;

function sideWords(side: 'A' | 'B', p: PartialSide | undefined): string {
  return p ? `run ${side}: its first ${mb(p.bytes)} of ${mb(p.totalBytes)} (loading, ${p.pct}%)` : `run ${side}: whole`;
}

export function PartialNote({ a, b }: { a: PartialSide | undefined; b: PartialSide | undefined }) {
  return (
    <p
      role="status"
      aria-label="Partial comparison"
      className="shrink-0 border-b border-sky-200 bg-sky-50 px-3 py-1 text-[12px] text-sky-950 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100"
    >
      Aligned so far on {sideWords('A', a)}; {sideWords('B', b)}. The totals, the later responses and each call&apos;s
      chain come once both runs are read.
    </p>
  );
}
