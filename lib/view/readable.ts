// A tool input as a reader wants it: short values inline, long strings as wrapped text (markdown where the model
// wrote prose, monospace for commands and file contents), lists as numbered items. The JSON stays one click away.

export type ReadableField =
  | { readonly key: string; readonly kind: 'inline'; readonly text: string }
  | { readonly key: string; readonly kind: 'code'; readonly text: string }
  | { readonly key: string; readonly kind: 'markdown'; readonly text: string }
  | { readonly key: string; readonly kind: 'items'; readonly items: readonly (readonly ReadableField[])[] }
  | { readonly key: string; readonly kind: 'group'; readonly fields: readonly ReadableField[] }
  | { readonly key: string; readonly kind: 'json'; readonly value: unknown };

/** Keys whose text the model writes as prose (an Agent's prompt, a plan): shown as markdown. */
const PROSE = new Set(['prompt', 'plan', 'message', 'question', 'body']);
/** Past this length a single-line string gets its own wrapped block. */
const INLINE_MAX = 160;
const MAX_DEPTH = 2;

const isScalar = (v: unknown): v is string | number | boolean | null =>
  v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** Prose longer than this reads better as a paragraph than as a monospace value. */
const PROSE_INLINE_MAX = 80;

function stringField(key: string, s: string): ReadableField {
  if (PROSE.has(key) && (s.includes('\n') || s.length > PROSE_INLINE_MAX)) return { key, kind: 'markdown', text: s };
  const long = s.includes('\n') || s.length > INLINE_MAX;
  return long ? { key, kind: 'code', text: s } : { key, kind: 'inline', text: s };
}

function field(key: string, v: unknown, depth: number): ReadableField {
  if (typeof v === 'string') return stringField(key, v);
  if (isScalar(v)) return { key, kind: 'inline', text: String(v) };
  if (Array.isArray(v)) {
    if (v.every(isScalar)) {
      const joined = v.map(String).join(', ');
      if (joined.length <= INLINE_MAX && !joined.includes('\n'))
        return { key, kind: 'inline', text: v.length === 0 ? '(none)' : joined };
    }
    if (depth < MAX_DEPTH)
      return {
        key,
        kind: 'items',
        items: v.map((item) => (isRecord(item) ? fieldsAt(item, depth + 1) : [field('', item, depth + 1)])),
      };
    return { key, kind: 'json', value: v };
  }
  if (isRecord(v) && depth < MAX_DEPTH) return { key, kind: 'group', fields: fieldsAt(v, depth + 1) };
  return { key, kind: 'json', value: v };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function fieldsAt(o: Record<string, unknown>, depth: number): ReadableField[] {
  return Object.entries(o).map(([k, v]) => field(k, v, depth));
}

/** The fields of a tool input (or any JSON value) for the readable view. */
export function readableFields(input: unknown): ReadableField[] {
  if (isRecord(input)) return fieldsAt(input, 0);
  return [field('value', input, 0)];
}
