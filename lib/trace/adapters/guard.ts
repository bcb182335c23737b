import * as z from 'zod';

// A zod schema compiled once into a plain check with the same verdict, for the lines every load reads by the
// hundred thousand. A zod parse copies every object and array it accepts (and builds an error object per issue when it
// rejects); the check only reads. When the check holds, the value is what the schema would output, field for field
// (objects there are copies, here the input itself). When it does not, or when the schema uses something the
// compiler does not know, zod decides as before: the check never accepts what zod rejects.

type Check = (v: unknown) => boolean;

const never: Check = () => false;
const always: Check = () => true;

const isRecord = (v: unknown): v is Readonly<Record<string, unknown>> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The keys a plain object inherits: a shape naming one of them is read explicitly, as zod reads it. */
const INHERITED: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** The check of one schema; `never` for what it does not know (so zod decides). */
function compile(s: z.core.$ZodType): Check {
  const checks = s._zod.def.checks;
  if (checks && checks.length > 0) return never;
  if (s instanceof z.core.$ZodString) return (v) => typeof v === 'string';
  // z.number() rejects NaN and ±Infinity (JSON.parse makes Infinity of 1e400).
  if (s instanceof z.core.$ZodNumber) return (v) => typeof v === 'number' && Number.isFinite(v);
  if (s instanceof z.core.$ZodBoolean) return (v) => typeof v === 'boolean';
  if (s instanceof z.core.$ZodUnknown) return always;
  if (s instanceof z.core.$ZodLiteral) {
    const values: ReadonlySet<unknown> = new Set(s._zod.def.values);
    return (v) => values.has(v);
  }
  if (s instanceof z.core.$ZodEnum) {
    const values: ReadonlySet<unknown> = new Set(Object.values(s._zod.def.entries));
    return (v) => values.has(v);
  }
  if (s instanceof z.core.$ZodOptional) {
    const inner = compile(s._zod.def.innerType);
    return (v) => v === undefined || inner(v);
  }
  if (s instanceof z.core.$ZodNullable) {
    const inner = compile(s._zod.def.innerType);
    return (v) => v === null || inner(v);
  }
  if (s instanceof z.core.$ZodUnion) {
    const options = s._zod.def.options.map(compile);
    return (v) => options.some((o) => o(v));
  }
  if (s instanceof z.core.$ZodArray) {
    const element = compile(s._zod.def.element);
    return (v) => Array.isArray(v) && v.every(element);
  }
  if (s instanceof z.core.$ZodObject) return compileObject(s);
  return never;
}

function compileObject(s: z.core.$ZodObject): Check {
  const { catchall, shape } = s._zod.def;
  // Loose (unknown keys kept) or stripped (dropped): neither rejects an unknown key. A strict object does.
  if (catchall !== undefined && !(catchall instanceof z.core.$ZodUnknown)) return never;
  // zod reads a key as `key in input` and `input[key]`. An optional key may be absent; any other must be present
  // (even when its schema takes undefined, as z.unknown() does). Required keys, and keys a plain object inherits, are
  // read on every object; the others only when the object has them.
  const explicit: [string, Check, boolean][] = [];
  const optional = new Map<string, Check>();
  for (const [key, schema] of Object.entries(shape)) {
    const check = compile(schema);
    const { optin, optout } = schema._zod;
    const mayBeAbsent = optin === 'optional' && optout === 'optional';
    if (!mayBeAbsent && optin !== undefined) return never;
    if (!mayBeAbsent || INHERITED.has(key)) explicit.push([key, check, !mayBeAbsent]);
    else optional.set(key, check);
  }
  return (v) => {
    if (!isRecord(v)) return false;
    for (const [key, check, required] of explicit) {
      if (key in v) {
        if (!check(v[key])) return false;
      } else if (required) return false;
    }
    if (optional.size === 0) return true;
    for (const key in v) {
      const check = optional.get(key);
      if (check !== undefined && !check(v[key])) return false;
    }
    return true;
  };
}

/** A type guard with the verdict of `schema.safeParse(v).success` wherever it returns true. */
export function guardOf<S extends z.ZodType>(schema: S): (v: unknown) => v is z.output<S> {
  const check = compile(schema);
  return (v: unknown): v is z.output<S> => check(v);
}

/**
 * `schema.safeParse`, with the compiled check first: a value it accepts is returned as it is (no copy), anything else
 * goes to zod, which gives its own verdict and issues.
 */
export function fastSchema<S extends z.ZodType>(
  schema: S,
): {
  readonly safeParse: (v: unknown) => z.ZodSafeParseResult<z.output<S>>;
  readonly is: (v: unknown) => v is z.output<S>;
} {
  // Compiled at its first use, not at start-up: a run of the stats fast path uses few of the project's schemas.
  let check: Check | undefined;
  const is = (v: unknown): v is z.output<S> => (check ??= compile(schema))(v);
  return {
    is,
    safeParse: (v) => (is(v) ? { success: true, data: v } : schema.safeParse(v)),
  };
}
