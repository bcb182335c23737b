import { describe, expect, it } from 'vitest';
import { loadFiles } from '../trace/testing/load';
import { session21Files } from '../trace/testing/session21';
import { CHIP_KEYS } from './chips';
import { buildRows } from './rows';
import { rowViews } from './rowview';
import { stepBackNote } from './step-back';

async function session21() {
  return (await loadFiles(Object.fromEntries(session21Files().map((f) => [f.path, f.text])))).trace;
}

describe('where the timeline steps back in time', () => {
  it('marks the compaction lane, whose summary call began before the boundary line above it (2.1 session)', async () => {
    const trace = await session21();
    const rows = buildRows(trace);
    const marked = rowViews(trace, rows, 0, rows.length, new Set())
      .filter((v) => v.stepBackMs !== undefined)
      .map((v) => [v.label.slice(0, 40), v.stepBackMs]);
    expect(marked).toEqual([['Your task is to create a detailed summar', 1000]]);
  });

  it('with every chip on, also the agent_progress copies the main file wrote after the subagent finished', async () => {
    const trace = await session21();
    const rows = buildRows(trace, { show: new Set(CHIP_KEYS) });
    const views = rowViews(trace, rows, 0, rows.length, new Set());
    const marked = views.filter((v) => v.stepBackMs !== undefined).map((v) => v.label.slice(0, 30));
    expect(marked).toEqual(['agent_progress · agent a7c3e9f', 'Your task is to create a detai']);
    // A hook written a moment after the line below it (under the step's threshold) is not marked.
    expect(views.some((v) => v.label.startsWith('PostToolUse') && v.stepBackMs !== undefined)).toBe(false);
  });

  it('is the same when the row opens a window of its own (the row above it is outside)', async () => {
    const trace = await session21();
    const rows = buildRows(trace);
    const all = rowViews(trace, rows, 0, rows.length, new Set());
    const at = all.findIndex((v) => v.stepBackMs !== undefined);
    expect(rowViews(trace, rows, at, at + 1, new Set())[0]?.stepBackMs).toBe(1000);
    expect(rowViews(trace, rows, at + 1, at + 2, new Set())[0]?.stepBackMs).toBeUndefined();
  });

  it('says by how much, and why the order of the lines is kept', () => {
    const note = stepBackNote(12_000);
    expect(note).toMatch(
      /^12\.0 s earlier than the line above\. The timeline keeps the order the lines were written in/,
    );
    expect(note).toContain('not the order of their times');
  });
});
