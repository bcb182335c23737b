import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPriceFile, type PriceFile } from './litellm';
import { costOf, DEFAULT_PRICES, priceFor, priceSource, withPriceFile } from './pricing';
import type { Usage } from '../types';

const data = (name: string): string => readFileSync(join(__dirname, 'testdata', name), 'utf8');
const usage = (u: Partial<Usage>): Usage => ({
  input: 0,
  output: 0,
  cacheCreation: 0,
  cache5m: 0,
  cache1h: 0,
  cacheRead: 0,
  webSearch: 0,
  hasCacheSplit: false,
  ...u,
});

function sample(): PriceFile {
  const file = readPriceFile(data('litellm-sample.json'), 'prices.json', '2026-12-01');
  if ('error' in file) throw new Error(file.error);
  return file;
}

describe('readPriceFile (LiteLLM shape)', () => {
  it('reads dollars per token as dollars per million, one price per model family', () => {
    const file = sample();
    expect(file.models.map((m) => m.id).sort()).toEqual(['claude-sonnet-4-5', 'claude-sonnet-5', 'glm-4.6']);
    // sample_spec is documentation; dall-e-3 has no token price.
    expect(file.skipped).toBe(1);
    const sonnet5 = file.models.find((m) => m.id === 'claude-sonnet-5');
    expect(sonnet5).toMatchObject({
      input: 2,
      output: 10,
      cacheWrite5m: 2.5,
      cacheWrite1h: 4,
      cacheRead: 0.2,
      name: 'claude-sonnet-5',
    });
    // The first-party entry wins over the Bedrock one of the same family.
    expect(sonnet5?.origin).toEqual({ file: 'prices.json', key: 'claude-sonnet-5', asOf: '2026-12-01' });
  });

  it('reads the above-200K rates as long-context prices', () => {
    const s45 = sample().models.find((m) => m.id === 'claude-sonnet-4-5');
    expect(s45?.longContext).toEqual({
      thresholdTokens: 200_000,
      input: 6,
      output: 22.5,
      cacheWrite5m: 7.5,
      cacheWrite1h: 12,
      cacheRead: 0.6,
    });
    // The 1h write above 200K is not in the entry: derived from its input rate, and said so.
    expect(s45?.origin?.derived).toEqual(['cacheWrite1h above 200K']);
  });

  it('derives missing cache rates from the input rate and names them', () => {
    const glm = sample().models.find((m) => m.id === 'glm-4.6');
    expect(glm).toMatchObject({ input: 0.6, output: 2.2, cacheWrite5m: 0.75, cacheWrite1h: 1.2, cacheRead: 0.06 });
    expect(glm?.origin?.derived).toEqual(['cacheWrite5m', 'cacheWrite1h', 'cacheRead']);
  });

  it('prices a model the shipped table does not know, and says where the price came from', () => {
    const u = usage({ input: 1_000_000, output: 100_000 });
    expect(costOf(u, 'claude-sonnet-5').priced).toBe(false);
    const prices = withPriceFile(DEFAULT_PRICES, sample());
    const cost = costOf(u, 'claude-sonnet-5', prices);
    expect(cost).toEqual({ usd: 3, priced: true, longContext: false });
    const p = priceFor('claude-sonnet-5', prices);
    expect(p && priceSource(p, prices)).toBe('prices.json, "claude-sonnet-5", as of 2026-12-01');
    const shipped = priceFor('claude-opus-4-6', prices);
    expect(shipped && priceSource(shipped, prices)).toBe(`price table, as of ${DEFAULT_PRICES.asOf}`);
    expect(prices.source).toContain('3 model families from prices.json');
  });

  it('refuses a malformed file, every problem said in words', () => {
    const r = readPriceFile(data('litellm-malformed.json'), 'bad.json', '2026-12-01');
    expect('error' in r && r.error).toBe(
      'bad.json: "claude-sonnet-5".input_cost_per_token is a string ("2e-06"), not a number of dollars per token; ' +
        '"claude-opus-5".output_cost_per_token is negative (-0.000025); a price is zero or more dollars per token; ' +
        '"claude-haiku-5" is a number, not an object of prices',
    );
  });

  it('refuses what is not a price file at all', () => {
    expect(readPriceFile('{"a":', 'x.json', '2026-12-01')).toMatchObject({
      error: expect.stringMatching(/^x\.json is not JSON \(/),
    });
    expect(readPriceFile('[1,2]', 'x.json', '2026-12-01')).toEqual({
      error:
        "x.json is not a price file: its top level is an array, not an object of model names (LiteLLM's model_prices_and_context_window.json shape)",
    });
    expect(readPriceFile('{"dall-e-3":{"output_cost_per_image":0.04}}', 'x.json', '2026-12-01')).toEqual({
      error: 'x.json holds no model with both input_cost_per_token and output_cost_per_token',
    });
  });

  it('lists at most five problems and counts the rest', () => {
    const bad = Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [`m${i}`, { input_cost_per_token: 'x', output_cost_per_token: 1 }]),
    );
    const r = readPriceFile(JSON.stringify(bad), 'many.json', '2026-12-01');
    expect('error' in r && r.error.endsWith('; and 3 more')).toBe(true);
  });
});
