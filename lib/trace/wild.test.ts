// The made corpus (test/fixtures/made: one invented recording per trap the real recordings of docs/wild-corpus.md
// showed): every recording loads with no line lost, and the engine's totals are those an independent script counts
// (test/fixtures/expected/compute_wild.py, Python, never reads this parser): the tokens the lines carry, plus what the
// script books from a result frame where the lines hold placeholder output (sdk/placeholder-output.jsonl). How the
// result frame's figures are booked, row by row, is wild-reconcile.test.ts's business.
import { describe, expect, it } from 'vitest';
import { madeFiles, madeGoldens } from '../../test/made-corpus';
import { countedTurns } from './stats';
import { loadFiles } from './testing/load';

const WILD = madeGoldens<WildExpected>();

interface WildExpected {
  sidecars: number;
  lines: { total: number; parsed: number; invalid: number };
  apiMessages: number;
  tokens: { input: number; output: number; cacheCreation: number; cacheRead: number; cache5m: number; cache1h: number };
  toolCalls: { requested: number; withResult: number; errored: number; denied: number };
  results: number;
  cost: { reportedUsd: number | null; computedUsd: number };
  byModel: Record<
    string,
    { apiMessages: number; input: number; output: number; cacheCreation: number; cacheRead: number; costUsd: number }
  >;
  unpricedModels?: string[];
}

describe('recordings from the wild against independently derived counts', () => {
  it.each(Object.keys(WILD))('%s', async (rel) => {
    const want = WILD[rel];
    if (!want) throw new Error(`no golden for ${rel}`);
    const { trace, stats } = await loadFiles(madeFiles(rel));

    // Nothing is lost: every line is an event or a diagnostic that consumed it. An `agent-<id>.meta.json` sidecar
    // (Claude Code 2.1.1xx) is one event naming its agent, not a transcript line.
    const lineDiags = trace.diagnostics.filter((d) => d.consumesLine).length;
    const sidecarEvents = trace.events.filter((e) => trace.sources[e.source]?.format === 'agent-meta').length;
    expect(sidecarEvents).toBe(want.sidecars);
    expect(stats.lines.sidecars).toBe(want.sidecars);
    expect(trace.events.length - sidecarEvents + lineDiags).toBe(stats.lines.total);
    // A recording's prompt is one more record for the engine (a header event); the script counts messages only.
    const headers = trace.sources.filter((s) => s.format === 'recording').length;
    expect({ ...stats.lines, total: stats.lines.total - headers, parsed: stats.lines.parsed - headers }).toMatchObject(
      want.lines,
    );

    // The counted model calls are the golden's, and the totals its tokens, in all and per model. (A row reconciled from
    // a result frame is no model call: a model only such a row has counts 0 calls on both sides.)
    expect(countedTurns(trace).length).toBe(want.apiMessages);
    expect(stats.apiMessages).toBe(want.apiMessages);
    expect(stats.tokens).toEqual(want.tokens);
    const pick = (b: {
      apiMessages: number;
      input: number;
      output: number;
      cacheCreation: number;
      cacheRead: number;
    }) => ({
      apiMessages: b.apiMessages,
      input: b.input,
      output: b.output,
      cacheCreation: b.cacheCreation,
      cacheRead: b.cacheRead,
    });
    const byModel = Object.fromEntries(
      stats.byModel.map((b) => [b.key, pick({ apiMessages: b.apiMessages, ...b.tokens })]),
    );
    const wantByModel = Object.fromEntries(Object.entries(want.byModel).map(([k, v]) => [k, pick(v)]));
    expect(byModel).toEqual(wantByModel);

    expect(stats.toolCalls).toEqual(want.toolCalls);
    expect(stats.results).toBe(want.results);
    if (want.cost.reportedUsd === null) expect(stats.cost.reportedUsd).toBeNull();
    // The engine keeps dollars to 6 decimals: a reported $0.0726125 reads $0.072613, half a unit of the 6th away.
    else expect(Math.abs((stats.cost.reportedUsd ?? NaN) - want.cost.reportedUsd)).toBeLessThanOrEqual(5e-7 + 1e-12);
    expect([...stats.cost.unpricedModels].sort()).toEqual(want.unpricedModels ?? []);
    // How a cost with an unpriced share reads is wild-reconcile.test.ts's business (unknown, never $0).
    if (!want.unpricedModels) expect(stats.cost.computedUsd).toBeCloseTo(want.cost.computedUsd, 5);
  });

  it('covers every recording in the corpus', () => {
    const all = Object.keys(madeFiles('.')).filter((f) => /\.jsonl?$/.test(f));
    for (const f of all)
      expect(
        Object.keys(WILD).some((k) => f === k || f.startsWith(`${k}/`)),
        f,
      ).toBe(true);
  });
});
