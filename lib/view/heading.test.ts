import { describe, expect, it } from 'vitest';
import { headingTooltip, headOf, traceHeading } from './heading';

const head = {
  id: 'c0ffee00-0000-4000-8000-000000000024',
  firstPrompt: '/review 12',
  start: '2026-03-03T09:00:00.000Z',
  end: '2026-03-03T09:01:05.000Z',
  durationMs: 65_000,
};

describe('the workbench heading', () => {
  it('is what the trace was opened as, then its session’s first prompt', () => {
    expect(traceHeading('~/experiments/worktrees', head)).toBe('~/experiments/worktrees · /review 12');
    expect(traceHeading('', head)).toBe('/review 12');
    expect(traceHeading('run-1.stream.jsonl', { ...head, firstPrompt: undefined })).toBe('run-1.stream.jsonl');
    expect(traceHeading('run-1.stream.jsonl', undefined)).toBe('run-1.stream.jsonl');
  });

  it('names the head session, and its span in the tooltip', () => {
    expect(headOf({ sessions: [{ ...head, id: 'x' }, head], head: 1 })).toBe(head);
    expect(headOf({ sessions: [head] })).toBeUndefined();
    expect(headingTooltip('h', head)).toBe(
      'h\nsession c0ffee00-0000-4000-8000-000000000024 · 2026-03-03 09:00:00Z → 2026-03-03 09:01:05Z (1m 5s)',
    );
    expect(headingTooltip('h', { ...head, start: null, end: null, durationMs: null })).toBe(
      'h\nsession c0ffee00-0000-4000-8000-000000000024',
    );
  });
});
