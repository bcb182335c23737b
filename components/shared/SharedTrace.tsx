'use client';

import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { Lifetime } from '../../lib/share/expiry-text';
import { malformedId } from '../../lib/share/id';
import { SealError, WrongPasswordError, decryptSealed, fromBase64Url, needsPassword } from '../../lib/share/seal';
import type { LoadSource } from '../../lib/engine/protocol';
import { LoadingView } from '../viewer/LoadingView';
import { TraceWorkbench } from '../viewer/TraceViewer';
import { ViewStateInHash } from '../viewer/useViewUrl';
import { fetchShared } from '../data/fetchShared';
import { AlreadyRead, BurnGate, LifetimeNote, PasswordGate } from './SharedGates';

interface Fragment {
  readonly key: string;
  readonly data: string;
  /** `b=1`: the sender chose burn after reading, so the page asks before fetching. */
  readonly burn: boolean;
}

function subscribe(fn: () => void): () => void {
  window.addEventListener('hashchange', fn);
  return () => window.removeEventListener('hashchange', fn);
}

/** The parts of the fragment that name the trace (`k`, `d`, `b`); the view state beside them changes without a reload. */
function useTraceFragment(): Fragment | undefined {
  const text = useSyncExternalStore(
    subscribe,
    () => {
      const frag = new URLSearchParams(window.location.hash.slice(1));
      return `${frag.get('k') ?? ''} ${frag.get('d') ?? ''} ${frag.get('b') ?? ''}`;
    },
    () => undefined,
  );
  return useMemo(() => {
    if (text === undefined) return undefined;
    const [key = '', data = '', burn = ''] = text.split(' ');
    return { key, data, burn: burn === '1' };
  }, [text]);
}

type Phase =
  | { readonly kind: 'starting' }
  | { readonly kind: 'gate' }
  | { readonly kind: 'fetching' }
  | { readonly kind: 'failed'; readonly message: string; readonly final: boolean }
  | { readonly kind: 'read'; readonly message: string }
  | {
      readonly kind: 'locked';
      readonly sealed: Uint8Array<ArrayBuffer>;
      readonly lifetime: Lifetime | undefined;
      readonly error?: string;
      readonly busy: boolean;
    }
  | { readonly kind: 'open'; readonly packed: Uint8Array<ArrayBuffer>; readonly lifetime: Lifetime | undefined };

const noAsk = () => Promise.reject(new Error('no trace'));

function sealedFromData(data: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return fromBase64Url(data);
  } catch {
    return undefined;
  }
}

/**
 * A shared trace: `/t/<id>#k=<key>` (ciphertext from the store) or `/t#d=<sealed>&k=<key>` (everything in the link).
 * The page fetches the sealed bytes (saying in words a link already read, deleted or expired), asks before opening a
 * burn-after-reading link and for the password of a protected one, decrypts here, and hands the still-compressed
 * bytes to the worker, which unpacks and parses them. The key and the password never leave the browser.
 */
export function SharedTrace({ id }: { id?: string }) {
  const fragment = useTraceFragment();
  if (fragment === undefined) return <OpenShared fragment={undefined} {...(id ? { id } : {})} />;
  // An id that cannot be one is said first: a link cut short there has lost its key too.
  const malformed = id ? malformedId(id) : undefined;
  if (malformed) return <LoadingView error={malformed} ask={noAsk} />;
  if (!fragment.key)
    return (
      <LoadingView
        error="This link is missing its key (the part after #k=). Ask for the whole link: the key is never stored on the server, so it cannot be recovered here."
        ask={noAsk}
      />
    );
  if (!id && !fragment.data)
    return <LoadingView error="This link carries no trace (no #d= part). Ask for the whole link." ask={noAsk} />;
  // Another trace in the fragment (an edited link): opened afresh, from the start.
  return (
    <OpenShared key={`${fragment.key} ${fragment.data} ${fragment.burn}`} fragment={fragment} {...(id ? { id } : {})} />
  );
}

/** One trace's way from the link to the workbench; `fragment` undefined: not read yet (server render). */
function OpenShared({ id, fragment }: { id?: string; fragment: Fragment | undefined }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const key = fragment?.key ?? '';

  /** Sealed bytes in hand: ask for a password, or decrypt with the link's key alone. */
  const unlock = useCallback(
    async (sealed: Uint8Array<ArrayBuffer>, lifetime: Lifetime | undefined, password?: string) => {
      if (needsPassword(sealed) && password === undefined) {
        setPhase({ kind: 'locked', sealed, lifetime, busy: false });
        return;
      }
      if (password !== undefined) setPhase({ kind: 'locked', sealed, lifetime, busy: true });
      try {
        setPhase({ kind: 'open', packed: await decryptSealed(sealed, key, password), lifetime });
      } catch (e) {
        if (e instanceof WrongPasswordError)
          setPhase({ kind: 'locked', sealed, lifetime, busy: false, error: e.message });
        else
          setPhase({
            kind: 'failed',
            message: e instanceof SealError ? e.message : 'The shared trace could not be decrypted.',
            final: true,
          });
      }
    },
    [key],
  );

  const load = useCallback(
    async (again = false) => {
      if (!fragment) return;
      if (!id) {
        const sealed = sealedFromData(fragment.data);
        if (!sealed)
          setPhase({
            kind: 'failed',
            message: 'The trace carried in this link is damaged (it is not base64url). Ask for the whole link.',
            final: true,
          });
        else await unlock(sealed, undefined);
        return;
      }
      setPhase({ kind: 'fetching' });
      const got = await fetchShared(id, again);
      if (got.kind === 'ok') await unlock(got.sealed, got.lifetime);
      else if (got.kind === 'read') setPhase({ kind: 'read', message: got.message });
      else setPhase({ kind: 'failed', message: got.message, final: got.final });
    },
    [fragment, id, unlock],
  );

  // Once per trace: a later run (a changed callback) must not fetch again, which for a burned link would answer 410.
  const started = phase.kind !== 'starting';
  useEffect(() => {
    if (!fragment || started) return;
    if (fragment.burn && id) setPhase({ kind: 'gate' });
    else void load();
  }, [fragment, id, load, started]);

  const source = useMemo<LoadSource | undefined>(
    () => (phase.kind === 'open' ? { kind: 'sealed', packed: phase.packed, key } : undefined),
    [phase, key],
  );
  const lifetime = phase.kind === 'open' ? phase.lifetime : undefined;
  const note = useMemo(() => (lifetime ? <LifetimeNote lifetime={lifetime} /> : undefined), [lifetime]);

  if (phase.kind === 'gate') return <BurnGate onOpen={() => void load()} />;
  if (phase.kind === 'read') return <AlreadyRead message={phase.message} />;
  if (phase.kind === 'failed')
    return (
      <LoadingView error={phase.message} ask={noAsk} {...(phase.final ? {} : { onRetry: () => void load(true) })} />
    );
  if (phase.kind === 'locked')
    return (
      <PasswordGate
        lifetime={phase.lifetime}
        error={phase.error}
        busy={phase.busy}
        onSubmit={(password) => void unlock(phase.sealed, phase.lifetime, password)}
      />
    );
  const title = id ? 'Shared trace' : 'Shared trace (carried in the link)';
  return (
    <ViewStateInHash>
      <TraceWorkbench
        source={source}
        sourceKey={source ? `shared:${id ?? 'inline'}:${key}` : ''}
        title={title}
        titleFromFiles
        {...(note ? { right: note } : {})}
      />
    </ViewStateInHash>
  );
}
