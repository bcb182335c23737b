import { describe, expect, it } from 'vitest';
import { titleOfFiles } from './title';

describe('titleOfFiles', () => {
  it("is one file's name, or the folder of several and how many", () => {
    expect(titleOfFiles(['session.jsonl'])).toBe('session.jsonl');
    expect(titleOfFiles(['proj/S.jsonl', 'proj/S/subagents/agent-abc.jsonl'])).toBe('proj (2 files)');
    expect(titleOfFiles(['a.jsonl', 'b.jsonl'])).toBe('a.jsonl (2 files)');
    expect(titleOfFiles([])).toBeUndefined();
  });
});
