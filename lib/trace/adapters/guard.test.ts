import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generateLines } from '../../../bench/generate';
import { generatedSamples } from '../testing/samples';
import { fastSchema, guardOf } from './guard';
import * as S from './schemas';

const REAL = path.resolve(import.meta.dirname, '../../../test/fixtures/real');

function jsonlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return jsonlFiles(p);
    return p.endsWith('.jsonl') ? [p] : [];
  });
}

function parsed(lines: Iterable<string>): unknown[] {
  const out: unknown[] = [];
  for (const l of lines) {
    try {
      out.push(JSON.parse(l));
    } catch {
      // not JSON: nothing for a schema to see
    }
  }
  return out;
}

/** Every object and array inside a value (the blocks, the nested messages and tool results of a line). */
function* inside(v: unknown, depth = 0): Generator<unknown> {
  yield v;
  if (depth > 6 || typeof v !== 'object' || v === null) return;
  for (const child of Array.isArray(v) ? v : Object.values(v))
    if (typeof child === 'object' && child !== null) yield* inside(child, depth + 1);
}

const schemas: [string, z.ZodType][] = Object.entries(S).flatMap(([name, s]): [string, z.ZodType][] => {
  if (s instanceof z.ZodType) return [[name, s]];
  if (name === 'SideEffectSchemas')
    return Object.entries(S.SideEffectSchemas).map(([k, v]) => [`SideEffectSchemas.${k}`, v]);
  return [];
});

const corpus: unknown[] = [
  ...parsed(jsonlFiles(REAL).flatMap((f) => readFileSync(f, 'utf8').split('\n'))),
  ...parsed(generatedSamples().flatMap((f) => f.text.split('\n'))),
  ...parsed(generateLines({ dialect: 'sdk-stream', targetBytes: 400_000, seed: 3 })),
  ...parsed(generateLines({ dialect: 'claude-code', targetBytes: 400_000, seed: 3 })),
].flatMap((line) => [...inside(line)]);

describe('compiled schema checks', () => {
  it('give zod’s verdict on every line, block and nested object of the real and generated transcripts', () => {
    expect(schemas.length).toBeGreaterThan(20);
    expect(corpus.length).toBeGreaterThan(5_000);
    let accepted = 0;
    for (const [name, schema] of schemas) {
      const is = guardOf(schema);
      for (const v of corpus) {
        const fast = is(v);
        const zod = schema.safeParse(v).success;
        if (fast !== zod) expect({ name, value: v, fast }).toEqual({ name, value: v, fast: zod });
        if (fast) accepted += 1;
      }
    }
    expect(accepted).toBeGreaterThan(5_000);
  });

  it('never accept what zod rejects, on values built to be near each schema', () => {
    for (const [name, schema] of schemas) {
      const is = guardOf(schema);
      fc.assert(
        fc.property(near(schema), (v) => {
          if (is(v)) expect({ name, v, zod: schema.safeParse(v).success }).toEqual({ name, v, zod: true });
        }),
        { numRuns: 300, seed: 42 },
      );
    }
  });

  it('know zod’s edges: non-finite numbers, null for optional, inherited keys, strict objects', () => {
    const num = guardOf(z.looseObject({ n: z.number().nullish() }));
    expect([
      num({ n: 1 }),
      num({ n: null }),
      num({}),
      num({ n: Infinity }),
      num({ n: NaN }),
      num({ n: '1' }),
      num([]),
    ]).toEqual([true, true, true, false, false, false, false]);
    const proto = z.looseObject({ toString: z.string().nullish() });
    expect(guardOf(proto)({})).toBe(proto.safeParse({}).success);
    const present = z.looseObject({ m: z.unknown() });
    expect([guardOf(present)({}), guardOf(present)({ m: undefined })]).toEqual([
      present.safeParse({}).success,
      present.safeParse({ m: undefined }).success,
    ]);
    expect(guardOf(z.strictObject({ a: z.string() }))({ a: 'x' })).toBe(false);
    expect(guardOf(z.string().min(2))('abc')).toBe(false);
    const f = fastSchema(S.TextBlockSchema);
    const block = { type: 'text', text: 'hi', extra: [1] };
    const r = f.safeParse(block);
    expect(r.success && r.data).toBe(block);
    const bad = f.safeParse({ type: 'text', text: 5 });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.'))).toEqual(['text']);
  });
});

/** Values shaped like the schema, with wrong types, nulls, missing and extra keys mixed in. */
function near(schema: z.core.$ZodType, depth = 0): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(
    fc.constant(null),
    fc.constant(undefined),
    fc.integer(),
    fc.double(),
    fc.string({ maxLength: 4 }),
    fc.boolean(),
    fc.constant([]),
    fc.constant({}),
  );
  const right = ((): fc.Arbitrary<unknown> => {
    if (depth > 4) return wrong;
    if (schema instanceof z.core.$ZodString) return fc.string({ maxLength: 6 });
    if (schema instanceof z.core.$ZodNumber) return fc.oneof(fc.integer(), fc.double(), fc.constant(Infinity));
    if (schema instanceof z.core.$ZodBoolean) return fc.boolean();
    if (schema instanceof z.core.$ZodLiteral) return fc.constantFrom(...schema._zod.def.values);
    if (schema instanceof z.core.$ZodEnum) return fc.constantFrom(...Object.values(schema._zod.def.entries));
    if (schema instanceof z.core.$ZodOptional || schema instanceof z.core.$ZodNullable)
      return fc.oneof(fc.constant(undefined), fc.constant(null), near(schema._zod.def.innerType, depth));
    if (schema instanceof z.core.$ZodUnion) return fc.oneof(...schema._zod.def.options.map((o) => near(o, depth)));
    if (schema instanceof z.core.$ZodArray) return fc.array(near(schema._zod.def.element, depth + 1), { maxLength: 3 });
    if (schema instanceof z.core.$ZodObject) {
      const entries = Object.entries(schema._zod.def.shape).map(([k, s]): [string, fc.Arbitrary<unknown>] => [
        k,
        near(s, depth + 1),
      ]);
      return fc
        .tuple(
          fc.tuple(
            ...entries.map(([k, a]) =>
              fc.option(
                a.map((v): [string, unknown] => [k, v]),
                { freq: 3 },
              ),
            ),
          ),
          fc.dictionary(fc.string({ maxLength: 3 }), wrong, { maxKeys: 2 }),
        )
        .map(([kv, extra]) => ({ ...extra, ...Object.fromEntries(kv.filter((e) => e !== null)) }));
    }
    return fc.anything();
  })();
  return fc.oneof({ arbitrary: right, weight: 5 }, { arbitrary: wrong, weight: 1 });
}
