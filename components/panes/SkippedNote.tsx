'use client';

import type { SkippedFile } from '../intake/intake';
import { count } from '../../lib/trace/text-order';
import { NoteStrip } from '../ui/NoteStrip';

/** The files of a drop that were not opened, each named with why, until dismissed. */
export function SkippedNote({ skipped, onDismiss }: { skipped: readonly SkippedFile[]; onDismiss: () => void }) {
  return (
    <NoteStrip
      label="Skipped files"
      tone="amber"
      items={skipped.map((f) => ({
        key: f.path,
        title: `${f.path}: ${f.reason}`,
        node: (
          <>
            Skipped <span className="font-mono">{f.path}</span>: {f.reason}
          </>
        ),
      }))}
      more={(n) => `…and ${count(n, 'more file')} skipped`}
      onDismiss={onDismiss}
    />
  );
}
