// `loupe stats`, `--json`, `--by session` and `check` on a made log recorded without partial messages
// (test/fixtures/made/sdk/placeholder-output.jsonl): the rows booked from the result frame, their totals (the result
// frame's own figures), and the lower bounds.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonl, sdk, text } from '../trace/testing/builders';
import { runCli } from './main';

const DIR = path.resolve(import.meta.dirname, '../../test/fixtures/made/sdk');
const LOG = path.join(DIR, 'placeholder-output.jsonl');
const MODEL = 'claude-sonnet-4-5-20250929';
// The result frame (line 9): total_cost_usd 0.150937; modelUsage sonnet-4-5 5 input / 6,389 output, haiku-4-5 612
// input / 41 output (a call no line shows); the three calls' lines carry 2, 1 and 3 output tokens.
const REPORTED = 0.150937;
const SESSION = '9b42e2d9-b594-49b0-a2af-9248dda06a7b';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

interface Json {
  tokens: { input: number; output: number };
  cost: { computedUsd: number | null; reportedUsd: number; unpricedModels: string[] };
  reconciled: {
    model: string;
    agent: string;
    tokens: { input: number; output: number };
    costUsd: number | null;
    text: string;
    result: string;
  }[];
  perTurn: { tokens: { output: number }; outputIsLowerBound?: boolean }[];
  responses: { reportedCostUsd: number; outputIsLowerBound?: boolean }[];
}

describe('CLI on a log with placeholder usage', () => {
  it('stats --json: the totals are the result frame figures; the reconciled rows say from where and why', async () => {
    const { code, out } = await run('stats', LOG, '--json');
    expect(code).toBe(0);
    const s = JSON.parse(out) as Json;
    expect(s.tokens).toMatchObject({ input: 5 + 612, output: 6389 + 41 });
    expect(s.cost.computedUsd).toBeCloseTo(REPORTED, 6);
    expect(s.cost.reportedUsd).toBeCloseTo(REPORTED, 6);
    expect(s.reconciled.map((r) => [r.agent, r.tokens.input, r.tokens.output, r.result])).toEqual([
      ['main', 0, 6389 - 6, 'placeholder-output.jsonl:9'],
      ['other calls (result frame)', 612, 41, 'placeholder-output.jsonl:9'],
    ]);
    // The calls' rows plus the reconciled rows make the totals; each call's output is a lower bound.
    const perTurnOut = s.perTurn.reduce((n, t) => n + t.tokens.output, 0);
    expect(perTurnOut + s.reconciled.reduce((n, r) => n + r.tokens.output, 0)).toBe(6430);
    expect(s.perTurn.map((t) => t.outputIsLowerBound)).toEqual([true, true, true]);
    expect(s.responses[0]).toMatchObject({ reportedCostUsd: REPORTED, outputIsLowerBound: true });
  });

  it('stats: the table lists the reconciled rows and marks placeholder outputs', async () => {
    const { code, out } = await run('stats', LOG);
    expect(code).toBe(0);
    expect(out).toContain('tokens     input 617  output 6,430');
    expect(out).toContain('reconciled with the result frame (2 rows, in the totals above)');
    expect(out).toContain(
      "from the result frame's usage: 6,383 output tokens the assistant lines did not carry; 3 calls of 3 carried placeholder usage",
    );
    expect(out).toContain(
      "from the result frame: 612 input and 41 output tokens the assistant lines did not carry; no loaded line shows a call of it; booked as the session's lines carried placeholder usage (placeholder-output.jsonl:9)",
    );
    expect(out).toMatch(/main\s+3\s+≥ 2\s/);
  });

  it('stats --by session: the session row carries the reconciled tokens, and the footer says so', async () => {
    const json = await run('stats', LOG, '--by', 'session', '--json');
    expect(json.code).toBe(0);
    const rows = (
      JSON.parse(json.out) as {
        rows: { sessionId: string; tokens: { output: number }; costUsd: number; reconciled?: { tokens: number } }[];
      }
    ).rows;
    expect(rows.map((r) => r.sessionId)).toEqual([SESSION]);
    // (6,389 − 6) output of sonnet, 612 + 41 of haiku.
    expect(rows[0]).toMatchObject({ tokens: { output: 6430 }, reconciled: { tokens: 6383 + 612 + 41 } });
    expect(rows[0]?.costUsd).toBeCloseTo(REPORTED, 6);
    const table = await run('stats', LOG, '--by', 'session');
    // 6,383 output at $15 per million, 612 input at $1 and 41 output at $5: $0.096562.
    expect(table.out).toContain('reconciled 7,036 tokens ($0.0966) of the totals are from result frames');
  });

  it('stats --json: a reconciled row of a model with no price has no cost, and the total is unknown', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'loupe-unpriced-rec-'));
    const file = path.join(dir, 'new.jsonl');
    const result = {
      ...sdk.result({ cost: 0.2 }),
      usage: { input_tokens: 10, output_tokens: 900, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
      modelUsage: {
        'claude-sonnet-5': { inputTokens: 10, outputTokens: 900, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 },
      },
    };
    writeFileSync(
      file,
      jsonl([
        sdk.init(),
        sdk.assistant('msg_n', [text('new')], { input: 10, output: 3 }, { model: 'claude-sonnet-5' }),
        result,
      ]),
    );
    const s = JSON.parse((await run('stats', file, '--json')).out) as Json;
    expect(s.cost).toMatchObject({ computedUsd: null, unpricedModels: ['claude-sonnet-5'] });
    expect(s.reconciled.map((r) => [r.model, r.tokens.output, r.costUsd])).toEqual([['claude-sonnet-5', 897, null]]);
    const table = await run('stats', file);
    expect(table.out).toContain('claude-sonnet-5 · main');
    expect(table.out).toContain('— (no price)');
  });

  it('check passes a reconciled log and notes each row; it fails calls that exceed their result frame', async () => {
    const ok = await run('check', LOG);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain(
      `note: placeholder-output.jsonl:9: ${MODEL} (main): from the result frame's usage: 6,383 output tokens`,
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'loupe-excess-'));
    const file = path.join(dir, 'over.jsonl');
    const result = {
      ...sdk.result({ cost: 0.01 }),
      modelUsage: {
        [MODEL]: { inputTokens: 10, outputTokens: 300, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 },
      },
    };
    writeFileSync(
      file,
      jsonl([
        sdk.init(),
        sdk.messageStart('msg_s', { input: 10, output: 1 }),
        sdk.messageDelta('end_turn', { output: 500 }),
        sdk.messageStop(),
        sdk.assistant('msg_s', [text('x')], { input: 10, output: 1 }),
        result,
      ]),
    );
    const bad = await run('check', file);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain(
      `over.jsonl:6: ${MODEL}: the calls exceed the result frame's modelUsage: 500 output tokens counted where it reports 300`,
    );
  });

  it('check and stats say what results with no modelUsage report beyond placeholder calls, output as lower bounds', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'loupe-old-'));
    const file = path.join(dir, 'old.jsonl');
    const { modelUsage: _none, ...result } = {
      ...sdk.result({ cost: 0.01 }),
      usage: { input_tokens: 10, output_tokens: 420, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
      modelUsage: undefined,
    };
    writeFileSync(file, jsonl([sdk.init(), sdk.assistant('msg_o', [text('x')], { input: 10, output: 3 }), result]));
    const check = await run('check', file);
    expect(check.code).toBe(0);
    expect(check.out).toContain(
      "note: old.jsonl:3: the result frames report 417 output tokens more than the loaded calls carry, but no modelUsage to book them by model: the calls' output figures are placeholders, so their output and cost are lower bounds",
    );
    const table = await run('stats', file);
    expect(table.out).toMatch(/≥ 3\b/);
  });
});
