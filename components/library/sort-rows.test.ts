import { describe, expect, it } from 'vitest';
import type { SessionRow } from '../../lib/fast/report';
import { sortRows } from './sort-rows';

const row = (sessionId: string, over: Partial<SessionRow>): SessionRow => ({
  sessionId,
  project: 'p',
  projectPath: 'p',
  start: '2026-01-01T00:00:00.000Z',
  end: '2026-01-01T00:01:00.000Z',
  durationMs: 60_000,
  firstPrompt: 'a prompt',
  models: ['claude-opus-4-7'],
  modelCalls: 1,
  tokens: { input: 1, output: 1, cacheWrite: 0, cacheRead: 0, total: 2 },
  costUsd: 0.01,
  unpricedModels: [],
  reportedCostUsd: null,
  ...over,
});

describe('sorting the Sessions table', () => {
  const rows = [
    row('none', { firstPrompt: null, durationMs: null }),
    row('b', { firstPrompt: 'Build the parser', durationMs: 5_000 }),
    row('a', { firstPrompt: 'add a test', durationMs: 90_000 }),
  ];

  it('puts rows without a value in the column last, whichever way it sorts', () => {
    expect(sortRows(rows, 'prompt', 'asc').map((r) => r.sessionId)).toEqual(['a', 'b', 'none']);
    expect(sortRows(rows, 'prompt', 'desc').map((r) => r.sessionId)).toEqual(['b', 'a', 'none']);
    expect(sortRows(rows, 'duration', 'asc').map((r) => r.sessionId)).toEqual(['b', 'a', 'none']);
    expect(sortRows(rows, 'duration', 'desc').map((r) => r.sessionId)).toEqual(['a', 'b', 'none']);
  });
});
