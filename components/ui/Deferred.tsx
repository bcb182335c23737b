'use client';

import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Draws `children` in a transition, after a first commit without them. A big tree mounted by an input's event (a file
 * picked) is otherwise rendered within that event, in one task (60-70 ms for the viewer on a slow machine); in a
 * transition React renders it in slices between other tasks. Kept where it is, it draws its new children at once.
 */
export function Deferred({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready ? children : null;
}
