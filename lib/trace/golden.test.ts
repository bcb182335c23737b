// Golden transcripts for every counting trap peers have shipped: each asserts exact token totals and cost.
// Prices: Sonnet 4.5 $3 in / $15 out / $3.75 5m write / $6 1h write / $0.30 read; Haiku 4.5 $1 / $5 / $1.25 / $2 / $0.10.
import { describe, expect, it } from 'vitest';
import { explain } from '../view/explain';
import { cc, jsonl, sdk, text, toolUse } from './testing/builders';
import { loadFiles, loadText } from './testing/load';

const SONNET = 'claude-sonnet-4-5-20250929';
const HAIKU = 'claude-haiku-4-5-20251001';
const tok = (s: { tokens: { input: number; output: number; cacheCreation: number; cacheRead: number } }) => [
  s.tokens.input,
  s.tokens.output,
  s.tokens.cacheCreation,
  s.tokens.cacheRead,
];

describe('golden counting traps', () => {
  it('first-copy-wins would undercount: the last split line carries the real output', async () => {
    const u = { input: 100, cacheRead: 10_000 };
    const { stats } = await loadText(
      jsonl([
        cc.assistant('msg_1', [text('a')], { ...u, output: 1 }),
        cc.assistant('msg_1', [toolUse('t1', 'Read', {})], { ...u, output: 1 }),
        cc.assistant('msg_1', [toolUse('t2', 'Read', {})], { ...u, output: 300 }),
      ]),
    );
    expect(tok(stats)).toEqual([100, 300, 0, 10_000]);
    expect(stats.cost.computedUsd).toBe(0.0078); // 100×3 + 300×15 + 10000×0.30 = 7800 µ$
  });

  it('lines without a request id still merge by message id', async () => {
    const { stats } = await loadText(
      jsonl([
        cc.assistant('msg_2', [text('a')], { input: 10, output: 2 }, { requestId: null }),
        cc.assistant('msg_2', [text('b')], { input: 10, output: 40 }, { requestId: null }),
      ]),
    );
    expect(stats.apiMessages).toBe(1);
    expect(tok(stats)).toEqual([10, 40, 0, 0]);
    expect(stats.cost.computedUsd).toBe(0.00063);
  });

  it('several calls sharing one id behind a gateway count apart (their prompt sizes differ)', async () => {
    const { stats } = await loadText(
      jsonl([
        cc.assistant('msg_gw', [text('first')], { input: 1000, output: 10 }, { requestId: null }),
        cc.assistant('msg_gw', [text('second')], { input: 2000, output: 20 }, { requestId: null }),
        cc.assistant('msg_gw', [text('third')], { input: 500, output: 5 }, { requestId: 'req_other' }),
      ]),
    );
    expect(stats.apiMessages).toBe(3);
    expect(tok(stats)).toEqual([3500, 35, 0, 0]);
    expect(stats.cost.computedUsd).toBe(0.011025);
  });

  it('message_start + message_delta + the completed message count once, at the cumulative total', async () => {
    const { stats } = await loadText(
      jsonl([
        sdk.messageStart('msg_s', { input: 50, cacheRead: 2000, output: 1 }),
        sdk.blockStart(0, { type: 'text', text: '' }),
        sdk.textDelta(0, 'hi'),
        sdk.assistant('msg_s', [text('hi')], { input: 50, cacheRead: 2000, output: 1 }),
        sdk.blockStop(0),
        sdk.messageDelta('end_turn', { output: 120 }),
        sdk.messageStop(),
        sdk.result(),
      ]),
    );
    expect(tok(stats)).toEqual([50, 120, 0, 2000]);
    expect(stats.cost.computedUsd).toBe(0.00255);
  });

  it('agent_progress copies beside the subagent file count once, per agent', async () => {
    const sub = cc.assistant(
      'msg_sub',
      [text('looking')],
      { input: 400, output: 80 },
      { sidechain: true, agentId: 'ag1', model: HAIKU },
    );
    const { stats } = await loadFiles({
      'p/s.jsonl': jsonl([
        cc.assistant('msg_m', [toolUse('toolu_T', 'Task', {})], { input: 100, output: 10 }),
        cc.line('progress', {
          data: { type: 'agent_progress', agentId: 'ag1', message: sub },
          toolUseID: 'x',
          parentToolUseID: 'toolu_T',
        }),
        cc.line('progress', {
          data: { type: 'agent_progress', agentId: 'ag1', message: sub },
          toolUseID: 'y',
          parentToolUseID: 'toolu_T',
        }),
      ]),
      'p/agent-ag1.jsonl': jsonl([sub]),
    });
    expect(tok(stats)).toEqual([500, 90, 0, 0]);
    expect(stats.byAgent.map((a) => [a.label, a.tokens.output, a.costUsd])).toEqual([
      ['main', 10, 0.00045],
      ['subagent ag1', 80, 0.0008],
    ]);
    expect(stats.cost.computedUsd).toBe(0.00125);
  });

  it('a resumed session repeating earlier uuids counts the old calls once', async () => {
    const old = [
      cc.prompt('hi', { uuid: 'p1', session: 'A' }),
      cc.assistant('msg_o', [text('hello')], { input: 1000, output: 100 }, { uuid: 'a1', session: 'A' }),
    ];
    const { stats } = await loadFiles({
      'p/A.jsonl': jsonl(old),
      'p/B.jsonl': jsonl([
        ...old,
        cc.prompt('more', { session: 'B' }),
        cc.assistant('msg_n', [text('more')], { input: 1200, output: 50 }, { session: 'B' }),
      ]),
    });
    expect(stats.apiMessages).toBe(2);
    expect(tok(stats)).toEqual([2200, 150, 0, 0]);
    expect(stats.cost.computedUsd).toBe(0.00885);
  });

  it('a /btw side question replaying the parent’s message under a new request id counts once', async () => {
    const { stats } = await loadText(
      jsonl([
        cc.assistant('msg_b', [text('answer')], { input: 300, cacheRead: 5000, output: 60 }, { requestId: 'req_main' }),
        cc.assistant(
          'msg_b',
          [text('answer')],
          { input: 300, cacheRead: 5000, output: 60 },
          { requestId: 'req_btw', sidechain: true },
        ),
        cc.assistant(
          'msg_q',
          [text('side answer')],
          { input: 20, output: 5 },
          { requestId: 'req_btw2', sidechain: true },
        ),
      ]),
    );
    expect(stats.apiMessages).toBe(2);
    expect(tok(stats)).toEqual([320, 65, 0, 5000]);
    expect(stats.cost.computedUsd).toBe(0.003435); // 300×3 + 5000×0.30 + 60×15 + 20×3 + 5×15
  });

  it('<synthetic> API-error lines are not model calls', async () => {
    const { stats } = await loadText(
      jsonl([
        cc.assistant('msg_r', [text('ok')], { input: 10, output: 10 }),
        {
          ...cc.assistant(
            'msg_syn',
            [text('API Error: 529 overloaded')],
            { input: 0, output: 0 },
            { model: '<synthetic>', requestId: null },
          ),
          isApiErrorMessage: true,
        },
      ]),
    );
    expect(stats.apiMessages).toBe(1);
    expect(stats.cost.unpricedModels).toEqual([]);
    expect(stats.cost.computedUsd).toBe(0.00018);
  });

  it('several results in one stream: the latest cumulative total_cost_usd is reported, never the sum', async () => {
    const { stats } = await loadText(
      jsonl([
        sdk.assistant('msg_1', [text('a')], { input: 100, output: 10 }),
        sdk.result({ cost: 0.001 }),
        sdk.assistant('msg_2', [text('b')], { input: 200, output: 20 }),
        sdk.result({ cost: 0.0025 }),
        sdk.assistant('msg_3', [text('c')], { input: 300, output: 30 }),
        sdk.result({ cost: 0.004 }),
      ]),
    );
    expect(stats.cost.reportedUsd).toBe(0.004);
    expect(stats.results).toBe(3);
    expect(tok(stats)).toEqual([600, 60, 0, 0]);
    expect(stats.cost.computedUsd).toBe(0.0027);
  });

  it('1h cache writes are priced at twice the input rate, 5m at 1.25×', async () => {
    const { stats } = await loadText(
      jsonl([cc.assistant('msg_c', [text('x')], { cache5m: 4000, cache1h: 6000, output: 100 })]),
    );
    expect(stats.tokens).toMatchObject({ cacheCreation: 10_000, cache5m: 4000, cache1h: 6000 });
    expect(stats.cost.computedUsd).toBe(0.0525); // 4000×3.75 + 6000×6 + 100×15 = 52500 µ$
  });

  it('a 5m/1h breakdown that does not add up to the cache writes still prices every token written once', async () => {
    // The total is what is billed. Zeros beside 500 (a gateway's copy): all 500 at the 5m rate. 100/100 beside 500:
    // 100 at 1h, 400 at 5m. 400/400 beside 500: 400 at 1h, 100 at 5m (never 800 tokens priced for 500 written).
    const line = (id: string, e5m: number, e1h: number) => {
      const l = cc.assistant(id, [text('x')], { output: 10 });
      const m = l.message as Record<string, unknown>;
      m.usage = {
        input_tokens: 0,
        output_tokens: 10,
        cache_creation_input_tokens: 500,
        cache_read_input_tokens: 0,
        cache_creation: { ephemeral_5m_input_tokens: e5m, ephemeral_1h_input_tokens: e1h },
      };
      return l;
    };
    const { stats } = await loadText(jsonl([line('msg_z', 0, 0), line('msg_p', 100, 100), line('msg_o', 400, 400)]));
    expect(stats.tokens).toMatchObject({ cacheCreation: 1500, cache5m: 1000, cache1h: 500 });
    // 1000×3.75 + 500×6 + 30×15 = 7200 µ$
    expect(stats.cost.computedUsd).toBe(0.0072);
  });

  it('a 5m/1h breakdown with no total of cache writes is what was written: priced, never $0', async () => {
    const l = cc.assistant('msg_b', [text('x')], { output: 10 });
    (l.message as Record<string, unknown>).usage = {
      input_tokens: 0,
      output_tokens: 10,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 300, ephemeral_1h_input_tokens: 200 },
    };
    const { stats } = await loadText(jsonl([l]));
    expect(stats.tokens).toMatchObject({ cacheCreation: 500, cache5m: 300, cache1h: 200 });
    // 300×3.75 + 200×6 + 10×15 = 2475 µ$
    expect(stats.cost.computedUsd).toBe(0.002475);
  });

  it('every total’s Explain list adds up to it and names the rule for each dropped row', async () => {
    const { trace, stats } = await loadText(
      jsonl([
        cc.assistant('msg_1', [text('a')], { input: 10, output: 1 }),
        cc.assistant('msg_1', [text('b')], { input: 10, output: 7 }),
        {
          ...cc.assistant('msg_z', [text('API Error')], {}, { model: '<synthetic>', requestId: null }),
          isApiErrorMessage: true,
        },
        cc.assistant('msg_2', [text('c')], { input: 5, output: 3, cacheRead: 100 }, { model: SONNET }),
      ]),
    );
    for (const metric of ['input', 'output', 'cacheRead', 'cacheCreation', 'cost', 'apiMessages'] as const) {
      const ex = explain(trace, { metric });
      const sum = ex.rows.filter((r) => r.counted).reduce((n, r) => n + r.value, 0);
      const want =
        metric === 'cost'
          ? stats.cost.computedUsd
          : metric === 'apiMessages'
            ? stats.apiMessages
            : stats.tokens[metric];
      expect(sum).toBeCloseTo(want, 9);
      expect(ex.total).toBeCloseTo(want, 9);
    }
    const out = explain(trace, { metric: 'output' });
    expect(out.rows.find((r) => r.messageId === 'msg_1')?.copies.map((c) => [c.output, c.chosen, c.rule])).toEqual([
      [1, false, 'dropped: split line of this message id'],
      [7, true, 'kept: most output tokens of 2 copies'],
    ]);
    expect(out.rows.find((r) => r.messageId === 'msg_z')).toMatchObject({
      counted: false,
      rule: '<synthetic> or API-error message: not a billed model call',
    });
  });
});
