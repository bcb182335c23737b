// `loupe stats --by day` books every token on a day, the rows reconciled with a result frame too: on the frame's own
// timestamp, else on its session's last timed line (an SDK stream's result frame seldom has one). Held against the
// independent counter's `byDay` (test/fixtures/expected/compute_wild.py) on every made recording, through the fast
// path and the full model, and through the CLI on the recording made for it (sdk/placeholder-midnight.jsonl: two
// calls before midnight UTC, the third and the untimed result frame after).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { madeFiles, madeGoldens, MADE_ROOT } from '../../test/made-corpus';
import { runCli } from '../cli/main';
import { buildReport } from './report';
import type { DayRow } from './report-types';
import { fastMerged, fullMerged } from './testing/equivalence';

interface GoldenDay {
  apiMessages: number;
  input: number;
  output: number;
  cacheCreation: number;
  cacheRead: number;
  costUsd: number;
  reconciledTokens: number;
  unpricedModels: string[];
}

const WILD = madeGoldens<{ byDay: Record<string, GoldenDay> }>();
const MIDNIGHT = 'sdk/placeholder-midnight.jsonl';

/** Days equal to the golden's, costs to the millionth (Python's `round` and the engine's differ on a half). */
function expectDays(rows: readonly DayRow[], want: Record<string, GoldenDay> | undefined): void {
  const got = Object.fromEntries(rows.map(asGolden));
  const noUsd = (d: Record<string, GoldenDay>) =>
    Object.fromEntries(Object.entries(d).map(([k, x]) => [k, { ...x, costUsd: 0 }]));
  expect(noUsd(got)).toEqual(noUsd(want ?? {}));
  // Day by day, by its key (the same days, as the line above holds).
  for (const [day, g] of Object.entries(got)) expect(g.costUsd).toBeCloseTo(want?.[day]?.costUsd ?? NaN, 5);
}

/** A day row in the golden's terms (its day `null` as the key "null"). */
function asGolden(r: DayRow): [string, GoldenDay] {
  return [
    r.day ?? 'null',
    {
      apiMessages: r.modelCalls,
      input: r.tokens.input,
      output: r.tokens.output,
      cacheCreation: r.tokens.cacheWrite,
      cacheRead: r.tokens.cacheRead,
      costUsd: r.costUsd,
      reconciledTokens: r.reconciled?.tokens ?? 0,
      unpricedModels: [...r.unpricedModels],
    },
  ];
}

describe('stats --by day against the independent count', () => {
  it('the made recording across midnight has its reconciled rows on the second day, none under "no day"', () => {
    const want = WILD[MIDNIGHT]?.byDay;
    expect(Object.keys(want ?? {})).toEqual(['2026-03-01', '2026-03-02']);
    expect(want?.['2026-03-02']?.reconciledTokens).toBeGreaterThan(0);
  });

  it.each(Object.keys(WILD))('%s: fast path and full model', async (rel) => {
    const want = WILD[rel]?.byDay;
    const files = madeFiles(rel);
    for (const merged of [await fastMerged(files), await fullMerged(files)]) {
      expectDays(buildReport(merged, 'day', { utc: true }).rows as DayRow[], want);
    }
  });

  it('loupe stats --by day --utc --json prints the same days', async () => {
    let out = '';
    const code = await runCli(['stats', path.join(MADE_ROOT, MIDNIGHT), '--by', 'day', '--utc', '--json'], {
      out: (s) => (out += s),
      err: () => undefined,
    });
    expect(code).toBe(0);
    const rows = (JSON.parse(out) as { rows: DayRow[] }).rows;
    expectDays(rows, WILD[MIDNIGHT]?.byDay);
  });
});
