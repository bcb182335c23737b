import { describe, expect, it } from 'vitest';
import { filterCountText, filterSuggestions } from './filter-suggestions';

describe('filterSuggestions', () => {
  it('completes a property, then the trace’s own values of it, negated too', () => {
    expect(filterSuggestions('too')).toEqual(['tool:']);
    const tools = { tool: ['Bash', 'Edit', 'WebFetch'] };
    expect(filterSuggestions('tool:', tools)).toEqual(['tool:Bash', 'tool:Edit', 'tool:WebFetch']);
    expect(filterSuggestions('-tool:e', tools)).toEqual(['-tool:Edit']);
  });

  it('matches a value by what it stands for, and never offers the word itself', () => {
    const agents = { agent: ['main', 'a7c3'] };
    const hints = { agent: new Map([['a7c3', 'alice (general-purpose)']]) };
    expect(filterSuggestions('agent:ali', agents, hints)).toEqual(['agent:a7c3']);
    expect(filterSuggestions('tool:Bash', { tool: ['Bash'] })).toEqual([]);
    expect(filterSuggestions('')).toEqual([]);
  });

  it('offers 12 at most', () => {
    const many = { model: Array.from({ length: 20 }, (_, i) => `m${i}`) };
    expect(filterSuggestions('model:', many)).toHaveLength(12);
  });
});

describe('filterCountText', () => {
  it('says all events without a filter, the matched part with one, and waits while applying', () => {
    expect(filterCountText({ matched: 1204, total: 1204 }, '')).toBe('1,204 events');
    expect(filterCountText({ matched: 37, total: 1204 }, 'tool:Bash')).toBe('37 of 1,204 events');
    expect(filterCountText({ matched: 1, total: 1 }, 'kind:user')).toBe('1 of 1 event');
    expect(filterCountText(undefined, '')).toBe('…');
  });
});
