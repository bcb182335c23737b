// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionRow } from '../../lib/fast/report';
import { renderHook, type Rendered } from '../../test/dom/render-hook';
import { LibraryStore } from './LibraryStore';
import { useCompareMarks, type CompareMarks } from './useCompareMarks';

// The sessions marked with `c` in the library, rendered in React against a real LibraryStore with no folder open.

const row = (sessionId: string) => ({ sessionId }) as SessionRow;
const store = new LibraryStore();
let r: Rendered<null, CompareMarks> | undefined;
afterEach(async () => {
  await r?.unmount();
  r = undefined;
});
const mark = (id: string) => act(async () => r?.result.current.onMark(row(id)));

describe('useCompareMarks', () => {
  it('the first session marked is run A, the second B, and a third mark drops the oldest', async () => {
    r = await renderHook(() => useCompareMarks(store, { current: 0 }), null);
    await mark('s1');
    await mark('s2');
    expect([...r.result.current.marks]).toEqual([
      ['s1', 'A'],
      ['s2', 'B'],
    ]);
    await mark('s3');
    expect(r.result.current.marked).toEqual(['s2', 's3']);
    expect(r.result.current.marks.get('s2')).toBe('A');
  });

  it('marking a marked session again unmarks it, and clear unmarks all', async () => {
    r = await renderHook(() => useCompareMarks(store, { current: 0 }), null);
    await mark('s1');
    await mark('s2');
    await mark('s1');
    expect([...r.result.current.marks]).toEqual([['s2', 'A']]);
    await act(async () => r?.result.current.clearMarks());
    expect(r.result.current.marked).toEqual([]);
  });

  it('does not leave the library to compare sessions whose files it does not hold', async () => {
    r = await renderHook(() => useCompareMarks(store, { current: 0 }), null);
    window.history.replaceState(null, '', '/library');
    await mark('s1');
    await mark('s2');
    await act(async () => r?.result.current.compareMarked());
    expect(window.location.pathname).toBe('/library');
    expect(store.getState().view.opened).toBeUndefined();
  });
});
