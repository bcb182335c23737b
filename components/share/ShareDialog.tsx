'use client';

import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { ExtraPattern, ScanOptions } from '../../lib/share/redact';
import { validatePattern } from '../../lib/share/redact';
import { toBase64Url } from '../../lib/share/seal';
import { allSecretIds } from '../../lib/share/sources';
import type { FilterFate } from '../../lib/share/view-state';
import type { Ask } from '../data/useTraceWorker';
import { useWorkerQuery } from '../data/useWorkerQuery';
import { loadLinks, onLinksChanged, rememberLink, uploadSealed } from './shareApi';
import { LinkResult } from './LinkResult';
import { SecretsFound } from './SecretsFound';
import { SharedLinks } from './SharedLinks';
import { ShareChoicesForm, useShareChoices, type LinkChoices } from './ShareChoicesForm';
import { MediaChoice } from './MediaChoice';

/** A link that carries the whole trace in its fragment stays short enough to paste anywhere. */
export const FRAGMENT_MAX_SEALED_BYTES = 6 * 1024;
/** …view state included (a long filter could otherwise push it past what chat tools keep whole). */
const FRAGMENT_MAX_LINK_CHARS = 10_000;

type Phase =
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

export interface ShareDialogProps {
  readonly ask: Ask;
  readonly title: string;
  /** The view to reopen at (`sel`, `tab`, `q`), carried in the fragment next to the key. */
  readonly viewState: string;
  readonly onClose: () => void;
}

function kb(n: number): string {
  if (n < 1024) return `${n} B`;
  return n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Share: scan for secrets (all redacted by default, each can be kept), then seal the redacted trace in the worker and
 * either upload the ciphertext or carry it in the link itself. The key only ever lives in the link's fragment.
 */
export function ShareDialog({ ask, title, viewState, onClose }: ShareDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'review' });
  // What the person chose to keep: everything else found is redacted (sanitized by default, also after a rescan).
  const [kept, setKept] = useState<ReadonlySet<string>>(new Set());
  const [options, setOptions] = useState<ScanOptions>({});
  const [error, setError] = useState<string | undefined>();
  const [choices, setChoices] = useState<LinkChoices>({ where: 'upload', ttl: 30 * 86_400, burn: false, password: '' });
  const offered = useShareChoices();
  const { where, ttl, burn, password } = choices;
  const [literal, setLiteral] = useState('');
  const [pattern, setPattern] = useState('');
  const [copied, setCopied] = useState(false);
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
  // A link made before a choice changed no longer matches it (it may hold a secret just ticked): take it away.
  const changed = useCallback(() => {
    setPhase((p) => (p.kind === 'done' || p.kind === 'deleted' ? { kind: 'review' } : p));
    setCopied(false);
  }, []);
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

  const addLiteral = (e: FormEvent) => {
    e.preventDefault();
    const v = literal.trim();
    if (!v) return;
    changed();
    setOptions((o) => ({ ...o, literals: [...(o.literals ?? []), v] }));
    setLiteral('');
  };
  const addPattern = (e: FormEvent) => {
    e.preventDefault();
    const v = pattern.trim();
    const problem = validatePattern(v);
    if (problem) {
      setError(`That pattern cannot be used: ${problem}`);
      return;
    }
    setError(undefined);
    changed();
    const p: ExtraPattern = { label: `Pattern /${v}/`, pattern: v };
    setOptions((o) => ({ ...o, extraPatterns: [...(o.extraPatterns ?? []), p] }));
    setPattern('');
  };

  const create = async () => {
    setError(undefined);
    setCopied(false);
    try {
      setPhase({ kind: 'working', what: 'Redacting, compressing and encrypting in this browser…' });
      // The worker redacts everything it finds except what was kept, so a stale or failed scan cannot leak more.
      // The view state too: a filter can hold the very secret looked for, which the worker redacts as the trace.
      const sealed = await ask('shareSeal', { kept: [...kept], options, view: viewState, dropMedia, ...(password ? { password } : {}) });
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
      rememberLink({ id: up.id, link, deleteToken: up.deleteToken, createdAt: Date.now(), expiresAt, title, burnAfterReading: burn, ...lock });
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
          <button
            type="button"
            aria-label="Close"
            onClick={() => ref.current?.close()}
            className="ml-auto rounded px-1.5 hover:bg-neutral-200 dark:hover:bg-neutral-700"
          >
            ✕
          </button>
        </header>
        <div className="min-h-0 flex-1 overflow-auto px-3 py-2">
          <p className="mb-2 text-neutral-600 dark:text-neutral-400">
            Secrets are replaced in this browser before anything leaves it. The redacted trace is then compressed and encrypted here with a fresh key; the
            server stores only ciphertext, and the key stays in the link after <code className="font-mono">#</code>, which browsers never send. The link opens
            at the event and tab you are looking at.
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
          <div className="mb-2 grid gap-2 md:grid-cols-2">
            <form onSubmit={addLiteral} className="flex gap-1">
              <input
                value={literal}
                onChange={(e) => setLiteral(e.target.value)}
                aria-label="Text to redact"
                placeholder="Also redact this exact text"
                className="h-6 min-w-0 flex-1 rounded border border-neutral-300 bg-white px-1.5 dark:border-neutral-600 dark:bg-neutral-950"
              />
              <button type="submit" className="rounded border border-neutral-300 px-2 dark:border-neutral-600">
                Add text
              </button>
            </form>
            <form onSubmit={addPattern} className="flex gap-1">
              <input
                value={pattern}
                onChange={(e) => setPattern(e.target.value)}
                aria-label="Pattern to redact"
                placeholder="…or a regular expression"
                className="h-6 min-w-0 flex-1 rounded border border-neutral-300 bg-white px-1.5 font-mono dark:border-neutral-600 dark:bg-neutral-950"
              />
              <button type="submit" className="rounded border border-neutral-300 px-2 dark:border-neutral-600">
                Add pattern
              </button>
            </form>
          </div>
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
            <p role="alert" className="mb-2 rounded border border-red-300 bg-red-50 p-1.5 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
              {error}
            </p>
          ) : null}
          <div className="mb-2 flex items-center gap-2">
            <button
              type="button"
              disabled={busy}
              onClick={() => void create()}
              className="rounded bg-sky-700 px-3 py-0.5 font-medium text-white hover:bg-sky-800 disabled:opacity-50 dark:bg-sky-600"
            >
              Create link
            </button>
            {phase.kind === 'working' ? <span className="text-neutral-500">{phase.what}</span> : null}
          </div>
          {phase.kind === 'done' ? <LinkResult result={phase} copied={copied} onCopy={() => void copy(phase.link)} /> : null}
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
