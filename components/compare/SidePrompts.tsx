'use client';

import { Button } from '../ui/kit/Button';
import { TextInput } from '../ui/kit/Field';
import { usePasswordField } from '../ui/kit/usePasswordField';

// What a side that is a share link asks before it opens, in its own slot of the compare page: whether to spend a link
// that burns after reading, and the password of a trace sealed under one (typed here, never put in the URL).

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
      <Button variant="primary" onClick={onOpen} className="h-6">
        Open run {side} and burn the link
      </Button>
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
  const { password, setPassword, input, submit } = usePasswordField(error, onSubmit, true);
  return (
    <>
      <p className="font-medium">{title}</p>
      <p className="max-w-sm text-neutral-600 dark:text-neutral-400">
        This trace is protected by a password. It is checked in this browser and never leaves it, nor goes in the URL.
      </p>
      <form onSubmit={submit} className="flex flex-wrap items-center justify-center gap-2">
        <label className="flex items-center gap-2">
          Password for run {side}
          <TextInput
            ref={input}
            type="password"
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
            className="w-36"
          />
        </label>
        <Button type="submit" variant="primary" disabled={busy || !password} className="h-6">
          {busy ? 'Checking…' : `Open run ${side}`}
        </Button>
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
