import table from './prices.json';
import type { Usage } from '../types';

export interface ModelPrice {
  readonly id: string;
  readonly name: string;
  readonly input: number;
  readonly cacheWrite5m: number;
  readonly cacheWrite1h: number;
  readonly cacheRead: number;
  readonly output: number;
  /** Prompts over the threshold (input + cache read + cache write) are billed at these rates instead. */
  readonly longContext?: {
    readonly thresholdTokens: number;
    readonly input: number;
    readonly cacheWrite5m: number;
    readonly cacheWrite1h: number;
    readonly cacheRead: number;
    readonly output: number;
  };
  /** Where a price not from the shipped table came from: a user's price file (its name, the key read, its date). */
  readonly origin?: PriceOrigin;
}

export interface PriceOrigin {
  /** The price file's name (or `local override` for a price typed in the Stats pane). */
  readonly file: string;
  /** The key of the file's entry that priced this model family. */
  readonly key: string;
  /** The file's date (`YYYY-MM-DD`, its last modification) or when the override was saved. */
  readonly asOf: string;
  /** Rates the entry did not give, taken from the documented multiples of its input rate. */
  readonly derived?: readonly string[];
}

export interface PriceTable {
  readonly source: string;
  readonly asOf: string;
  readonly webSearchPerRequest: number;
  readonly models: readonly ModelPrice[];
}

/** The dated list-price table shipped with Loupe (`prices.json`). */
export const DEFAULT_PRICES: PriceTable = table;

/**
 * Maps provider-specific spellings to the first-party id family: drops a date suffix (`-20250514`, `@20250514`),
 * Bedrock prefixes/suffixes (`us.anthropic.…-v1:0`, and the `global.`/`apac.` inference profiles), a `[1m]`-style
 * context tag, and the API's aliases: `-latest` (`claude-3-7-sonnet-latest`) and a `-0` minor
 * (`claude-sonnet-4-0` is `claude-sonnet-4`).
 */
export function modelFamily(model: string): string {
  return model
    .toLowerCase()
    .replace(/^(?:[a-z]+(?:-[a-z]+)?\.)?anthropic\./, '')
    .replace(/\[[^\]]*\]$/, '')
    .replace(/-v\d+(?::\d+)?$/, '')
    .replace(/[@-]\d{8}$/, '')
    .replace(/-latest$/, '')
    .replace(/^(claude-[a-z]+-\d+)-0$/, '$1');
}

export function priceFor(model: string, prices: PriceTable = DEFAULT_PRICES): ModelPrice | undefined {
  const family = modelFamily(model);
  return prices.models.find((m) => m.id === family);
}

export interface Cost {
  readonly usd: number;
  readonly priced: boolean;
  readonly longContext: boolean;
}

/** Cost of one model call from its (deduplicated) usage: FORMATS/PRICING §4. Unknown models are unpriced, never guessed. */
export function costOf(usage: Usage, model: string | undefined, prices: PriceTable = DEFAULT_PRICES): Cost {
  const p = model ? priceFor(model, prices) : undefined;
  if (!p) return { usd: 0, priced: false, longContext: false };
  return { usd: usdAt(usage, p, prices), priced: true, longContext: longContextOf(usage, p) !== undefined };
}

/** `costOf`'s dollars for a call whose model's price the caller looked up once (`priceFor`), for many calls. */
export function usdAt(usage: Usage, p: ModelPrice, prices: PriceTable): number {
  const r = longContextOf(usage, p) ?? p;
  return (
    (usage.input * r.input +
      usage.cache5m * r.cacheWrite5m +
      usage.cache1h * r.cacheWrite1h +
      usage.cacheRead * r.cacheRead +
      usage.output * r.output) /
      1e6 +
    usage.webSearch * prices.webSearchPerRequest
  );
}

/** The long-context rates, when the call's prompt is past their threshold. */
function longContextOf(usage: Usage, p: ModelPrice): ModelPrice['longContext'] {
  const prompt = usage.input + usage.cacheRead + usage.cacheCreation;
  return p.longContext && prompt > p.longContext.thresholdTokens ? p.longContext : undefined;
}

/** A copy of the table with some models' prices replaced (the UI's local overrides). */
export function withOverrides(prices: PriceTable, overrides: readonly ModelPrice[]): PriceTable {
  const ids = new Set(overrides.map((o) => o.id));
  return {
    ...prices,
    source: `${prices.source} (with local overrides: ${[...ids].join(', ')})`,
    models: [...overrides, ...prices.models.filter((m) => !ids.has(m.id))],
  };
}

/** A copy of the table with a price file's models added, each replacing the table's price for its family. */
export function withPriceFile(
  prices: PriceTable,
  file: { readonly name: string; readonly models: readonly ModelPrice[] },
): PriceTable {
  if (file.models.length === 0) return prices;
  const ids = new Set(file.models.map((m) => m.id));
  const asOf = file.models[0]?.origin?.asOf;
  // The table's own date follows the source where it is shown (`…, as of 2026-03-01`): the file's goes with its name.
  const families = `${file.models.length} model ${file.models.length === 1 ? 'family' : 'families'}`;
  return {
    ...prices,
    source: `${families} from ${file.name}${asOf ? ` (as of ${asOf})` : ''}, the rest from the ${prices.source}`,
    models: [...file.models, ...prices.models.filter((m) => !ids.has(m.id))],
  };
}

/**
 * Prices a user keeps locally (the browser's price file and typed overrides, `LocalPrices` of the worker protocol): the
 * price file's models over the shipped table, and the overrides over both.
 */
export interface LocalPriceParts {
  readonly overrides?: readonly ModelPrice[];
  readonly priceFile?: { readonly name: string; readonly models: readonly ModelPrice[] };
}

/** The shipped table, a price file's models over it, and typed overrides over both. */
export function localPriceTable({ overrides, priceFile }: LocalPriceParts): PriceTable {
  const base = priceFile ? withPriceFile(DEFAULT_PRICES, priceFile) : DEFAULT_PRICES;
  return overrides && overrides.length > 0 ? withOverrides(base, overrides) : base;
}

/** Where a price comes from, in words: the shipped table and its date, or the file, its entry and its date. */
export function priceSource(p: ModelPrice, prices: PriceTable): string {
  const o = p.origin;
  if (!o) return `price table, as of ${prices.asOf}`;
  const derived = o.derived && o.derived.length > 0 ? `; ${o.derived.join(', ')} derived from the input rate` : '';
  return `${o.file}, "${o.key}", as of ${o.asOf}${derived}`;
}
