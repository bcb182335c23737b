// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderHook, until, type Rendered } from '../../test/dom/render-hook';
import { sidePatch, useCompareUrl, type CompareUrl } from './useCompareUrl';

// The comparison's state in the page's real URL (happy-dom's location and history): what reload and back restore, and
// a shared side's key kept in the fragment, which the browser never sends.

let r: Rendered<null, CompareUrl> | undefined;
beforeEach(() => window.history.replaceState(null, '', '/compare'));
afterEach(async () => {
  await r?.unmount();
  r = undefined;
});

describe('useCompareUrl', () => {
  it('reads the sides, the row and the shared sides from the URL the page opened with', async () => {
    window.history.replaceState(null, '', '/compare?a=s%2Fone&b=file%3Ax&row=12#ka=KEY&da=DATA&ba=1&kb=K2');
    r = await renderHook(useCompareUrl, null);
    const u = r.result.current;
    expect([u.a, u.b, u.row]).toEqual(['s/one', 'file:x', '12']);
    expect(u.fragA).toEqual({ key: 'KEY', data: 'DATA', burn: true });
    expect(u.fragB).toEqual({ key: 'K2', data: undefined, burn: false });
  });

  it('a side set keeps its key in the fragment, not the query, and drops the row and an earlier key', async () => {
    window.history.replaceState(null, '', '/compare?a=old&b=keep&row=3#ka=OLD&kb=KB');
    r = await renderHook(useCompareUrl, null);
    await act(async () => r?.result.current.set(sidePatch('a', 'shared', { key: 'NEW', burn: true })));
    expect(window.location.search).toBe('?a=shared&b=keep');
    expect(new URLSearchParams(window.location.hash.slice(1)).get('ka')).toBe('NEW');
    expect(r.result.current.fragA).toEqual({ key: 'NEW', data: undefined, burn: true });
    expect(r.result.current.fragB.key).toBe('KB');
    // A file side has no key: the shared side's earlier one goes.
    await act(async () => r?.result.current.set(sidePatch('a', 'file:run.jsonl')));
    expect(r.result.current.fragA).toEqual({ key: undefined, data: undefined, burn: false });
    expect(window.location.hash).toBe('#kb=KB');
  });

  it('Back restores the previous comparison, and a replaced row adds no history entry', async () => {
    r = await renderHook(useCompareUrl, null);
    const start = window.history.length;
    await act(async () => r?.result.current.set({ a: 'one', b: 'two' }));
    await act(async () => r?.result.current.set({ row: '5' }, 'replace'));
    expect(window.history.length).toBe(start + 1);
    expect(r.result.current.row).toBe('5');
    await act(async () => r?.result.current.set({ b: 'three' }));
    expect(r.result.current.b).toBe('three');
    await act(async () => window.history.back());
    await until(() => r?.result.current.b === 'two', 'the comparison before, after Back');
    expect(r.result.current.row).toBe('5');
  });
});
