// Server-only: token buckets for uploads (POST /api/traces): one per client, and one for all clients together.
//
// Limits: LOUPE_RATE_LIMIT_PER_MIN uploads per minute per client (default 30; 0 turns it off) and
// LOUPE_GLOBAL_RATE_LIMIT_PER_MIN for the whole server (default 120; 0 = off). A bucket starts full (a burst of the
// limit) and earns one upload back every 60/limit seconds. Every attempt takes a token, including ones later
// rejected as malformed or too large, so the limit also caps wasted work.
//
// Who is "a client"? By default, the address of the TCP peer, which Loupe's server (server.mjs) hands to the route
// (`peerAddress()`); `X-Forwarded-For` and `X-Real-IP` are ignored, because the client writes them: changing them
// must not buy a fresh bucket. Behind reverse proxies, say how many with LOUPE_TRUST_PROXY=N (each appends the
// address it saw, as nginx's `$proxy_add_x_forwarded_for` does): the key is then the N-th `X-Forwarded-For` entry
// from the right, i.e. the address the outermost trusted proxy saw; entries further left were written by the client
// and are ignored. With a proxy that sets `X-Real-IP` instead, that header is used when `X-Forwarded-For` is absent.
// No address at all (a server started without server.mjs and no trusted proxy): the constant 'anonymous', one
// bucket for all, which still holds.
// IPv6 addresses are bucketed by their /64 prefix: one host usually controls a whole /64.
//
// The only mutable state is the bucket map, created lazily and kept on globalThis (dev reloads keep it). It is
// in-process: with several app servers each has its own buckets (limits per server).

import { isIPv4, isIPv6 } from 'node:net';

import { shareLimits, type Env } from './config';

export type { Env } from './config';

export const DEFAULT_UPLOADS_PER_MIN = 30;
/** The bucket every upload also takes a token from. */
export const GLOBAL_KEY = '*global*';
const WINDOW_MS = 60_000;
/** Above this many tracked clients, idle (full) buckets are dropped; above MAX_CLIENTS the oldest go. */
const PRUNE_AT = 10_000;
const MAX_CLIENTS = 50_000;

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export type RateLimitResult =
  | { ok: true; limit: number; remaining: number }
  | { ok: false; limit: number; remaining: 0; retryAfterSeconds: number };

const KEY = Symbol.for('loupe.rateLimitBuckets');
type GlobalWithBuckets = typeof globalThis & { [KEY]?: Map<string, Bucket> };

function buckets(): Map<string, Bucket> {
  const g = globalThis as GlobalWithBuckets;
  let map = g[KEY];
  if (!map) {
    map = new Map();
    g[KEY] = map;
  }
  return map;
}

export function uploadsPerMinute(env: Env = process.env): number {
  const raw = env.LOUPE_RATE_LIMIT_PER_MIN;
  if (raw === undefined || raw.trim() === '') return DEFAULT_UPLOADS_PER_MIN;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : DEFAULT_UPLOADS_PER_MIN;
}

/** LOUPE_TRUST_PROXY: how many reverse proxies in front append to X-Forwarded-For; 0 (default) = none, ignore it. */
export function trustedHops(env: Env): number {
  const n = Number(env.LOUPE_TRUST_PROXY ?? '0');
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** Expands an IPv6 address to 8 groups and keeps the first 4 (the /64). */
function ipv6Prefix64(addr: string): string {
  let a = addr.toLowerCase();
  const zone = a.indexOf('%');
  if (zone >= 0) a = a.slice(0, zone);
  // An embedded IPv4 tail (::ffff:1.2.3.4) counts as two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (v4?.[1]) {
    const p = v4[1].split('.').map(Number) as [number, number, number, number];
    a = a.slice(0, -v4[1].length) + ((p[0] << 8) | p[1]).toString(16) + ':' + ((p[2] << 8) | p[3]).toString(16);
  }
  const [head = '', tail] = a.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const groups =
    tail === undefined ? h : [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return (
    groups
      .slice(0, 4)
      .map((g) => (parseInt(g, 16) || 0).toString(16))
      .join(':') + '::/64'
  );
}

function normalizeAddress(raw: string): string | undefined {
  let a = raw.trim();
  if (!a) return undefined;
  // "[2001:db8::1]:443" or "1.2.3.4:5678" (some proxies add the port)
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed?.[1]) a = bracketed[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (mapped?.[1]) a = mapped[1];
  if (isIPv4(a)) return a;
  if (isIPv6(a.split('%')[0] ?? a)) return ipv6Prefix64(a);
  // Not an address (e.g. "unknown" or an obfuscated nginx identifier): still a stable key, but bounded in length.
  return a.slice(0, 100);
}

/**
 * The rate-limit key for a request: the peer address, or with LOUPE_TRUST_PROXY the address the outermost trusted
 * proxy saw (see the header comment).
 */
export function clientKey(headers: Headers, env: Env = process.env, peer?: string): string {
  const hops = trustedHops(env);
  if (hops > 0) {
    const xff = headers.get('x-forwarded-for');
    const list = (xff ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.length > 0) {
      const key = normalizeAddress(list[Math.max(0, list.length - hops)] ?? '');
      if (key) return key;
    }
    const realIp = headers.get('x-real-ip');
    if (realIp) {
      const key = normalizeAddress(realIp);
      if (key) return key;
    }
  }
  return (peer !== undefined ? normalizeAddress(peer) : undefined) ?? 'anonymous';
}

function prune(map: Map<string, Bucket>, now: number): void {
  // A bucket idle for a full window is full again: forgetting it changes nothing.
  for (const [key, b] of map) if (now - b.updatedAt >= WINDOW_MS) map.delete(key);
  // Still too many (a flood of distinct keys): drop the least recently used (Map keeps insertion order and
  // takeUploadToken re-inserts on use).
  const excess = map.size - MAX_CLIENTS;
  if (excess > 0) {
    let i = 0;
    for (const key of map.keys()) {
      if (i++ >= excess) break;
      map.delete(key);
    }
  }
}

function take(key: string, limit: number, now: number): RateLimitResult {
  if (limit === 0) return { ok: true, limit: 0, remaining: Number.POSITIVE_INFINITY };
  const map = buckets();
  const refillPerMs = limit / WINDOW_MS;
  const prev = map.get(key);
  let tokens = prev ? Math.min(limit, prev.tokens + Math.max(0, now - prev.updatedAt) * refillPerMs) : limit;
  let result: RateLimitResult;
  if (tokens >= 1) {
    tokens -= 1;
    result = { ok: true, limit, remaining: Math.floor(tokens) };
  } else {
    result = {
      ok: false,
      limit,
      remaining: 0,
      retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / refillPerMs / 1000)),
    };
  }
  map.delete(key); // re-insert: most recently used last
  map.set(key, { tokens, updatedAt: now });
  if (map.size > PRUNE_AT) prune(map, now);
  return result;
}

/** Takes one upload token for `key`. */
export function takeUploadToken(key: string, now: number = Date.now(), env: Env = process.env): RateLimitResult {
  return take(key, uploadsPerMinute(env), now);
}

/** Takes one token from the bucket all clients share (LOUPE_GLOBAL_RATE_LIMIT_PER_MIN). */
export function takeGlobalUploadToken(now: number = Date.now(), env: Env = process.env): RateLimitResult {
  return take(GLOBAL_KEY, shareLimits(env).globalUploadsPerMinute, now);
}

/** Test helper: forget every bucket. */
export function resetRateLimits(): void {
  buckets().clear();
}
