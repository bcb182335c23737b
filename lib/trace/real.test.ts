// Every real transcript loads with zero lost lines, and its stats match numbers derived by an independent script
// (test/fixtures/expected/compute_expected.py, Python, which never reads this parser).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFiles } from './testing/load';

const ROOT = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const EXPECTED: Record<string, Expected> = JSON.parse(
  readFileSync(path.resolve(ROOT, '../expected/real-stats.json'), 'utf8'),
);

interface Expected {
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
}

function filesOf(rel: string): Record<string, Uint8Array> {
  const abs = path.join(ROOT, rel);
  const out: Record<string, Uint8Array> = {};
  const walk = (p: string): void => {
    if (statSync(p).isDirectory()) for (const f of readdirSync(p)) walk(path.join(p, f));
    else out[path.relative(ROOT, p)] = readFileSync(p);
  };
  walk(abs);
  return out;
}

describe('real transcripts against independently derived stats', () => {
  it.each(Object.keys(EXPECTED))('%s', async (rel) => {
    const want = EXPECTED[rel];
    if (!want) throw new Error(`no expected numbers for ${rel}`);
    const { trace, stats } = await loadFiles(filesOf(rel));
    // A recording's prompt is one more record for us (a header event); the script counts messages only.
    const headers = trace.sources.filter((s) => s.format === 'recording').length;
    expect({ ...stats.lines, total: stats.lines.total - headers, parsed: stats.lines.parsed - headers }).toMatchObject(
      want.lines,
    );
    const lineDiags = trace.diagnostics.filter((d) => d.consumesLine).length;
    expect(trace.events.length + lineDiags).toBe(stats.lines.total);
    expect(stats.apiMessages).toBe(want.apiMessages);
    expect(stats.tokens).toEqual(want.tokens);
    expect(stats.toolCalls).toEqual(want.toolCalls);
    expect(stats.results).toBe(want.results);
    expect(stats.cost.computedUsd).toBeCloseTo(want.cost.computedUsd, 5);
    if (want.cost.reportedUsd === null) expect(stats.cost.reportedUsd).toBeNull();
    else expect(stats.cost.reportedUsd).toBeCloseTo(want.cost.reportedUsd, 6);
    const byModel = Object.fromEntries(
      stats.byModel.map((b) => [
        b.key,
        {
          apiMessages: b.apiMessages,
          input: b.tokens.input,
          output: b.tokens.output,
          cacheCreation: b.tokens.cacheCreation,
          cacheRead: b.tokens.cacheRead,
        },
      ]),
    );
    const wantByModel = Object.fromEntries(
      Object.entries(want.byModel).map(([k, v]) => [
        k,
        {
          apiMessages: v.apiMessages,
          input: v.input,
          output: v.output,
          cacheCreation: v.cacheCreation,
          cacheRead: v.cacheRead,
        },
      ]),
    );
    expect(byModel).toEqual(wantByModel);
    for (const b of stats.byModel) expect(b.costUsd).toBeCloseTo(want.byModel[b.key]?.costUsd ?? NaN, 5);
  });

  it('covers every real transcript file', () => {
    const all = Object.keys(filesOf('.')).filter((f) => /\.jsonl?$/.test(f));
    for (const f of all) expect(Object.keys(EXPECTED).some((k) => f === k || f.startsWith(`${k}/`))).toBe(true);
  });
});
