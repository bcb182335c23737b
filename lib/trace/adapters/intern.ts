// One shared copy of each text a load keeps more than once. JSON.parse makes a new string of every value, so a tool
// output that a line carries twice (the tool_result's content and `tool_use_result.stdout`), or that a session reads
// again (the same file, the same test run), would otherwise be kept once per copy: on generated 300 MB SDK streams,
// about a seventh of the heap after load.

/** Texts shorter than this are not looked up: their copies cost less than the lookup's table entry. */
export const SHARED_TEXT_MIN = 64;

/** How many characters of a text its key reads, spread over its length (see `keyOf`). */
const KEY_SAMPLES = 64;

/**
 * A key for a text from its length and up to 64 of its characters, spread evenly (FNV-1a). Not V8's own string hash:
 * past 16,383 characters that is the length alone, so every tool output clamped at 16 KiB would share one bucket of a
 * Map keyed by the text, and each lookup would compare it with all of them. Texts of one key that differ are told
 * apart by comparing them (`===`), so a collision costs a comparison, never a wrong answer.
 */
export function keyOf(s: string): number {
  const n = s.length;
  let h = 0x811c9dc5 ^ n;
  const step = n <= KEY_SAMPLES ? 1 : n / KEY_SAMPLES;
  for (let k = 0; k < Math.min(n, KEY_SAMPLES); k++) h = Math.imul(h ^ s.charCodeAt(Math.floor(k * step)), 0x01000193);
  return (Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) ^ n) >>> 0;
}

/**
 * A per-load table of kept texts: `share(text)` returns the copy seen first of an equal text, or the text itself
 * (remembered for the next). A text whose key is held by a different one is returned as it is, not remembered.
 */
export function textSharer(): (s: string) => string {
  const seen = new Map<number, string>();
  return (s) => {
    if (s.length < SHARED_TEXT_MIN) return s;
    const key = keyOf(s);
    const v = seen.get(key);
    if (v === undefined) {
      seen.set(key, s);
      return s;
    }
    return v === s ? v : s;
  };
}
