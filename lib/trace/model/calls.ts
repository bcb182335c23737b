import type { Usage } from '../types';

// The accounting rules of model calls, shared by the full model (build.ts) and the stats fast path (lib/fast):
// which assistant lines are one call, which copy of its usage counts, and whether the call counts at all. Both
// paths call these functions, so a rule changed here changes both.

/** What a model call remembers from the line that opened it, to decide whether a later line belongs to it. */
export interface CallIdentity {
  readonly requestId?: string;
  readonly isSidechain: boolean;
  /** Usage of the call's first line copy; undefined while it has none. */
  readonly firstUsage: Usage | undefined;
}

/** The fields of an assistant line the matching rule reads. */
export interface LineIdentity {
  readonly requestId?: string;
  readonly isSidechain?: boolean;
  readonly usage?: Usage;
}

function sameInputUsage(a: Usage | undefined, b: Usage | undefined): boolean {
  if (!a || !b) return true;
  return a.input === b.input && a.cacheRead === b.cacheRead && a.cacheCreation === b.cacheCreation;
}

/**
 * Whether an assistant line with the call's message id belongs to it. Split lines of one call repeat its input and
 * cache counts; a different prompt size means another call that reuses the id (a gateway), even when the request ids
 * agree or are missing. A `/btw` side question replays the parent's message under a new request id, on the other
 * side of the sidechain flag: the same call, counted once.
 */
export function isSameCall(call: CallIdentity, line: LineIdentity): boolean {
  const sameRequest = !call.requestId || !line.requestId || call.requestId === line.requestId;
  if (!sameInputUsage(call.firstUsage, line.usage)) return false;
  return sameRequest || (line.isSidechain === true) !== call.isSidechain;
}

/** The first of the calls already seen with this message id that the line belongs to, if any. */
export function findCall<T>(
  candidates: readonly T[],
  identity: (call: T) => CallIdentity,
  line: LineIdentity,
): T | undefined {
  for (const c of candidates) if (isSameCall(identity(c), line)) return c;
  return undefined;
}

/**
 * An assistant line with no message id is a call of its own, unless it repeats an earlier such line: the same uuid
 * (a file given twice, a resumed session copying its history) is the same line, and its call counts once. Undefined
 * when the line has a message id (those join by id) or no uuid.
 */
export function sameLineKey(line: { readonly messageId?: string; readonly uuid?: string }): string | undefined {
  return line.messageId || !line.uuid ? undefined : line.uuid;
}

/** The key of a new call; `nth` is how many calls already use the message id (gateways reuse ids). */
export function callKey(messageId: string, requestId: string | undefined, nth: number): string {
  return `msg:${messageId}${requestId ? `|${requestId}` : ''}${nth > 0 ? `#${nth + 1}` : ''}`;
}

export interface CopyLike {
  readonly via: 'line' | 'stream' | 'progress';
  readonly usage: Usage;
}

/**
 * The copy of a call's usage that counts: the most output tokens wins, the first on a tie (early split lines carry a
 * placeholder output; the stream copy, message_start overlaid with the cumulative message_delta, is one more copy and
 * comes last). Progress copies never count.
 */
export function chooseCopy<C extends CopyLike>(copies: readonly C[]): C | undefined {
  let best: C | undefined;
  for (const c of copies) {
    if (c.via === 'progress') continue;
    if (!best || outranks(c.usage, best.usage)) best = c;
  }
  return best;
}

/** `chooseCopy`'s rule for one more copy, for a caller that keeps only the best so far: whether `usage` takes its
 *  place (more output tokens; on a tie, the earlier copy stays). */
export function outranks(usage: Usage, best: Usage | undefined): boolean {
  return best === undefined || usage.output > best.output;
}

/**
 * Why a call is not counted, or undefined when it counts. A call with any copy of its usage unsound (a count that is
 * negative, fractional, huge, a string…) is not counted at all: which copy would have won cannot be known.
 */
export function uncountedReason(synthetic: boolean, hasUsage: boolean, usageError?: string): string | undefined {
  if (synthetic) return '<synthetic> or API-error message: not a billed model call';
  if (usageError !== undefined) return `usage not counted: ${usageError}`;
  if (!hasUsage) return 'no usage reported';
  return undefined;
}

/** The first unsound number of a line's usage, as the call remembers it (`line 12: message.usage.input_tokens is …`). */
export function usageErrorOf(line: number, errors: readonly string[] | undefined): string | undefined {
  const first = errors?.[0];
  return first === undefined ? undefined : line > 0 ? `line ${line}: ${first}` : first;
}
