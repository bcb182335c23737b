// Client keys and the token bucket, with explicit env and clock.
import { afterEach, describe, expect, it } from 'vitest';
import {
  clientKey,
  resetRateLimits,
  takeGlobalUploadToken,
  takeUploadToken,
  uploadsPerMinute,
} from '@/lib/server/rate-limit';

const h = (init: Record<string, string>) => new Headers(init);

afterEach(() => resetRateLimits());

describe('clientKey', () => {
  const TRUST = { LOUPE_TRUST_PROXY: '1' };

  it('by default is the TCP peer address, and X-Forwarded-For / X-Real-IP (written by the client) change nothing', () => {
    expect(clientKey(h({}), {}, '192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey(h({ 'x-forwarded-for': '6.6.6.6' }), {}, '192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey(h({ 'x-forwarded-for': '6.6.6.6, 7.7.7.7', 'x-real-ip': '8.8.8.8' }), {}, '192.0.2.1')).toBe(
      '192.0.2.1',
    );
    expect(clientKey(h({ 'x-forwarded-for': '6.6.6.6' }), { LOUPE_TRUST_PROXY: '0' }, '::ffff:192.0.2.1')).toBe(
      '192.0.2.1',
    );
  });

  it('with no peer known and no trusted proxy, every request shares one bucket: the limit still holds', () => {
    expect(clientKey(h({ 'x-forwarded-for': '6.6.6.6' }), {})).toBe('anonymous');
    expect(clientKey(h({ 'x-forwarded-for': '7.7.7.7' }), {})).toBe('anonymous');
  });

  it('LOUPE_TRUST_PROXY=N takes the N-th entry from the right, ignoring client-written entries further left', () => {
    const headers = h({ 'x-forwarded-for': 'spoofed, 198.51.100.4, 10.0.0.2' });
    expect(clientKey(headers, TRUST, '10.0.0.9')).toBe('10.0.0.2');
    expect(clientKey(headers, { LOUPE_TRUST_PROXY: '2' })).toBe('198.51.100.4');
    expect(clientKey(h({ 'x-forwarded-for': '198.51.100.4' }), { LOUPE_TRUST_PROXY: '5' })).toBe('198.51.100.4');
  });

  it('behind a trusted proxy, falls back to x-real-ip, then to the peer', () => {
    expect(clientKey(h({ 'x-real-ip': '192.0.2.9' }), TRUST, '10.0.0.9')).toBe('192.0.2.9');
    expect(clientKey(h({}), TRUST, '10.0.0.9')).toBe('10.0.0.9');
    expect(clientKey(h({ 'x-forwarded-for': ' , ' }), TRUST)).toBe('anonymous');
  });

  it('normalises ports, IPv4-mapped IPv6, and buckets IPv6 by /64', () => {
    expect(clientKey(h({ 'x-forwarded-for': '192.0.2.1:5555' }), TRUST)).toBe('192.0.2.1');
    expect(clientKey(h({}), {}, '::ffff:192.0.2.1')).toBe('192.0.2.1');
    const a = clientKey(h({}), {}, '2001:db8:1:2::1');
    const b = clientKey(h({ 'x-forwarded-for': '[2001:0db8:0001:0002:ffff:1:2:3]:443' }), TRUST);
    const c = clientKey(h({}), {}, '2001:db8:1:3::1');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(clientKey(h({}), {}, '::1')).toBe('0:0:0:0::/64');
  });
});

describe('takeUploadToken', () => {
  it('allows a burst of the limit, then refills one token per 60/limit seconds', () => {
    const env = { LOUPE_RATE_LIMIT_PER_MIN: '6' };
    const t = 1_000_000;
    for (let i = 0; i < 6; i++) expect(takeUploadToken('k', t, env).ok).toBe(true);
    const denied = takeUploadToken('k', t, env);
    expect(denied).toMatchObject({ ok: false, retryAfterSeconds: 10 });
    expect(takeUploadToken('k', t + 9_999, env).ok).toBe(false);
    expect(takeUploadToken('k', t + 10_000, env).ok).toBe(true);
    expect(takeUploadToken('other', t, env).ok).toBe(true);
  });

  it('reads LOUPE_RATE_LIMIT_PER_MIN (default 30, 0 = off, junk = default)', () => {
    expect(uploadsPerMinute({})).toBe(30);
    expect(uploadsPerMinute({ LOUPE_RATE_LIMIT_PER_MIN: '5' })).toBe(5);
    expect(uploadsPerMinute({ LOUPE_RATE_LIMIT_PER_MIN: 'many' })).toBe(30);
    for (let i = 0; i < 100; i++) expect(takeUploadToken('x', 0, { LOUPE_RATE_LIMIT_PER_MIN: '0' }).ok).toBe(true);
  });

  it('the server-wide bucket (LOUPE_GLOBAL_RATE_LIMIT_PER_MIN, default 120) is shared by all clients', () => {
    const env = { LOUPE_GLOBAL_RATE_LIMIT_PER_MIN: '2' };
    expect(takeGlobalUploadToken(0, env).ok).toBe(true);
    expect(takeGlobalUploadToken(0, env).ok).toBe(true);
    expect(takeGlobalUploadToken(0, env)).toMatchObject({ ok: false, retryAfterSeconds: 30 });
    resetRateLimits();
    let ok = 0;
    for (let i = 0; i < 200; i++) if (takeGlobalUploadToken(0, {}).ok) ok++;
    expect(ok).toBe(120);
  });

  it('keeps its bucket map on globalThis', () => {
    takeUploadToken('g', 0, {});
    const map = (globalThis as Record<symbol, unknown>)[Symbol.for('loupe.rateLimitBuckets')] as Map<string, unknown>;
    expect(map.has('g')).toBe(true);
  });
});
