// `loupe check --max-cost` on the made corpus (test/fixtures/made, the traps of the recordings from the wild): an unpriced model's cost is unknown, so
// the check fails and names the model, whatever the priced part costs, unless the run's own result frame reports a cost
// that covers those calls (it stands in, labelled as reported); a fully priced trace well under the limit passes.
import { describe, expect, it } from 'vitest';
import { madeFiles, madeGoldens } from '../../test/made-corpus';
import { loadFiles } from '../trace/testing/load';
import { checkProblems, reportedCovers } from './check';

const WILD = madeGoldens<{
  lines: { invalid: number };
  unpricedModels?: string[];
  lastResult?: { totalCostUsd?: number };
}>();

describe('check --max-cost on recordings from the wild', () => {
  it.each(Object.keys(WILD))('%s: fails exactly when the cost is unknown', async (rel) => {
    const want = WILD[rel];
    if (!want) throw new Error(`no golden for ${rel}`);
    const { trace, stats } = await loadFiles(madeFiles(rel));
    // Every case costs far less than a million dollars: only an unknown cost (or an unread line) can fail the check.
    const problems = checkProblems(trace, stats, { maxCost: 1_000_000 });
    const covered =
      want.unpricedModels !== undefined && want.lastResult?.totalCostUsd !== undefined && reportedCovers(trace, stats);
    if (want.unpricedModels && !covered)
      for (const m of want.unpricedModels) expect(problems.join('\n'), `${rel}: names ${m}`).toContain(m);
    else if (want.lines.invalid === 0) expect(problems, rel).toEqual([]);
    // Covered or not, the unpriced models are never read as free: the computed cost says they are unknown.
    if (want.unpricedModels) expect(stats.cost.unpricedModels, rel).toEqual(want.unpricedModels);
  });
});
