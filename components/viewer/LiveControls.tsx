'use client';

import { useRef, useState } from 'react';
import type { LoadSource } from '../../lib/engine/protocol';
import type { TraceSummary } from '../../lib/view/trace-summary';
import { filesFromInput } from '../intake/intake';
import type { Reload } from '../data/useTraceWorker';
import { Button } from '../ui/kit/Button';

const POLL_S = 0.75;
const QUIET_S = 30;

/**
 * Beside the toolbar's buttons: a "live" badge while the files are being written (File System Access: they are
 * read again as they grow), or, for files picked or dropped (snapshots the browser took), a Reload button that asks
 * for them again and reads those that changed.
 */
export function LiveControls({
  source,
  summary,
  reload,
}: {
  source: LoadSource | undefined;
  summary: TraceSummary;
  reload: Reload;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState<string | undefined>();
  if (source?.kind === 'handles') {
    return summary.live ? (
      <span
        role="status"
        aria-label="Live"
        title={`The session is still being written: new lines show as they arrive (checked every ${POLL_S} s). It stops being live ${QUIET_S} s after the files last grew.`}
        className="flex items-center gap-1 rounded bg-sky-100 px-1.5 text-[11px] leading-5 font-medium text-sky-800 dark:bg-sky-950 dark:text-sky-300"
      >
        <span aria-hidden className="h-1.5 w-1.5 animate-pulse rounded-full bg-sky-600 dark:bg-sky-400" />
        live
      </span>
    ) : null;
  }
  if (source?.kind !== 'files') return null;
  const folder = source.files.some((f) => f.path.includes('/'));
  return (
    <span className="flex items-center gap-1">
      {note ? (
        <span role="status" className="text-neutral-500">
          {note}
        </span>
      ) : null}
      <Button
        size="compact"
        title={`The browser keeps a snapshot of picked files: pick the ${folder ? 'folder' : 'files'} again to read what changed`}
        onClick={() => input.current?.click()}
      >
        Reload…
      </Button>
      <input
        ref={input}
        {...(folder ? { webkitdirectory: '' } : {})}
        type="file"
        multiple
        aria-label="Files to reload"
        className="sr-only"
        // The Reload… button opens it: one tab stop, not a second one that shows nothing.
        tabIndex={-1}
        onChange={(e) => {
          const picked = filesFromInput(e.target.files).files;
          e.target.value = '';
          setNote('Reading…');
          reload(picked).then(
            (changed) => setNote(changed ? undefined : 'No file changed'),
            (err: Error) => setNote(`Could not reload: ${err.message}`),
          );
        }}
      />
    </span>
  );
}
