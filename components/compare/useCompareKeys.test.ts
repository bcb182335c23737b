// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderHook, type Rendered } from '../../test/dom/render-hook';
import { useCompareKeys, type CompareKeys } from './useCompareKeys';

// The compare view's keys, rendered in React in a DOM: n, p and f work wherever the focus is unless something is being
// typed, and the rows' own handler moves by row, page and difference.

type Props = Omit<CompareKeys, 'select'>;
const chosen: number[] = [];
const useKeys = (p: Props) => useCompareKeys({ ...p, select: (i) => chosen.push(i) });
const press = (key: string, target: EventTarget = window, init: KeyboardEventInit = {}) =>
  act(async () => void target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...init })));

let r: Rendered<Props, ReturnType<typeof useCompareKeys>> | undefined;
afterEach(async () => {
  await r?.unmount();
  r = undefined;
  chosen.length = 0;
});

describe('useCompareKeys', () => {
  const props: Props = { selected: 4, diffRows: [2, 7, 9], firstRow: 2, count: 12 };

  it('n, p and f step through the differences from anywhere on the page', async () => {
    r = await renderHook(useKeys, props);
    await press('n');
    await press('p');
    await press('f');
    expect(chosen).toEqual([7, 2, 2]);
    // The newest selection is the one stepped from.
    await r.rerender({ ...props, selected: 7 });
    await press('n');
    expect(chosen.at(-1)).toBe(9);
  });

  it('leaves the keys to a field being typed in, and to shortcuts with a modifier', async () => {
    r = await renderHook(useKeys, props);
    const input = document.createElement('input');
    document.body.append(input);
    await press('n', input);
    await press('n', window, { ctrlKey: true });
    expect(chosen).toEqual([]);
    input.remove();
  });

  it('stops listening once the view is gone', async () => {
    r = await renderHook(useKeys, props);
    await r.unmount();
    r = undefined;
    await press('n');
    expect(chosen).toEqual([]);
  });
});
