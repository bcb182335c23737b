'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScanOptions } from '../../lib/share/redact';
import { allSecretIds } from '../../lib/share/sources';
import type { Ask } from '../data/useTraceWorker';
import { useWorkerQuery } from '../data/useWorkerQuery';
import { ExtraRedactions } from './ExtraRedactions';
import { FRAGMENT_MAX_SEALED_BYTES, kb, useCreateLink } from './useCreateLink';
import { LinkResult } from './LinkResult';
import { SecretsFound } from './SecretsFound';
import { SharedLinks } from './SharedLinks';
import { ShareChoicesForm, useShareChoices, type LinkChoices } from './ShareChoicesForm';
import { MediaChoice } from './MediaChoice';
import { Button } from '../ui/kit/Button';

export interface ShareDialogProps {
  readonly ask: Ask;
  readonly title: string;
  /** The view to reopen at (`sel`, `tab`, `q`), carried in the fragment next to the key. */
  readonly viewState: string;
  readonly onClose: () => void;
}

/**
 * Share: scan for secrets (all redacted by default, each can be kept), then seal the redacted trace in the worker and
 * either upload the ciphertext or carry it in the link itself. The key only ever lives in the link's fragment.
 */
export function ShareDialog({ ask, title, viewState, onClose }: ShareDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // What the person chose to keep: everything else found is redacted (sanitized by default, also after a rescan).
  const [kept, setKept] = useState<ReadonlySet<string>>(new Set());
  const [options, setOptions] = useState<ScanOptions>({});
  const [choices, setChoices] = useState<LinkChoices>({ where: 'upload', ttl: 30 * 86_400, burn: false, password: '' });
  const offered = useShareChoices();
  // Images are shared by default (the recipient rebuilds what the model saw); the sender may leave them out.
  const [dropMedia, setDropMedia] = useState(false);

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  // Every new option rescans (and takes away a link made before it: see `changed`).
  const scanQuery = useWorkerQuery(ask, 'shareScan', { options });
  const scan = scanQuery.data;
  const scanning = scanQuery.loading;

  const allIds = scan ? allSecretIds(scan) : [];
  const selected = new Set(allIds.filter((id) => !kept.has(id)));
  const { phase, error, setError, copied, changed, create, copy } = useCreateLink({
    ask,
    title,
    viewState,
    kept,
    options,
    dropMedia,
    choices,
  });
  const toggle = useCallback(
    (ids: readonly string[], redact: boolean) => {
      changed();
      setKept((prev) => {
        const next = new Set(prev);
        for (const id of ids) {
          if (redact) next.delete(id);
          else next.add(id);
        }
        return next;
      });
    },
    [changed],
  );

  const busy = scanning || phase.kind === 'working' || !scan || scanQuery.error !== undefined;
  return (
    <dialog
      ref={ref}
      aria-label="Share trace"
      onClose={onClose}
      className="m-auto max-h-[85dvh] w-[min(760px,94vw)] overflow-hidden whitespace-normal rounded border border-neutral-300 bg-white p-0 text-[13px] text-neutral-900 shadow-xl backdrop:bg-black/30 dark:border-neutral-600 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <div className="flex max-h-[85dvh] flex-col">
        <header className="flex h-8 shrink-0 items-center gap-2 border-b border-neutral-300 bg-neutral-100 px-3 dark:border-neutral-700 dark:bg-neutral-800">
          <h2 className="font-semibold">Share trace</h2>
          <span className="truncate text-neutral-500">{title}</span>
          <Button
            variant="quiet"
            size="compact"
            aria-label="Close"
            onClick={() => ref.current?.close()}
            className="ml-auto"
          >
            ✕
          </Button>
        </header>
        <div className="min-h-0 flex-1 overflow-auto px-3 py-2">
          <p className="mb-2 text-neutral-600 dark:text-neutral-400">
            Secrets are replaced in this browser before anything leaves it. The redacted trace is then compressed and
            encrypted here with a fresh key; the server stores only ciphertext, and the key stays in the link after{' '}
            <code className="font-mono">#</code>, which browsers never send. The link opens at the event and tab you are
            looking at.
          </p>
          <SecretsFound
            query={scanQuery}
            selected={selected}
            onToggle={toggle}
            onAll={(redact) => {
              changed();
              setKept(redact ? new Set() : new Set(allIds));
            }}
          />
          {scan ? (
            <MediaChoice
              media={scan.media}
              dropped={dropMedia}
              onDrop={(drop) => {
                changed();
                setDropMedia(drop);
              }}
            />
          ) : null}
          <ExtraRedactions
            onLiteral={(v) => {
              changed();
              setOptions((o) => ({ ...o, literals: [...(o.literals ?? []), v] }));
            }}
            onPattern={(p) => {
              changed();
              setOptions((o) => ({ ...o, extraPatterns: [...(o.extraPatterns ?? []), p] }));
            }}
            onError={setError}
          />
          <ShareChoicesForm
            value={choices}
            onChange={(next) => {
              changed();
              setChoices(next);
            }}
            choices={offered}
            fragmentMax={kb(FRAGMENT_MAX_SEALED_BYTES)}
          />
          {error ? (
            <p
              role="alert"
              className="mb-2 rounded border border-red-300 bg-red-50 p-1.5 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
            >
              {error}
            </p>
          ) : null}
          <div className="mb-2 flex items-center gap-2">
            <Button variant="primary" disabled={busy} onClick={() => void create()}>
              Create link
            </Button>
            {phase.kind === 'working' ? <span className="text-neutral-500">{phase.what}</span> : null}
          </div>
          {phase.kind === 'done' ? (
            <LinkResult result={phase} copied={copied} onCopy={() => void copy(phase.link)} />
          ) : null}
          {phase.kind === 'deleted' ? (
            <p role="status" aria-label="Link deleted" className="mb-2 text-neutral-600 dark:text-neutral-400">
              Link deleted: it no longer opens. Create a new one to share again.
            </p>
          ) : null}
          <SharedLinks />
        </div>
      </div>
    </dialog>
  );
}
