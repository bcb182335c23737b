'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import type { RunDigest } from '../../lib/compare';
import type { Ask, LoadSource, LocalPrices } from '../../lib/engine/protocol';
import { TraceClient, type LoadProgressState } from '../data/TraceClient';
import { resolveSide, type SideSource } from './refs';
import type { SideFragment } from './sharedSide';

// One side of a comparison: its source resolved from the URL, a trace worker of its own that loads it (the whole
// engine, in the browser: nothing is uploaded), and, once loaded, the digest the alignment needs. A share link may
// stop on the way: to ask before a link that burns after reading is spent, or for the password of a sealed one.

export type SideState =
  | { readonly phase: 'empty' }
  | {
      readonly phase: 'loading';
      readonly title?: string;
      readonly progress?: LoadProgressState;
      /** The digest of the run's first megabytes, read while the whole run loads (see `compareHead`). */
      readonly head?: SideHead;
      readonly ask?: Ask;
    }
  | { readonly phase: 'allow'; readonly title: string; readonly allow: () => void }
  | { readonly phase: 'burn'; readonly title: string; readonly open: () => void }
  | {
      readonly phase: 'password';
      readonly title: string;
      readonly error?: string;
      readonly busy: boolean;
      readonly submit: (password: string) => void;
    }
  | { readonly phase: 'error'; readonly message: string; readonly title?: string }
  | { readonly phase: 'ready'; readonly title: string; readonly digest: RunDigest; readonly ask: Ask };

/** What a side's head digest covers: its first `bytes` of `totalBytes`. */
export interface SideHead {
  readonly digest: RunDigest;
  readonly bytes: number;
  readonly totalBytes: number;
}

/**
 * Sources whose first bytes can be read apart from their load: one file. A URL would be fetched twice (its head is
 * read from the whole download), a sealed trace comes whole, and a folder's subagent files cut at their own places
 * would give their spawning calls lists that only look changed.
 */
const hasHead = (source: LoadSource): boolean => source.kind === 'files' && source.files.length === 1;

/** `prices`: this browser's local prices (a price file, overrides): the digest's costs follow them. */
export function useSide(ref: string | undefined, frag: SideFragment = {}, prices: LocalPrices = {}): SideState {
  const [state, setState] = useState<SideState>({ phase: 'empty' });
  const [allowed, setAllowed] = useState(0);
  const { key, data, burn } = frag;
  const pricesRef = useRef(prices);
  pricesRef.current = prices;
  // `usePrices` keeps the same object until the prices change: the key (a whole price file) is made once per change.
  const pricesKey = useMemo(() => JSON.stringify(prices), [prices]);
  // Prices changed once the side is loaded: its digest again, at the new prices.
  const ready = state.phase === 'ready' ? state : undefined;
  const asked = useRef(pricesKey);
  useEffect(() => {
    if (!ready || asked.current === pricesKey) return;
    asked.current = pricesKey;
    let live = true;
    ready.ask('compare', { name: ready.title, ...pricesRef.current }).then(
      (digest) => live && setState({ ...ready, digest }),
      (e: Error) => live && setState({ phase: 'error', message: e.message, title: ready.title }),
    );
    return () => {
      live = false;
    };
  }, [ready, pricesKey]);
  useEffect(() => {
    if (!ref) {
      setState({ phase: 'empty' });
      return;
    }
    let live = true;
    let client: TraceClient | undefined;
    setState({ phase: 'loading' });
    const fail = (e: Error): void => {
      if (live) setState({ phase: 'error', message: e.message });
    };
    const then = (title: string, next: () => Promise<SideSource>): void => {
      setState({ phase: 'loading', title });
      void next().then(step, fail);
    };
    const load = (s: Extract<SideSource, { kind: 'ready' }>): void => {
      const c = new TraceClient();
      client = c;
      const title = s.title;
      let head: SideHead | undefined;
      let progress: LoadProgressState | undefined;
      const loading = (): void =>
        setState({
          phase: 'loading',
          title,
          ...(progress ? { progress } : {}),
          ...(head ? { head, ask: c.ask } : {}),
        });
      c.subscribe((t) => {
        if (!live) return;
        if (t.phase === 'loading') {
          progress = t.progress;
          loading();
        } else if (t.phase === 'error') setState({ phase: 'error', message: t.message, title });
        else if (t.phase === 'ready') {
          asked.current = JSON.stringify(pricesRef.current);
          c.ask('compare', { name: title, ...pricesRef.current }).then(
            (digest) => live && setState({ phase: 'ready', title, digest, ask: c.ask }),
            (e: Error) => live && setState({ phase: 'error', message: e.message, title }),
          );
        }
      });
      // The first aligned rows need only the run's first megabytes: asked first, they are read apart before the whole
      // run's parse takes the worker.
      if (hasHead(s.source))
        c.ask('compareHead', { source: s.source, name: title, ...pricesRef.current }).then(
          (h) => {
            if (!live || !h || c.state.phase !== 'loading') return;
            head = h;
            loading();
          },
          // Only the first rows wait on it: the whole load says what went wrong, if anything did.
          () => undefined,
        );
      c.load(s.source);
    };
    const step = (s: SideSource): void => {
      if (!live) return;
      switch (s.kind) {
        case 'error':
          return setState({ phase: 'error', message: s.message });
        case 'allow': {
          const allow = (): void => void s.allow().then((ok) => ok && live && setAllowed((n) => n + 1));
          return setState({ phase: 'allow', title: s.title, allow });
        }
        case 'pending':
          return then(s.title, s.next);
        case 'burn':
          return setState({ phase: 'burn', title: s.title, open: () => live && then(s.title, s.open) });
        case 'password': {
          const submit = (password: string): void => {
            if (!live) return;
            setState({ phase: 'password', title: s.title, busy: true, submit });
            void s.attempt(password).then(step, fail);
          };
          return setState({
            phase: 'password',
            title: s.title,
            ...(s.error ? { error: s.error } : {}),
            busy: false,
            submit,
          });
        }
        case 'ready':
          return load(s);
      }
    };
    void resolveSide(ref, { key, data, burn }).then(step, fail);
    return () => {
      live = false;
      client?.dispose();
    };
  }, [ref, key, data, burn, allowed]);
  return state;
}
