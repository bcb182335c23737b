import { describe, expect, it } from 'vitest';
import { diffModel, wordSegments } from './diff';

const text = (segs: readonly { text: string; changed: boolean }[]): string =>
  segs.map((s) => (s.changed ? `[${s.text}]` : s.text)).join('');

describe('diffModel', () => {
  it('numbers a recorded hunk’s lines on both sides and highlights the changed words', () => {
    const m = diffModel([
      {
        oldStart: 1,
        oldLines: 3,
        newStart: 1,
        newLines: 3,
        lines: [' # greeter', ' ', '-Prints a greeting.', '+Returns a greeting; `--shout` upper-cases it.'],
      },
    ]);
    expect(m.hunks[0]?.header).toBe('@@ -1,3 +1,3 @@');
    expect(m.hunks[0]?.lines.map((l) => [l.kind, l.oldNo, l.newNo, text(l.segments)])).toEqual([
      ['context', 1, 1, '# greeter'],
      ['context', 2, 2, ''],
      ['del', 3, undefined, '[Prints] a greeting.'],
      ['add', undefined, 3, '[Returns] a greeting[; `--shout` upper-cases it].'],
    ]);
    expect([m.added, m.removed, m.omitted]).toEqual([1, 1, 0]);
  });

  it('leaves numbers out where the position is unknown and shows the hunk’s own header', () => {
    const m = diffModel([
      { oldLines: 1, newLines: 1, header: 'every occurrence (replace_all)', lines: ['-clean(', '+normalize('] },
    ]);
    expect(m.hunks[0]?.header).toBe('every occurrence (replace_all)');
    expect(m.hunks[0]?.lines.map((l) => [l.oldNo, l.newNo])).toEqual([
      [undefined, undefined],
      [undefined, undefined],
    ]);
  });

  it('pairs removed and added lines in order and skips "\\ No newline" markers', () => {
    const m = diffModel([
      {
        oldStart: 5,
        oldLines: 2,
        newStart: 5,
        newLines: 2,
        lines: ['-a = 1', '-b = 2', '\\ No newline at end of file', '+a = 10', '+b = 20'],
      },
    ]);
    expect(m.hunks[0]?.lines.map((l) => text(l.segments))).toEqual(['a = [1]', 'b = [2]', 'a = [10]', 'b = [20]']);
  });

  it('caps very long diffs and counts what it left out', () => {
    const lines = Array.from({ length: 3500 }, (_, i) => `+line ${i}`);
    const m = diffModel([{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 3500, lines }]);
    expect(m.hunks[0]?.lines).toHaveLength(3000);
    expect(m.omitted).toBe(500);
    expect(m.added).toBe(3500);
  });
});

describe('wordSegments', () => {
  it('shows a line rewritten whole without highlights', () => {
    expect(wordSegments('alpha beta', 'gamma delta')).toBeUndefined();
  });
});
