'use client';

import { useEffect, useState } from 'react';
import { deleteShared, forgetLink, loadLinks, onLinksChanged, type SharedLink } from './shareApi';
import { Button } from '../ui/kit/Button';
import { linkClass } from '../ui/kit/styles';

function when(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The links this browser created, each with a Delete button (the delete token never left this browser either). */
export function SharedLinks({ className }: { className?: string }) {
  const [links, setLinks] = useState<readonly SharedLink[]>([]);
  const [busy, setBusy] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    const refresh = () => setLinks(loadLinks());
    refresh();
    return onLinksChanged(refresh);
  }, []);
  if (links.length === 0) return null;
  const remove = async (l: SharedLink) => {
    setBusy(l.id);
    setError(undefined);
    try {
      await deleteShared(l.id, l.deleteToken);
      forgetLink(l.id);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <section aria-label="Your shared links" className={className}>
      <h2 className="mb-1 font-medium">Your shared links</h2>
      <ul className="flex flex-col divide-y divide-neutral-200 rounded border border-neutral-200 text-[12px] dark:divide-neutral-700 dark:border-neutral-700">
        {links.map((l) => (
          <li key={l.id} aria-label={`Shared link ${l.title}`} className="flex items-center gap-2 px-2 py-1">
            <span className="min-w-0 flex-1">
              <a href={l.link} className={`block truncate ${linkClass('hover')}`}>
                {l.title}
              </a>
              <span className="text-neutral-500">
                shared {when(l.createdAt)} · {l.expiresAt === null ? 'never expires' : `expires ${when(l.expiresAt)}`}
                {l.burnAfterReading ? ' · opens once' : ''}
                {l.password ? ' · password' : ''}
              </span>
            </span>
            <Button variant="danger" size="compact" disabled={busy === l.id} onClick={() => void remove(l)}>
              {busy === l.id ? 'Deleting…' : 'Delete'}
            </Button>
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="mt-1 text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </section>
  );
}
