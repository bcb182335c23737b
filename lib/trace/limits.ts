import { DEFAULT_MAX_LINE_BYTES, MAX_LINE_BYTES_CEILING } from './lines';
import { bytesText } from './sizes';
export { parseByteSize } from './sizes';

// The limits that keep a load bounded whatever the input: the longest line read, and how far a .gz may inflate.
// The CLI (flags) and the browser (URL settings) give the same options; both default to the same values.

export interface LoadLimits {
  /** Lines longer than this many bytes become `line-too-long` diagnostics; reading goes on with the next line. */
  readonly maxLineBytes?: number;
  /** The most bytes one gzip file may inflate to; reading it stops there. Default: `defaultInflateLimit`. */
  readonly maxInflateBytes?: number;
  /**
   * The browser's: the most JS heap a load may fill (estimated from what it read, `lib/engine/memory.ts`); reading
   * stops at a line's end there, said in words. Set on the page URL (`?maxHeapBytes=64MB`), else half of
   * `tabHeapBytes`. Not set (the CLI, the server): no bound.
   */
  readonly maxHeapBytes?: number;
  /** The browser's: the JS heap limit of the tab (`performance.memory.jsHeapSizeLimit`, or a default where unknown). */
  readonly tabHeapBytes?: number;
}

const GiB = 1024 ** 3;
/** A gzip file never inflates past this by default … */
export const INFLATE_CEILING = 8 * GiB;
/** … nor past this many times its compressed size (text compresses 5-20x; a bomb of newlines, 1000x). */
export const INFLATE_RATIO = 200;

export { DEFAULT_MAX_LINE_BYTES, MAX_LINE_BYTES_CEILING };

/** The inflate limit of one gzip file, and the rule that set it, in words. */
export interface InflateLimit {
  readonly bytes: number;
  readonly rule: string;
}

/** The limit for a gzip file of `compressed` stored bytes: the one set, else min(8 GiB, 200x its size). */
export function inflateLimit(limits: LoadLimits, compressed: number | undefined): InflateLimit {
  const set = limits.maxInflateBytes;
  if (set !== undefined && Number.isFinite(set) && set > 0)
    return { bytes: Math.floor(set), rule: `the inflate limit set is ${bytesText(set)}` };
  const ratio = compressed !== undefined && compressed > 0 ? compressed * INFLATE_RATIO : Infinity;
  if (ratio < INFLATE_CEILING)
    return {
      bytes: ratio,
      rule: `the limit is ${INFLATE_RATIO}x its compressed size of ${bytesText(compressed ?? 0)}`,
    };
  return { bytes: INFLATE_CEILING, rule: `the limit is ${bytesText(INFLATE_CEILING)}` };
}
