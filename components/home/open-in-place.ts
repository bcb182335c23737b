import { limitParams } from '../../lib/engine/limit-params';
import { afterFirstRows } from '../data/first-rows';

/**
 * Opens the viewer for a URL without a round trip to the server: the page's URL becomes `/view?…` (so reload, back
 * and links work as for the real route) while this page renders the viewer in place, as the parser already runs.
 *
 * The router follows a `pushState` in a transition, which it renders in slices between other tasks: the viewer's
 * first frame came 30-90 ms after the drop. So the address is also kept here, and the home page gives way to the
 * viewer for it at once (`placedStore`), until the router's pathname has caught up (`settlePlaced`). The viewer itself
 * is drawn in a transition of its own (`Deferred`), not in the task of the drop's event.
 *
 * The address itself changes once the viewer's first rows are on screen (`afterFirstRows`), or after
 * `ADDRESS_WAIT_MS`: the router's work on it took the main thread from them (sdk-100's first rows came 20 ms later).
 * Until then (30-50 ms after a drop on this machine) the page keeps the home page's address: Back leaves the page as it
 * would leave the home page, and a reload shows the home page.
 */
export function openInPlace(url: string): void {
  // The load limits set on the home page's URL go with it, so a reload loads the same way.
  const full = `${url}${limitParams(new URLSearchParams(window.location.search))}`;
  from = `${window.location.pathname}${window.location.search}`;
  refusal = undefined;
  placed = full;
  for (const tell of listeners) tell();
  cancelPush();
  const push = (): void => {
    cancelPush();
    window.history.pushState(null, '', full);
  };
  const off = afterFirstRows(push);
  const timer = setTimeout(push, ADDRESS_WAIT_MS);
  cancelPush = () => {
    off();
    clearTimeout(timer);
    cancelPush = noPush;
  };
  // Back (or forward) before the router followed: the address in the bar rules, not the one kept.
  if (!watching) window.addEventListener('popstate', settlePlaced);
  watching = true;
}

let watching = false;

/** The longest the address waits for the first rows. */
export const ADDRESS_WAIT_MS = 2000;
const noPush = (): void => undefined;
/** Cancels the address change that waits for the first rows (none: does nothing). */
let cancelPush = noPush;

let placed: string | undefined;
/** The address the page had before `openInPlace`, to go back to. */
let from = '/';
/** Why the file opened in place was refused after all, for the home page to say. */
let refusal: string | undefined;
const listeners = new Set<() => void>();

/** For `useSyncExternalStore`: the address opened in place that the router has not followed yet. */
export const placedStore = {
  subscribe(tell: () => void): () => void {
    listeners.add(tell);
    return () => listeners.delete(tell);
  },
  get: (): string | undefined => placed,
  /** On the server, nothing is opened in place. */
  server: (): string | undefined => undefined,
};

/** The router's pathname has followed the address: it rules again. */
export function settlePlaced(): void {
  // Back before the address changed: it no longer will.
  cancelPush();
  if (placed === undefined) return;
  placed = undefined;
  for (const tell of listeners) tell();
}

/**
 * The file opened in place was refused after all (its check ends after the viewer is drawn): back to the address
 * before it, in place of the viewer's, where the home page says `why` (`takeRefusal`).
 */
export function refuseInPlace(why: string): void {
  refusal = why;
  placed = undefined;
  cancelPush();
  for (const tell of listeners) tell();
  window.history.replaceState(null, '', from);
}

/** What `refuseInPlace` said, until the home page has said it (`clearRefusal`): it shows it as it mounts. */
export function takeRefusal(): string | undefined {
  return refusal;
}

/** The home page has said it. */
export function clearRefusal(): void {
  refusal = undefined;
}
