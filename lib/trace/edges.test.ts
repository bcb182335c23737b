// Golden tests for the accounting edge cases of issue 10: each asserts exact totals, and (through `loadFiles`) that
// the stats fast path counts the same. Prices: Sonnet 4.5 $3 in / $15 out.
import { describe, expect, it } from 'vitest';
import { explain } from '../view/explain';
import { cc, jsonl, sdk, text, type Line } from './testing/builders';
import { codes, loadFiles, loadText } from './testing/load';

const tok = (s: { tokens: { input: number; output: number } }): number[] => [s.tokens.input, s.tokens.output];

/** An assistant line without `message.id` (older or third-party writers). */
function noId(line: Line): Line {
  const m = line['message'];
  if (typeof m !== 'object' || m === null || Array.isArray(m)) throw new Error('not a message line');
  const { id: _id, ...rest } = m;
  return { ...line, message: rest };
}

describe('accounting edge cases (issue 10)', () => {
  it('the same line without a message id in two files counts once (the repeated uuid rule)', async () => {
    const line = noId(cc.assistant('x', [text('hi')], { input: 1000, output: 100 }, { uuid: 'u-same', session: 'A' }));
    const { trace, stats } = await loadFiles({ 'p/A.jsonl': jsonl([line]), 'p/B.jsonl': jsonl([line]) });
    expect(stats.apiMessages).toBe(1);
    expect(tok(stats)).toEqual([1000, 100]);
    expect(stats.cost.computedUsd).toBe(0.0045);
    const row = explain(trace, { metric: 'output' }).rows[0];
    expect(row?.copies.map((c) => c.rule)).toEqual([
      'kept: most output tokens of 2 copies',
      'dropped: repeated uuid: a copy of a line already loaded',
    ]);
  });

  it('two different lines without a message id stay two calls', async () => {
    const a = noId(cc.assistant('x', [text('a')], { input: 10, output: 1 }));
    const b = noId(cc.assistant('x', [text('b')], { input: 20, output: 2 }));
    const { stats } = await loadText(jsonl([a, b]));
    expect(stats.apiMessages).toBe(2);
    expect(tok(stats)).toEqual([30, 3]);
  });

  it('a main-thread line (isSidechain: false) that carries an agentId is booked to main', async () => {
    const { stats } = await loadText(
      jsonl([
        cc.prompt('go'),
        cc.assistant('msg_main', [text('on main')], { input: 100, output: 10 }, { sidechain: false, agentId: 'a1b2' }),
        cc.assistant('msg_sub', [text('in the agent')], { input: 50, output: 5 }, { sidechain: true, agentId: 'a1b2' }),
      ]),
    );
    expect(stats.byAgent.map((a) => [a.label, a.tokens.output])).toEqual([
      ['main', 10],
      ['subagent a1b2', 5],
    ]);
  });

  it('a non-Claude .jsonl of {"type":"result"} lines is raw rows with one info diagnostic', async () => {
    const journal = jsonl([
      { type: 'result', step: 'build', ok: true, total_cost_usd: -5 },
      { type: 'result', step: 'test', ok: false },
      { type: 'result', step: 'lint', ok: true },
    ]);
    const { trace, stats } = await loadText(journal, 'workflow.jsonl');
    expect(trace.events.map((e) => e.kind)).toEqual(['unknown', 'unknown', 'unknown']);
    expect(trace.diagnostics.map((d) => [d.code, d.severity])).toEqual([['unrecognized-file', 'info']]);
    expect(trace.sources[0]?.format).toBe('unknown');
    expect(stats.lines).toMatchObject({ total: 3, invalid: 0 });
    expect(stats.cost.reportedUsd ?? null).toBeNull();
  });

  it('two SDK frame types decide a stream, the first held lines included', async () => {
    const { trace } = await loadText(jsonl([sdk.result(), sdk.init(), sdk.result()]));
    expect(trace.events.map((e) => e.kind)).toEqual(['result', 'system', 'result']);
    expect(codes(trace)).not.toContain('unrecognized-file');
  });

  it('a line that is JSON but not an object says "not an object", not "not JSON"', async () => {
    const { trace, stats } = await loadText(jsonl([sdk.init(), '42', '"text"', 'null', 'nope', sdk.result()]));
    const lineDiags = trace.diagnostics.filter((d) => d.consumesLine);
    expect(lineDiags.map((d) => [d.code, d.src?.line])).toEqual([
      ['not-an-object', 2],
      ['not-an-object', 3],
      ['not-an-object', 4],
      ['non-json-line', 5],
    ]);
    expect(lineDiags[0]?.message).toMatch(/^line 2 is JSON but not an object: /);
    expect(lineDiags[1]?.message).toContain('not an object');
    expect(stats.lines.total).toBe(stats.events + lineDiags.length);
  });
});

describe('strict numbers (issue 10)', () => {
  const bad = (usage: Record<string, unknown>): Line => {
    const line = cc.assistant('msg_bad', [text('bad')], { input: 1, output: 1 });
    const m = line['message'];
    if (typeof m !== 'object' || m === null || Array.isArray(m)) throw new Error('not a message line');
    return { ...line, message: { ...m, usage: { input_tokens: 0, output_tokens: 0, ...usage } as Line } };
  };
  const good = cc.assistant('msg_good', [text('good')], { input: 1000, output: 100 });

  it.each([
    ['negative', { input_tokens: -2_000_000 }, 'message.usage.input_tokens is -2000000: negative'],
    ['fractional', { output_tokens: 1.5 }, 'message.usage.output_tokens is 1.5: not a whole number'],
    [
      'past 2^53',
      { cache_read_input_tokens: 2 ** 60 },
      'message.usage.cache_read_input_tokens is 1152921504606847000: too large to be exact',
    ],
    ['a string', { input_tokens: '12' }, 'message.usage.input_tokens is "12": not a number'],
    ['1e308', { output_tokens: 1e308 }, 'too large to be exact'],
    ['missing', { input_tokens: undefined }, 'message.usage.input_tokens is missing'],
  ])(
    '%s: named in a diagnostic with its line, the call stays, its usage is left out of the totals',
    async (_, usage, said) => {
      const { trace, stats } = await loadText(jsonl([cc.prompt('go'), bad(usage), good]));
      const d = trace.diagnostics.find((x) => x.code === 'invalid-number');
      expect(d?.severity).toBe('error');
      expect(d?.src?.line).toBe(2);
      expect(d?.message).toContain('line 2');
      expect(d?.message).toContain(said);
      // The call is in the timeline and in the model calls, not counted; the good call alone makes the totals.
      expect(trace.events.filter((e) => e.kind === 'assistant')).toHaveLength(2);
      const t = trace.turns.find((x) => x.messageId === 'msg_bad');
      expect(t?.counted).toBe(false);
      expect(tok(stats)).toEqual([1000, 100]);
      expect(stats.apiMessages).toBe(1);
      // Explain says why, with the field and the line.
      const row = explain(trace, { metric: 'input' }).rows.find((r) => r.messageId === 'msg_bad');
      expect(row?.counted).toBe(false);
      expect(row?.rule).toMatch(/^usage not counted: line 2: message\.usage\./);
    },
  );

  it('1e400 (Infinity once parsed) is named as a number too large for a double', async () => {
    const text400 = JSON.stringify(bad({ output_tokens: 7 })).replace('"output_tokens":7', '"output_tokens":1e400');
    const { trace, stats } = await loadText(`${text400}\n${JSON.stringify(good)}\n`);
    expect(trace.diagnostics.find((d) => d.code === 'invalid-number')?.message).toContain(
      'output_tokens is Infinity (a number too large for a double): not finite',
    );
    expect(tok(stats)).toEqual([1000, 100]);
    expect(Number.isFinite(stats.cost.computedUsd)).toBe(true);
  });

  it('a split line with a bad copy makes the whole call uncounted (which copy wins cannot be known)', async () => {
    const first = cc.assistant('msg_split', [text('a')], { input: 10, output: 1 });
    const second = bad({ input_tokens: 10, output_tokens: -50 });
    const m = second['message'];
    if (typeof m !== 'object' || m === null || Array.isArray(m)) throw new Error('not a message line');
    const { stats } = await loadText(
      jsonl([first, { ...second, message: { ...m, id: 'msg_split' }, requestId: 'req_msg_split' }, good]),
    );
    expect(stats.apiMessages).toBe(1);
    expect(tok(stats)).toEqual([1000, 100]);
  });

  it('a stream frame with a bad count leaves that streamed message out', async () => {
    const { trace, stats } = await loadText(
      jsonl([
        sdk.init(),
        sdk.messageStart('msg_s', { input: 50, output: 1 }),
        sdk.stream({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: -3 } }),
        sdk.messageStop(),
        sdk.result(),
      ]),
    );
    expect(trace.diagnostics.find((d) => d.code === 'invalid-number')?.message).toContain(
      'event.usage.output_tokens is -3: negative',
    );
    expect(stats.apiMessages).toBe(0);
    expect(tok(stats)).toEqual([0, 0]);
  });

  it('a negative or infinite total_cost_usd is not reported; modelUsage with a bad count is dropped', async () => {
    const r = sdk.result({ cost: 1 });
    const { trace, stats } = await loadText(
      jsonl([
        sdk.init(),
        { ...r, total_cost_usd: -20 },
        sdk.init(),
        { ...sdk.result(), total_cost_usd: 12345, modelUsage: { m: { inputTokens: 'x', outputTokens: 1 } } },
      ]).replace('12345', '1e400'),
    );
    const msgs = trace.diagnostics.filter((d) => d.code === 'invalid-number').map((d) => d.message);
    expect(msgs[0]).toContain('total_cost_usd is -20: negative, not a cost in dollars');
    expect(msgs[1]).toContain('total_cost_usd is Infinity');
    expect(msgs[1]).toContain('modelUsage.m.inputTokens is "x"');
    expect(stats.cost.reportedUsd ?? 0).toBe(0);
  });
});
