import * as z from 'zod';
import { modelFamily, type ModelPrice } from './pricing';

// A user's price file, in the shape of LiteLLM's `model_prices_and_context_window.json` (what ccusage reads): an
// object whose keys are model names and whose values give dollars per token. Prices for models newer than the
// shipped table, without a release. Pure: the CLI reads the file from disk, the browser from a picked File.

const rate = z.number().nonnegative().nullable().optional();

const Entry = z.looseObject({
  litellm_provider: z.string().nullable().optional(),
  input_cost_per_token: rate,
  output_cost_per_token: rate,
  cache_creation_input_token_cost: rate,
  cache_creation_input_token_cost_above_1hr: rate,
  cache_read_input_token_cost: rate,
  input_cost_per_token_above_200k_tokens: rate,
  output_cost_per_token_above_200k_tokens: rate,
  cache_creation_input_token_cost_above_200k_tokens: rate,
  cache_creation_input_token_cost_above_1hr_above_200k_tokens: rate,
  cache_read_input_token_cost_above_200k_tokens: rate,
});
type Entry = z.infer<typeof Entry>;

/** Prices read from a file: one per model family, the entries that gave no token price skipped (image models…). */
export interface PriceFile {
  readonly name: string;
  readonly asOf: string;
  readonly models: readonly ModelPrice[];
  /** Entries without both an input and an output price per token. */
  readonly skipped: number;
}

/** LiteLLM's own documentation entry: its values are descriptions, not prices. */
const SAMPLE_KEY = 'sample_spec';
const MAX_ERRORS = 5;
const LONG_CONTEXT_TOKENS = 200_000;

/** Dollars per token to dollars per million tokens, without the float dust of `3e-6 * 1e6`. */
const perMillion = (x: number): number => Math.round(x * 1e12) / 1e6;

const kindOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;

function shown(v: unknown): string {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/** One zod issue of an entry, in words: which key, which field, what it holds and what it should. */
function issueText(key: string, issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.');
  const where = `"${key}"${field ? `.${field}` : ''}`;
  if (issue.code === 'too_small')
    return `${where} is negative (${shown(issue.input)}); a price is zero or more dollars per token`;
  return `${where} is ${kindOf(issue.input)} (${shown(issue.input)}), not a number of dollars per token`;
}

/** 1h writes, 5m writes and reads when the entry leaves them out: 2×, 1.25× and 0.1× the input rate (PRICING §2). */
function ratesOf(
  input: number,
  output: number,
  write5m: number | null | undefined,
  write1h: number | null | undefined,
  read: number | null | undefined,
  derived: string[],
  suffix = '',
): { input: number; output: number; cacheWrite5m: number; cacheWrite1h: number; cacheRead: number } {
  const or = (v: number | null | undefined, factor: number, name: string): number => {
    if (v !== null && v !== undefined) return perMillion(v);
    derived.push(`${name}${suffix}`);
    return perMillion(input * factor);
  };
  return {
    input: perMillion(input),
    output: perMillion(output),
    cacheWrite5m: or(write5m, 1.25, 'cacheWrite5m'),
    cacheWrite1h: or(write1h, 2, 'cacheWrite1h'),
    cacheRead: or(read, 0.1, 'cacheRead'),
  };
}

function priceOf(key: string, e: Entry, file: { name: string; asOf: string }): ModelPrice | undefined {
  const input = e.input_cost_per_token;
  const output = e.output_cost_per_token;
  if (input === null || input === undefined || output === null || output === undefined) return undefined;
  const derived: string[] = [];
  const base = ratesOf(
    input,
    output,
    e.cache_creation_input_token_cost,
    e.cache_creation_input_token_cost_above_1hr,
    e.cache_read_input_token_cost,
    derived,
  );
  const longIn = e.input_cost_per_token_above_200k_tokens;
  const longOut = e.output_cost_per_token_above_200k_tokens;
  const longContext =
    longIn !== null && longIn !== undefined && longOut !== null && longOut !== undefined
      ? {
          thresholdTokens: LONG_CONTEXT_TOKENS,
          ...ratesOf(
            longIn,
            longOut,
            e.cache_creation_input_token_cost_above_200k_tokens,
            e.cache_creation_input_token_cost_above_1hr_above_200k_tokens,
            e.cache_read_input_token_cost_above_200k_tokens,
            derived,
            ' above 200K',
          ),
        }
      : undefined;
  const id = modelFamily(key.slice(key.lastIndexOf('/') + 1));
  return {
    id,
    name: key,
    ...base,
    ...(longContext ? { longContext } : {}),
    origin: { file: file.name, key, asOf: file.asOf, ...(derived.length > 0 ? { derived } : {}) },
  };
}

/** Which of two entries for one model family wins: Anthropic's own, unprefixed key first (`claude-…`, not `bedrock/…`). */
function rank(key: string, e: Entry): number {
  return (key.includes('/') ? 2 : 0) + (e.litellm_provider === 'anthropic' ? 0 : 1);
}

/**
 * Reads a LiteLLM-shaped price file. Every price field it reads must be a number of dollars per token, zero or more
 * (or null: not given); anything else fails the whole file, each problem said in words (a price file half applied
 * would be quietly wrong). `asOf` is the file's date, kept with each price so Explain can say where it came from.
 */
export function readPriceFile(text: string, name: string, asOf: string): PriceFile | { readonly error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { error: `${name} is not JSON (${err instanceof Error ? err.message : String(err)})` };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return {
      error: `${name} is not a price file: its top level is ${kindOf(raw)}, not an object of model names (LiteLLM's model_prices_and_context_window.json shape)`,
    };
  const errors: string[] = [];
  const best = new Map<string, { price: ModelPrice; rank: number }>();
  let skipped = 0;
  for (const [key, value] of Object.entries(raw)) {
    if (key === SAMPLE_KEY) continue;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      errors.push(`"${key}" is ${kindOf(value)}, not an object of prices`);
      continue;
    }
    const parsed = Entry.safeParse(value, { reportInput: true });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push(issueText(key, issue));
      continue;
    }
    const price = priceOf(key, parsed.data, { name, asOf });
    if (!price) {
      skipped += 1;
      continue;
    }
    const r = rank(key, parsed.data);
    const prev = best.get(price.id);
    if (!prev || r < prev.rank) best.set(price.id, { price, rank: r });
  }
  if (errors.length > 0) {
    const more = errors.length > MAX_ERRORS ? `; and ${errors.length - MAX_ERRORS} more` : '';
    return { error: `${name}: ${errors.slice(0, MAX_ERRORS).join('; ')}${more}` };
  }
  if (best.size === 0)
    return { error: `${name} holds no model with both input_cost_per_token and output_cost_per_token` };
  return { name, asOf, models: [...best.values()].map((b) => b.price), skipped };
}

/** `YYYY-MM-DD` of an instant (a file's last modification), in UTC. */
export function dateOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
