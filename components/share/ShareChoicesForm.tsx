'use client';

import { useEffect, useState } from 'react';
import { DEFAULT_CHOICES, fetchShareChoices, type ShareChoices } from './shareApi';
import { Select, TextInput } from '../ui/kit/Field';

// The share dialog's choices for the link itself: where the ciphertext goes, how long it lives, whether it opens once,
// and an optional password. Every change takes away a link made before it (the dialog's `changed`).

export interface LinkChoices {
  readonly where: 'upload' | 'fragment';
  /** Seconds; null: never expires (offered only where the server allows it). */
  readonly ttl: number | null;
  readonly burn: boolean;
  readonly password: string;
}

const SIZE_NOTE = (max: string) => `No upload: the link carries the trace (small traces, up to ${max} encrypted)`;

export function expiryLabel(seconds: number | null): string {
  if (seconds === null) return 'never';
  if (seconds % (7 * 86_400) === 0 && seconds / (7 * 86_400) < 4)
    return seconds === 7 * 86_400 ? '1 week' : `${seconds / (7 * 86_400)} weeks`;
  if (seconds % 86_400 === 0) return seconds === 86_400 ? '1 day' : `${seconds / 86_400} days`;
  if (seconds % 3600 === 0) return seconds === 3600 ? '1 hour' : `${seconds / 3600} hours`;
  return `${Math.round(seconds / 60)} minutes`;
}

/** The expiries this server takes, asked once per dialog. */
export function useShareChoices(): ShareChoices {
  const [choices, setChoices] = useState(DEFAULT_CHOICES);
  useEffect(() => {
    let live = true;
    void fetchShareChoices().then((c) => {
      if (live) setChoices(c);
    });
    return () => {
      live = false;
    };
  }, []);
  return choices;
}

export function ShareChoicesForm({
  value,
  onChange,
  choices,
  fragmentMax,
}: {
  value: LinkChoices;
  onChange: (next: LinkChoices) => void;
  choices: ShareChoices;
  fragmentMax: string;
}) {
  const set = (patch: Partial<LinkChoices>) => onChange({ ...value, ...patch });
  const upload = value.where === 'upload';
  return (
    <div className="mb-2 flex flex-col gap-1">
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <legend className="sr-only">Where the encrypted trace goes</legend>
        <label className="flex items-center gap-1">
          <input type="radio" name="where" checked={upload} onChange={() => set({ where: 'upload' })} />
          Upload the ciphertext, expires after
        </label>
        <Select
          aria-label="Expires after"
          value={value.ttl === null ? 'never' : String(value.ttl)}
          onChange={(e) => set({ ttl: e.target.value === 'never' ? null : Number(e.target.value) })}
          disabled={!upload}
        >
          {choices.expiries.map((s) => (
            <option key={s ?? 'never'} value={s === null ? 'never' : String(s)}>
              {expiryLabel(s)}
            </option>
          ))}
        </Select>
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={value.burn && upload}
            disabled={!upload}
            onChange={(e) => set({ burn: e.target.checked })}
          />
          Burn after reading
          <span className="text-neutral-500">(the first person to open it deletes it)</span>
        </label>
      </fieldset>
      <label className="flex items-center gap-1">
        <input type="radio" name="where" checked={!upload} onChange={() => set({ where: 'fragment', burn: false })} />
        {SIZE_NOTE(fragmentMax)}
      </label>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <label className="flex items-center gap-1">
          Password
          <span className="text-neutral-500">(optional)</span>
          <TextInput
            type="password"
            autoComplete="new-password"
            aria-label="Password for the link"
            value={value.password}
            onChange={(e) => set({ password: e.target.value })}
            aria-describedby="share-password-note"
            className="w-48"
          />
        </label>
        <span
          id="share-password-note"
          className={value.password ? 'text-amber-800 dark:text-amber-300' : 'text-neutral-500'}
        >
          {value.password
            ? 'A lost password cannot be recovered: it is kept nowhere, not on the server and not in the link. Send it another way than the link.'
            : 'With one, the link alone does not open the trace: it needs the password too.'}
        </span>
      </div>
    </div>
  );
}
