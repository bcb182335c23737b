'use client';

import { useState } from 'react';
import type { Ask } from '../data/useTraceWorker';
import { ShareDialog } from './ShareDialog';
import { Button } from '../ui/kit/Button';

/** The toolbar's Share button and the dialog it opens. */
export function ShareButton({ ask, title, viewState }: { ask: Ask; title: string; viewState: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="compact" onClick={() => setOpen(true)} title="Share a redacted, encrypted link to this trace">
        Share…
      </Button>
      {open ? <ShareDialog ask={ask} title={title} viewState={viewState} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
