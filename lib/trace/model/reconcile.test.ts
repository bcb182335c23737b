// The result reconciliation on small hand-made stream-json logs, through the full model, the lean builder and the
// fast path (JS and wasm), and on the made corpus's log recorded without partial messages.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStatsTrace } from '../../engine/stats-load';
import { memorySource } from '../../engine/source';
import { buildReport } from '../../fast/report';
import { fastMerged, fullMerged, type Files } from '../../fast/testing/equivalence';
import { computeStats } from '../stats';
import { jsonl, sdk, text, tokens, toolUse, type Line } from '../testing/builders';
import { codes, loadFiles } from '../testing/load';
import { responseRows } from '../turns';
import { explain, RESULT_ONLY_QUERY } from '../../view/explain';
import { computeStatsView } from '../../view/stats-view';
import { turnDetails } from '../../view/details';
import { readResults, reconcileSession, reportedKeyOf, type ResultFigure } from './reconcile';

const SONNET = 'claude-sonnet-4-5-20250929';
const HAIKU = 'claude-haiku-4-5-20251001';

interface Mu {
  input?: number;
  output?: number;
  cacheRead?: number;
  cacheWrite?: number;
}

/** A result frame that reports per model (`modelUsage`) and for the main loop (`usage`). */
function result(o: { cost: number; numTurns?: number; main?: Mu; models: Record<string, Mu>; session?: string }): Line {
  const modelUsage: Line = {};
  for (const [m, u] of Object.entries(o.models))
    modelUsage[m] = {
      inputTokens: u.input ?? 0,
      outputTokens: u.output ?? 0,
      cacheReadInputTokens: u.cacheRead ?? 0,
      cacheCreationInputTokens: u.cacheWrite ?? 0,
      webSearchRequests: 0,
    };
  const m = o.main ?? {};
  return {
    ...sdk.result({ cost: o.cost, numTurns: o.numTurns ?? 1, ...(o.session ? { session: o.session } : {}) }),
    usage: {
      input_tokens: m.input ?? 0,
      output_tokens: m.output ?? 0,
      cache_read_input_tokens: m.cacheRead ?? 0,
      cache_creation_input_tokens: m.cacheWrite ?? 0,
    },
    modelUsage,
  };
}

/** Dollars at the dated list prices, worked out here (not by the engine): Sonnet 4.5 $3 / $15 / $3.75 5m write /
 *  $0.30 read, Haiku 4.5 $1 / $5 / $1.25 / $0.10 per million tokens. */
const sonnetUsd = (u: Required<Mu>): number =>
  (u.input * 3 + u.output * 15 + u.cacheWrite * 3.75 + u.cacheRead * 0.3) / 1e6;
const haikuUsd = (u: Required<Mu>): number =>
  (u.input * 1 + u.output * 5 + u.cacheWrite * 1.25 + u.cacheRead * 0.1) / 1e6;

/** Every path that gives the totals: full model, lean builder, fast path (several ways), as report totals. */
async function totalsEverywhere(files: Files): Promise<void> {
  const full = await fullMerged(files);
  const fast = await fastMerged(files);
  expect(fast).toEqual(full);
  expect(await fastMerged(files, { chunk: 7, simd: false })).toEqual(full);
  expect(await fastMerged(files, { lean: false, chunk: 64 })).toEqual(full);
  const loaded = await loadFiles(files);
  const lean = await loadStatsTrace(Object.entries(files).map(([n, d]) => memorySource(n, d)));
  const a = computeStats(loaded.trace);
  const b = computeStats(lean);
  expect(b.tokens).toEqual(a.tokens);
  expect(b.cost).toEqual(a.cost);
  expect(b.reconciled).toEqual(a.reconciled);
  const report = buildReport(fast, 'session', { utc: true });
  expect(report.totals.tokens.output).toBe(a.tokens.output);
  expect(report.totals.tokens.input).toBe(a.tokens.input);
  expect(report.totals.costUsd).toBe(a.cost.computedUsd);
  expect(report.totals.modelCalls).toBe(a.apiMessages);
}

// Two model calls, each split over two assistant lines with message_start's placeholder output (no stream frames).
const placeholderRun = (session = 'sess-1'): Line[] => [
  sdk.init({ session }),
  sdk.assistant(
    `msg_a_${session}`,
    [text('looking')],
    { input: 10, output: 4, cacheRead: 1000, cacheWrite: 500 },
    { session },
  ),
  sdk.assistant(
    `msg_a_${session}`,
    [text('still')],
    { input: 10, output: 4, cacheRead: 1000, cacheWrite: 500 },
    { session },
  ),
  sdk.assistant(
    `msg_b_${session}`,
    [text('done')],
    { input: 8, output: 2, cacheRead: 1500, cacheWrite: 100 },
    { session },
  ),
];

describe('result reconciliation', () => {
  it('books what the result frame reports beyond placeholder lines, so totals and cost match the run', async () => {
    // The result: main loop 18 input / 900 output; the model 540 input / 960 output (an internal call too).
    const reported = { input: 540, output: 960, cacheRead: 2500, cacheWrite: 600 };
    const cost = sonnetUsd(reported);
    const lines = [
      ...placeholderRun(),
      result({
        cost,
        numTurns: 2,
        main: { input: 18, output: 900, cacheRead: 2500, cacheWrite: 600 },
        models: { [SONNET]: reported },
      }),
    ];
    const files = { 'run.jsonl': jsonl(lines) };
    const { trace } = await loadFiles(files);
    const s = computeStats(trace);
    expect(s.tokens.output).toBe(960);
    expect(s.tokens.input).toBe(540);
    expect(s.cost.computedUsd).toBeCloseTo(cost, 9);
    expect(s.cost.reportedUsd).toBeCloseTo(cost, 9);
    expect(s.apiMessages).toBe(2);
    // One reconciled model row, split into the main loop's part and the calls the lines never show.
    const byModel = s.byModel.find((b) => b.key === SONNET);
    expect(byModel?.apiMessages).toBe(2);
    expect(byModel?.reconciledTokens).toBe(522 + 954);
    const main = s.byAgent.find((b) => b.label === 'main');
    expect(main?.tokens.output).toBe(900);
    expect(main?.reconciledTokens).toBe(894);
    const other = s.byAgent.find((b) => b.key === 'result-only');
    expect(other?.tokens).toMatchObject({ input: 522, output: 60 });
    expect(s.reconciled.map((r) => r.text)).toEqual([
      "from the result frame's usage: 894 output tokens the assistant lines did not carry",
      "from the result frame's modelUsage beyond its usage: 522 input and 60 output tokens of calls outside the main loop (subagents, or calls no line shows)",
    ]);
    expect(codes(trace)).not.toContain('result-excess');
    await totalsEverywhere(files);
  });

  it('reads several cumulative results: the last one is the session, each response costs its own share', async () => {
    // Running totals in total_cost_usd and modelUsage; usage and num_turns are each turn's own (FORMATS 2.13), and
    // here the second turn is the shorter: they go down while the totals go up.
    const first = { input: 30, output: 900, cacheRead: 1000, cacheWrite: 500 };
    const second = { input: 20, output: 300, cacheRead: 1500, cacheWrite: 100 };
    const last = { input: 50, output: 1200, cacheRead: 2500, cacheWrite: 600 };
    const lines = [
      sdk.init(),
      sdk.assistant('msg_a', [text('a')], { input: 30, output: 3, cacheRead: 1000, cacheWrite: 500 }),
      result({ cost: 0.5, numTurns: 2, main: first, models: { [SONNET]: first } }),
      sdk.assistant('msg_b', [text('b')], { input: 20, output: 5, cacheRead: 1500, cacheWrite: 100 }),
      result({ cost: 1.2, numTurns: 1, main: second, models: { [SONNET]: last } }),
    ];
    const files = { 'two.jsonl': jsonl(lines) };
    const { trace } = await loadFiles(files);
    const s = computeStats(trace);
    expect(s.cost.reportedUsd).toBe(1.2);
    expect(s.tokens.output).toBe(1200);
    expect(s.tokens.input).toBe(50);
    expect(s.cost.computedUsd).toBeCloseTo(sonnetUsd(last), 9);
    expect(responseRows(trace).map((r) => r.reportedUsd)).toEqual([0.5, 0.7]);
    await totalsEverywhere(files);
  });

  it("books the main loop its part of running totals from every turn's usage, not the last one's", async () => {
    // Two turns of placeholder lines; the results' modelUsage is the running total, their usage each turn's own.
    const turn1 = { input: 18, output: 900, cacheRead: 2500, cacheWrite: 600 };
    const turn2 = { input: 5, output: 40, cacheRead: 3000, cacheWrite: 50 };
    const both = { input: 23, output: 940, cacheRead: 5500, cacheWrite: 650 };
    const lines = [
      ...placeholderRun(),
      result({ cost: sonnetUsd(turn1), numTurns: 2, main: turn1, models: { [SONNET]: turn1 } }),
      sdk.assistant('msg_c', [text('again')], { input: 5, output: 3, cacheRead: 3000, cacheWrite: 50 }),
      result({ cost: sonnetUsd(both), numTurns: 1, main: turn2, models: { [SONNET]: both } }),
    ];
    const files = { 'two-turns.jsonl': jsonl(lines) };
    const { trace } = await loadFiles(files);
    const s = computeStats(trace);
    expect(s.tokens.output).toBe(940);
    expect(s.cost.computedUsd).toBeCloseTo(sonnetUsd(both), 5);
    // Every call is the main loop's, and so is every token booked: no row of calls outside it.
    expect(s.byAgent.map((b) => [b.label, b.tokens.output])).toEqual([['main', 940]]);
    expect(s.reconciled.map((r) => r.agentLabel)).toEqual(['main']);
    await totalsEverywhere(files);
  });

  it("books once when modelUsage spells the lines' model another way (claude-sonnet-4-5 for the dated id)", async () => {
    const reported = { input: 18, output: 900, cacheRead: 2500, cacheWrite: 600 };
    const lines = [
      ...placeholderRun(),
      result({ cost: sonnetUsd(reported), main: reported, models: { 'claude-sonnet-4-5': reported } }),
    ];
    const files = { 'alias.jsonl': jsonl(lines) };
    const { trace } = await loadFiles(files);
    const s = computeStats(trace);
    // The lines' 18 input, 2,500 cache read and 600 cache write, once; output 6 on the lines plus 894 booked.
    expect(s.tokens).toMatchObject({ input: 18, output: 900, cacheRead: 2500, cacheCreation: 600 });
    expect(s.cost.computedUsd).toBeCloseTo(sonnetUsd(reported), 5);
    expect(s.reconciled.map((r) => [r.model, r.tokens.output])).toEqual([[SONNET, 894]]);
    expect(codes(trace)).not.toContain('result-excess');
    // Nor does the Stats pane say the model is in no loaded message.
    expect(
      computeStatsView(trace)
        .reasons.map((r) => r.text)
        .join('\n'),
    ).not.toContain('in no loaded message');
    await totalsEverywhere(files);
  });

  it('sums per-turn results (figures that go down are not running totals)', async () => {
    const one = { input: 30, output: 400, cacheRead: 1000, cacheWrite: 500 };
    const two = { input: 20, output: 100, cacheRead: 1500, cacheWrite: 100 };
    const lines = [
      sdk.init(),
      sdk.assistant('msg_a', [text('a')], { input: 30, output: 3, cacheRead: 1000, cacheWrite: 500 }),
      result({ cost: 0.5, numTurns: 1, main: one, models: { [SONNET]: one } }),
      sdk.assistant('msg_b', [text('b')], { input: 20, output: 5, cacheRead: 1500, cacheWrite: 100 }),
      result({ cost: 0.25, numTurns: 1, main: two, models: { [SONNET]: two } }),
    ];
    const files = { 'turns.jsonl': jsonl(lines) };
    const { trace } = await loadFiles(files);
    const s = computeStats(trace);
    expect(s.cost.reportedUsd).toBe(0.75);
    expect(s.tokens.output).toBe(500);
    expect(responseRows(trace).map((r) => r.reportedUsd)).toEqual([0.5, 0.25]);
    await totalsEverywhere(files);
  });

  it('never books when the calls exceed the result: says so as a diagnostic', async () => {
    const lines = [
      sdk.init(),
      sdk.messageStart('msg_s', { input: 10, output: 1 }),
      sdk.messageDelta('end_turn', { output: 500 }),
      sdk.messageStop(),
      sdk.assistant('msg_s', [text('streamed')], { input: 10, output: 1 }),
      result({ cost: 0.01, main: { input: 10, output: 300 }, models: { [SONNET]: { input: 10, output: 300 } } }),
    ];
    const files = { 'over.jsonl': jsonl(lines) };
    const { trace } = await loadFiles(files);
    const s = computeStats(trace);
    expect(s.tokens.output).toBe(500);
    expect(s.reconciled).toEqual([]);
    const d = trace.diagnostics.find((x) => x.code === 'result-excess');
    expect(d?.message).toContain('500 output tokens counted where it reports 300');
    expect(d?.src?.line).toBe(6);
    await totalsEverywhere(files);
  });

  it('books nothing for streamed calls (no placeholder signature), even where modelUsage has more', async () => {
    const lines = [
      sdk.init(),
      sdk.messageStart('msg_s', { input: 10, output: 1 }),
      sdk.messageDelta('end_turn', { output: 300 }),
      sdk.messageStop(),
      sdk.assistant('msg_s', [text('streamed')], { input: 10, output: 1 }),
      result({
        cost: 0.01,
        main: { input: 10, output: 300 },
        models: { [SONNET]: { input: 10, output: 300 }, [HAIKU]: { input: 400, output: 20 } },
      }),
    ];
    const files = { 'streamed.jsonl': jsonl(lines) };
    const { trace } = await loadFiles(files);
    expect(computeStats(trace).reconciled).toEqual([]);
    expect(codes(trace)).not.toContain('result-excess');
    await totalsEverywhere(files);
  });

  it('says, never books, what a result reports beyond calls whose lines carry real usage', async () => {
    const lines = [
      sdk.init(),
      sdk.assistant('msg_r', [text('real')], { input: 10, output: 200 }, { stop: 'end_turn' }),
      result({ cost: 0.01, main: { input: 10, output: 200 }, models: { [SONNET]: { input: 12, output: 500 } } }),
    ];
    const { trace } = await loadFiles({ 'short.jsonl': jsonl(lines) });
    expect(computeStats(trace).reconciled).toEqual([]);
    expect(computeStatsView(trace).reasons.map((r) => r.text)).toContain(
      `${SONNET}: the result frame reports 2 input and 300 output tokens more than the loaded calls carry (calls no line records, such as a subagent's last message); not booked, as the lines carry real usage`,
    );
  });

  it('leaves a reconciled row of a model with no price unpriced: the cost that includes it is unknown', async () => {
    const NEW = 'claude-sonnet-5';
    const lines = [
      sdk.init(),
      sdk.assistant('msg_n', [text('new')], { input: 10, output: 3 }, { model: NEW }),
      result({ cost: 0.2, main: { input: 10, output: 900 }, models: { [NEW]: { input: 10, output: 900 } } }),
    ];
    const { trace } = await loadFiles({ 'new.jsonl': jsonl(lines) });
    const s = computeStats(trace);
    expect(s.reconciled.map((r) => [r.model, r.tokens.output, r.priced, r.costUsd])).toEqual([[NEW, 897, false, 0]]);
    expect(s.tokens.output).toBe(900);
    expect(s.cost).toMatchObject({ computedUsd: 0, unpricedModels: [NEW] });
    expect(s.byModel.find((b) => b.key === NEW)?.unpricedModels).toEqual([NEW]);
    expect(s.byAgent.find((b) => b.label === 'main')?.unpricedModels).toEqual([NEW]);
    const cost = explain(trace, { metric: 'cost' });
    expect(cost.unpricedModels).toEqual([NEW]);
    expect(cost.reconciled.map((r) => [r.model, r.priced])).toEqual([[NEW, false]]);
  });

  it('compares only the calls before the last result; later calls count as they are', async () => {
    const r = { input: 28, output: 700, cacheRead: 2500, cacheWrite: 600 };
    const lines = [
      ...placeholderRun(),
      result({ cost: sonnetUsd(r), main: r, models: { [SONNET]: r } }),
      sdk.assistant('msg_c', [text('after')], { input: 5, output: 3 }),
    ];
    const files = { 'after.jsonl': jsonl(lines) };
    const { trace } = await loadFiles(files);
    const s = computeStats(trace);
    expect(s.tokens.output).toBe(703);
    expect(s.tokens.input).toBe(33);
    await totalsEverywhere(files);
  });

  it("books a model under the calls' id when modelUsage tags it with its context window", async () => {
    const r = { input: 28, output: 700, cacheRead: 2500, cacheWrite: 600 };
    const lines = [...placeholderRun(), result({ cost: sonnetUsd(r), main: r, models: { [`${SONNET}[1m]`]: r } })];
    const files = { 'tagged.jsonl': jsonl(lines) };
    const { trace } = await loadFiles(files);
    const s = computeStats(trace);
    expect(s.byModel.map((b) => b.key)).toEqual([SONNET]);
    expect(s.tokens.output).toBe(700);
    expect(s.cost.computedUsd).toBeCloseTo(sonnetUsd(r), 9);
    expect(codes(trace)).not.toContain('result-excess');
    await totalsEverywhere(files);
  });

  it("splits a subagent's model from the main loop's: the main loop's part under main, the subagent's as other calls", async () => {
    const sonnet = { input: 18, output: 900, cacheRead: 2500, cacheWrite: 600 };
    const haiku = { input: 300, output: 450, cacheRead: 0, cacheWrite: 0 };
    const lines = [
      ...placeholderRun(),
      sdk.assistant('msg_task', [toolUse('toolu_t', 'Task', { description: 'look', prompt: 'look' })], {
        input: 1,
        output: 3,
      }),
      sdk.assistant('msg_sub', [text('sub')], { input: 300, output: 5 }, { parent: 'toolu_t', model: HAIKU }),
      sdk.toolResult('toolu_t', 'done'),
      result({
        cost: sonnetUsd({ ...sonnet, input: 19 }) + haikuUsd(haiku),
        main: { ...sonnet, input: 19 },
        models: { [SONNET]: { ...sonnet, input: 19 }, [HAIKU]: haiku },
      }),
    ];
    const files = { 'sub.jsonl': jsonl(lines) };
    const { trace } = await loadFiles(files);
    const s = computeStats(trace);
    expect(s.tokens).toMatchObject({ input: 319, output: 1350 });
    expect(s.cost.computedUsd).toBeCloseTo(sonnetUsd({ ...sonnet, input: 19 }) + haikuUsd(haiku), 9);
    expect(s.reconciled.map((r) => [r.model, r.agentLabel, r.tokens.output])).toEqual([
      // msg_a (4, its split line counted once), msg_b (2) and msg_task (3) carried 9 of the main loop's 900.
      [SONNET, 'main', 900 - 9],
      [HAIKU, 'other calls (result frame)', 445],
    ]);
    await totalsEverywhere(files);
  });

  it('says what results with no modelUsage report beyond placeholder calls, and marks the calls as lower bounds', async () => {
    // An older recording: the result frames give each turn's usage and cost, no modelUsage to book by model.
    const noModels = (cost: number, output: number): Line => {
      const r = result({ cost, main: { input: 9, output, cacheRead: 1250, cacheWrite: 300 }, models: {} });
      delete r['modelUsage'];
      return r;
    };
    const [init, a1, a2, b] = placeholderRun();
    const files = { 'old.jsonl': jsonl([init!, a1!, a2!, noModels(0.01, 400), b!, noModels(0.02, 20)]) };
    const { trace } = await loadFiles(files);
    const s = computeStats(trace);
    // Nothing booked: the calls' own figures stay, marked as lower bounds, and the difference is said.
    expect(s.tokens.output).toBe(6);
    expect(s.reconciled).toEqual([]);
    const view = computeStatsView(trace);
    expect(view.turns.map((t) => [t.output, t.lowerBound])).toEqual([
      [4, true],
      [2, true],
    ]);
    expect(view.reasons.map((r) => r.text)).toContain(
      "the result frames report 414 output tokens more than the loaded calls carry, but no modelUsage to book them by model: the calls' output figures are placeholders, so their output and cost are lower bounds",
    );
    // Their costs rise, so they are read as running totals: the last one reported, their sum said beside it.
    expect(s.cost.reportedUsd).toBe(0.02);
    expect(view.reasons).toContainEqual({
      text: "2 result frames carry no modelUsage: read as running totals, as their cost never goes down (the last one is the session's); were each its turn's own, the session would have reported their sum",
      usd: 0.03,
    });
    await totalsEverywhere(files);
  });

  it('keeps sessions apart', async () => {
    const r1 = { input: 18, output: 100, cacheRead: 2500, cacheWrite: 600 };
    const r2 = { input: 18, output: 50, cacheRead: 2500, cacheWrite: 600 };
    const files = {
      'one.jsonl': jsonl([
        ...placeholderRun('s-1'),
        result({ session: 's-1', cost: sonnetUsd(r1), main: r1, models: { [SONNET]: r1 } }),
      ]),
      'two.jsonl': jsonl([
        ...placeholderRun('s-2'),
        result({ session: 's-2', cost: sonnetUsd(r2), main: r2, models: { [SONNET]: r2 } }),
      ]),
    };
    const { trace } = await loadFiles(files);
    const s = computeStats(trace);
    expect(s.tokens.output).toBe(150);
    expect(s.cost.computedUsd).toBeCloseTo(sonnetUsd(r1) + sonnetUsd(r2), 9);
    expect(s.reconciled.map((x) => x.sessionId).sort()).toEqual(['s-1', 's-2']);
    await totalsEverywhere(files);
  });
});

describe('reportedKeyOf', () => {
  it('finds a model under modelUsage with or without its context-window tag', () => {
    expect(reportedKeyOf('claude-opus-5', ['claude-haiku-4-5', 'claude-opus-5[1m]'])).toBe('claude-opus-5[1m]');
    expect(reportedKeyOf('claude-opus-5[1m]', ['claude-opus-5'])).toBe('claude-opus-5');
    expect(reportedKeyOf('claude-opus-5', ['claude-opus-5[1m]', 'claude-opus-5'])).toBe('claude-opus-5');
    expect(reportedKeyOf('claude-sonnet-5', ['claude-opus-5'])).toBeUndefined();
  });
  it('finds it under another spelling of the same model: an alias, a Bedrock id', () => {
    expect(reportedKeyOf(SONNET, ['claude-haiku-4-5', 'claude-sonnet-4-5'])).toBe('claude-sonnet-4-5');
    expect(reportedKeyOf(SONNET, ['us.anthropic.claude-sonnet-4-5-20250929-v1:0'])).toBe(
      'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
    );
    expect(reportedKeyOf('claude-sonnet-4-5', [SONNET])).toBe(SONNET);
    // The exact id first, then the tagged one, then the family.
    expect(reportedKeyOf(SONNET, ['claude-sonnet-4-5', `${SONNET}[1m]`, SONNET])).toBe(SONNET);
    expect(reportedKeyOf(SONNET, ['claude-sonnet-4-5', `${SONNET}[1m]`])).toBe(`${SONNET}[1m]`);
    expect(reportedKeyOf('claude-sonnet-4-5', ['claude-sonnet-4'])).toBeUndefined();
  });
});

describe('readResults', () => {
  const r = (order: number, cost: number, main?: number, reported?: number): ResultFigure => ({
    order,
    totalCostUsd: cost,
    ...(main !== undefined ? { usage: tokens({ output: main }) } : {}),
    modelUsage:
      reported !== undefined
        ? [{ model: SONNET, input: 0, output: reported, cacheRead: 0, cacheCreation: 0, webSearch: 0 }]
        : [],
  });
  it('takes monotone results as running totals and others as per-turn', () => {
    expect(readResults([r(1, 0.1), r(2, 0.3)])).toMatchObject({ cumulative: true, reportedUsd: 0.3 });
    expect(readResults([r(1, 0.1), r(2, 0.3), r(3, 0.2)])).toMatchObject({
      cumulative: false,
      reportedUsd: 0.6000000000000001,
    });
  });
  it('reads running totals whose turns shrink: usage is each turn its own', () => {
    // 900 output tokens in the first turn, 300 in the second: modelUsage 900 then 1,200.
    expect(readResults([r(1, 0.5, 900, 900), r(2, 0.6, 300, 1200)])).toMatchObject({
      cumulative: true,
      reportedUsd: 0.6,
      shares: [0.5, 0.1],
    });
  });
  it('reads rising per-turn results as per-turn: their usage adds up past the last modelUsage', () => {
    // Each result holds only its turn: 100, 150, 300 output tokens; the last reports 300, the turns 550.
    expect(readResults([r(1, 0.1, 100, 100), r(2, 0.15, 150, 150), r(3, 0.3, 300, 300)])).toMatchObject({
      cumulative: false,
      reportedUsd: 0.55,
    });
  });
  it('books nothing when the result reports no model', () => {
    const u = tokens({ input: 1, output: 2 });
    expect(reconcileSession([{ usage: u, order: 0, placeholder: true, model: SONNET }], [r(1, 0.1, 1)]).rows).toEqual(
      [],
    );
  });
});

describe('a made log recorded without partial messages (test/fixtures/made/sdk/placeholder-output.jsonl)', () => {
  const rel = 'sdk/placeholder-output.jsonl';
  const made = (): Files => ({
    [rel]: readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/made', rel)),
  });
  // Expected figures from the file's result frame (line 9): modelUsage sonnet-4-5 5 input, 6,389 output, 50,650 cache
  // read, 10,420 cache write (5m); haiku-4-5 612 input, 41 output (a call no line shows); total_cost_usd 0.150937.
  // The three calls' lines carry 2, 1 and 3 output tokens (message_start's placeholder).
  const sonnet = { input: 5, output: 6389, cacheRead: 50650, cacheWrite: 10420 };
  const haiku = { input: 612, output: 41, cacheRead: 0, cacheWrite: 0 };
  const reported = 0.150937;

  it("totals and computed cost come to the result frame's", async () => {
    // The independent price of the reported tokens is the reported dollars.
    expect(sonnetUsd(sonnet) + haikuUsd(haiku)).toBeCloseTo(reported, 9);
    const files = made();
    const { trace } = await loadFiles(files);
    const s = computeStats(trace);
    expect(s.tokens).toMatchObject({ input: 617, output: 6430, cacheRead: 50650, cacheCreation: 10420 });
    expect(s.cost.computedUsd).toBeCloseTo(reported, 6);
    expect(s.cost.reportedUsd).toBeCloseTo(reported, 6);
    expect(s.cost.unpricedModels).toEqual([]);
    expect(s.apiMessages).toBe(3);
    await totalsEverywhere(files);
  });

  it('the Stats view, Explain and the details say which rows were reconciled and mark placeholders as lower bounds', async () => {
    const { trace } = await loadFiles(made());
    const view = computeStatsView(trace);
    expect(view.differenceUsd).toBeCloseTo(0, 6);
    expect(view.turns.map((t) => [t.output, t.lowerBound])).toEqual([
      [2, true],
      [1, true],
      [3, true],
    ]);
    expect(view.responses[0]).toMatchObject({ output: 6, lowerBound: true, reportedUsd: reported });
    const out = explain(trace, { metric: 'output' });
    expect(out.total).toBe(6430);
    expect(out.rows.filter((r) => r.counted).map((r) => [r.value, r.lowerBound])).toEqual([
      [2, true],
      [1, true],
      [3, true],
    ]);
    // 6,389 − 6 for the main loop (the result's usage); haiku's call is no line's: the other calls' row.
    expect(out.reconciled.map((r) => [r.model, r.value, r.agent, r.line])).toEqual([
      [SONNET, 6383, 'main', 9],
      [HAIKU, 41, 'other calls (result frame)', 9],
    ]);
    // Model calls are only the calls: a reconciled row is none.
    expect(explain(trace, { metric: 'apiMessages' })).toMatchObject({ total: 3, reconciled: [] });
    const other = explain(trace, { metric: 'input', agent: RESULT_ONLY_QUERY });
    expect(other.total).toBe(612);
    expect(other.rows).toEqual([]);
    const cost = explain(trace, { metric: 'cost' });
    expect(cost.total).toBeCloseTo(reported, 6);
    const first = trace.turns[0];
    expect(first && turnDetails(trace, first.index)).toMatchObject({ lowerBound: true });
  });
});
