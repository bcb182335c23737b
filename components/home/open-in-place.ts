import { limitParams } from '../../lib/engine/limit-params';

/**
 * Opens the viewer for a URL without a round trip to the server: the page's URL becomes `/view?…` (so reload, back
 * and links work as for the real route) while this page renders the viewer in place, as the parser already runs.
 */
export function openInPlace(url: string): void {
  // The load limits set on the home page's URL go with it, so a reload loads the same way.
  window.history.pushState(null, '', `${url}${limitParams(new URLSearchParams(window.location.search))}`);
}
