import { describe, expect, it } from 'vitest';
import { titleOfFiles } from './title';

describe('titleOfFiles', () => {
  it("is one file's name, or the folder of several and how many", () => {
    expect(titleOfFiles(['session.jsonl'])).toBe('session.jsonl');
    expect(titleOfFiles(['proj/S.jsonl', 'proj/S/subagents/agent-abc.jsonl'])).toBe('proj (2 files)');
    expect(titleOfFiles(['a.jsonl', 'b.jsonl'])).toBe('a.jsonl (2 files)');
    expect(titleOfFiles([])).toBeUndefined();
  });

  it('names a Claude Code project folder by the path it stands for, as the library does', () => {
    const files = ['-home-me-experiments-worktrees/a.jsonl', '-home-me-experiments-worktrees/b.jsonl'];
    // Before the files are read, and where no line spells the folder: its name without the leading dash.
    expect(titleOfFiles(files)).toBe('home-me-experiments-worktrees (2 files)');
    // Once a line's cwd spells it: that path, home as ~.
    expect(titleOfFiles(files, [undefined, '/home/me/experiments/worktrees'])).toBe(
      '~/experiments/worktrees (2 files)',
    );
    expect(titleOfFiles(['proj/a.jsonl', 'proj/b.jsonl'], ['/home/me/elsewhere'])).toBe('proj (2 files)');
  });
});
