// Sessions are read from the main thread (issue 24): a subagent's lines count toward cost and the span of work, but
// never name the session nor set its start and end. Full model, fast path (every reader) and the library agree.
import { describe, expect, it } from 'vitest';
import { buildReport } from './report';
import type { SessionRow } from './report-types';
import { fastMerged, fullMerged } from './testing/equivalence';
import {
  CC_SESSION,
  EXPECTED,
  OLD_SESSION,
  SDK_SESSION,
  SUBAGENT_PROMPTS,
  subagentFirstFolder,
} from './testing/subagent-first';
import { librarySnapshot } from './library';
import { scanSource } from './source';
import { memorySource } from '../engine/source';
import { project } from './testing/equivalence';
import type { Merged } from './merge';

const FILES = subagentFirstFolder();

function rows(merged: Merged): Record<string, Pick<SessionRow, 'firstPrompt' | 'start' | 'end' | 'durationMs'>> {
  const out: Record<string, Pick<SessionRow, 'firstPrompt' | 'start' | 'end' | 'durationMs'>> = {};
  for (const r of buildReport(merged, 'session', { utc: true }).rows as SessionRow[])
    out[r.sessionId] = { firstPrompt: r.firstPrompt, start: r.start, end: r.end, durationMs: r.durationMs };
  return out;
}

describe('a session is named and timed by its main thread', () => {
  it('in the full model', async () => {
    expect(rows(await fullMerged(FILES))).toEqual(EXPECTED);
  });

  it('on the fast path, with every reader and chunking, as in the full model', async () => {
    const full = await fullMerged(FILES);
    for (const opts of [
      {},
      { chunk: 7 },
      { chunk: 64, lean: false },
      { chunk: 11, simd: false },
      { prompts: true, chunk: 13 },
    ]) {
      const fast = await fastMerged(FILES, opts);
      expect(rows(fast)).toEqual(EXPECTED);
      expect(fast).toEqual(full);
    }
  });

  it('still counts the subagents toward cost', async () => {
    const report = buildReport(await fastMerged(FILES), 'session', { utc: true });
    const calls = Object.fromEntries((report.rows as SessionRow[]).map((r) => [r.sessionId, r.modelCalls]));
    // Main calls and subagent calls: 3 + 2, 2 + 2, 1 + 1.
    expect(calls).toEqual({ [SDK_SESSION]: 5, [CC_SESSION]: 4, [OLD_SESSION]: 2 });
  });

  it('in the library while only a subagent file is scanned, and once all are', async () => {
    const scans = await Promise.all(
      Object.entries(FILES).map(async ([name, text]) => ({
        scan: await scanSource(memorySource(name, text), { prompts: true }),
        project: project(name),
      })),
    );
    const subOnly = scans.filter((f) => f.scan.name.includes('agent-'));
    const partial = librarySnapshot(subOnly).rows;
    expect(partial.map((r) => r.sessionId).sort()).toEqual([CC_SESSION, OLD_SESSION]);
    for (const r of partial) {
      expect(r.firstPrompt).toBeNull();
      // No main-thread line yet: the span of work stands in.
      expect(r.durationMs).toBeGreaterThan(0);
    }
    const all = librarySnapshot(scans).rows;
    for (const r of all) {
      expect(r.firstPrompt).toBe(EXPECTED[r.sessionId as keyof typeof EXPECTED].firstPrompt);
      expect(SUBAGENT_PROMPTS).not.toContain(r.firstPrompt);
    }
  });
});
