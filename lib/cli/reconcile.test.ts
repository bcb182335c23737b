// `loupe stats`, `--json`, `--by session` and `check` on real logs recorded without partial messages: the rows booked
// from the result frame, their totals (the result frame's own figures), and the lower bounds.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonl, sdk, text } from '../trace/testing/builders';
import { runCli } from './main';

const DIR = path.resolve(import.meta.dirname, '../../test/fixtures/real/meta-harness/claude-code');
const SUCCESS = path.join(DIR, 'success.jsonl');
const MODEL = 'claude-sonnet-4-5-20250929';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

interface Json {
  tokens: { input: number; output: number };
  cost: { computedUsd: number; reportedUsd: number };
  reconciled: { model: string; agent: string; tokens: { input: number; output: number }; costUsd: number; text: string; result: string }[];
  perTurn: { tokens: { output: number }; outputIsLowerBound?: boolean }[];
  responses: { reportedCostUsd: number; outputIsLowerBound?: boolean }[];
}

describe('CLI on a log with placeholder usage', () => {
  it('stats --json: the totals are the result frame figures; the reconciled rows say from where and why', async () => {
    const { code, out } = await run('stats', SUCCESS, '--json');
    expect(code).toBe(0);
    const s = JSON.parse(out) as Json;
    // From the result frame (line 22): modelUsage 540 input, 307 output; total_cost_usd 0.0205089.
    expect(s.tokens).toMatchObject({ input: 540, output: 307 });
    expect(s.cost.computedUsd).toBeCloseTo(0.0205089, 6);
    expect(s.cost.reportedUsd).toBeCloseTo(0.0205089, 6);
    expect(s.reconciled.map((r) => [r.agent, r.tokens.input, r.tokens.output, r.result])).toEqual([
      ['main', 0, 288, 'success.jsonl:22'],
      ['other calls (result frame)', 522, 13, 'success.jsonl:22'],
    ]);
    // The calls' rows plus the reconciled rows make the totals; each call's output is a lower bound.
    const perTurnOut = s.perTurn.reduce((n, t) => n + t.tokens.output, 0);
    expect(perTurnOut + s.reconciled.reduce((n, r) => n + r.tokens.output, 0)).toBe(307);
    expect(s.perTurn.map((t) => t.outputIsLowerBound)).toEqual([true, true]);
    expect(s.responses[0]).toMatchObject({ reportedCostUsd: 0.0205089, outputIsLowerBound: true });
  });

  it('stats: the table lists the reconciled rows and marks placeholder outputs', async () => {
    const { code, out } = await run('stats', SUCCESS);
    expect(code).toBe(0);
    expect(out).toContain('tokens     input 540  output 307');
    expect(out).toContain('reconciled with the result frame (2 rows, in the totals above)');
    expect(out).toContain("from the result frame's usage: 288 output tokens the assistant lines did not carry; 2 calls of 2 carried placeholder usage");
    expect(out).toMatch(/main\s+10\s+≥ 4\s/);
  });

  it('stats --by session: the session row carries the reconciled tokens, and the footer says so', async () => {
    const json = await run('stats', DIR, '--by', 'session', '--json');
    expect(json.code).toBe(0);
    const rows = (JSON.parse(json.out) as { rows: { sessionId: string; tokens: { output: number }; costUsd: number; reconciled?: { tokens: number } }[] }).rows;
    const byId = new Map(rows.map((r) => [r.sessionId, r]));
    expect(byId.get('924a628c-249e-4a16-bf7a-445c5edaa749')).toMatchObject({ tokens: { output: 307 }, reconciled: { tokens: 522 + 301 } });
    expect(byId.get('ac92f675-b8d4-4b04-bee2-8c3fbb0d397d')?.tokens.output).toBe(274);
    expect(byId.get('924a628c-249e-4a16-bf7a-445c5edaa749')?.costUsd).toBeCloseTo(0.0205089, 6);
    const table = await run('stats', DIR, '--by', 'session');
    // (540 − 18) + (307 − 6) + (545 − 18) + (274 − 6) tokens; 1,049 input at $1 and 569 output at $5 per million.
    expect(table.out).toContain('reconciled 1,618 tokens ($0.00389) of the totals are from result frames');
  });

  it('check passes a reconciled log and notes each row; it fails calls that exceed their result frame', async () => {
    const ok = await run('check', SUCCESS);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain("note: success.jsonl:22: claude-haiku-4-5-20251001 (main): from the result frame's usage: 288 output tokens");
    const dir = mkdtempSync(path.join(tmpdir(), 'loupe-excess-'));
    const file = path.join(dir, 'over.jsonl');
    const result = {
      ...sdk.result({ cost: 0.01 }),
      modelUsage: { [MODEL]: { inputTokens: 10, outputTokens: 300, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 } },
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
    expect(bad.out).toContain(`over.jsonl:6: ${MODEL}: the calls exceed the result frame's modelUsage: 500 output tokens counted where it reports 300`);
  });
});
