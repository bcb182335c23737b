// A model newer than the price table is unpriced: its cost is unknown, never $0, in every total, row and Explain.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { explain } from '../view/explain';
import { computeStatsView } from '../view/stats-view';
import { formatCost } from './money';
import { readPriceFile } from './pricing/litellm';
import { DEFAULT_PRICES, withPriceFile } from './pricing/pricing';
import { computeStats } from './stats';
import { cc, jsonl, sdk, text } from './testing/builders';
import { loadText } from './testing/load';
import { responseRows, turnRows } from './turns';

const NEW = 'claude-sonnet-5';
// Sonnet 4.5: 1000 in × $3 + 100 out × $15 = $0.0045.
const mixed = jsonl([
  sdk.init(),
  sdk.assistant('msg_1', [text('a')], { input: 1000, output: 100 }),
  sdk.assistant('msg_2', [text('b')], { input: 1000, output: 100 }, { model: NEW }),
  sdk.result({ cost: 0.0125 }),
]);

function priceFile() {
  const file = readPriceFile(
    readFileSync(join(__dirname, 'pricing', 'testdata', 'litellm-sample.json'), 'utf8'),
    'prices.json',
    '2026-12-01',
  );
  if ('error' in file) throw new Error(file.error);
  return withPriceFile(DEFAULT_PRICES, file);
}

describe('an unpriced model', () => {
  it('leaves the computed cost a lower bound, named in the totals and breakdowns', async () => {
    const { stats } = await loadText(mixed);
    expect(stats.cost).toMatchObject({ computedUsd: 0.0045, unpricedModels: [NEW], reportedUsd: 0.0125 });
    expect(formatCost(stats.cost.computedUsd, stats.cost.unpricedModels)).toBe('≥ $0.0045');
    const byModel = Object.fromEntries(stats.byModel.map((b) => [b.key, [b.priced, b.costUsd, b.unpricedModels]]));
    expect(byModel).toEqual({ 'claude-sonnet-4-5-20250929': [true, 0.0045, []], [NEW]: [false, 0, [NEW]] });
    expect(stats.byAgent.map((b) => [b.priced, b.unpricedModels])).toEqual([[false, [NEW]]]);
  });

  it('reads — when no call is priced', async () => {
    const { stats } = await loadText(
      jsonl([cc.assistant('msg_1', [text('a')], { input: 10, output: 10 }, { model: NEW })]),
    );
    expect(formatCost(stats.cost.computedUsd, stats.cost.unpricedModels)).toBe('—');
  });

  it('marks each call and response whose cost is unknown', async () => {
    const { trace } = await loadText(mixed);
    expect(turnRows(trace).map((r) => [r.model, r.priced, r.costUsd])).toEqual([
      ['claude-sonnet-4-5-20250929', true, 0.0045],
      [NEW, false, 0],
    ]);
    expect(responseRows(trace).map((r) => [r.costUsd, r.unpricedModels, r.reportedUsd])).toEqual([
      [0.0045, [NEW], 0.0125],
    ]);
  });

  it('Explain names the source of each price, and the model that has none', async () => {
    const { trace } = await loadText(mixed);
    const ex = explain(trace, { metric: 'cost' });
    expect(ex.prices).toEqual([
      { model: 'claude-sonnet-4-5-20250929', source: `price table, as of ${DEFAULT_PRICES.asOf}` },
      { model: NEW, source: null },
    ]);
    expect(ex.unpricedModels).toEqual([NEW]);
    expect(ex.rows.map((r) => r.priced)).toEqual([true, false]);
    const withFile = explain(trace, { metric: 'cost' }, priceFile());
    expect(withFile.prices[1]).toEqual({ model: NEW, source: 'prices.json, "claude-sonnet-5", as of 2026-12-01' });
    expect(withFile.unpricedModels).toEqual([]);
    // 1000 × $2 + 100 × $10 = $0.003 more.
    expect(withFile.total).toBe(0.0075);
  });

  it('a price file makes it priced everywhere the stats are computed', async () => {
    const { trace } = await loadText(mixed);
    const prices = priceFile();
    const stats = computeStats(trace, prices);
    expect(stats.cost).toMatchObject({ computedUsd: 0.0075, unpricedModels: [] });
    expect(stats.byModel.every((b) => b.priced)).toBe(true);
    const view = computeStatsView(trace, prices);
    expect(view.prices.unpriced).toEqual([]);
    expect(view.prices.used.map((p) => [p.id, p.origin?.file])).toEqual([
      ['claude-sonnet-4-5', 'prices.json'],
      [NEW, 'prices.json'],
    ]);
    expect(view.reasons.some((r) => r.text.includes('has no price'))).toBe(false);
    expect(computeStatsView(trace).reasons.map((r) => r.text)).toContain(
      `${NEW} has no price in the table: its calls are not in the computed cost, which is a lower bound (add its price from a file below)`,
    );
  });
});
