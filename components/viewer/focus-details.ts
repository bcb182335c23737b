/** How long Enter's wish for the details waits for them to be drawn. */
const WAIT_MS = 5000;

const selectedTab = (root: HTMLElement): HTMLElement | null =>
  root.querySelector<HTMLElement>('[role=tab][aria-selected=true]');

/**
 * Enter in the list: the focus goes to the details' selected tab. The details of a row just selected may still be
 * loading (no tabs yet): the focus then goes there once they are drawn, unless the keyboard went elsewhere meanwhile.
 * Before, an Enter pressed quickly after a move did nothing.
 */
export function focusDetails(root: HTMLElement | null): void {
  if (!root) return;
  const now = selectedTab(root);
  if (now) {
    now.focus();
    return;
  }
  const from = document.activeElement;
  const observer = new MutationObserver(() => {
    const tab = selectedTab(root);
    if (!tab) return;
    stop();
    if (document.activeElement === from || document.activeElement === document.body) tab.focus();
  });
  const timer = setTimeout(() => stop(), WAIT_MS);
  const stop = (): void => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(root, { childList: true, subtree: true });
}
