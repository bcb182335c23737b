'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';

// What a side that is a share link asks before it opens, in its own slot of the compare page: whether to spend a link
// that burns after reading, and the password of a trace sealed under one (typed here, never put in the URL).

const PRIMARY =
  'h-6 rounded border border-sky-700 bg-sky-700 px-3 font-medium text-white hover:bg-sky-800 disabled:opacity-50 dark:border-sky-600 dark:bg-sky-600 dark:hover:bg-sky-500';

/** A burn-after-reading link: nothing is fetched until the person chooses to spend it. */
export function BurnAsk({ side, title, onOpen }: { side: 'A' | 'B'; title: string; onOpen: () => void }) {
  return (
    <>
      <p className="font-medium">
        {title}: <span className="text-amber-800 dark:text-amber-300">this link opens once</span>
      </p>
      <p className="max-w-sm text-neutral-600 dark:text-neutral-400">
        Its sender chose burn after reading: opening it as run {side} deletes the trace from the server. Only this tab
        will hold it; a reload, or anyone opening the link later, will find it gone.
      </p>
      <button type="button" onClick={onOpen} className={PRIMARY}>
        Open run {side} and burn the link
      </button>
    </>
  );
}

/** A trace sealed under a password: asked here, checked in the browser, a wrong one said in words. */
export function PasswordAsk({
  side,
  title,
  error,
  busy,
  onSubmit,
}: {
  side: 'A' | 'B';
  title: string;
  error: string | undefined;
  busy: boolean;
  onSubmit: (password: string) => void;
}) {
  const [password, setPassword] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // On a wrong password the field is selected, so typing the right one replaces it.
  useEffect(() => {
    if (error) input.current?.select();
    else input.current?.focus();
  }, [error]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password) onSubmit(password);
  };
  return (
    <>
      <p className="font-medium">{title}</p>
      <p className="max-w-sm text-neutral-600 dark:text-neutral-400">
        This trace is protected by a password. It is checked in this browser and never leaves it, nor goes in the URL.
      </p>
      <form onSubmit={submit} className="flex flex-wrap items-center justify-center gap-2">
        <label className="flex items-center gap-2">
          Password for run {side}
          <input
            ref={input}
            type="password"
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
            className="h-6 w-36 rounded border border-neutral-300 bg-white px-1.5 dark:border-neutral-600 dark:bg-neutral-950"
          />
        </label>
        <button type="submit" disabled={busy || !password} className={PRIMARY}>
          {busy ? 'Checking…' : `Open run ${side}`}
        </button>
      </form>
      {error && !busy ? (
        <p
          role="alert"
          className="rounded border border-red-300 bg-red-50 px-2 py-1 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {error}
        </p>
      ) : null}
    </>
  );
}
