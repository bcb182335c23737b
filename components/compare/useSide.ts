'use client';

import { useEffect, useState } from 'react';
import type { RunDigest } from '../../lib/compare';
import type { Ask } from '../../lib/engine/protocol';
import { TraceClient, type LoadProgressState } from '../data/TraceClient';
import { resolveSide, type SideSource } from './refs';

// One side of a comparison: its source resolved from the URL, a trace worker of its own that loads it (the whole
// engine, in the browser: nothing is uploaded), and, once loaded, the digest the alignment needs.

export type SideState =
  | { readonly phase: 'empty' }
  | { readonly phase: 'loading'; readonly title?: string; readonly progress?: LoadProgressState }
  | { readonly phase: 'allow'; readonly title: string; readonly allow: () => void }
  | { readonly phase: 'error'; readonly message: string; readonly title?: string }
  | { readonly phase: 'ready'; readonly title: string; readonly digest: RunDigest; readonly ask: Ask };

export function useSide(ref: string | undefined, key?: string): SideState {
  const [state, setState] = useState<SideState>({ phase: 'empty' });
  const [allowed, setAllowed] = useState(0);
  useEffect(() => {
    if (!ref) {
      setState({ phase: 'empty' });
      return;
    }
    let live = true;
    let client: TraceClient | undefined;
    setState({ phase: 'loading' });
    const start = (s: SideSource): void => {
      if (!live) return;
      if (s.kind === 'error') return setState({ phase: 'error', message: s.message });
      if (s.kind === 'allow') {
        const allow = (): void => void s.allow().then((ok) => ok && live && setAllowed((n) => n + 1));
        return setState({ phase: 'allow', title: s.title, allow });
      }
      const c = new TraceClient();
      client = c;
      const title = s.title;
      c.subscribe((t) => {
        if (!live) return;
        if (t.phase === 'loading')
          setState({ phase: 'loading', title, ...(t.progress ? { progress: t.progress } : {}) });
        else if (t.phase === 'error') setState({ phase: 'error', message: t.message, title });
        else if (t.phase === 'ready')
          c.ask('compare', { name: title }).then(
            (digest) => live && setState({ phase: 'ready', title, digest, ask: c.ask }),
            (e: Error) => live && setState({ phase: 'error', message: e.message, title }),
          );
      });
      c.load(s.source);
    };
    void resolveSide(ref, key).then(start, (e: Error) => live && setState({ phase: 'error', message: e.message }));
    return () => {
      live = false;
      client?.dispose();
    };
  }, [ref, key, allowed]);
  return state;
}
