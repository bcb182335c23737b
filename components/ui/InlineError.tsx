'use client';

import { FOCUS_RING } from './kit/styles';

/** A failure shown where it happened, in words, with a way to try again. */
export function InlineError({
  what,
  error,
  onRetry,
  onDismiss,
  className,
}: {
  what: string;
  error: string;
  onRetry?: () => void;
  onDismiss?: () => void;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={`flex items-start gap-2 rounded border border-red-300 bg-red-50 px-2 py-1 text-[12px] text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200 ${className ?? ''}`}
    >
      <span className="min-w-0 flex-1 break-words">
        Could not {what}: {error}
      </span>
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className={`shrink-0 rounded border border-red-300 bg-white px-1.5 leading-5 text-red-900 hover:bg-red-100 dark:border-red-700 dark:bg-red-900 dark:text-red-100 dark:hover:bg-red-800 ${FOCUS_RING}`}
        >
          Retry
        </button>
      ) : null}
      {onDismiss ? (
        <button
          type="button"
          aria-label="Dismiss"
          onClick={onDismiss}
          className={`shrink-0 rounded px-1 text-red-800 hover:text-red-950 dark:text-red-300 dark:hover:text-red-100 ${FOCUS_RING}`}
        >
          ✕
        </button>
      ) : null}
    </div>
  );
}
