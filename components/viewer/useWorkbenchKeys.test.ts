// @vitest-environment happy-dom
import { act, createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolbarHandle } from '../panes/Toolbar';
import type { VirtualListHandle } from '../ui/VirtualList';
import { renderHook, type Rendered } from '../../test/dom/render-hook';
import { useWorkbenchKeys } from './useWorkbenchKeys';

// The workbench's page-wide keys, rendered in React with real DOM elements standing for the list, the details and the
// toolbar's boxes, and real KeyboardEvents dispatched where the user's focus would be.

let listEl: HTMLDivElement;
let detailsEl: HTMLDivElement;
let filter: HTMLInputElement;
let find: HTMLInputElement;
let listKeys: string[];
let r: Rendered<null, void> | undefined;

const press = (key: string, target: EventTarget, init: KeyboardEventInit = {}) =>
  act(
    async () =>
      void target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init })),
  );

beforeEach(async () => {
  listEl = document.createElement('div');
  listEl.tabIndex = 0;
  listKeys = [];
  listEl.addEventListener('keydown', (e) => listKeys.push(e.key));
  detailsEl = document.createElement('div');
  const button = document.createElement('button');
  detailsEl.append(button);
  filter = document.createElement('input');
  filter.setAttribute('aria-label', 'Filter');
  find = document.createElement('input');
  find.setAttribute('aria-label', 'Find');
  document.body.append(listEl, detailsEl, filter, find);
  const list = createRef<VirtualListHandle>() as { current: VirtualListHandle | null };
  list.current = { focus: () => listEl.focus(), scrollToIndex: () => undefined };
  const details = { current: detailsEl };
  const toolbar = {
    current: { focusFilter: () => filter.focus(), focusDiagnostics: () => undefined } as ToolbarHandle,
  };
  r = await renderHook(() => useWorkbenchKeys(list, details, toolbar), null);
});
afterEach(async () => {
  await r?.unmount();
  r = undefined;
  document.body.replaceChildren();
});

describe('useWorkbenchKeys', () => {
  it('/ focuses the filter, but is typed as a character inside a field', async () => {
    await press('/', document.body);
    expect(document.activeElement).toBe(filter);
    find.focus();
    await press('/', find);
    expect(document.activeElement).toBe(find);
  });

  it('Ctrl+F and Cmd+F focus the find box', async () => {
    await press('f', document.body, { ctrlKey: true });
    expect(document.activeElement).toBe(find);
    listEl.focus();
    await press('f', listEl, { metaKey: true });
    expect(document.activeElement).toBe(find);
  });

  it('Esc in an empty filter or find box goes back to the list, unless the box used it', async () => {
    filter.focus();
    await press('Escape', filter);
    expect(document.activeElement).toBe(listEl);
    // The box cleared its text with this Esc (it prevented the default): the focus stays in the box.
    find.focus();
    find.addEventListener('keydown', (e) => e.preventDefault(), { once: true });
    await press('Escape', find);
    expect(document.activeElement).toBe(find);
  });

  it('Esc in the details brings the keyboard back to the list', async () => {
    const inside = detailsEl.querySelector('button') as HTMLButtonElement;
    inside.focus();
    await press('Escape', inside);
    expect(document.activeElement).toBe(listEl);
  });

  it('with nothing focused, the list keys reach the list as if it had the focus', async () => {
    await press('j', document.body);
    expect(document.activeElement).toBe(listEl);
    expect(listKeys).toEqual(['j']);
    // With a modifier they are the browser's.
    listEl.blur();
    await press('ArrowDown', document.body, { altKey: true });
    expect(listKeys).toEqual(['j']);
  });

  it('stops listening once the workbench is gone', async () => {
    await r?.unmount();
    r = undefined;
    await press('/', document.body);
    expect(document.activeElement).not.toBe(filter);
  });
});
