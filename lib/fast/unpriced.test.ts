// The fast path (the library, `loupe stats --by`) leaves an unpriced model's calls out of the cost and names the model;
// `costJson` makes that cost null in --json, the priced part beside it; a price file makes it known.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPriceFile } from '../trace/pricing/litellm';
import { DEFAULT_PRICES, localPriceTable, withPriceFile } from '../trace/pricing/pricing';
import { memorySource } from '../engine/source';
import { librarySnapshot } from './library';
import { projectOf } from '../trace/project';
import { scanSource } from './source';
import { cc, jsonl, text } from '../trace/testing/builders';
import { dailySeries } from './daily';
import { buildReport, costJson, reportJson, sessionCells, sessionRows } from './report';
import { fastMerged } from './testing/equivalence';

const NEW = 'claude-sonnet-5';
const files = {
  'p/S1.jsonl': jsonl([
    cc.prompt('go', { session: 'S1', time: '2026-11-02T10:00:00.000Z' }),
    cc.assistant(
      'msg_1',
      [text('a')],
      { input: 1000, output: 100 },
      { session: 'S1', time: '2026-11-02T10:00:01.000Z' },
    ),
    cc.assistant(
      'msg_2',
      [text('b')],
      { input: 1000, output: 100 },
      { session: 'S1', model: NEW, time: '2026-11-02T10:00:02.000Z' },
    ),
  ]),
  'p/S2.jsonl': jsonl([
    cc.prompt('more', { session: 'S2', time: '2026-11-03T10:00:00.000Z' }),
    cc.assistant('msg_3', [text('c')], { input: 2000, output: 0 }, { session: 'S2', time: '2026-11-03T10:00:01.000Z' }),
  ]),
};

const readFile = () => {
  const f = readPriceFile(
    readFileSync(join(__dirname, '..', 'trace', 'pricing', 'testdata', 'litellm-sample.json'), 'utf8'),
    'prices.json',
    '2026-12-01',
  );
  if ('error' in f) throw new Error(f.error);
  return f;
};
const priceFile = () => withPriceFile(DEFAULT_PRICES, readFile());

describe('the fast path with an unpriced model', () => {
  it('keeps the priced part and names the model, per session and in the totals', async () => {
    const merged = await fastMerged(files);
    expect(sessionRows(merged).map((r) => [r.sessionId, r.costUsd, r.unpricedModels])).toEqual([
      ['S1', 0.0045, [NEW]],
      ['S2', 0.006, []],
    ]);
    const report = buildReport(merged, 'day', { utc: true });
    expect(report.totals).toMatchObject({ costUsd: 0.0105, unpricedModels: [NEW] });
    expect(costJson(report.totals)).toMatchObject({ costUsd: null, pricedCostUsd: 0.0105 });
    const json = reportJson(report) as { rows: { day: string; costUsd: number | null }[] };
    expect(json.rows.map((r) => [r.day, r.costUsd])).toEqual([
      ['2026-11-02', null],
      ['2026-11-03', 0.006],
    ]);
  });

  it("the library's chart marks the days whose cost leaves out an unpriced model", async () => {
    const merged = await fastMerged(files);
    const rows = sessionRows(merged, { utc: true });
    const series = dailySeries(rows, Object.fromEntries(sessionCells(merged, { utc: true })), 'model');
    expect(series.days).toEqual(['2026-11-02', '2026-11-03']);
    expect(series.dayTotals).toEqual([0.0045, 0.006]);
    expect(series.dayUnpriced).toEqual([[NEW], []]);
    expect(series.unpriced).toEqual([NEW]);
  });

  it('prices it from a price file', async () => {
    const merged = await fastMerged(files);
    const report = buildReport(merged, 'session', { prices: priceFile() });
    expect(report.totals).toMatchObject({ costUsd: 0.0135, unpricedModels: [] });
    expect(costJson(report.totals).costUsd).toBe(0.0135);
    expect(report.priceTable.source).toContain('from prices.json');
  });

  it("the library prices its rows and chart with the browser's local prices, as its worker is given them", async () => {
    const scanned = await Promise.all(
      Object.entries(files).map(async ([name, text]) => ({
        scan: await scanSource(memorySource(name, text), { prompts: true }),
        project: projectOf(name, '?'),
      })),
    );
    const before = librarySnapshot(scanned, { utc: true });
    expect(before.rows.map((r) => [r.sessionId, r.costUsd, r.unpricedModels])).toEqual([
      ['S1', 0.0045, [NEW]],
      ['S2', 0.006, []],
    ]);
    expect(before.priceSource).toBe(DEFAULT_PRICES.source);
    const f = readFile();
    const after = librarySnapshot(scanned, { utc: true, prices: localPriceTable({ priceFile: f }) });
    expect(after.rows.map((r) => [r.sessionId, r.costUsd, r.unpricedModels])).toEqual([
      ['S1', 0.0075, []],
      ['S2', 0.006, []],
    ]);
    const series = dailySeries(after.rows, after.cells, 'model');
    expect(series.dayTotals).toEqual([0.0075, 0.006]);
    expect(series.unpriced).toEqual([]);
    expect(after.priceSource).toContain('from prices.json');
  });
});
