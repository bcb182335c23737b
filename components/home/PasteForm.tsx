'use client';

import { useState, type FormEvent } from 'react';
import { pastedName, type PickedFile } from '../intake/intake';
import { Button } from '../ui/kit/Button';
import { TextArea } from '../ui/kit/Field';

/** Pasted JSONL (or a JSON document), opened as a file of its own (`pasted.jsonl`, `pasted.json`). */
export function PasteForm({
  onOpen,
  onError,
}: {
  readonly onOpen: (file: PickedFile) => void;
  readonly onError: (message: string) => void;
}) {
  const [paste, setPaste] = useState('');
  const onPaste = (e: FormEvent) => {
    e.preventDefault();
    if (!paste.trim()) {
      onError('The pasted text is empty.');
      return;
    }
    const name = pastedName(paste);
    const type = name.endsWith('.jsonl') ? 'application/x-ndjson' : 'application/json';
    onOpen({ path: name, file: new File([paste], name, { type }) });
  };

  return (
    <form onSubmit={onPaste} className="flex flex-col gap-1">
      <label htmlFor="paste" className="font-medium">
        Paste JSONL
      </label>
      <TextArea
        id="paste"
        value={paste}
        onChange={(e) => setPaste(e.target.value)}
        onKeyDown={(e) => {
          // Ctrl+Enter (⌘+Enter on a Mac) opens it, as the button below does.
          if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey)) return;
          e.preventDefault();
          e.currentTarget.form?.requestSubmit();
        }}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        rows={4}
        spellCheck={false}
        placeholder='{"type":"system","subtype":"init",…}'
        mono
      />
      <span className="flex items-baseline gap-2">
        <Button type="submit">Open pasted text</Button>
        <span className="text-[11px] text-neutral-500 dark:text-neutral-400">or Ctrl+Enter (⌘+Enter on a Mac)</span>
      </span>
    </form>
  );
}
