import { DEFAULT_PRICES, modelFamily, priceFor, usdAt, type PriceTable } from '../pricing/pricing';
import type { Usage } from '../types';
import { readResults, reportedByModel, reportedMainUsage, type ResultFigure, type ResultsRead } from './results';

export { readResults, type ResultFigure, type ResultsRead };

// The result frame's figures against the calls counted, shared by the full model (build.ts, via `reconcileTrace`)
// and the stats fast path (lib/fast/merge.ts): which results a session's reported figures are (cumulative or per
// turn), each result's own share of the cost, and where the calls fall short of what the run reported because their
// lines carried placeholder usage, the difference booked as rows of its own. Both paths call these functions.
//
// A stream-json log recorded without `--include-partial-messages` has no `message_delta`: every assistant line carries
// `message_start`'s usage, whose output is a placeholder (1-8 tokens). The real figures are only in the `result`
// frame: `modelUsage` per model (with the calls the lines never show: a title or classifier call) and `usage` for the
// main loop.

/** The most output tokens `message_start` reports before the model has written anything. */
export const PLACEHOLDER_MAX_OUTPUT = 8;

/** The fields compared and booked, in the words a row shows them. */
export const RECONCILED_FIELDS = ['input', 'output', 'cacheRead', 'cacheCreation'] as const;
export type ReconciledField = (typeof RECONCILED_FIELDS)[number];

const FIELD_WORDS: Readonly<Record<ReconciledField, string>> = {
  input: 'input',
  output: 'output',
  cacheRead: 'cache-read',
  cacheCreation: 'cache-write',
};

/**
 * Whether a counted call's usage is a placeholder: it came from an assistant line alone (no stream of the call, so no
 * `message_delta` with its real output) and its output is no more than `message_start` reports.
 */
export function isPlaceholderUsage(usage: Usage, streamed: boolean): boolean {
  return !streamed && usage.output <= PLACEHOLDER_MAX_OUTPUT;
}

/** A counted call, as the rule reads it. `order` is its first line's place in file order (any monotone numbering). */
export interface CallFigure {
  readonly model?: string;
  readonly usage: Usage;
  readonly order: number;
  readonly placeholder: boolean;
  /** A call of the main loop (not a subagent's); only the full model knows, and only its per-agent rows read it. */
  readonly main?: boolean;
}

type Figures = Readonly<Record<ReconciledField, number>>;

const ZERO: Figures = { input: 0, output: 0, cacheRead: 0, cacheCreation: 0 };

function sumCalls(calls: readonly CallFigure[]): Figures {
  const s = { ...ZERO };
  for (const c of calls) for (const f of RECONCILED_FIELDS) s[f] += c.usage[f];
  return s;
}

/**
 * Usage of a reconciliation row. Its cache writes are priced at the 1h rate when every write of the calls it completes
 * was a 1h write (what the result frame's own split says of the main loop, too), else at the 5m rate.
 */
function usageOf(f: Figures, oneHour: boolean): Usage {
  return {
    input: f.input,
    output: f.output,
    cacheRead: f.cacheRead,
    cacheCreation: f.cacheCreation,
    cache5m: oneHour ? 0 : f.cacheCreation,
    cache1h: oneHour ? f.cacheCreation : 0,
    webSearch: 0,
    hasCacheSplit: oneHour,
  };
}

/** A difference booked: the tokens of `model` the result frame reports and the lines did not carry. */
export interface ReconciledRow {
  readonly model: string;
  readonly usage: Usage;
  /** Of `usage`, what the result's `usage` (the main loop) accounts for; the rest is calls outside the main loop. */
  readonly main?: Usage;
  /** Of the calls compared, those of the main loop (the full model knows; the fast path says 0). */
  readonly mainCalls: number;
  /** Placeholder calls of this model among those compared. */
  readonly placeholders: number;
  /** Calls of this model compared (those before the session's last result). */
  readonly calls: number;
  /** `order` of the result whose figures were used (the last of the session). */
  readonly resultOrder: number;
  /** Why, in words: `from the result frame: 301 output tokens the assistant lines did not carry`. */
  readonly text: string;
}

/** Calls that count more than the result frame reports for their model: said, never booked. */
export interface ResultExcess {
  readonly model: string;
  readonly resultOrder: number;
  readonly text: string;
}

/**
 * A model whose calls fall short of what the result frame reports while its lines carry real usage (no placeholder
 * signature): calls no loaded line records (a subagent's last message, an auxiliary model). Said, never booked.
 */
export interface ResultShortfall {
  readonly model: string;
  readonly resultOrder: number;
  readonly text: string;
  /** The calls carry placeholder usage and the result gives no `modelUsage` to book the rest by: their output figures
   *  are lower bounds. */
  readonly placeholders?: true;
}

export interface Reconciliation extends ResultsRead {
  readonly rows: readonly ReconciledRow[];
  readonly excess: readonly ResultExcess[];
  readonly shortfall: readonly ResultShortfall[];
}

const fmt = (n: number): string => n.toLocaleString('en-US');

/** `522 input and 301 output`: the non-zero fields of a row's tokens, in words. */
export function tokensText(u: Figures): string {
  return diffText(u);
}

function diffText(d: Figures): string {
  const parts = RECONCILED_FIELDS.filter((f) => d[f] > 0).map((f) => `${fmt(d[f])} ${FIELD_WORDS[f]}`);
  const last = parts.pop() ?? '';
  return parts.length > 0 ? `${parts.join(', ')} and ${last}` : last;
}

/** A model id without the context-window tag `modelUsage` may add to it (`claude-opus-5[1m]` is `claude-opus-5`). */
const baseModel = (m: string): string => m.replace(/\[[^\]]*\]$/, '');

/**
 * The `modelUsage` key a call's model is reported under: the same id, else the same without a context-window tag,
 * else the same model spelled another way (`claude-sonnet-4-5` for `claude-sonnet-4-5-20250929`, a Bedrock id), by
 * the family that prices it: a call and its report under two spellings are one model, never two to book.
 */
export function reportedKeyOf(model: string | undefined, keys: Iterable<string>): string | undefined {
  if (model === undefined) return undefined;
  let tagged: string | undefined;
  let family: string | undefined;
  for (const k of keys) {
    if (k === model) return k;
    if (tagged === undefined && baseModel(k) === baseModel(model)) tagged = k;
    if (family === undefined && modelFamily(k) === modelFamily(model)) family = k;
  }
  return tagged ?? family;
}

/**
 * Compares one session's counted calls with its results. Only calls before the session's last result are compared
 * (a later call is not in any result yet). A model's difference is booked when the calls fall short on no field
 * below what the result reports, and the session's lines show the placeholder signature; where the calls exceed the
 * result on any field nothing is booked and the excess is said.
 */
export function reconcileSession(calls: readonly CallFigure[], results: readonly ResultFigure[]): Reconciliation {
  const read = readResults(results);
  const last = results[results.length - 1];
  if (!last) return { ...read, rows: [], excess: [], shortfall: [] };
  const reported = reportedByModel(results, read.cumulative);
  const compared = calls.filter((c) => c.order < last.order);
  const signature = compared.some((c) => c.placeholder);
  const byModel = new Map<string, CallFigure[]>();
  for (const c of compared) {
    const m = reportedKeyOf(c.model, reported.keys()) ?? c.model ?? '';
    const list = byModel.get(m);
    if (list) list.push(c);
    else byModel.set(m, [c]);
  }
  const rows: ReconciledRow[] = [];
  const excess: ResultExcess[] = [];
  const shortfall: ResultShortfall[] = [];
  if (reported.size === 0)
    return { ...read, rows, excess, shortfall: unlisted(compared, results, signature, last.order) };
  for (const [model, list] of byModel) {
    if (reported.has(model)) continue;
    const s = sumCalls(list);
    excess.push({
      model: model || '(no model)',
      resultOrder: last.order,
      text: `${list.length === 1 ? '1 model call' : `${fmt(list.length)} model calls`} of ${model || '(no model)'} (${fmt(s.output)} output tokens) that the result frame's modelUsage does not list`,
    });
  }
  const mainUsage = reportedMainUsage(results);
  const mainModels = new Set(
    compared.filter((c) => c.main === true).map((c) => reportedKeyOf(c.model, reported.keys()) ?? c.model ?? ''),
  );
  for (const r of reported.values()) {
    const list = byModel.get(r.model) ?? [];
    const counted = sumCalls(list);
    const d = { ...ZERO };
    const over: string[] = [];
    for (const f of RECONCILED_FIELDS) {
      d[f] = r[f] - counted[f];
      if (d[f] < 0) over.push(`${fmt(counted[f])} ${FIELD_WORDS[f]} tokens counted where it reports ${fmt(r[f])}`);
    }
    if (over.length > 0) {
      excess.push({
        model: r.model,
        resultOrder: last.order,
        text: `${r.model}: the calls exceed the result frame's modelUsage: ${over.join('; ')}`,
      });
      continue;
    }
    if (RECONCILED_FIELDS.every((f) => d[f] === 0)) continue;
    if (!signature) {
      shortfall.push({
        model: r.model,
        resultOrder: last.order,
        text: `${r.model}: the result frame reports ${diffText(d)} tokens more than the loaded calls carry (calls no line records, such as a subagent's last message); not booked, as the lines carry real usage`,
      });
      continue;
    }
    const writes = list.reduce((a, c) => ({ m5: a.m5 + c.usage.cache5m, h1: a.h1 + c.usage.cache1h }), {
      m5: 0,
      h1: 0,
    });
    const oneHour = writes.h1 > 0 && writes.m5 === 0;
    // The result's `usage` is the main loop's: it tells this model's part when the main loop ran this model alone.
    const main = mainModels.size === 1 && mainModels.has(r.model) ? mainPart(list, mainUsage, d) : undefined;
    rows.push({
      // Under the calls' own model id where they have one (one row per model in the tables), else modelUsage's key.
      model: list.find((c) => c.model !== undefined)?.model ?? r.model,
      usage: usageOf(d, oneHour),
      ...(main ? { main: usageOf(main, oneHour) } : {}),
      placeholders: list.filter((c) => c.placeholder).length,
      mainCalls: list.filter((c) => c.main === true).length,
      calls: list.length,
      resultOrder: last.order,
      text: `from the result frame: ${diffText(d)} tokens the assistant lines did not carry`,
    });
  }
  return { ...read, rows, excess, shortfall };
}

/**
 * Results with no `modelUsage` (older recordings): nothing can be booked by model, but where the calls carry placeholder
 * usage and the results' `usage` (each its turn's, the main loop's) reports more than all the calls together, the
 * difference is said, and the calls' figures are lower bounds (`ResultShortfall.placeholders`).
 */
function unlisted(
  compared: readonly CallFigure[],
  results: readonly ResultFigure[],
  signature: boolean,
  order: number,
): ResultShortfall[] {
  if (!signature) return [];
  const reported = { ...ZERO };
  for (const r of results) for (const f of RECONCILED_FIELDS) reported[f] += r.usage?.[f] ?? 0;
  const carried = sumCalls(compared);
  const d = { ...ZERO };
  for (const f of RECONCILED_FIELDS) d[f] = Math.max(0, reported[f] - carried[f]);
  if (d.output === 0) return [];
  const models = [...new Set(compared.map((c) => c.model ?? '(no model)'))];
  return [
    {
      model: models.length === 1 ? (models[0] ?? '(no model)') : models.join(', '),
      resultOrder: order,
      text: `the result frames report ${diffText(d)} tokens more than the loaded calls carry, but no modelUsage to book them by model: the calls' output figures are placeholders, so their output and cost are lower bounds`,
      placeholders: true,
    },
  ];
}

/**
 * The part of a model's difference the main loop accounts for: the result's `usage` less the main loop's calls,
 * bounded by the model's difference.
 */
function mainPart(list: readonly CallFigure[], mainUsage: Usage | undefined, d: Figures): Figures | undefined {
  if (!mainUsage) return undefined;
  const mainCalls = sumCalls(list.filter((c) => c.main === true));
  const part = { ...ZERO };
  for (const f of RECONCILED_FIELDS) part[f] = Math.min(d[f], Math.max(0, mainUsage[f] - mainCalls[f]));
  return part;
}

/**
 * The computed cost of a reconciliation row: at the model's base rates (its tokens are many calls together, so they
 * never cross a long-context threshold as one prompt). Unpriced when the model has no price.
 */
export function reconciledCost(
  usage: Usage,
  model: string,
  prices: PriceTable = DEFAULT_PRICES,
): { usd: number; priced: boolean } {
  const p = priceFor(model, prices);
  if (!p) return { usd: 0, priced: false };
  return { usd: usdAt(usage, { ...p, longContext: undefined }, prices), priced: true };
}
