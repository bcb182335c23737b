'use client';

import type { ReactNode } from 'react';
import { lifetimeSentence, lifetimeShort, type Lifetime } from '../../lib/share/expiry-text';
import { Button } from '../ui/kit/Button';
import { TextInput } from '../ui/kit/Field';
import { linkClass } from '../ui/kit/styles';
import { usePasswordField } from '../ui/kit/usePasswordField';

// The receiving page's states before a shared trace opens (a link that burns after reading, one that needs a
// password, one already read), and the toolbar's note of how long the trace lives.

function GatePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-2xl p-8 text-[13px]">
      <h1 className="mb-2 text-base font-semibold">{title}</h1>
      {children}
    </main>
  );
}

const home = (
  <a href="/" className={linkClass()}>
    Back to the home page
  </a>
);

/** A burn-after-reading link, before anything is fetched: opening it is a choice, not what a link preview does. */
export function BurnGate({ onOpen }: { onOpen: () => void }) {
  return (
    <GatePage title="This link opens once">
      <p className="mb-3 text-neutral-700 dark:text-neutral-300">
        Its sender chose <b>burn after reading</b>: opening it deletes the trace from the server. After that only this
        tab shows it, and the link will not open again, for you or anyone else.
      </p>
      <p className="flex items-baseline gap-4">
        <Button variant="primary" autoFocus onClick={onOpen}>
          Open the trace
        </Button>
        {home}
      </p>
    </GatePage>
  );
}

/** A trace sealed under a password: the password is asked here and never leaves the browser. */
export function PasswordGate({
  lifetime,
  error,
  busy,
  onSubmit,
}: {
  lifetime: Lifetime | undefined;
  error: string | undefined;
  busy: boolean;
  onSubmit: (password: string) => void;
}) {
  const { password, setPassword, input, submit } = usePasswordField(error, onSubmit);
  return (
    <GatePage title="This trace is protected by a password">
      <p className="mb-2 text-neutral-700 dark:text-neutral-300">
        Enter the password its sender gave you. It never leaves this browser: the trace is decrypted here, with the key
        in the link and the password together.
      </p>
      {lifetime ? (
        <p
          className={`mb-3 ${lifetime.kind === 'burned' ? 'text-amber-800 dark:text-amber-300' : 'text-neutral-600 dark:text-neutral-400'}`}
        >
          {lifetimeSentence(lifetime, Date.now())}
        </p>
      ) : null}
      <form onSubmit={submit} className="mb-2 flex items-center gap-2">
        <label className="flex items-center gap-2">
          Password
          <TextInput
            ref={input}
            type="password"
            autoFocus
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
            className="w-64"
          />
        </label>
        <Button type="submit" variant="primary" disabled={busy || !password}>
          {busy ? 'Checking…' : 'Open'}
        </Button>
      </form>
      {error ? (
        <p
          role="alert"
          className="rounded border border-red-300 bg-red-50 p-1.5 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {error}
        </p>
      ) : null}
    </GatePage>
  );
}

/** 410: a burn-after-reading link someone has opened. */
export function AlreadyRead({ message }: { message: string }) {
  return (
    <GatePage title="This link has already been read">
      <p
        role="alert"
        className="mb-2 rounded border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      >
        {message}
      </p>
      <p className="mb-4 text-neutral-700 dark:text-neutral-300">
        If you did not open it before, someone else did: tell whoever sent you the link. Only they can share the trace
        again.
      </p>
      <p>{home}</p>
    </GatePage>
  );
}

/** The toolbar's note: `expires in 6 days`, `never expires`, `burned after reading`; the whole sentence on hover. */
export function LifetimeNote({ lifetime }: { lifetime: Lifetime }) {
  const now = Date.now();
  const burned = lifetime.kind === 'burned';
  return (
    <span
      role="note"
      aria-label={lifetimeSentence(lifetime, now)}
      title={lifetimeSentence(lifetime, now)}
      className={`shrink-0 whitespace-nowrap rounded border px-1.5 text-[11px] leading-4 ${
        burned
          ? 'border-amber-400 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200'
          : 'border-neutral-300 text-neutral-600 dark:border-neutral-600 dark:text-neutral-400'
      }`}
    >
      {lifetimeShort(lifetime, now)}
    </span>
  );
}
