'use client';

import { useEffect, type RefObject } from 'react';
import type { ToolbarHandle } from '../panes/Toolbar';
import type { VirtualListHandle } from '../ui/VirtualList';

/** The keys that move in the timeline (see EventList). */
const LIST_KEYS = new Set(['ArrowDown', 'ArrowUp', 'j', 'k', 'PageDown', 'PageUp', 'Home', 'End', '[', ']']);

/** The workbench's page-wide keys: `/` focuses the filter, Ctrl+F find, Esc in an empty filter or find box or in the
 *  details goes back to the list, and the list's keys reach the list when nothing has the focus. */
export function useWorkbenchKeys(
  list: RefObject<VirtualListHandle | null>,
  details: RefObject<HTMLDivElement | null>,
  toolbar: RefObject<ToolbarHandle | null>,
): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target instanceof HTMLElement ? e.target : undefined;
      const typing =
        target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT');
      if (
        e.key === 'Escape' &&
        !e.defaultPrevented &&
        target?.matches('input[aria-label="Filter"], input[aria-label="Find"]')
      ) {
        // The box had nothing to clear or close (it handles Esc itself when it has).
        e.preventDefault();
        list.current?.focus();
      } else if (e.key === 'Escape' && !e.defaultPrevented && !typing && target && details.current?.contains(target)) {
        // Enter took the keyboard from the list to the details: Esc brings it back to the selected row.
        e.preventDefault();
        list.current?.focus();
      } else if (target === document.body && LIST_KEYS.has(e.key) && !e.altKey && !e.ctrlKey && !e.metaKey) {
        // Nothing has the focus (the page has just opened): the list's keys go to the list, as if it had it.
        e.preventDefault();
        list.current?.focus();
        document.activeElement?.dispatchEvent(
          new KeyboardEvent('keydown', { key: e.key, bubbles: true, cancelable: true }),
        );
      } else if (e.key === '/' && !typing) {
        e.preventDefault();
        toolbar.current?.focusFilter();
      } else if ((e.ctrlKey || e.metaKey) && e.key === 'f') {
        e.preventDefault();
        document.querySelector<HTMLInputElement>('input[aria-label="Find"]')?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [list, details, toolbar]);
}
