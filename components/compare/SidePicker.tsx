'use client';

import { useState } from 'react';
import { filesFromInput, type PickedFile } from '../intake/intake';

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
        <label className="cursor-pointer rounded border border-neutral-300 bg-white px-3 py-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500 hover:bg-neutral-100 dark:border-neutral-600 dark:bg-neutral-800 dark:hover:bg-neutral-700">
          Choose files…
          <input
            type="file"
            multiple
            aria-label={`Choose files for run ${side}`}
            className="sr-only"
            accept=".jsonl,.json,.gz,.ndjson"
            onChange={(e) => onPicked(filesFromInput(e.target.files))}
          />
        </label>
        <label className="cursor-pointer rounded border border-neutral-300 bg-white px-3 py-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500 hover:bg-neutral-100 dark:border-neutral-600 dark:bg-neutral-800 dark:hover:bg-neutral-700">
          Choose a folder…
          <input
            type="file"
            aria-label={`Choose a folder for run ${side}`}
            className="sr-only"
            ref={(el) => {
              if (el) el.setAttribute('webkitdirectory', '');
            }}
            onChange={(e) => onPicked(filesFromInput(e.target.files))}
          />
        </label>
      </span>
      <form
        className="mt-1 flex w-full max-w-sm gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          onLink(link);
        }}
      >
        <input
          type="url"
          value={link}
          onChange={(e) => setLink(e.target.value)}
          aria-label={`Share link for run ${side}`}
          placeholder="or paste a share link: …/t/<id>#k=… or …/t#d=…"
          className="h-6 min-w-0 flex-1 rounded border border-neutral-300 bg-white px-1.5 font-mono text-[11px] dark:border-neutral-600 dark:bg-neutral-950"
        />
        <button
          type="submit"
          className="h-6 rounded border border-neutral-300 px-2 hover:bg-neutral-100 dark:border-neutral-600 dark:hover:bg-neutral-700"
        >
          Open
        </button>
      </form>
    </>
  );
}
