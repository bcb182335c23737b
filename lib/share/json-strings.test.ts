import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachString, rawOffsets, type StringSlot } from './json-strings';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** String values of a parsed JSON value, in document order (keys excluded), with their JSON Pointers. */
function valuesOf(v: Json, path = '', out: { text: string; path: string }[] = []): { text: string; path: string }[] {
  if (typeof v === 'string') out.push({ text: v, path });
  else if (Array.isArray(v)) v.forEach((x, i) => valuesOf(x, `${path}/${i}`, out));
  else if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) valuesOf(x, `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
  }
  return out;
}

function slotsOf(line: string, includeRaw = false): StringSlot[] {
  const slots: StringSlot[] = [];
  forEachString(line, includeRaw, (s) => slots.push(s));
  return slots;
}

const json = fc.jsonValue({ stringUnit: 'binary', maxDepth: 4 }) as fc.Arbitrary<Json>;

describe('forEachString', () => {
  it('yields exactly the string values of any JSON line, with their pointers, never the keys', () => {
    fc.assert(
      fc.property(json, (v) => {
        const line = JSON.stringify(v);
        const slots = slotsOf(line);
        expect(slots.map((s) => ({ text: s.text, path: s.path }))).toEqual(valuesOf(v));
        for (const s of slots) expect(s.kind).toBe('value');
      }),
      { numRuns: 300 },
    );
  });

  it('maps decoded offsets back to raw offsets that decode to the same text', () => {
    fc.assert(
      fc.property(json, fc.nat(), fc.nat(), (v, x, y) => {
        const line = JSON.stringify(v);
        for (const s of slotsOf(line)) {
          const n = s.text.length;
          const a = n === 0 ? 0 : x % (n + 1);
          const b = a + (n - a === 0 ? 0 : y % (n - a + 1));
          const [ra, rb] = rawOffsets(line, s, [b, a]).reverse();
          expect(JSON.parse(`"${line.slice(ra, rb)}"`)).toBe(s.text.slice(a, b));
          expect(rawOffsets(line, s, [0, n])).toEqual([s.rawStart, s.rawEnd]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on truncated or corrupted lines', () => {
    fc.assert(
      fc.property(json, fc.nat(), fc.string({ maxLength: 8 }), (v, cut, junk) => {
        const line = JSON.stringify(v);
        const broken = line.slice(0, cut % (line.length + 1)) + junk;
        for (const s of slotsOf(broken, true)) {
          expect(s.rawStart).toBeLessThanOrEqual(s.rawEnd);
          expect(s.rawEnd).toBeLessThanOrEqual(broken.length);
          const [a, b] = rawOffsets(broken, s, [0, s.text.length]);
          expect(a).toBe(s.rawStart);
          expect(b).toBeLessThanOrEqual(s.rawEnd);
        }
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ['keys are not values', '{"password":"x","a":{"token":1}}', ['x']],
    ['an unterminated key at the end of a truncated line is a key', '{"a":"b","passw', ['b']],
    ['an unterminated value at the end is a value', '{"a":"b","c":"hel', ['b', 'hel']],
    ['escapes are decoded', String.raw`{"a":"line\nnext \"q\" \u00e9 \/"}`, ['line\nnext "q" é /']],
    ['a dangling backslash is dropped', '{"a":"abc\\', ['abc']],
    ['a cut \\u escape is dropped', '{"a":"abc\\u00', ['abc']],
  ])('%s', (_name, line, texts) => {
    expect(slotsOf(line).map((s) => s.text)).toEqual(texts);
  });

  it('yields raw text between literals for non-JSON lines', () => {
    const slots = slotsOf('PASSWORD=abc "quoted" tail', true);
    expect(slots.map((s) => [s.kind, s.text])).toEqual([
      ['raw', 'PASSWORD=abc '],
      ['value', 'quoted'],
      ['raw', ' tail'],
    ]);
  });
});
