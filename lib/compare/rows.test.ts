import { describe, expect, it } from 'vitest';
import { loadTrace } from '../engine/load';
import { memorySource } from '../engine/source';
import {
  compareRows,
  compareRuns,
  differenceRows,
  digestOf,
  firstDivergenceRow,
  markOf,
  rowKey,
  rowOfKey,
  stepDifference,
} from './index';
import { runText, type ResponseSpec } from './testing/runs';

const digest = async (tag: string, r: ResponseSpec[]) =>
  digestOf(await loadTrace([memorySource(`${tag}.jsonl`, runText(tag, r))]), tag);

describe('compare rows', () => {
  it('lists each response then its calls, and steps between the differences', async () => {
    const a: ResponseSpec[] = [
      {
        prompt: 'one',
        calls: [
          { name: 'Read', input: { file_path: '/a' } },
          { name: 'Bash', input: { command: 'ls' } },
        ],
      },
      { prompt: 'two', calls: [{ name: 'Bash', input: { command: 'make' } }] },
    ];
    const b: ResponseSpec[] = [
      {
        prompt: 'one',
        calls: [
          { name: 'Read', input: { file_path: '/a' } },
          { name: 'Bash', input: { command: 'ls -la' } },
        ],
      },
      { prompt: 'two!', calls: [{ name: 'Bash', input: { command: 'make' } }] },
    ];
    const c = compareRuns(await digest('a', a), await digest('b', b));
    const rows = compareRows(c);
    expect(rows.map(rowKey)).toEqual(['0', '0.0', '0.1', '1', '1.0']);
    expect(rows.map((r) => markOf(c, r))).toEqual(['changed', 'same', 'changed', 'changed', 'same']);
    const diffs = differenceRows(c, rows);
    // The changed Bash call, then the second response (its prompts differ: paired by position).
    expect(diffs).toEqual([2, 3]);
    expect(firstDivergenceRow(c, rows)).toBe(2);
    expect(stepDifference(diffs, 2, 1)).toBe(3);
    expect(stepDifference(diffs, 3, 1)).toBe(3);
    expect(stepDifference(diffs, 3, -1)).toBe(2);
    expect(stepDifference(diffs, 0, -1)).toBe(0);
    expect(rowOfKey(rows, '1.0')).toBe(4);
    expect(rowOfKey(rows, '9')).toBe(-1);
  });
});
