import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Breakdown } from '../../../lib/trace/stats';
import type { StatsView } from '../../../lib/view/stats-view';
import { BreakdownTables } from './BreakdownTables';

// The By agent table of a run with many subagents, as the server renders it: the first 20 agents drawn and the rest
// said, and the row of what result frames booked beyond every line drawn whatever the cut (it explains the totals).

const tokens = { input: 1, output: 2, cacheCreation: 0, cache5m: 0, cache1h: 0, cacheRead: 0 };
const row = (key: string, label: string): Breakdown => ({
  key,
  label,
  apiMessages: 1,
  tokens,
  costUsd: 0.01,
  priced: true,
  unpricedModels: [],
});

function view(agents: number): StatsView {
  const byAgent = [
    row('0', 'main'),
    ...Array.from({ length: agents }, (_, i) => row(String(i + 1), `Explore · task ${i + 1}`)),
    row('result-only', 'other calls (result frame)'),
  ];
  return {
    stats: { byModel: [], byAgent, reconciled: [] },
    reported: { modelUsage: [] },
  } as unknown as StatsView;
}

const ex = () => ({ onClick: () => undefined, 'aria-expanded': false, 'aria-controls': 'explain-panel' });

describe('BreakdownTables, By agent', () => {
  it('draws the first 20 agents, says how many there are, and always draws the result frame row', () => {
    const html = renderToStaticMarkup(<BreakdownTables view={view(40)} ex={ex} />);
    expect(html).toContain('Explore · task 19<');
    expect(html).not.toContain('Explore · task 20<');
    expect(html).toContain('other calls (result frame)');
    expect(html).toMatch(/21 of 42 agents shown/);
  });

  it('draws every agent when there are few', () => {
    const html = renderToStaticMarkup(<BreakdownTables view={view(5)} ex={ex} />);
    expect(html).toContain('Explore · task 5<');
    expect(html).toContain('other calls (result frame)');
    expect(html).not.toContain('agents shown');
  });
});
