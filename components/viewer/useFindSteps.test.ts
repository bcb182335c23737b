// @vitest-environment happy-dom
import { useState } from 'react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderHook, type Rendered } from '../../test/dom/render-hook';
import { useFindSteps } from './useFindSteps';

// Enter and Shift+Enter in the find box, rendered in React: the rows selected as the user steps through the matches.

type Props = { ready: boolean; matches: readonly number[]; selectedRow: number };
const selected: number[] = [];
function useSteps({ ready, matches, selectedRow }: Props) {
  const [matchAt, setMatchAt] = useState(-1);
  const step = useFindSteps({ ready, matches, matchAt, setMatchAt }, selectedRow, (row) => selected.push(row));
  return { step, matchAt };
}

let r: Rendered<Props, ReturnType<typeof useSteps>> | undefined;
afterEach(async () => {
  await r?.unmount();
  r = undefined;
  selected.length = 0;
});
const step = (dir: 1 | -1) => act(async () => r?.result.current.step(dir));

describe('useFindSteps', () => {
  it('Enter first goes to the match after the selected row, then wraps round the matches', async () => {
    r = await renderHook(useSteps, { ready: true, matches: [3, 8, 20], selectedRow: 10 });
    await step(1);
    await step(1);
    await step(1);
    expect(selected).toEqual([20, 3, 8]);
    expect(r.result.current.matchAt).toBe(1);
  });

  it('Shift+Enter first goes to the last match, then back, wrapping from the first to the last', async () => {
    r = await renderHook(useSteps, { ready: true, matches: [3, 8, 20], selectedRow: 10 });
    await step(-1);
    await step(-1);
    await step(-1);
    await step(-1);
    expect(selected).toEqual([20, 8, 3, 20]);
  });

  it('Enter past the last match from a row below them all goes to the first one', async () => {
    r = await renderHook(useSteps, { ready: true, matches: [3, 8], selectedRow: 50 });
    await step(1);
    expect(selected).toEqual([3]);
  });

  it('selects nothing when there is no match', async () => {
    r = await renderHook(useSteps, { ready: true, matches: [], selectedRow: 0 });
    await step(1);
    await step(-1);
    expect(selected).toEqual([]);
  });

  it('an Enter pressed while the matches are on their way is taken once, when they come', async () => {
    r = await renderHook(useSteps, { ready: false, matches: [], selectedRow: 4 });
    await step(1);
    expect(selected).toEqual([]);
    await r.rerender({ ready: true, matches: [2, 6, 9], selectedRow: 4 });
    expect(selected).toEqual([6]);
    // Not taken again by a later render.
    await r.rerender({ ready: true, matches: [2, 6, 9], selectedRow: 6 });
    expect(selected).toEqual([6]);
  });
});
