'use client';

import { useState, type DragEvent } from 'react';
import { FilePicker } from '../ui/kit/FilePicker';
import { linkClass } from '../ui/kit/styles';
import { ACCEPTS, filesFromDrop, filesFromInput, type PickedFile } from '../intake/intake';

export interface DropZoneProps {
  readonly busy: boolean;
  readonly onOpen: (picked: { files: PickedFile[]; fromFolder: boolean }) => void;
  /** Two files picked with "Compare…". */
  readonly onCompare: (files: PickedFile[]) => void;
}

/** Where files or a folder are dropped or picked (and two runs picked to compare). */
export function DropZone({ busy, onOpen, onCompare }: DropZoneProps) {
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    setOver(false);
    void filesFromDrop(e.dataTransfer).then(onOpen);
  };

  return (
    <div
      role="region"
      aria-label="Drop zone"
      onDragEnter={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragOver={(e) => e.preventDefault()}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`flex min-h-48 flex-col items-center justify-center gap-2 rounded border-2 border-dashed p-6 text-center ${over ? 'border-sky-500 bg-sky-50 dark:bg-sky-950' : 'border-neutral-300 dark:border-neutral-600'}`}
    >
      <p className="text-base font-medium">Drop transcripts or a project folder here</p>
      <p className="max-w-md text-neutral-600 dark:text-neutral-400">
        {ACCEPTS} Files stay in your browser: nothing is uploaded.
      </p>
      <div className="mt-2 flex gap-2">
        <FilePicker
          multiple
          aria-label="Choose files"
          accept=".jsonl,.json,.gz,.ndjson,.txt,.log,application/json"
          onFiles={(files) => onOpen(filesFromInput(files))}
        >
          Choose files…
        </FilePicker>
        <FilePicker folder aria-label="Choose a folder" onFiles={(files) => onOpen(filesFromInput(files))}>
          Choose a folder…
        </FilePicker>
        <FilePicker
          multiple
          aria-label="Choose two files to compare"
          title="Pick two runs of the same task: where they part, and what each cost"
          accept=".jsonl,.json,.gz,.ndjson"
          onFiles={(files) => onCompare(filesFromInput(files).files)}
        >
          Compare…
        </FilePicker>
      </div>
      <a href="/compare" className={`text-[12px] ${linkClass('hover')}`}>
        or compare folders or share links, a run on each side
      </a>
      {busy ? <p className="text-neutral-500">Opening…</p> : null}
    </div>
  );
}
