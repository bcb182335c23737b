import { parseByteSize } from '../trace/sizes';
import type { LoadLimits } from '../trace/limits';

// The load limits as a page URL gives them: kept apart from limits.ts so the page bundle stays small.

/** The page URL's names of the limits (`/view?…&maxLineBytes=1MB`): the browser's side of the CLI flags. */
export const LIMIT_PARAMS = {
  maxLineBytes: 'maxLineBytes',
  maxInflateBytes: 'maxInflateBytes',
  maxHeapBytes: 'maxHeapBytes',
} as const;

/** The limits a page URL sets; a value that is not a size is ignored (the default holds). */
export function limitsFromParams(params: URLSearchParams): LoadLimits {
  const out: { -readonly [K in keyof LoadLimits]?: number } = {};
  for (const key of Object.values(LIMIT_PARAMS)) {
    const raw = params.get(key);
    const n = raw === null ? undefined : parseByteSize(raw);
    if (n !== undefined) out[key] = n;
  }
  return out;
}

/** The limit parameters of `from`, to carry over to a URL the page moves to (`&maxLineBytes=1MB`), or ''. */
export function limitParams(from: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of Object.values(LIMIT_PARAMS)) {
    const v = from.get(key);
    if (v !== null) kept.set(key, v);
  }
  const s = kept.toString();
  return s ? `&${s}` : '';
}
