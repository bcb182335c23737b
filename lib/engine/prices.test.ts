// Local prices (a price file's models, typed overrides) reach every cost the worker answers: the toolbar's `cost`,
// the Stats view and Explain, each price with its source, the timeline's cost badges and the compare digest.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPriceFile } from '../trace/pricing/litellm';
import { cc, jsonl, text } from '../trace/testing/builders';
import { handle, sessionHandlers } from './handlers';
import { TraceSession } from './session';
import { memorySource } from './source';
import type { LocalPrices } from './protocol';
import { unpackStatsView } from '../view/stats-view';

const NEW = 'claude-sonnet-5';
const trace = jsonl([
  cc.assistant('msg_1', [text('a')], { input: 1000, output: 100 }),
  cc.assistant('msg_2', [text('b')], { input: 1000, output: 100 }, { model: NEW }),
]);

async function loaded() {
  const session = new TraceSession();
  const handlers = sessionHandlers(session, () => Promise.resolve([memorySource('t.jsonl', trace)]));
  await handle(handlers, 'load', { source: { kind: 'url', url: 'https://example.test/t.jsonl' } });
  return handlers;
}

function fileOf(): NonNullable<LocalPrices['priceFile']> {
  const f = readPriceFile(
    readFileSync(path.join(import.meta.dirname, '../trace/pricing/testdata/litellm-sample.json'), 'utf8'),
    'prices.json',
    '2026-12-01',
  );
  if ('error' in f) throw new Error(f.error);
  return { name: f.name, models: f.models.filter((m) => m.id === NEW) };
}

describe('local prices in the worker', () => {
  it('without them the unpriced model is named and left out', async () => {
    const h = await loaded();
    expect(await handle(h, 'cost', {})).toMatchObject({ computedUsd: 0.0045, unpricedModels: [NEW] });
  });

  it('a price file prices it in the toolbar cost, the Stats view and Explain', async () => {
    const h = await loaded();
    const priceFile = fileOf();
    expect(await handle(h, 'cost', { priceFile })).toMatchObject({ computedUsd: 0.0075, unpricedModels: [] });
    const view = unpackStatsView(await handle(h, 'statsView', { priceFile }));
    expect(view.stats.byModel.map((b) => [b.key, b.costUsd, b.priced])).toEqual([
      ['claude-sonnet-4-5-20250929', 0.0045, true],
      [NEW, 0.003, true],
    ]);
    const ex = await handle(h, 'explain', { query: { metric: 'cost', model: NEW }, priceFile });
    expect(ex.prices).toEqual([{ model: NEW, source: 'prices.json, "claude-sonnet-5", as of 2026-12-01' }]);
  });

  it("the model call's details are priced with them too", async () => {
    const h = await loaded();
    expect((await handle(h, 'details', { seq: 1 }))?.turn).toMatchObject({ model: NEW });
    expect((await handle(h, 'details', { seq: 1 }))?.turn?.costUsd).toBeUndefined();
    expect((await handle(h, 'details', { seq: 1, priceFile: fileOf() }))?.turn?.costUsd).toBe(0.003);
  });

  it("the timeline's cost badges follow the prices the last view gave", async () => {
    const h = await loaded();
    const view = { filter: '', expanded: [], show: [] };
    const costs = async () =>
      (await handle(h, 'rows', { start: 0, end: 100 }))
        .filter((r) => r.kind === 'turn')
        .map((r) => r.badges.filter((b) => b.kind === 'cost').map((b) => [b.text, b.title]));
    await handle(h, 'view', { view });
    expect(await costs()).toEqual([
      [['$0.0045', undefined]],
      [['—', `no price for ${NEW}: its calls are not in this cost`]],
    ]);
    await handle(h, 'view', { view, priceFile: fileOf() });
    expect(await costs()).toEqual([[['$0.0045', undefined]], [['$0.003', undefined]]]);
    await handle(h, 'view', { view });
    expect((await costs())[1]).toEqual([['—', `no price for ${NEW}: its calls are not in this cost`]]);
  });

  it("the compare view's digest is priced with them", async () => {
    const h = await loaded();
    expect((await handle(h, 'compare', { name: 'A' })).totals).toMatchObject({
      computedUsd: 0.0045,
      unpriced: [NEW],
    });
    expect((await handle(h, 'compare', { name: 'A', priceFile: fileOf() })).totals).toMatchObject({
      computedUsd: 0.0075,
      unpriced: [],
    });
  });

  it('a typed override wins over the file', async () => {
    const h = await loaded();
    const overrides = [
      {
        id: NEW,
        name: NEW,
        input: 1,
        cacheWrite5m: 0,
        cacheWrite1h: 0,
        cacheRead: 0,
        output: 0,
        origin: { file: 'local override', key: NEW, asOf: '2026-12-06' },
      },
    ];
    expect(await handle(h, 'cost', { priceFile: fileOf(), overrides })).toMatchObject({
      computedUsd: 0.0055,
      unpricedModels: [],
    });
  });
});
