// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../test/dom/render-hook';
import { LibraryStore } from './LibraryStore';
import { GRID_ID } from './SessionTable';
import { useLibrarySearch, type LibrarySearch } from './useLibrarySearch';

// The library's search box, rendered in React as the page has it (an input wired to the hook, beside the sessions
// grid) against a real LibraryStore with no folder open, and driven by real input and keyboard events.

let store: LibraryStore;
let root: Root;
let host: HTMLDivElement;
let grid: HTMLDivElement;
const current: { search?: LibrarySearch } = {};

function Search({ initial }: { initial: string }) {
  const s = useLibrarySearch(store, initial);
  current.search = s;
  return createElement('input', {
    'aria-label': 'Search',
    ref: s.searchRef,
    value: s.query,
    onChange: (e: { currentTarget: HTMLInputElement }) => s.setQuery(e.currentTarget.value),
    onKeyDown: s.onSearchKey,
  });
}

const input = () => host.querySelector('input') as HTMLInputElement;
const press = (key: string, target: EventTarget) =>
  act(async () => void target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));
const type = (text: string) => act(async () => current.search?.setQuery(text));

beforeEach(async () => {
  store = new LibraryStore();
  host = document.createElement('div');
  grid = Object.assign(document.createElement('div'), { id: GRID_ID, tabIndex: 0 });
  document.body.append(host, grid);
  root = createRoot(host);
  await act(async () => root.render(createElement(Search, { initial: '' })));
});
afterEach(async () => {
  await act(async () => root.unmount());
  store.close();
  document.body.replaceChildren();
});

describe('useLibrarySearch', () => {
  it('what is typed reaches the library once the typing pauses, the last query only, from the first row', async () => {
    store.setView({ active: 7 });
    await type('gre');
    await type('grep');
    expect(store.getState().view.query).toBe('');
    await until(() => store.getState().view.query === 'grep', 'the query to reach the store');
    expect(store.getState().view.active).toBe(0);
  });

  it('/ focuses the search from the page, but is typed as a character inside another field', async () => {
    await press('/', document.body);
    expect(document.activeElement).toBe(input());
    const other = document.createElement('textarea');
    document.body.append(other);
    other.focus();
    await press('/', other);
    expect(document.activeElement).toBe(other);
  });

  it('ArrowDown and Enter go to the rows, with the query applied at once, on the first row', async () => {
    input().focus();
    store.setView({ active: 3 });
    await type('Read');
    await press('ArrowDown', input());
    expect(store.getState().view).toMatchObject({ query: 'Read', active: 0 });
    expect(document.activeElement).toBe(grid);
    input().focus();
    await press('Enter', input());
    expect(document.activeElement).toBe(grid);
  });

  it('Esc goes back to the rows from an empty box only', async () => {
    input().focus();
    await type('x');
    await press('Escape', input());
    expect(document.activeElement).toBe(input());
    await type('');
    await press('Escape', input());
    expect(document.activeElement).toBe(grid);
  });
});
