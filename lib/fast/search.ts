/**
 * Finds `needle` in `hay` at or after `from`; -1 when absent. Node passes `Buffer.prototype.indexOf` (native, much
 * faster); the default below is plain JavaScript, for browsers and workers.
 */
export type ByteSearch = (hay: Uint8Array, needle: Uint8Array, from: number) => number;

/** Anchors on the needle's last byte with the native single-byte `indexOf`, then compares the rest. */
export const searchBytes: ByteSearch = (hay, needle, from) => {
  const n = needle.length;
  if (n === 0) return from <= hay.length ? from : -1;
  const last = needle[n - 1] ?? 0;
  let at = hay.indexOf(last, from + n - 1);
  while (at >= 0) {
    const start = at - n + 1;
    let i = 0;
    while (i < n - 1 && hay[start + i] === needle[i]) i++;
    if (i === n - 1) return start;
    at = hay.indexOf(last, at + 1);
  }
  return -1;
};

const BACKSLASH = 0x5c;
const QUOTE = 0x22;

/**
 * The patterns that mark a line the stats can depend on, each an opening quote followed by `needle`. Inside a JSON
 * string a quote is escaped (`\"assistant\"`), so a match whose quote is not preceded by a backslash is a key or a
 * value of the structure. Together they catch every assistant message (`"type":"assistant"`), every stream frame that
 * opens, updates or closes a message's usage (`"message_start"`, `"message_delta"`, `"message_stop"`) and every
 * `result` frame (`"type":"result"`), whatever the whitespace. Lines without any are never decoded. (Keys or values
 * spelled with `\u` escapes of plain letters, which no JSON writer produces, would slip past.) The needles leave the
 * quote out: searching for a first byte as common as `"` is several times slower.
 */
export const CANDIDATE_PATTERNS: readonly Uint8Array[] = ['assistant"', 'message_', 'result"'].map((p) =>
  new TextEncoder().encode(p),
);

/**
 * In a Claude Code session file only assistant lines count: the session dialect has no stream or result frames (a line
 * of that type is kept as an unknown event), so once a file is known to be one, one pattern is enough.
 */
export const SESSION_PATTERNS: readonly Uint8Array[] = CANDIDATE_PATTERNS.slice(0, 1);

/**
 * In an SDK stream the calls' lines carry no timestamp (only some `user` and `system` lines do): there every line
 * with a `"timestamp"` key is read too, for its time (see `RecordSink.spanAll`).
 */
export const STREAM_PATTERNS: readonly Uint8Array[] = [...CANDIDATE_PATTERNS, new TextEncoder().encode('timestamp"')];

/** With prompts asked for (a session library's search): a user line, `"user"` as a key or value of the structure. */
export const USER_PATTERN: Uint8Array = new TextEncoder().encode('user"');
/** A user line holding a tool result rather than a prompt. */
export const TOOL_RESULT_PATTERN: Uint8Array = new TextEncoder().encode('tool_use_id"');

/** The next match of `needle` in `hay[from, to)` right after an unescaped quote; else -1. */
export function nextStructural(
  search: ByteSearch,
  hay: Uint8Array,
  needle: Uint8Array,
  from: number,
  to: number,
): number {
  let at = search(hay, needle, from);
  while (at >= 0 && at < to) {
    if (at >= 1 && hay[at - 1] === QUOTE && (at === 1 || hay[at - 2] !== BACKSLASH)) return at;
    at = search(hay, needle, at + 1);
  }
  return -1;
}
