// A model with no price makes a cost unknown in every command: `—` or `≥ $x` in tables, null in --json, named by
// `check`, and `check --max-cost` cannot pass it unless --allow-unpriced. --prices FILE adds prices (LiteLLM's shape).
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cc, jsonl, sdk, text } from '../trace/testing/builders';
import { runCli } from './main';

const dir = mkdtempSync(path.join(tmpdir(), 'loupe-unpriced-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(rel: string, data: string): string {
  const p = path.join(dir, rel);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, data);
  return p;
}

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (s) => (out += `${s}\n`), err: (s) => (err += `${s}\n`) });
  return { code, out, err };
}

const NEW = 'claude-sonnet-5';
const testdata = path.join(__dirname, '..', 'trace', 'pricing', 'testdata');
const prices = path.join(dir, 'model_prices.json');
copyFileSync(path.join(testdata, 'litellm-sample.json'), prices);
const malformed = path.join(dir, 'bad-prices.json');
copyFileSync(path.join(testdata, 'litellm-malformed.json'), malformed);

// Sonnet 4.5: 1000 in × $3 + 100 out × $15 = $0.0045. Sonnet 5 from the file: 1000 × $2 + 100 × $10 = $0.003.
const ccFile = write(
  'proj/S1.jsonl',
  jsonl([
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
      { session: 'S1', model: NEW, stop: 'end_turn', time: '2026-11-02T10:00:02.000Z' },
    ),
  ]),
);
// An SDK stream whose last result comes after its unpriced call: the reported cost covers it.
const sdkFile = write(
  'sdk/run.jsonl',
  jsonl([
    sdk.init({ session: 'S2' }),
    sdk.assistant('msg_3', [text('c')], { input: 1000, output: 100 }, { session: 'S2', model: NEW }),
    sdk.result({ session: 'S2', cost: 0.0125 }),
  ]),
);

describe('loupe check with an unpriced model', () => {
  it('names the model, and passes without --max-cost', async () => {
    const r = await run('check', ccFile);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      `ok: 3 lines, 2 model calls, ≥ $0.0045 computed\nunpriced: no price for ${NEW}: its calls are not in this cost (--prices FILE adds prices)\n`,
    );
  });

  it('--max-cost fails on an unknown cost (exit 1), even one far under the limit', async () => {
    const r = await run('check', ccFile, '--max-cost', '100');
    expect(r.code).toBe(1);
    expect(r.out).toContain(`cost unknown, so --max-cost $100 cannot be checked: no price for ${NEW}`);
    expect(r.out).toContain('(computed ≥ $0.0045, no reported cost)');
    const j = JSON.parse((await run('check', ccFile, '--max-cost', '100', '--json')).out) as {
      ok: boolean;
      unpricedModels: string[];
    };
    expect([j.ok, j.unpricedModels]).toEqual([false, [NEW]]);
  });

  it('--allow-unpriced checks the priced part: under the limit passes, over it fails', async () => {
    expect((await run('check', ccFile, '--max-cost', '100', '--allow-unpriced')).code).toBe(0);
    const over = await run('check', ccFile, '--max-cost', '0.001', '--allow-unpriced');
    expect(over.code).toBe(1);
    expect(over.out).toContain('cost ≥ $0.0045 exceeds --max-cost $0.001');
  });

  it('a reported cost that covers the unpriced calls stands in', async () => {
    expect((await run('check', sdkFile, '--max-cost', '1')).code).toBe(0);
    const over = await run('check', sdkFile, '--max-cost', '0.01');
    expect(over.code).toBe(1);
    expect(over.out).toContain('cost $0.0125 exceeds --max-cost $0.01');
  });

  it('--prices prices the model: the cost is known and checked', async () => {
    const ok = await run('check', ccFile, '--max-cost', '1', '--prices', prices);
    expect([ok.code, ok.out]).toEqual([0, 'ok: 3 lines, 2 model calls, $0.0075 computed\n']);
    const over = await run('check', ccFile, '--max-cost', '0.005', '--prices', prices);
    expect(over.code).toBe(1);
    expect(over.out).toContain('cost $0.0075 exceeds --max-cost $0.005');
  });

  it('a malformed or missing price file is an error in words (exit 2)', async () => {
    const bad = await run('check', ccFile, '--prices', malformed);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain(
      'loupe: --prices: bad-prices.json: "claude-sonnet-5".input_cost_per_token is a string ("2e-06"), not a number of dollars per token',
    );
    const missing = await run('stats', ccFile, '--prices', path.join(dir, 'nope.json'));
    expect([missing.code, missing.err]).toEqual([2, `loupe: --prices ${path.join(dir, 'nope.json')}: no such file\n`]);
    const report = await run('stats', '--by', 'session', dir, '--prices', malformed);
    expect(report.code).toBe(2);
  });
});

describe('loupe stats with an unpriced model', () => {
  it('prints — or ≥ $x, never $0.00, in the totals, breakdowns and rows', async () => {
    const r = await run('stats', ccFile);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`cost       computed ≥ $0.0045   reported —   no price for ${NEW}`);
    const modelRow = r.out.split('\n').find((l) => l.startsWith(NEW));
    expect(modelRow?.trimEnd().endsWith('—')).toBe(true);
    const callRow = r.out.split('\n').find((l) => /^\s*2\s+1\s+claude-sonnet-5/.test(l));
    expect(callRow).toMatch(/\s—\s/);
    expect(r.out).not.toContain('$0.00 ');
  });

  it('--json gives null with the models named, the priced part beside it', async () => {
    const j = JSON.parse((await run('stats', ccFile, '--json')).out) as {
      cost: { computedUsd: number | null; pricedUsd: number; unpricedModels: string[] };
      byModel: { key: string; costUsd: number | null; pricedCostUsd: number }[];
      perTurn: { model: string; costUsd: number | null }[];
      responses: { costUsd: number | null; pricedCostUsd: number; unpricedModels: string[] }[];
    };
    expect(j.cost).toMatchObject({ computedUsd: null, pricedUsd: 0.0045, unpricedModels: [NEW] });
    expect(j.byModel.map((b) => [b.key, b.costUsd, b.pricedCostUsd])).toEqual([
      ['claude-sonnet-4-5-20250929', 0.0045, 0.0045],
      [NEW, null, 0],
    ]);
    expect(j.perTurn.map((t) => t.costUsd)).toEqual([0.0045, null]);
    expect(j.responses.map((x) => [x.costUsd, x.pricedCostUsd, x.unpricedModels])).toEqual([[null, 0.0045, [NEW]]]);
    const priced = JSON.parse((await run('stats', ccFile, '--json', '--prices', prices)).out) as {
      cost: { computedUsd: number; unpricedModels: string[] };
    };
    expect(priced.cost).toMatchObject({ computedUsd: 0.0075, unpricedModels: [] });
  });

  it('--by session: null in --json, ≥ or the reported cost (labelled) in the table', async () => {
    const j = JSON.parse((await run('stats', '--by', 'session', dir, '--json', '--utc')).out) as {
      rows: {
        sessionId: string;
        costUsd: number | null;
        pricedCostUsd: number;
        unpricedModels: string[];
        reportedCostUsd: number | null;
      }[];
      totals: { costUsd: number | null; pricedCostUsd: number; unpricedModels: string[] };
    };
    expect(j.rows.map((x) => [x.sessionId, x.costUsd, x.pricedCostUsd, x.unpricedModels, x.reportedCostUsd])).toEqual([
      ['S1', null, 0.0045, [NEW], null],
      ['S2', null, 0, [NEW], 0.0125],
    ]);
    expect(j.totals).toMatchObject({ costUsd: null, pricedCostUsd: 0.0045, unpricedModels: [NEW] });
    const table = (await run('stats', '--by', 'session', dir, '--utc')).out;
    expect(table).toContain('≥ $0.0045');
    expect(table).toContain('$0.0125 reported');
    expect(table).toContain('≥ $0.0045 computed');
    expect(table).toContain(`unpriced   no price for ${NEW}`);
    const withPrices = JSON.parse((await run('stats', '--by', 'model', dir, '--json', '--prices', prices)).out) as {
      rows: { model: string; costUsd: number | null }[];
      priceTable: { source: string };
    };
    expect(withPrices.rows.map((x) => [x.model, x.costUsd])).toEqual([
      [NEW, 0.006],
      ['claude-sonnet-4-5-20250929', 0.0045],
    ]);
    expect(withPrices.priceTable.source).toContain('from model_prices.json');
  });
});
