import type { LineRef } from './line-types';

// What a trace's reading reports beside its events: a line it could not read or a rule that did not hold.

export type DiagnosticCode =
  | 'malformed-json'
  | 'not-an-object'
  | 'truncated-last-line'
  | 'invalid-document'
  | 'schema-mismatch'
  | 'orphan-tool-result'
  | 'tool-call-without-result'
  | 'duplicate-tool-result'
  | 'stream-incomplete'
  | 'stream-mismatch'
  | 'event-after-message-stop'
  | 'orphan-stream-event'
  | 'repeated-uuid'
  | 'interrupted'
  | 'unpriced-model'
  | 'result-gap'
  /** Counted calls of a session exceed what its result frame reports for their model: nothing is booked from it. */
  | 'result-excess'
  | 'result-error-flag'
  | 'unknown-type'
  | 'non-json-line'
  /** A line longer than the line limit: skipped, reading went on with the next line. */
  | 'line-too-long'
  /** A gzip file inflated past its limit: reading it stopped there. */
  | 'inflate-limit'
  /** A gzip file that is truncated or corrupt: what inflated before the damage was read. */
  | 'damaged-gzip'
  /** A load that would not fit in the tab's memory: reading stopped at a line's end, the rest was not read. */
  | 'memory-limit'
  /** A token count or cost that is not a number it can be (negative, fractional, huge, a string…). */
  | 'invalid-number'
  /** A JSON-lines file that is neither Claude Code nor Agent SDK: its lines are kept as raw rows. */
  | 'unrecognized-file'
  /** A file in UTF-16 (it starts with a UTF-16 byte order mark): its lines cannot be read as UTF-8 JSON. */
  | 'utf16-file';

export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly severity: 'error' | 'warning' | 'info';
  readonly message: string;
  readonly src?: LineRef;
  /** The event it is about, when there is one. */
  readonly seq?: number;
  /** True when this diagnostic stands for an input line that produced no event. */
  readonly consumesLine: boolean;
}
