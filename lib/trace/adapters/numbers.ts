import type { ModelUsageRecord, Usage } from '../types';

// Token counts and costs, read strictly: a count is a whole number >= 0 that a double holds exactly, a cost a finite
// number >= 0. Anything else (negative, fractional, 1e308, 1e400 which JSON.parse makes Infinity, a string, null where
// a number is required) is an error that names the field and its value. Both the full model and the stats fast path
// read usage through these functions, so both exclude the same calls.

/** The largest cost taken as a number of dollars (sums of a few such costs stay finite). */
const MAX_COST_USD = Number.MAX_SAFE_INTEGER;

const isRecord = (v: unknown): v is Readonly<Record<string, unknown>> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as it was on the line, short. */
export function shown(v: unknown): string {
  if (v === undefined) return 'missing';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : `${String(v)} (a number too large for a double)`;
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : String(v);
}

/** Why a value is not a token count, or undefined when it is one. */
export function countProblem(v: unknown): string | undefined {
  if (typeof v !== 'number') return 'not a number';
  if (!Number.isFinite(v)) return 'not finite';
  if (v < 0) return 'negative';
  if (!Number.isInteger(v)) return 'not a whole number';
  if (!Number.isSafeInteger(v)) return 'too large to be exact';
  return undefined;
}

/** Why a value is not a cost in dollars, or undefined when it is one. */
export function costProblem(v: unknown): string | undefined {
  if (typeof v !== 'number') return 'not a number';
  if (!Number.isFinite(v)) return 'not finite';
  if (v < 0) return 'negative';
  if (v > MAX_COST_USD) return 'too large';
  return undefined;
}

/** Collects the errors of one object's numbers; every field is read through it. */
class Reader {
  readonly errors: string[] = [];

  constructor(private readonly where: string) {}

  /** A token count; `required` fields may not be missing or null. */
  count(obj: Readonly<Record<string, unknown>>, key: string, required = false): number | undefined {
    const v = obj[key];
    if (v === undefined || v === null) {
      if (required) this.errors.push(`${this.where}.${key} is ${shown(v)}: a token count is required here`);
      return undefined;
    }
    const why = countProblem(v);
    if (why === undefined && typeof v === 'number') return v;
    this.errors.push(`${this.where}.${key} is ${shown(v)}: ${why ?? 'not a number'}, not a token count`);
    return undefined;
  }

  cost(obj: Readonly<Record<string, unknown>>, key: string): number | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    const why = costProblem(v);
    if (why === undefined && typeof v === 'number') return v;
    this.errors.push(`${this.where}.${key} is ${shown(v)}: ${why ?? 'not a number'}, not a cost in dollars`);
    return undefined;
  }

  /** A nested object, or undefined when absent or null (an error when it is something else). */
  object(obj: Readonly<Record<string, unknown>>, key: string): Readonly<Record<string, unknown>> | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    if (isRecord(v)) return v;
    this.errors.push(`${this.where}.${key} is ${shown(v)}, not an object`);
    return undefined;
  }

  at(key: string): Reader {
    return new Reader(`${this.where}.${key}`);
  }
}

/** The nested counts of a usage object (the 5m/1h cache write split, web searches), and every error so far (the
 *  usage object's own first, then the split's, then the server tools'). One object shape, nothing spread: it runs for
 *  every assistant line. */
function nested(
  r: Reader,
  raw: Readonly<Record<string, unknown>>,
): { e5m: number | undefined; e1h: number | undefined; webSearch: number | undefined; errors: string[] } {
  const split = r.object(raw, 'cache_creation');
  let e5m: number | undefined;
  let e1h: number | undefined;
  let webSearch: number | undefined;
  let sr: Reader | undefined;
  let wr: Reader | undefined;
  if (split) {
    sr = r.at('cache_creation');
    e5m = sr.count(split, 'ephemeral_5m_input_tokens');
    e1h = sr.count(split, 'ephemeral_1h_input_tokens');
  }
  const server = r.object(raw, 'server_tool_use');
  if (server) {
    wr = r.at('server_tool_use');
    webSearch = wr.count(server, 'web_search_requests');
  }
  const more = (sr?.errors.length ?? 0) + (wr?.errors.length ?? 0) > 0;
  return { e5m, e1h, webSearch, errors: more ? [...r.errors, ...(sr?.errors ?? []), ...(wr?.errors ?? [])] : r.errors };
}

/** What a usage object read to: its usage when every number in it is sound, else the errors (and no usage). */
export interface ReadUsage<U> {
  readonly usage?: U;
  readonly errors?: readonly string[];
}

/**
 * The 1h part of a call's cache writes. The total (`cache_creation_input_tokens`) is what is billed; the breakdown's
 * 1h count is its 1h part, at most the total, and the rest is at the 5m rate, as writes without a breakdown are. So a
 * breakdown that does not add up to the total (all zeros beside a total of 500, say) prices every token written
 * once: none at $0, none twice.
 */
export function oneHourPart(cacheCreation: number, e1h: number | undefined): number {
  return Math.min(e1h ?? 0, cacheCreation);
}

/**
 * The cache writes billed: `cache_creation_input_tokens`; where a usage gives only the 5m/1h breakdown, what the
 * breakdown adds up to (a write the line reports is never priced at $0 for want of its total).
 */
export function writtenOf(total: number | undefined, e5m: number | undefined, e1h: number | undefined): number {
  return total ?? (e5m ?? 0) + (e1h ?? 0);
}

/**
 * A message's usage (`where` names it in errors, e.g. `message.usage`). Input and output tokens are required; cache
 * counts may be missing or null (none). Writes without a 5m/1h breakdown are put at the 5m rate, as Claude Code does.
 */
export function readUsage(raw: unknown, where: string): ReadUsage<Usage> {
  if (raw === undefined || raw === null) return {};
  if (!isRecord(raw)) return { errors: [`${where} is ${shown(raw)}, not an object`] };
  const r = new Reader(where);
  const input = r.count(raw, 'input_tokens', true);
  const output = r.count(raw, 'output_tokens', true);
  const total = r.count(raw, 'cache_creation_input_tokens');
  const cacheRead = r.count(raw, 'cache_read_input_tokens') ?? 0;
  const { e5m, e1h, webSearch, errors } = nested(r, raw);
  if (errors.length > 0 || input === undefined || output === undefined) return { errors };
  const hasCacheSplit = e5m !== undefined || e1h !== undefined;
  const cacheCreation = writtenOf(total, e5m, e1h);
  const cache1h = hasCacheSplit ? oneHourPart(cacheCreation, e1h) : 0;
  return {
    usage: {
      input,
      output,
      cacheCreation,
      cache5m: cacheCreation - cache1h,
      cache1h,
      cacheRead,
      webSearch: webSearch ?? 0,
      hasCacheSplit,
    },
  };
}

/** The fields a stream usage object carries (message_delta overwrites only those); missing or null is not given. */
export function readPartialUsage(raw: unknown, where: string): ReadUsage<Partial<Usage>> {
  if (raw === undefined || raw === null) return {};
  if (!isRecord(raw)) return { errors: [`${where} is ${shown(raw)}, not an object`] };
  const r = new Reader(where);
  const out: { -readonly [K in keyof Usage]?: Usage[K] } = {};
  const input = r.count(raw, 'input_tokens');
  const output = r.count(raw, 'output_tokens');
  const cacheRead = r.count(raw, 'cache_read_input_tokens');
  const cacheCreation = r.count(raw, 'cache_creation_input_tokens');
  const { e5m, e1h, webSearch, errors } = nested(r, raw);
  if (errors.length > 0) return { errors };
  if (input !== undefined) out.input = input;
  if (output !== undefined) out.output = output;
  if (cacheRead !== undefined) out.cacheRead = cacheRead;
  if (cacheCreation !== undefined) {
    const hasCacheSplit = e5m !== undefined || e1h !== undefined;
    out.cacheCreation = cacheCreation;
    out.cache1h = hasCacheSplit ? oneHourPart(cacheCreation, e1h) : 0;
    out.cache5m = cacheCreation - out.cache1h;
    out.hasCacheSplit = hasCacheSplit;
  }
  if (webSearch !== undefined) out.webSearch = webSearch;
  return { usage: out };
}

/** A cost in dollars (`total_cost_usd`); missing or null is not reported. */
export function readCost(
  raw: Readonly<Record<string, unknown>>,
  key: string,
): { value?: number; errors?: readonly string[] } {
  const v = raw[key];
  if (v === undefined || v === null) return {};
  const why = costProblem(v);
  if (why === undefined && typeof v === 'number') return { value: v };
  return { errors: [`${key} is ${shown(v)}: ${why ?? 'not a number'}, not a cost in dollars`] };
}

/** A result's `modelUsage`: one record per model whose numbers are all sound; the others are errors. */
export function readModelUsage(raw: unknown, where = 'modelUsage'): { records: ModelUsageRecord[]; errors: string[] } {
  const records: ModelUsageRecord[] = [];
  const errors: string[] = [];
  if (raw === undefined || raw === null) return { records, errors };
  if (!isRecord(raw)) return { records, errors: [`${where} is ${shown(raw)}, not an object`] };
  for (const [model, entry] of Object.entries(raw)) {
    const at = `${where}.${model}`;
    if (!isRecord(entry)) {
      errors.push(`${at} is ${shown(entry)}, not an object`);
      continue;
    }
    const r = new Reader(at);
    const rec = {
      model,
      input: r.count(entry, 'inputTokens') ?? 0,
      output: r.count(entry, 'outputTokens') ?? 0,
      cacheRead: r.count(entry, 'cacheReadInputTokens') ?? 0,
      cacheCreation: r.count(entry, 'cacheCreationInputTokens') ?? 0,
      webSearch: r.count(entry, 'webSearchRequests') ?? 0,
      costUsd: r.cost(entry, 'costUSD'),
    };
    if (r.errors.length > 0) errors.push(...r.errors);
    else records.push(rec);
  }
  return { records, errors };
}
