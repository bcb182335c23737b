// How a shared trace's lifetime reads on its page: a short form for the toolbar and a sentence for its tooltip and the
// gates before the trace opens. Pure (the caller gives the clock and the time zone, so tests pin both).

export type Lifetime =
  /** The server keeps it until it expires (`expiresAt`, epoch ms) or its sender deletes it. */
  | { readonly kind: 'expires'; readonly expiresAt: number }
  /** Kept until its sender deletes it (where the operator allows that). */
  | { readonly kind: 'never' }
  /** Burn after reading: this read deleted it from the server. */
  | { readonly kind: 'burned' };

/** The `X-Loupe-Expires-At` and `X-Loupe-Burn-After-Reading` headers of a served trace, read as a lifetime. */
export function lifetimeOf(expiresHeader: string | null, burnHeader: string | null): Lifetime | undefined {
  if (burnHeader === '1') return { kind: 'burned' };
  if (expiresHeader === 'never') return { kind: 'never' };
  const at = expiresHeader ? Date.parse(expiresHeader) : Number.NaN;
  return Number.isFinite(at) ? { kind: 'expires', expiresAt: at } : undefined;
}

/** `in 59 min`, `in 23 h 59 min`, `in 6 d 23 h`: two units, rounded down, so it never promises more time than is left. */
export function timeLeft(ms: number): string {
  const min = Math.floor(ms / 60_000);
  if (min < 1) return 'in under a minute';
  if (min < 60) return `in ${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return `in ${h} h${min % 60 ? ` ${min % 60} min` : ''}`;
  return `in ${Math.floor(h / 24)} d${h % 24 ? ` ${h % 24} h` : ''}`;
}

export function dateText(ms: number, timeZone?: string): string {
  return new Date(ms).toLocaleString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone ? { timeZone, timeZoneName: 'short' } : {}),
  });
}

/** The toolbar's few words. */
export function lifetimeShort(l: Lifetime, now: number): string {
  if (l.kind === 'burned') return 'burned after reading';
  if (l.kind === 'never') return 'never expires';
  return l.expiresAt <= now ? 'expired' : `expires ${timeLeft(l.expiresAt - now)}`;
}

/** The sentence: what happens to the trace on the server, and when. */
export function lifetimeSentence(l: Lifetime, now: number, timeZone?: string): string {
  if (l.kind === 'burned')
    return 'This link was set to burn after reading: opening it deleted the trace from the server. This tab holds the only copy; reloading it will not bring the trace back.';
  if (l.kind === 'never') return 'This link does not expire: the server keeps the trace until its sender deletes it.';
  return `The server deletes this trace ${timeLeft(l.expiresAt - now)} (${dateText(l.expiresAt, timeZone)}), or sooner if its sender deletes it.`;
}
