/**
 * A tolerant tokenizer for one JSONL line that yields every JSON string *value* (decoded) together with where it
 * sits in the raw line, its immediate object key and its JSON Pointer. Object keys are recognised and never
 * yielded. It works on truncated or corrupt lines too (best effort), and can also yield the text between string
 * literals as raw segments, for lines that are not JSON at all.
 *
 * Pure and isomorphic: no DOM, no Node, no module-level mutable state.
 */

/** One piece of text to scan: a decoded JSON string value, or a raw segment of a non-JSON line. */
export interface StringSlot {
  /** `value`: a decoded JSON string literal that is not an object key. `raw`: text outside any string literal. */
  readonly kind: 'value' | 'raw';
  /** The decoded text (for `raw`, the raw text itself). */
  readonly text: string;
  /** Raw-line offset of the first content character (just after the opening quote for a literal). */
  readonly rawStart: number;
  /** Raw-line offset just past the content (the closing quote, or the end of the line when unterminated). */
  readonly rawEnd: number;
  /** True when the literal contains escapes, i.e. `text` is not simply `line.slice(rawStart, rawEnd)`. */
  readonly escaped: boolean;
  /** The immediate object key of this value; null in arrays, at the top level and for raw segments. */
  readonly key: string | null;
  /** JSON Pointer (RFC 6901) of this value, e.g. `/message/content/0/input/command`; null for raw segments. */
  readonly path: string | null;
}

interface Frame {
  readonly obj: boolean;
  key: string | null;
  index: number;
  expectKey: boolean;
}

const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function hexValue(line: string, at: number): number {
  if (at + 4 > line.length) return -1;
  let v = 0;
  for (let k = 0; k < 4; k++) {
    const c = line.charCodeAt(at + k);
    let d: number;
    if (c >= 0x30 && c <= 0x39) d = c - 0x30;
    else if (c >= 0x41 && c <= 0x46) d = c - 0x37;
    else if (c >= 0x61 && c <= 0x66) d = c - 0x57;
    else return -1;
    v = v * 16 + d;
  }
  return v;
}

/**
 * One escape-aware step through a literal's content at `i` (< `end`): the decoded text it produces (zero or one
 * UTF-16 unit) and how many raw characters it spans. Unknown escapes decode to the escaped character; an escape cut
 * off by the end of the content (a truncated line) produces nothing.
 */
function step(line: string, i: number, end: number): { readonly ch: string; readonly width: number } {
  if (line.charCodeAt(i) !== BACKSLASH) return { ch: line.charAt(i), width: 1 };
  if (i + 1 >= end) return { ch: '', width: end - i };
  const e = line.charAt(i + 1);
  switch (e) {
    case 'n':
      return { ch: '\n', width: 2 };
    case 't':
      return { ch: '\t', width: 2 };
    case 'r':
      return { ch: '\r', width: 2 };
    case 'b':
      return { ch: '\b', width: 2 };
    case 'f':
      return { ch: '\f', width: 2 };
    case 'u': {
      if (i + 6 > end) return { ch: '', width: end - i };
      const v = hexValue(line, i + 2);
      return v < 0 ? { ch: 'u', width: 2 } : { ch: String.fromCharCode(v), width: 6 };
    }
    default:
      return { ch: e, width: 2 };
  }
}

/** Decodes the content of a string literal `line.slice(start, end)` (without its quotes). */
function decode(line: string, start: number, end: number): string {
  let out = '';
  let run = start; // start of the pending run of plain characters
  let i = start;
  while (i < end) {
    const b = line.indexOf('\\', i);
    if (b === -1 || b >= end) break;
    out += line.slice(run, b);
    const { ch, width } = step(line, b, end);
    out += ch;
    i = b + width;
    run = i;
  }
  return out + line.slice(run, end);
}

/**
 * Raw-line offsets of decoded positions `wanted` (each in 0..slot.text.length) of a slot, in the same order.
 * Position `slot.text.length` maps to `slot.rawEnd`. Walks the literal once; no per-character table.
 */
export function rawOffsets(line: string, slot: StringSlot, wanted: readonly number[]): number[] {
  if (!slot.escaped) return wanted.map((w) => slot.rawStart + w);
  const order = wanted.map((w, k) => ({ w, k })).sort((x, y) => x.w - y.w);
  const out: number[] = new Array<number>(wanted.length).fill(slot.rawEnd);
  let d = 0; // decoded position
  let i = slot.rawStart; // raw position of decoded position d
  let nextBackslash = line.indexOf('\\', i);
  for (const { w, k } of order) {
    while (d < w && i < slot.rawEnd) {
      if (nextBackslash !== -1 && nextBackslash < i) nextBackslash = line.indexOf('\\', i);
      const plainEnd = nextBackslash === -1 || nextBackslash > slot.rawEnd ? slot.rawEnd : nextBackslash;
      if (plainEnd > i) {
        // A run of plain characters: one unit each.
        const n = Math.min(plainEnd - i, w - d);
        i += n;
        d += n;
        continue;
      }
      const { ch, width } = step(line, i, slot.rawEnd);
      i += width;
      if (ch !== '') d++;
    }
    out[k] = d === w ? i : slot.rawEnd;
  }
  return out;
}

function pointerOf(stack: readonly Frame[]): string {
  let p = '';
  for (const f of stack) {
    const seg = f.obj ? (f.key ?? '') : String(f.index);
    p += '/' + seg.replace(/~/g, '~0').replace(/\//g, '~1');
  }
  return p;
}

/**
 * Calls `visit` for every string value of `line` (keys are skipped), in order. With `includeRaw`, the text between
 * literals is visited too, as `raw` slots (use it for lines that are not valid JSON).
 */
export function forEachString(line: string, includeRaw: boolean, visit: (slot: StringSlot) => void): void {
  const n = line.length;
  const stack: Frame[] = [];
  let i = 0;
  let gapStart = 0;
  let nextBackslash = -2; // cached position of the next backslash at or after the search point; -1 = none

  const emitGap = (from: number, to: number): void => {
    if (!includeRaw || to <= from) return;
    const text = line.slice(from, to);
    if (text.trim() === '') return;
    visit({ kind: 'raw', text, rawStart: from, rawEnd: to, escaped: false, key: null, path: null });
  };

  while (i < n) {
    const c = line.charCodeAt(i);
    if (c !== QUOTE) {
      const top = stack[stack.length - 1];
      if (c === LBRACE) stack.push({ obj: true, key: null, index: 0, expectKey: true });
      else if (c === LBRACKET) stack.push({ obj: false, key: null, index: 0, expectKey: false });
      else if (c === RBRACE || c === RBRACKET) {
        if (top && top.obj === (c === RBRACE)) stack.pop();
      } else if (c === COMMA && top) {
        if (top.obj) {
          top.expectKey = true;
          top.key = null;
        } else top.index++;
      } else if (c === COLON && top && top.obj) top.expectKey = false;
      i++;
      continue;
    }

    // A string literal starts at i.
    emitGap(gapStart, i);
    const start = i + 1;
    let j = start;
    let escaped = false;
    let end = n;
    for (;;) {
      const q = line.indexOf('"', j);
      if (nextBackslash !== -1 && nextBackslash < j) nextBackslash = line.indexOf('\\', j);
      if (q === -1) {
        if (nextBackslash !== -1) escaped = true;
        end = n;
        break;
      }
      if (nextBackslash === -1 || nextBackslash > q) {
        end = q;
        break;
      }
      escaped = true;
      j = nextBackslash + 2;
      if (j > n) {
        end = n;
        break;
      }
    }
    const closed = end < n;
    const after = closed ? end + 1 : n;

    // Is it an object key? In an object expecting a key, and followed by ':' (or by the end of a truncated line).
    const top = stack[stack.length - 1];
    let isKey = false;
    if (top && top.obj && top.expectKey) {
      let k = after;
      while (k < n && isSpace(line.charCodeAt(k))) k++;
      isKey = k >= n || line.charCodeAt(k) === COLON;
    }
    const text = escaped ? decode(line, start, end) : line.slice(start, end);
    if (isKey && top) {
      top.key = text;
    } else {
      visit({
        kind: 'value',
        text,
        rawStart: start,
        rawEnd: end,
        escaped,
        key: top && top.obj ? top.key : null,
        path: pointerOf(stack),
      });
    }
    i = after;
    gapStart = i;
  }
  emitGap(gapStart, n);
}
