'use client';

import { useState } from 'react';
import { filesFromInput, type PickedFile } from '../intake/intake';
import { Button } from '../ui/kit/Button';
import { TextInput } from '../ui/kit/Field';
import { FilePicker } from '../ui/kit/FilePicker';

// An empty side of the compare page: a file or a folder picked, or a share link pasted (one in the store, or one that
// carries its trace).

export function SidePicker({
  side,
  onPicked,
  onLink,
}: {
  side: 'A' | 'B';
  onPicked: (p: { files: PickedFile[]; fromFolder: boolean }) => void;
  onLink: (text: string) => void;
}) {
  const [link, setLink] = useState('');
  return (
    <>
      <p className="font-medium">Drop run {side} here</p>
      <p className="text-neutral-600 dark:text-neutral-400">A transcript, or a folder with its subagent files.</p>
      <span className="mt-1 flex gap-2">
        <FilePicker
          multiple
          aria-label={`Choose files for run ${side}`}
          accept=".jsonl,.json,.gz,.ndjson"
          onFiles={(files) => onPicked(filesFromInput(files))}
        >
          Choose files…
        </FilePicker>
        <FilePicker
          folder
          aria-label={`Choose a folder for run ${side}`}
          onFiles={(files) => onPicked(filesFromInput(files))}
        >
          Choose a folder…
        </FilePicker>
      </span>
      <form
        className="mt-1 flex w-full max-w-sm gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          onLink(link);
        }}
      >
        <TextInput
          type="url"
          mono
          value={link}
          onChange={(e) => setLink(e.target.value)}
          aria-label={`Share link for run ${side}`}
          placeholder="or paste a share link: …/t/<id>#k=… or …/t#d=…"
          className="min-w-0 flex-1"
        />
        <Button type="submit" size="compact" className="h-6">
          Open
        </Button>
      </form>
    </>
  );
}
