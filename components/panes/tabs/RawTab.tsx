'use client';

import { useState } from 'react';
import type { Ask } from '../../data/useTraceWorker';
import { useWorkerQuery } from '../../data/useWorkerQuery';
import { InlineError } from '../../ui/InlineError';
import { Pre, Section } from './common';

/** The Raw tab: the exact source line (or document record), with its file and line number (or path), and a copy button. */
export function RawTab({ ask, seq }: { ask: Ask; seq: number }) {
  const query = useWorkerQuery(ask, 'raw', { seq }, [], { keepPrevious: false });
  const raw = query.data;
  const [copied, setCopied] = useState<'Copied' | 'Copy refused: select the text and copy it' | undefined>();
  const [pretty, setPretty] = useState(false);
  if (query.error)
    return <InlineError what="read the source line" error={query.error} onRetry={query.retry} className="m-2" />;
  if (!raw)
    return <p className="p-3 text-[13px] text-neutral-500">{query.loading ? 'Reading…' : 'Nothing loaded yet.'}</p>;
  let shown = raw.text;
  if (pretty) {
    try {
      shown = JSON.stringify(JSON.parse(raw.text), null, 2);
    } catch {
      shown = raw.text;
    }
  }
  return (
    <Section
      title="Source"
      aside={
        <span className="flex items-center gap-2">
          <label className="flex items-center gap-1">
            <input type="checkbox" checked={pretty} onChange={(e) => setPretty(e.target.checked)} /> pretty
          </label>
          <button
            type="button"
            onClick={() => {
              navigator.clipboard.writeText(raw.text).then(
                () => setCopied('Copied'),
                () => setCopied('Copy refused: select the text and copy it'),
              );
            }}
            className="rounded border border-neutral-300 px-1.5 py-0.5 hover:bg-neutral-100 dark:border-neutral-600 dark:hover:bg-neutral-700"
          >
            {copied ?? 'Copy'}
          </button>
        </span>
      }
    >
      <div data-testid="raw-location" className="mb-1 font-mono text-[12px] text-neutral-600 dark:text-neutral-400">
        {/* A record of a JSON document has no line of its own: its path says where it is in the document. */}
        {raw.path
          ? `${raw.sourceName} · ${raw.path} · in the document, bytes `
          : `${raw.sourceName}:${raw.line} · bytes `}
        {raw.offset}–{raw.offset + raw.length}
      </div>
      <Pre text={shown} label="raw line" />
    </Section>
  );
}
