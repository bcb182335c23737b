// The session library's data over the generated projects folder: the CLI's rows, the files that open each session,
// cost cells that add up to each row, the chart's series, and search over every prompt.
import { describe, expect, it } from 'vitest';
import { memorySource } from '../engine/source';
import { dailySeries, OTHER } from './daily';
import { librarySnapshot, searchSessions, searchTexts } from './library';
import { type ScannedFile } from './merge';
import { projectOf } from '../trace/project';
import { buildReport } from './report';
import { mergeScans } from './merge';
import { scanSource } from './source';
import { round6 } from '../trace/stats';
import { projectsFolder, SESSIONS } from './testing/projects';

const [S1, S2, S3, S4, S5] = SESSIONS.map((s) => s.id);

async function scanned(filter: (name: string) => boolean = () => true): Promise<ScannedFile[]> {
  const files = Object.entries(projectsFolder()).filter(([n]) => filter(n));
  return Promise.all(
    files.map(async ([name, text]) => ({
      scan: await scanSource(memorySource(name, text), { prompts: true }),
      project: projectOf(name, '?'),
    })),
  );
}

describe('library snapshot', () => {
  it('has the rows `loupe stats --by session` prints, and each session opens with its subagent files', async () => {
    const files = await scanned();
    const snap = librarySnapshot(files, { utc: true });
    expect(snap.rows).toEqual(buildReport(mergeScans(files), 'session', { utc: true }).rows);
    const p = (s: (typeof SESSIONS)[number] | undefined, f: string): string => `projects/${s?.project}/${f}`;
    expect(snap.files[S1 ?? '']).toEqual([
      p(SESSIONS[0], `${S1}.jsonl`),
      p(SESSIONS[0], `${S1}/subagents/agent-x1.jsonl`),
    ]);
    // The older layout: the agent file sits beside the session file, its lines name the session.
    expect(snap.files[S3 ?? '']).toEqual([p(SESSIONS[2], `${S3}.jsonl`), p(SESSIONS[2], 'agent-y2.jsonl')]);
    // A resumed session's file repeats the earlier session's lines: it opens alone.
    expect(snap.files[S4 ?? '']).toEqual([p(SESSIONS[3], `${S4}.jsonl`)]);
    for (const r of snap.rows) {
      const cells = snap.cells[r.sessionId] ?? [];
      expect(cells.reduce((n, c) => n + c.costUsd, 0)).toBeCloseTo(r.costUsd, 6);
      expect(cells.reduce((n, c) => n + c.modelCalls, 0)).toBe(r.modelCalls);
    }
  });

  it('fills in as files are scanned: the main files alone give every session, the subagents add their calls', async () => {
    const mains = librarySnapshot(await scanned((n) => !/agent-/.test(n)), { utc: true });
    const all = librarySnapshot(await scanned(), { utc: true });
    expect(mains.rows.map((r) => r.sessionId).sort()).toEqual(all.rows.map((r) => r.sessionId).sort());
    const s1 = (snap: typeof all) => snap.rows.find((r) => r.sessionId === S1)?.modelCalls;
    expect([s1(mains), s1(all)]).toEqual([4, 6]);
  });

  it('charts cost per day, stacked by project or by model, adding up to the total', async () => {
    const files = await scanned();
    const snap = librarySnapshot(files, { utc: true });
    // The CLI's total: every call's cost summed, rounded once (rows are rounded each).
    const total = buildReport(mergeScans(files), 'day', { utc: true }).totals.costUsd;
    const byProject = dailySeries(snap.rows, snap.cells, 'project');
    expect(byProject.days).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04']);
    expect(byProject.keys.slice().sort()).toEqual(['home-dev-alpha', 'home-dev-beta', 'home-dev-gamma']);
    expect(round6(byProject.total)).toBe(total);
    expect(round6(byProject.dayTotals.reduce((a, b) => a + b, 0))).toBe(total);
    const byModel = dailySeries(snap.rows, snap.cells, 'model');
    expect(byModel.keys).toEqual(['claude-opus-4-6', 'claude-haiku-4-5-20251001']);
    expect(round6(byModel.values.flat().reduce((a, b) => a + b, 0))).toBe(total);
    // A selection charts only its sessions; past the stacks shown, the rest is one "other" stack.
    const gamma = snap.rows.filter((r) => r.sessionId === S5);
    expect(dailySeries(gamma, snap.cells, 'model').days).toEqual(['2026-03-03', '2026-03-04']);
    const few = dailySeries(snap.rows, snap.cells, 'project', 2);
    expect(few.keys).toHaveLength(2);
    expect(few.keys[1]).toBe(OTHER);
    expect(round6(few.total)).toBe(total);
    // Empty days between two days with cost are drawn as empty.
    const gap = dailySeries(
      snap.rows.filter((r) => r.sessionId === S1 || r.sessionId === S4),
      snap.cells,
      'model',
    );
    expect(gap.days).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(gap.dayTotals[1]).toBe(0);
  });

  it('searches every prompt of a session (not only the first), its project and id', async () => {
    const files = await scanned();
    const snap = librarySnapshot(files, { utc: true });
    const texts = searchTexts(files, snap.rows);
    expect(searchSessions(texts, 'date parser')).toEqual([S1]);
    // The second prompt of the session across midnight.
    expect(searchSessions(texts, 'AND THE TESTS')).toEqual([S5]);
    expect(searchSessions(texts, '"finish the summary"')).toEqual([S4]);
    expect(searchSessions(texts, 'dev-beta').sort()).toEqual([S3, S4].sort());
    expect(searchSessions(texts, 'b0000000 resume')).toEqual([S4]);
    expect(searchSessions(texts, 'nothing like this')).toEqual([]);
    expect(searchSessions(texts, '  ').sort()).toEqual([S1, S2, S3, S4, S5].sort());
  });
});
