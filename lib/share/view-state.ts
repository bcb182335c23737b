import { replaceSecrets, scanLines, type ScanOptions } from './redact';

// A share link carries the view beside the key (`#k=…&sel=…&tab=…&q=…`), and the recipient's filter box shows `q`
// as written. A filter is often the very secret the sender looked for (`ghp_…`, a customer's name added as text to
// redact): it is redacted as the trace is, or left out of the link when a piece of a secret would still show.

/** What became of the filter (`q`) in a link's view state. */
export type FilterFate = 'none' | 'kept' | 'redacted' | 'dropped';

/** The shortest piece of a redacted secret that, left in a filter, drops the filter from the link. */
const PIECE_CHARS = 6;

/**
 * The view state for a share link: `q` with every secret redacted in the trace (`redacted`: text → rule id) and every
 * secret the scanner finds in the filter itself (unless `kept`) replaced by the trace's placeholder, so that the
 * recipient's filter still finds the redacted places; `q` left out when a word of it is still a piece of a redacted
 * secret (a prefix typed to find it). The other parameters are numbers and names, kept as they are.
 */
export function redactViewState(
  state: string,
  redacted: ReadonlyMap<string, string>,
  kept: readonly string[],
  opts?: ScanOptions,
): { state: string; filter: FilterFate } {
  const params = new URLSearchParams(state);
  const q = params.get('q');
  if (q === null || q === '') return { state, filter: 'none' };
  const secrets = new Map(redacted);
  const keptSet = new Set(kept);
  for (const m of scanLines([q], opts))
    if (!keptSet.has(m.secret) && !secrets.has(m.secret)) secrets.set(m.secret, m.ruleId);
  const out = replaceSecrets(q, secrets);
  if (leftPiece(out, [...secrets.keys()])) {
    params.delete('q');
    return { state: params.toString(), filter: 'dropped' };
  }
  if (out === q) return { state, filter: 'kept' };
  params.set('q', out);
  return { state: params.toString(), filter: 'redacted' };
}

/** Whether a word of `filter` (outside the placeholders) is a piece of one of `secrets`. */
function leftPiece(filter: string, secrets: readonly string[]): boolean {
  const words = filter
    .replace(/\[REDACTED:[^\]]*\]/g, ' ')
    .split(/[\s"'=:,;()]+/)
    .map((w) => w.replace(/^-+/, ''))
    .filter((w) => w.length >= PIECE_CHARS);
  return words.some((w) => secrets.some((s) => s.includes(w)));
}
