'use client';

import { useCallback, useEffect, useState } from 'react';
import type { ScanOptions } from '../../lib/share/redact';
import { toBase64Url } from '../../lib/share/seal';
import type { FilterFate } from '../../lib/share/view-state';
import type { Ask } from '../data/useTraceWorker';
import { loadLinks, onLinksChanged, rememberLink, uploadSealed } from './shareApi';
import type { LinkChoices } from './ShareChoicesForm';

/** A link that carries the whole trace in its fragment stays short enough to paste anywhere. */
export const FRAGMENT_MAX_SEALED_BYTES = 6 * 1024;
/** …view state included (a long filter could otherwise push it past what chat tools keep whole). */
const FRAGMENT_MAX_LINK_CHARS = 10_000;

export type Phase =
  | { readonly kind: 'review' }
  | { readonly kind: 'working'; readonly what: string }
  | {
      readonly kind: 'done';
      readonly link: string;
      readonly uploaded: boolean;
      readonly filter: FilterFate;
      readonly id?: string;
      readonly burn?: boolean;
      readonly password?: boolean;
      /** epoch ms; null: never expires. */
      readonly expiresAt?: number | null;
    }
  /** The uploaded link made here was deleted (from the list below, or in another tab): it no longer opens. */
  | { readonly kind: 'deleted' };

export function kb(n: number): string {
  if (n < 1024) return `${n} B`;
  return n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export interface LinkRequest {
  readonly ask: Ask;
  readonly title: string;
  readonly viewState: string;
  /** Secrets found that the sender chose to keep: everything else found is redacted. */
  readonly kept: ReadonlySet<string>;
  readonly options: ScanOptions;
  readonly dropMedia: boolean;
  readonly choices: LinkChoices;
}

/**
 * Making the link: the worker redacts, seals (under the password too) and the ciphertext is uploaded or carried in the
 * link; the phase says where it is, and a link deleted elsewhere is taken away here too.
 */
export function useCreateLink({ ask, title, viewState, kept, options, dropMedia, choices }: LinkRequest) {
  const [phase, setPhase] = useState<Phase>({ kind: 'review' });
  const [error, setError] = useState<string | undefined>();
  const [copied, setCopied] = useState(false);
  const { where, ttl, burn, password } = choices;

  // A link made before a choice changed no longer matches it (it may hold a secret just ticked): take it away.
  const changed = useCallback(() => {
    setPhase((p) => (p.kind === 'done' || p.kind === 'deleted' ? { kind: 'review' } : p));
    setCopied(false);
  }, []);

  const create = async () => {
    setError(undefined);
    setCopied(false);
    try {
      setPhase({ kind: 'working', what: 'Redacting, compressing and encrypting in this browser…' });
      // The worker redacts everything it finds except what was kept, so a stale or failed scan cannot leak more.
      // The view state too: a filter can hold the very secret looked for, which the worker redacts as the trace.
      const sealed = await ask('shareSeal', {
        kept: [...kept],
        options,
        view: viewState,
        dropMedia,
        ...(password ? { password } : {}),
      });
      const state = sealed.view ? `&${sealed.view}` : '';
      const lock = password ? { password: true } : {};
      if (where === 'fragment') {
        const link = `${window.location.origin}/t#d=${toBase64Url(sealed.sealed)}&k=${sealed.key}${state}`;
        if (sealed.sealed.length > FRAGMENT_MAX_SEALED_BYTES || link.length > FRAGMENT_MAX_LINK_CHARS) {
          setError(
            `This trace is ${kb(sealed.sealed.length)} once compressed and encrypted: too large to carry in a link (up to ${kb(FRAGMENT_MAX_SEALED_BYTES)}). Upload it instead.`,
          );
          setPhase({ kind: 'review' });
          return;
        }
        setPhase({ kind: 'done', link, uploaded: false, filter: sealed.filter, ...lock });
        return;
      }
      setPhase({ kind: 'working', what: `Uploading ${kb(sealed.sealed.length)} of ciphertext…` });
      const up = await uploadSealed(sealed.sealed, ttl, burn);
      // `b=1` lets the receiving page ask before the one read that deletes it (a link preview must not spend it).
      const link = `${window.location.origin}/t/${up.id}#k=${sealed.key}${burn ? '&b=1' : ''}${state}`;
      const expiresAt = up.expiresAt === null ? null : Date.parse(up.expiresAt);
      rememberLink({
        id: up.id,
        link,
        deleteToken: up.deleteToken,
        createdAt: Date.now(),
        expiresAt,
        title,
        burnAfterReading: burn,
        ...lock,
      });
      setPhase({ kind: 'done', link, uploaded: true, filter: sealed.filter, id: up.id, burn, expiresAt, ...lock });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setPhase({ kind: 'review' });
    }
  };

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setError('The browser refused clipboard access: select the link and copy it by hand.');
    }
  };

  // Deleting the link just made takes it away here too: copying a link that no longer opens helps no one.
  const madeId = phase.kind === 'done' ? phase.id : undefined;
  useEffect(() => {
    if (madeId === undefined) return;
    return onLinksChanged(() => {
      if (!loadLinks().some((l) => l.id === madeId)) {
        setPhase({ kind: 'deleted' });
        setCopied(false);
      }
    });
  }, [madeId]);

  return { phase, error, setError, copied, changed, create, copy };
}
