// Issue 24 on the made corpus (test/fixtures/made, the traps of the recordings from the wild): what the result frame says is never lost or double counted, and a session is
// named by its main thread. Read through testing/wild-facts.ts, which the branches implementing the issue wire to
// their API after merging. Goldens: test/fixtures/expected/compute_wild.py (independent of this engine).
import { describe, expect, it } from 'vitest';
import { madeFiles, madeGoldens } from '../../test/made-corpus';
import { loadFiles } from './testing/load';
import {
  callTokens,
  reconciledRows,
  responseReportedUsd,
  resultGapNotices,
  sessionFacts,
  type Tokens,
} from './testing/wild-facts';

const WILD = madeGoldens<Golden>();

interface Golden {
  results: number;
  placeholderOutput: boolean;
  modelUsageTotal: Record<string, Tokens & { costUsd: number }> | null;
  cumulativeResults: boolean | null;
  resultFrames: { sessionId: string | null; totalCostUsd: number | null; ownUsd: number | null }[];
  firstPrompt: { text: string; kind: 'typed' | 'command' | 'recording' } | null;
  mainSessionId: string | null;
  mainSpan: { first: string; last: string } | null;
}

const KINDS = ['input', 'output', 'cacheRead', 'cacheCreation'] as const;

const squeeze = (s: string | null): string => (s ?? '').split(/\s+/).filter(Boolean).join(' ');
const withResults = Object.keys(WILD).filter((k) => (WILD[k]?.results ?? 0) > 0);

describe('the result frame on recordings from the wild', () => {
  it.each(withResults)(
    '%s: reconciled rows never double count, and fill the gap where the lines hold placeholders',
    async (rel) => {
      const want = WILD[rel];
      if (!want?.modelUsageTotal) throw new Error(`no modelUsage golden for ${rel}`);
      const { trace, stats } = await loadFiles(madeFiles(rel));
      const calls = callTokens(trace);
      const rows = reconciledRows(trace, stats);
      for (const r of rows) expect(r.label, `${rel}: a reconciled row says where it comes from`).not.toBe('');
      for (const [model, reported] of Object.entries(want.modelUsageTotal)) {
        const own = calls.get(model) ?? { input: 0, output: 0, cacheRead: 0, cacheCreation: 0 };
        const booked = rows.filter((r) => r.model === model);
        for (const k of KINDS) {
          const total = own[k] + booked.reduce((n, r) => n + r.tokens[k], 0);
          // Never double count: calls and rows together never exceed the larger of the calls and the report.
          expect(total, `${rel} ${model} ${k}`).toBeLessThanOrEqual(Math.max(own[k], reported[k]));
          // Placeholder output on every line: the rows bring each model to what the run reported
          // (sdk/placeholder-output.jsonl; no real recording under a licence had the signature).
          if (want.placeholderOutput) expect(total, `${rel} ${model} ${k}`).toBe(reported[k]);
        }
        // A model call the lines do not show (a subagent's last message, an auxiliary model) is never silent.
        if (reported.output > own.output) {
          const told = booked.length > 0 || resultGapNotices(trace, model).length > 0;
          expect(
            told,
            `${rel}: ${model} reported ${reported.output} output tokens, the calls carry ${own.output}`,
          ).toBe(true);
        }
      }
    },
  );
});

const cumulative = Object.keys(WILD).filter((k) => WILD[k]?.cumulativeResults === true);

describe('cumulative result frames', () => {
  it.each(cumulative)('%s: each response shows its own share of the running total', async (rel) => {
    const want = WILD[rel];
    if (!want) throw new Error(`no golden for ${rel}`);
    const { trace } = await loadFiles(madeFiles(rel));
    const shares = want.resultFrames.flatMap((f) => (f.ownUsd === null ? [] : [f.ownUsd]));
    const shown = responseReportedUsd(trace);
    expect(shown.length, rel).toBe(shares.length);
    shares.forEach((own, i) => expect(shown[i], `${rel}: response ${i + 1}`).toBeCloseTo(own, 5));
  });
});

describe('sessions read from the main thread on recordings from the wild', () => {
  it.each(Object.keys(WILD))('%s', async (rel) => {
    const want = WILD[rel];
    if (!want) throw new Error(`no golden for ${rel}`);
    const sessions = await sessionFacts(madeFiles(rel));
    if (want.mainSessionId === null) {
      // Only subagent lines: nothing names a session.
      for (const s of sessions) expect(squeeze(s.firstPrompt), `${rel} ${s.id}`).toBe('');
      return;
    }
    const main = sessions.find((s) => s.id === want.mainSessionId);
    expect(main, `${rel}: session ${want.mainSessionId}`).toBeDefined();
    if (!main) return;
    if (want.firstPrompt === null) expect.soft(squeeze(main.firstPrompt), `${rel}: first prompt`).toBe('');
    else {
      // The engine names a prompt's images and documents by their figures before its text; the golden is the text.
      const golden = squeeze(want.firstPrompt.text).slice(0, 60);
      const text = squeeze(main.firstPrompt).replace(/^(\[(?:image|document)[^\]]*\] ?)+/, '');
      expect.soft(text.slice(0, golden.length), `${rel}: first prompt`).toBe(golden);
    }
    expect
      .soft([main.start, main.end], `${rel}: main-thread span`)
      .toEqual(want.mainSpan ? [want.mainSpan.first, want.mainSpan.last] : [null, null]);
  });
});
