'use client';

import { useState } from 'react';
import type { Ask } from '../../data/useTraceWorker';
import { useWorkerQuery } from '../../data/useWorkerQuery';
import { InlineError } from '../../ui/InlineError';
import { Button } from '../../ui/kit/Button';
import { Checkbox } from '../../ui/kit/Checkbox';
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
          <Checkbox checked={pretty} onChange={setPretty}>
            pretty
          </Checkbox>
          <Button
            size="compact"
            onClick={() => {
              navigator.clipboard.writeText(raw.text).then(
                () => setCopied('Copied'),
                () => setCopied('Copy refused: select the text and copy it'),
              );
            }}
          >
            {copied ?? 'Copy'}
          </Button>
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
