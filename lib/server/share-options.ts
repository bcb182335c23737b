// Server-only: the choices a sender makes beside the ciphertext (burn after reading, an expiry that may be "never")
// and how the routes say them: request parsing, the headers of a served trace, and the 410 of a link already read.

import { shareLimits, type Env } from './config';
import { DEFAULT_TTL_SECONDS, MAX_TTL_SECONDS, MIN_TTL_SECONDS, TTL_HEADER, json, parseTtl } from './http';
import { NEVER_EXPIRES } from './trace-store';

/** `X-Loupe-Burn-After-Reading: 1` on an upload (or `?burn=1`); on a served trace, it was deleted by this read. */
export const BURN_HEADER = 'x-loupe-burn-after-reading';

/** The expiries the share dialog offers, in seconds; `null` is "never", offered only where the operator allows it. */
export const EXPIRY_CHOICES: readonly number[] = [3600, 86_400, 7 * 86_400, 30 * 86_400];

export interface ShareOptions {
  readonly expiries: readonly (number | null)[];
  readonly defaultExpiry: number;
  readonly minTtlSeconds: number;
  readonly maxTtlSeconds: number;
  readonly neverExpires: boolean;
}

/** What GET /api/share-options answers: the choices this server takes. */
export function shareOptions(env: Env = process.env): ShareOptions {
  const never = shareLimits(env).allowNeverExpire;
  return {
    expiries: never ? [...EXPIRY_CHOICES, null] : EXPIRY_CHOICES,
    defaultExpiry: DEFAULT_TTL_SECONDS,
    minTtlSeconds: MIN_TTL_SECONDS,
    maxTtlSeconds: MAX_TTL_SECONDS,
    neverExpires: never,
  };
}

/**
 * The upload's lifetime in seconds: `never` is Infinity where LOUPE_ALLOW_NEVER_EXPIRE=1, else clamped to the
 * longest (as a number past the maximum is: the response's expiresAt says what was applied).
 */
export function parseExpiry(request: Request, allowNever: boolean): ReturnType<typeof parseTtl> {
  const raw = request.headers.get(TTL_HEADER) ?? new URL(request.url).searchParams.get('ttl');
  if (raw?.trim().toLowerCase() === 'never')
    return { ok: true, ttlSeconds: allowNever ? Number.POSITIVE_INFINITY : MAX_TTL_SECONDS };
  return parseTtl(request);
}

/** Burn after reading from `X-Loupe-Burn-After-Reading` (wins) or `?burn=`: `1`/`true` or `0`/`false`. */
export function parseBurn(request: Request): { ok: true; burn: boolean } | { ok: false; response: Response } {
  const fromHeader = request.headers.get(BURN_HEADER);
  const raw = (fromHeader ?? new URL(request.url).searchParams.get('burn') ?? '0').trim().toLowerCase();
  if (raw === '1' || raw === 'true') return { ok: true, burn: true };
  if (raw === '0' || raw === 'false' || raw === '') return { ok: true, burn: false };
  const source = fromHeader !== null ? 'X-Loupe-Burn-After-Reading' : 'burn';
  return {
    ok: false,
    response: json(400, { error: 'invalid_burn', message: `${source} must be 1 or 0 (got "${raw.slice(0, 40)}").` }),
  };
}

/** An expiry as the API says it: ISO 8601, or null for a trace that never expires. */
export function expiresAtJson(expiresAt: number): string | null {
  return expiresAt >= NEVER_EXPIRES ? null : new Date(expiresAt).toISOString();
}

/** The X-Loupe-Expires-At header: ISO 8601, or `never`. */
export function expiresAtHeader(expiresAt: number): string {
  return expiresAtJson(expiresAt) ?? 'never';
}

export const ALREADY_READ_MESSAGE =
  'This link was set to burn after reading, and it has been read: the trace was deleted from the server then.';

/** 410: a burn-after-reading trace that has been read. */
export function alreadyRead(): Response {
  return json(410, { error: 'already_read', message: ALREADY_READ_MESSAGE });
}
