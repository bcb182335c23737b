'use client';

import type { FilterFate } from '../../lib/share/view-state';
import { Button } from '../ui/kit/Button';
import { TextInput } from '../ui/kit/Field';

const FILTER_NOTE: Partial<Record<FilterFate, string>> = {
  redacted: 'The filter it opens with is redacted too: its secrets read as their placeholders.',
  dropped: 'It opens without your filter, which holds part of a redacted secret.',
};

export interface MadeLink {
  readonly link: string;
  readonly uploaded: boolean;
  readonly filter: FilterFate;
  readonly burn?: boolean;
  readonly password?: boolean;
  /** epoch ms; null: never expires. */
  readonly expiresAt?: number | null;
}

/** Who can read it, for how long: the sentence under the link. */
function reach({ uploaded, burn, password, expiresAt }: MadeLink): string {
  const who = password ? 'Anyone with this link and the password' : 'Anyone with this link';
  if (!uploaded) return `Nothing was uploaded: the encrypted trace is in the link itself. ${who} can read it.`;
  const never = expiresAt === null;
  if (burn) {
    return `${who} can open it once: the first to open it deletes it from the server. Unread, it ${never ? 'stays until you delete it' : 'expires, or you can delete it'} (below, or from the home page).`;
  }
  return `${who} can read the trace ${never ? 'until you delete it: it never expires' : 'until it expires or you delete it'} (below, or from the home page).`;
}

/** The link once made: a box to select it from, a copy button, and what anyone holding it can read. */
export function LinkResult({ result, copied, onCopy }: { result: MadeLink; copied: boolean; onCopy: () => void }) {
  const { link, filter } = result;
  return (
    <section
      aria-label="The link"
      className="mb-2 rounded border border-emerald-300 bg-emerald-50 p-2 dark:border-emerald-800 dark:bg-emerald-950"
    >
      <div className="flex gap-1">
        <TextInput
          readOnly
          value={link}
          aria-label="Link to share"
          onFocus={(e) => e.target.select()}
          mono
          className="min-w-0 flex-1"
        />
        <Button size="compact" onClick={onCopy}>
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
      <p className="mt-1 text-[12px] text-neutral-600 dark:text-neutral-400">
        {reach(result)}
        {result.password ? ' Send the password another way than the link.' : ''}
        {FILTER_NOTE[filter] ? ` ${FILTER_NOTE[filter]}` : ''}
      </p>
    </section>
  );
}
