// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstRowsShown } from '../data/first-rows';
import {
  ADDRESS_WAIT_MS,
  clearRefusal,
  openInPlace,
  placedStore,
  refuseInPlace,
  settlePlaced,
  takeRefusal,
} from './open-in-place';

const address = (): string => `${window.location.pathname}${window.location.search}`;

afterEach(() => {
  vi.useRealTimers();
  settlePlaced();
  clearRefusal();
  window.history.replaceState(null, '', '/');
});

describe('openInPlace', () => {
  it('keeps the address for the home page to draw at once, with the home page limits, until the router follows', () => {
    window.history.replaceState(null, '', '/?maxLineBytes=1MB');
    let told = 0;
    const off = placedStore.subscribe(() => (told += 1));
    openInPlace('/view?local=abc');
    expect(placedStore.get()).toBe('/view?local=abc&maxLineBytes=1MB');
    // The address bar follows once the first rows are on screen, not before (the router's work would delay them).
    expect(address()).toBe('/?maxLineBytes=1MB');
    firstRowsShown();
    expect(address()).toBe('/view?local=abc&maxLineBytes=1MB');
    settlePlaced();
    expect(placedStore.get()).toBeUndefined();
    // Settling twice tells no one again.
    settlePlaced();
    expect(told).toBe(2);
    off();
    expect(placedStore.server()).toBeUndefined();
  });

  it('changes the address after a while when no first rows come, once, and never after a newer open', () => {
    vi.useFakeTimers();
    openInPlace('/view?local=slow');
    vi.advanceTimersByTime(ADDRESS_WAIT_MS - 1);
    expect(address()).toBe('/');
    vi.advanceTimersByTime(1);
    expect(address()).toBe('/view?local=slow');
    window.history.replaceState(null, '', '/');
    // Rows shown later change nothing: it was done.
    firstRowsShown();
    expect(address()).toBe('/');
    openInPlace('/view?local=first');
    openInPlace('/view?local=second');
    vi.advanceTimersByTime(ADDRESS_WAIT_MS);
    expect(address()).toBe('/view?local=second');
  });

  it('lets the address bar rule again after Back, before the router has followed', () => {
    openInPlace('/view?local=abc');
    firstRowsShown();
    window.history.replaceState(null, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(placedStore.get()).toBeUndefined();
  });

  it('does not change the address after Back before the first rows: the viewer is left, and so is its address', () => {
    openInPlace('/view?local=abc');
    // Back from the home page's entry (the one the page still has): a real browser leaves the page; its event here.
    window.dispatchEvent(new PopStateEvent('popstate'));
    firstRowsShown();
    expect(address()).toBe('/');
  });

  it('goes back to the address before it when the file is refused, and keeps why for the home page', () => {
    window.history.replaceState(null, '', '/?maxHeapBytes=2MB');
    openInPlace('/view?local=png');
    refuseInPlace('image.png is a PNG image, not a transcript.');
    expect(placedStore.get()).toBeUndefined();
    expect(address()).toBe('/?maxHeapBytes=2MB');
    // Refused before its first rows: the address it waited to take is never taken.
    firstRowsShown();
    expect(address()).toBe('/?maxHeapBytes=2MB');
    expect(takeRefusal()).toBe('image.png is a PNG image, not a transcript.');
    // Read again until the home page has said it (a first render may run twice); a new open forgets it.
    expect(takeRefusal()).toBe('image.png is a PNG image, not a transcript.');
    openInPlace('/view?local=next');
    expect(takeRefusal()).toBeUndefined();
  });
});
