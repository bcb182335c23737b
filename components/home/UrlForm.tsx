'use client';

import { useState, type FormEvent } from 'react';
import { openInPlace } from './open-in-place';
import { Button } from '../ui/kit/Button';
import { TextInput } from '../ui/kit/Field';

/** A transcript at an https URL (the server must allow cross-origin reads), read by the worker. */
export function UrlForm({ onError }: { readonly onError: (message: string) => void }) {
  const [url, setUrl] = useState('');
  const onUrl = (e: FormEvent) => {
    e.preventDefault();
    const u = url.trim();
    if (!/^https:\/\//i.test(u) && !/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//i.test(u)) {
      onError('Enter an https:// link to a .jsonl or .json file (the server must allow cross-origin reads).');
      return;
    }
    openInPlace(`/view?src=${encodeURIComponent(u)}`);
  };

  return (
    <form onSubmit={onUrl} className="flex flex-col gap-1">
      <label htmlFor="url" className="font-medium">
        Open a URL
      </label>
      <div className="flex gap-2">
        <TextInput
          id="url"
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://raw.githubusercontent.com/…/session.jsonl"
          size="normal"
          mono
          className="flex-1"
        />
        <Button type="submit">Open</Button>
      </div>
      <p className="text-neutral-500">
        Or link to <code className="font-mono">/view?src=&lt;https URL&gt;</code>. The server must send CORS headers.
      </p>
    </form>
  );
}
