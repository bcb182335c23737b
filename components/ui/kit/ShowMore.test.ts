// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook } from '../../../test/dom/render-hook';
import { useShown } from './ShowMore';

// How many rows of a long list are drawn, in a real React root: the first few, then more on request, then all.

describe('useShown', () => {
  it('draws the first rows, a hundred more at a time, then all of them', async () => {
    const h = await renderHook(({ total }: { total: number }) => useShown(total), { total: 1640 });
    expect(h.result.current.shown).toBe(20);
    await act(async () => h.result.current.more());
    expect(h.result.current.shown).toBe(120);
    await act(async () => h.result.current.all());
    expect(h.result.current.shown).toBe(1640);
    await h.unmount();
  });

  it('keeps drawing all of them after Show all when the list grows (a trace read again)', async () => {
    const h = await renderHook(({ total }: { total: number }) => useShown(total), { total: 50 });
    await act(async () => h.result.current.all());
    await h.rerender({ total: 55 });
    expect(h.result.current.shown).toBe(55);
    await h.unmount();
  });

  it('never says more are shown than there are', async () => {
    const h = await renderHook(({ total }: { total: number }) => useShown(total, 12), { total: 5 });
    expect(h.result.current.shown).toBe(5);
    await act(async () => h.result.current.more());
    expect(h.result.current.shown).toBe(5);
    await h.unmount();
  });
});
