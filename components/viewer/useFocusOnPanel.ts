'use client';

import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * Focus that follows a switch of panel: the returned function asks for it, and once `panel` is `target` the element
 * (a list) takes the focus. A link pressed in the Stats panel goes with it: the keyboard goes on in the timeline's list.
 */
export function useFocusOnPanel(
  panel: string,
  target: string,
  el: RefObject<{ focus: () => void } | null>,
): () => void {
  const pending = useRef(false);
  useEffect(() => {
    if (panel !== target || !pending.current) return;
    pending.current = false;
    el.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a switch of panel moves the focus
  }, [panel]);
  return useCallback(() => {
    pending.current = true;
  }, []);
}

/** The browser tab says which trace it shows (the viewer can open in place on the home page, whose title is generic). */
export function useDocumentTitle(heading: string): void {
  useEffect(() => {
    if (heading) document.title = `${heading} · Loupe`;
  }, [heading]);
}
