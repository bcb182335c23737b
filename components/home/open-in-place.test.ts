// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { clearRefusal, openInPlace, placedStore, refuseInPlace, settlePlaced, takeRefusal } from './open-in-place';

afterEach(() => {
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
    expect(`${window.location.pathname}${window.location.search}`).toBe('/view?local=abc&maxLineBytes=1MB');
    settlePlaced();
    expect(placedStore.get()).toBeUndefined();
    // Settling twice tells no one again.
    settlePlaced();
    expect(told).toBe(2);
    off();
    expect(placedStore.server()).toBeUndefined();
  });

  it('lets the address bar rule again after Back, before the router has followed', () => {
    openInPlace('/view?local=abc');
    window.history.replaceState(null, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(placedStore.get()).toBeUndefined();
  });

  it('goes back to the address before it when the file is refused, and keeps why for the home page', () => {
    window.history.replaceState(null, '', '/?maxHeapBytes=2MB');
    openInPlace('/view?local=png');
    refuseInPlace('image.png is a PNG image, not a transcript.');
    expect(placedStore.get()).toBeUndefined();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/?maxHeapBytes=2MB');
    expect(takeRefusal()).toBe('image.png is a PNG image, not a transcript.');
    // Read again until the home page has said it (a first render may run twice); a new open forgets it.
    expect(takeRefusal()).toBe('image.png is a PNG image, not a transcript.');
    openInPlace('/view?local=next');
    expect(takeRefusal()).toBeUndefined();
  });
});
