'use client';

import { useState } from 'react';
import type { Ask } from '../data/useTraceWorker';
import { ShareDialog } from './ShareDialog';

/** The toolbar's Share button and the dialog it opens. */
export function ShareButton({ ask, title, viewState }: { ask: Ask; title: string; viewState: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        title="Share a redacted, encrypted link to this trace"
        className="rounded border border-neutral-300 bg-white px-2 leading-5 hover:bg-neutral-50 dark:border-neutral-600 dark:bg-neutral-900 dark:hover:bg-neutral-700"
      >
        Share…
      </button>
      {open ? <ShareDialog ask={ask} title={title} viewState={viewState} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
