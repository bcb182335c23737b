'use client';

import { Button } from '../ui/kit/Button';

/** Asks for the user's word (a click) before reading files on disk again after a page reload. */
export function AllowReading({ title, path, allow }: { title: string; path: string; allow: () => Promise<void> }) {
  return (
    <main className="mx-auto max-w-2xl p-8 text-[13px]">
      <h1 className="mb-2 text-base font-semibold">{title}</h1>
      <p className="mb-3 text-neutral-700 dark:text-neutral-300">
        This session is read from <code className="font-mono">{path.split('/').slice(0, -1).join('/')}</code> on your
        disk. The browser asks again before Loupe may read it.
      </p>
      <Button variant="primary" onClick={() => void allow()}>
        Allow reading the folder
      </Button>
    </main>
  );
}
