'use client';

import type { LossLine } from '../../lib/view/loss';
import { NoteStrip } from '../ui/NoteStrip';

/**
 * What the load left out, in words (a line past the line limit, a gzip file cut at its inflate limit, usage numbers
 * not counted), until dismissed: a trace that looks complete must not be missing something silently.
 */
export function LossNote({
  lines,
  onDiagnostics,
  onDismiss,
}: {
  lines: readonly LossLine[];
  onDiagnostics: () => void;
  onDismiss: () => void;
}) {
  return (
    <NoteStrip
      label="Not loaded"
      tone="red"
      items={lines.map((l, i) => ({ key: String(i), node: l.text }))}
      more={(n) => `…and ${n} more`}
      actions={
        <button type="button" onClick={onDiagnostics} className="shrink-0 px-1 underline">
          Diagnostics
        </button>
      }
      onDismiss={onDismiss}
    />
  );
}
