import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';

// Renders a hook into a real React root in a DOM (vitest's happy-dom environment: a file opts in with
// `// @vitest-environment happy-dom`), so its effects, state and cleanup run as in the page.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered<P, R> {
  /** What the hook returned at its latest render. */
  readonly result: { current: R };
  rerender(props: P): Promise<void>;
  unmount(): Promise<void>;
}

export async function renderHook<P, R>(hook: (props: P) => R, props: P): Promise<Rendered<P, R>> {
  const result = { current: undefined as R };
  function Probe({ p }: { p: P }) {
    result.current = hook(p);
    return null;
  }
  const root = createRoot(document.createElement('div'));
  await act(async () => root.render(createElement(Probe, { p: props })));
  return {
    result,
    rerender: (p) => act(async () => root.render(createElement(Probe, { p }))),
    unmount: () => act(async () => root.unmount()),
  };
}

/**
 * Waits, letting React apply what the engine's answers set, until `ready` holds (as Playwright's `expect` polls);
 * fails after `ms` with `what`.
 */
export async function until(ready: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`still waiting for ${what} after ${ms} ms`);
    await act(async () => new Promise((r) => setTimeout(r, 5)));
  }
}
