/** A determinate progress bar (0 to 100), named for what it measures. */
export function ProgressBar({ label, pct, className }: { label: string; pct: number; className: string }) {
  return (
    <span
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      className={`block h-2 shrink-0 overflow-hidden rounded bg-neutral-300 dark:bg-neutral-700 ${className}`}
    >
      {/* No transition: an animated width is a layout a frame, on the main thread, all through a load. */}
      <span className="block h-full bg-sky-600" style={{ width: `${pct}%` }} />
    </span>
  );
}
