import { describe, expect, it } from 'vitest';
import { closest, editDistance } from './closest';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['kind', 'kind', 0],
    ['kind', 'kinds', 1],
    ['tool', 'foo', 2],
    ['kitten', 'sitting', 3],
    ['Bahs', 'Bash', 1],
  ])('%s → %s is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });

  it('gives up past its limit', () => {
    expect(editDistance('assistant', 'x', 2)).toBe(3);
  });
});

describe('closest', () => {
  const kinds = [
    'user',
    'assistant',
    'tool-result',
    'stream',
    'result',
    'system',
    'permission-denied',
    'hook',
    'progress',
  ];
  it.each([
    ['tool_result', kinds, ['tool-result']],
    ['Tool Result', kinds, ['tool-result']],
    ['asistant', kinds, ['assistant']],
    ['perm', kinds, ['permission-denied']],
    ['hooks', kinds, ['hook']],
    ['bogus', ['error', 'ok', 'denied', 'incomplete', 'interrupted'], []],
    ['bash', ['Bash', 'BashOutput', 'Read'], ['Bash', 'BashOutput']],
    ['stat', ['status', 'kind', 'tool'], ['status']],
  ])('%s among %j → %j', (word, candidates, want) => {
    expect(closest(word, candidates)).toEqual(want);
  });
});
