// The API contract: the real route handlers, called as the Web API functions they are, against a real store — run by
// http.test.ts on SQLite (a temp folder) and by http-s3.test.ts on S3 (a real s3rver). Both must pass the same tests.
// (test/api/*.spec.ts in e2e/ run the same routes behind the real server for what needs a socket.)
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { TraceStore } from '@/lib/server/store';

export interface ContractTarget {
  /** `sqlite` or `s3`: the few answers that differ (a bucket has no local disk to watch). */
  readonly kind: 'sqlite' | 's3';
  /** Sets process.env for this store (called before the routes are imported). */
  setup(): Promise<void>;
  teardown(): Promise<void>;
  /** Every file that holds stored data (the SQLite files, or the S3 server's folder). */
  files(): string[];
}

/** Every file under `dir`, recursively. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

type Ctx = { params: Promise<{ id: string }> };

export function httpContract(target: ContractTarget): void {
  let POST: (req: Request) => Promise<Response>;
  let GET: (req: Request, ctx: Ctx) => Promise<Response>;
  let DELETE: (req: Request, ctx: Ctx) => Promise<Response>;
  let COLLECTION_GET: () => Response;
  let COLLECTION_OPTIONS: () => Response;
  let ITEM_OPTIONS: () => Response;
  let ITEM_POST: () => Response;
  let closeStore: () => Promise<void>;
  let getStore: () => TraceStore;
  let resetRateLimits: () => void;

  beforeAll(async () => {
    await target.setup();
    process.env.LOUPE_ACCESS_LOG = '0';
    const collection = await import('@/app/api/traces/route');
    const item = await import('@/app/api/traces/[id]/route');
    ({ closeStore, getStore } = await import('@/lib/server/store-instance'));
    ({ resetRateLimits } = await import('@/lib/server/rate-limit'));
    POST = collection.POST;
    COLLECTION_GET = collection.GET;
    COLLECTION_OPTIONS = collection.OPTIONS;
    GET = item.GET;
    DELETE = item.DELETE;
    ITEM_OPTIONS = item.OPTIONS;
    ITEM_POST = item.POST;
  });

  // These tests stand for clients behind one trusted proxy that names them in X-Forwarded-For (each test its own
  // address); the server-wide limit is off except where a test turns it on.
  const BASE_ENV = { LOUPE_TRUST_PROXY: '1', LOUPE_GLOBAL_RATE_LIMIT_PER_MIN: '0' };
  beforeAll(() => Object.assign(process.env, BASE_ENV));

  afterEach(() => {
    resetRateLimits();
    for (const k of [
      'LOUPE_MAX_UPLOAD_BYTES',
      'LOUPE_RATE_LIMIT_PER_MIN',
      'LOUPE_MAX_STORE_BYTES',
      'LOUPE_MIN_FREE_DISK_BYTES',
      'LOUPE_BODY_TIMEOUT_SECONDS',
    ])
      delete process.env[k];
    Object.assign(process.env, BASE_ENV);
    vi.useRealTimers();
  });

  afterAll(async () => {
    await closeStore();
    await target.teardown();
  });

  const BASE = 'http://loupe.test';
  let ipCounter = 0;
  /** Each call gets its own client address unless one is given, so tests do not share a rate-limit bucket. */
  function freshIp(): string {
    ipCounter++;
    return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
  }

  function upload(
    body: BodyInit | null,
    opts: { headers?: Record<string, string>; query?: string; ip?: string; contentType?: string | null } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? freshIp(), ...opts.headers };
    const ct = opts.contentType === undefined ? 'application/octet-stream' : opts.contentType;
    if (ct !== null) headers['content-type'] = ct;
    const init: RequestInit & { duplex?: 'half' } = { method: 'POST', headers, body };
    if (body instanceof ReadableStream) init.duplex = 'half';
    return POST(new Request(`${BASE}/api/traces${opts.query ?? ''}`, init));
  }

  function ctx(id: string): Ctx {
    return { params: Promise.resolve({ id }) };
  }
  function fetchTrace(id: string): Promise<Response> {
    return GET(new Request(`${BASE}/api/traces/${encodeURIComponent(id)}`), ctx(id));
  }
  function deleteTrace(id: string, authorization?: string): Promise<Response> {
    const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
    return DELETE(new Request(`${BASE}/api/traces/${encodeURIComponent(id)}`, { method: 'DELETE', headers }), ctx(id));
  }

  interface Created {
    id: string;
    deleteToken: string;
    expiresAt: string;
  }

  async function expectError(res: Response, status: number, code: string): Promise<{ error: string; message: string }> {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe(code);
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(10);
    return body;
  }

  /** Real AES-256-GCM as the browser does it: IV ‖ ciphertext‖tag. */
  async function encrypt(plaintext: Uint8Array): Promise<{ body: Uint8Array<ArrayBuffer>; key: CryptoKey }> {
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const ct = new Uint8Array(
      await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plaintext as Uint8Array<ArrayBuffer>),
    );
    const body = new Uint8Array(12 + ct.byteLength);
    body.set(iv, 0);
    body.set(ct, 12);
    return { body, key };
  }
  async function decrypt(body: Uint8Array<ArrayBuffer>, key: CryptoKey): Promise<Uint8Array> {
    const iv = body.subarray(0, 12);
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, body.subarray(12)));
  }

  describe('POST /api/traces → GET → DELETE', () => {
    it('round-trips the exact bytes with the documented status codes and headers', async () => {
      const bytes = randomBytes(300_000);
      const before = Date.now();
      const res = await upload(bytes);
      expect(res.status).toBe(201);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const created = (await res.json()) as Created;
      expect(created.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(created.deleteToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.headers.get('location')).toBe(`/api/traces/${created.id}`);
      // default expiry: 30 days, as an ISO string
      expect(created.expiresAt).toBe(new Date(Date.parse(created.expiresAt)).toISOString());
      const ttl = Date.parse(created.expiresAt) - before;
      expect(ttl).toBeGreaterThanOrEqual(30 * 86_400_000 - 5_000);
      expect(ttl).toBeLessThanOrEqual(30 * 86_400_000 + 5_000);

      const got = await fetchTrace(created.id);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('application/octet-stream');
      expect(got.headers.get('cache-control')).toBe('no-store');
      expect(got.headers.get('content-length')).toBe(String(bytes.byteLength));
      expect(got.headers.get('x-loupe-expires-at')).toBe(created.expiresAt);
      expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);

      const del = await deleteTrace(created.id, `Bearer ${created.deleteToken}`);
      expect(del.status).toBe(204);
      expect(await del.text()).toBe('');
      await expectError(await fetchTrace(created.id), 404, 'not_found');
      await expectError(await deleteTrace(created.id, `Bearer ${created.deleteToken}`), 404, 'not_found');
    });

    it('accepts a streamed body without Content-Length and Content-Type parameters', async () => {
      const parts = [randomBytes(1000), randomBytes(5000), randomBytes(17)];
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          for (const p of parts) c.enqueue(new Uint8Array(p));
          c.close();
        },
      });
      const res = await upload(stream, { contentType: 'Application/Octet-Stream; foo=bar' });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as Created;
      expect(Buffer.from(await (await fetchTrace(id)).arrayBuffer()).equals(Buffer.concat(parts))).toBe(true);
    });

    it('the stored files never contain the plaintext of real AES-GCM ciphertext, and the key still decrypts it', async () => {
      const marker = `LOUPE-PLAINTEXT-MARKER-${randomBytes(8).toString('hex')}`;
      const plaintext = new TextEncoder().encode(
        Array.from({ length: 200 }, (_, i) => JSON.stringify({ type: 'assistant', i, text: marker })).join('\n'),
      );
      const { body, key } = await encrypt(plaintext);
      const res = await upload(body);
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as Created;

      const contents = Buffer.concat(target.files().map((f) => readFileSync(f)));
      expect(contents.includes(Buffer.from(body.subarray(100, 164)))).toBe(true); // the ciphertext is there…
      expect(contents.includes(Buffer.from(marker))).toBe(false); // …the plaintext is not
      expect(contents.includes(Buffer.from(marker, 'utf16le'))).toBe(false);

      const back = new Uint8Array(await (await fetchTrace(id)).arrayBuffer());
      expect(new TextDecoder().decode(await decrypt(back, key))).toContain(marker);
    });
  });

  describe('expiry', () => {
    it('honours X-Loupe-Expires-In and ?ttl (header wins), clamps above 30 days, refuses below 60 s', async () => {
      const t0 = Date.now();
      const viaHeader = (await (
        await upload(randomBytes(64), { headers: { 'x-loupe-expires-in': '3600' }, query: '?ttl=999999' })
      ).json()) as Created;
      expect(Math.abs(Date.parse(viaHeader.expiresAt) - t0 - 3_600_000)).toBeLessThan(5_000);
      const viaQuery = (await (await upload(randomBytes(64), { query: '?ttl=120' })).json()) as Created;
      expect(Math.abs(Date.parse(viaQuery.expiresAt) - t0 - 120_000)).toBeLessThan(5_000);
      const clamped = await upload(randomBytes(64), { query: '?ttl=99999999' });
      expect(clamped.status).toBe(201);
      const c = (await clamped.json()) as Created;
      expect(Math.abs(Date.parse(c.expiresAt) - t0 - 30 * 86_400_000)).toBeLessThan(5_000);

      await expectError(await upload(randomBytes(64), { query: '?ttl=59' }), 400, 'ttl_too_short');
      await expectError(
        await upload(randomBytes(64), { headers: { 'x-loupe-expires-in': '1.5' } }),
        400,
        'invalid_ttl',
      );
      await expectError(await upload(randomBytes(64), { query: '?ttl=-60' }), 400, 'invalid_ttl');
      await expectError(await upload(randomBytes(64), { query: '?ttl=' }), 400, 'invalid_ttl');
    });

    it('an expired trace is 404 with the documented message, for GET and DELETE', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const res = await upload(randomBytes(64), { query: '?ttl=60' });
      const created = (await res.json()) as Created;
      expect((await fetchTrace(created.id)).status).toBe(200);
      vi.setSystemTime(Date.now() + 60_000);
      const body = await expectError(await fetchTrace(created.id), 404, 'not_found');
      expect(body.message).toBe('This trace was deleted or has expired.');
      await expectError(await deleteTrace(created.id, `Bearer ${created.deleteToken}`), 404, 'not_found');
    });
  });

  describe('malformed requests', () => {
    it('415 for a missing or different Content-Type', async () => {
      await expectError(await upload(randomBytes(64), { contentType: null }), 415, 'unsupported_media_type');
      await expectError(await upload('{"a":1}', { contentType: 'application/json' }), 415, 'unsupported_media_type');
      await expectError(await upload(randomBytes(64), { contentType: 'text/plain' }), 415, 'unsupported_media_type');
    });

    it('400 for an empty body, a body too short to be AES-GCM, and a body shorter than its Content-Length', async () => {
      await expectError(await upload(null), 400, 'empty_body');
      await expectError(await upload(new Uint8Array(0)), 400, 'empty_body');
      const short = await expectError(await upload(randomBytes(27)), 400, 'not_ciphertext');
      expect(short.message).toContain('28');
      expect((await upload(randomBytes(28))).status).toBe(201);
      await expectError(
        await upload(randomBytes(100), { headers: { 'content-length': '200' } }),
        400,
        'body_incomplete',
      );
      await expectError(
        await upload(randomBytes(100), { headers: { 'content-length': '50' } }),
        400,
        'body_incomplete',
      );
      await expectError(
        await upload(randomBytes(100), { headers: { 'content-length': 'lots' } }),
        400,
        'invalid_content_length',
      );
    });

    it('405 JSON for other methods, and OPTIONS lists only what is accepted', async () => {
      const res = COLLECTION_GET();
      await expectError(res, 405, 'method_not_allowed');
      expect(res.headers.get('allow')).toBe('OPTIONS, POST');
      const item = ITEM_POST();
      await expectError(item, 405, 'method_not_allowed');
      expect(item.headers.get('allow')).toBe('DELETE, GET, HEAD, OPTIONS');
      for (const [options, allow] of [
        [COLLECTION_OPTIONS(), 'OPTIONS, POST'],
        [ITEM_OPTIONS(), 'DELETE, GET, HEAD, OPTIONS'],
      ] as const) {
        expect(options.status).toBe(204);
        expect(options.headers.get('allow')).toBe(allow);
      }
    });
  });

  describe('size limit (LOUPE_MAX_UPLOAD_BYTES)', () => {
    it('413 from Content-Length before reading, and from the body itself', async () => {
      process.env.LOUPE_MAX_UPLOAD_BYTES = '1000';
      expect((await upload(randomBytes(1000))).status).toBe(201);
      await expectError(await upload(randomBytes(1001)), 413, 'payload_too_large');
      await expectError(
        await upload(randomBytes(10), { headers: { 'content-length': '5000' } }),
        413,
        'payload_too_large',
      );
    });

    it('413 while streaming: an endless body is cancelled just past the limit', async () => {
      process.env.LOUPE_MAX_UPLOAD_BYTES = String(64 * 1024);
      let pulled = 0;
      let cancelled = false;
      const endless = new ReadableStream<Uint8Array>({
        pull(c) {
          pulled += 4096;
          c.enqueue(new Uint8Array(4096));
        },
        cancel() {
          cancelled = true;
        },
      });
      const res = await upload(endless);
      const body = await expectError(res, 413, 'payload_too_large');
      expect(body.message).toContain('64 KB');
      expect(cancelled).toBe(true);
      expect(pulled).toBeLessThan(64 * 1024 + 4096 * 4);
    });

    it('the default limit is 50 MB', async () => {
      await expectError(
        await upload(randomBytes(10), { headers: { 'content-length': String(50 * 1024 * 1024 + 1) } }),
        413,
        'payload_too_large',
      );
    });
  });

  describe('GET/DELETE errors', () => {
    it('404 for unknown and malformed ids', async () => {
      for (const id of [randomBytes(16).toString('base64url'), 'short', '../../../etc/passwd', 'a'.repeat(23), '']) {
        const body = await expectError(await fetchTrace(id), 404, 'not_found');
        expect(body.message).toBe('This trace was deleted or has expired.');
      }
      await expectError(
        await deleteTrace(randomBytes(16).toString('base64url'), `Bearer ${'x'.repeat(43)}`),
        404,
        'not_found',
      );
    });

    it('401 without a Bearer token, 403 with a wrong one (and the trace survives)', async () => {
      const created = (await (await upload(randomBytes(64))).json()) as Created;
      const missing = await deleteTrace(created.id);
      await expectError(missing, 401, 'unauthorized');
      expect(missing.headers.get('www-authenticate')).toBe('Bearer');
      await expectError(await deleteTrace(created.id, `Basic ${created.deleteToken}`), 401, 'unauthorized');
      await expectError(await deleteTrace(created.id, 'Bearer '), 401, 'unauthorized');
      await expectError(
        await deleteTrace(created.id, `Bearer ${randomBytes(32).toString('base64url')}`),
        403,
        'forbidden',
      );
      await expectError(await deleteTrace(created.id, `Bearer ${created.deleteToken}x`), 403, 'forbidden');
      expect((await fetchTrace(created.id)).status).toBe(200);
      expect((await deleteTrace(created.id, `bearer ${created.deleteToken}`)).status).toBe(204);
    });
  });

  describe('rate limit', () => {
    it('429 with Retry-After past the per-client limit; other clients are unaffected', async () => {
      process.env.LOUPE_RATE_LIMIT_PER_MIN = '3';
      const ip = '203.0.113.7';
      for (let i = 0; i < 3; i++) expect((await upload(randomBytes(64), { ip })).status).toBe(201);
      const res = await upload(randomBytes(64), { ip });
      await expectError(res, 429, 'rate_limited');
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(20); // one token every 20 s at 3/min
      expect((await upload(randomBytes(64), { ip: '203.0.113.8' })).status).toBe(201);
      // rejected attempts count too: a malformed upload still spends a token
      const ip2 = '203.0.113.9';
      for (let i = 0; i < 3; i++) expect((await upload(null, { ip: ip2 })).status).toBe(400);
      expect((await upload(randomBytes(64), { ip: ip2 })).status).toBe(429);
    });

    it('defaults to 30 per minute per client', async () => {
      const ip = '198.51.100.1';
      const statuses = [];
      for (let i = 0; i < 31; i++) statuses.push((await upload(randomBytes(64), { ip })).status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(30);
      expect(statuses[30]).toBe(429);
    });

    it('refills over time', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      process.env.LOUPE_RATE_LIMIT_PER_MIN = '2';
      const ip = '198.51.100.2';
      expect((await upload(randomBytes(64), { ip })).status).toBe(201);
      expect((await upload(randomBytes(64), { ip })).status).toBe(201);
      expect((await upload(randomBytes(64), { ip })).status).toBe(429);
      vi.setSystemTime(Date.now() + 30_000);
      expect((await upload(randomBytes(64), { ip })).status).toBe(201);
      expect((await upload(randomBytes(64), { ip })).status).toBe(429);
    });
  });

  describe('concurrency', () => {
    it('50 concurrent uploads are all stored and read back exactly', async () => {
      const blobs = Array.from({ length: 50 }, (_, i) => randomBytes(1000 + i * 997));
      const responses = await Promise.all(blobs.map((b) => upload(b)));
      expect(responses.map((r) => r.status)).toEqual(Array(50).fill(201));
      const created = (await Promise.all(responses.map((r) => r.json()))) as Created[];
      expect(new Set(created.map((c) => c.id)).size).toBe(50);
      const back = await Promise.all(
        created.map(async (c) => Buffer.from(await (await fetchTrace(c.id)).arrayBuffer())),
      );
      back.forEach((b, i) => expect(b.equals(blobs[i] ?? Buffer.alloc(0))).toBe(true));
    });
  });

  describe('abuse limits', () => {
    it('without LOUPE_TRUST_PROXY, X-Forwarded-For is ignored: a new value each time buys no new bucket', async () => {
      delete process.env.LOUPE_TRUST_PROXY;
      process.env.LOUPE_RATE_LIMIT_PER_MIN = '3';
      for (let i = 0; i < 3; i++) expect((await upload(randomBytes(64))).status).toBe(201);
      for (let i = 0; i < 5; i++) await expectError(await upload(randomBytes(64)), 429, 'rate_limited');
    });

    it('429 past the server-wide limit (LOUPE_GLOBAL_RATE_LIMIT_PER_MIN), whatever the client', async () => {
      process.env.LOUPE_GLOBAL_RATE_LIMIT_PER_MIN = '4';
      for (let i = 0; i < 4; i++) expect((await upload(randomBytes(64))).status).toBe(201);
      const res = await upload(randomBytes(64));
      const body = await expectError(res, 429, 'rate_limited');
      expect(body.message).toContain('for everyone');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    });

    it('507 past the store quota (LOUPE_MAX_STORE_BYTES): from Content-Length before the body is read, and from the body', async () => {
      const used = await getStore().usedBytes();
      process.env.LOUPE_MAX_STORE_BYTES = String(used + 1500);
      expect((await upload(randomBytes(1000))).status).toBe(201);
      const full = await expectError(await upload(randomBytes(1000)), 507, 'insufficient_storage');
      expect(full.message).toContain('share store is full');
      // Declared too big: refused before a byte of the body is read.
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(c) {
          pulled++;
          c.enqueue(new Uint8Array(1000));
          c.close();
        },
      });
      await expectError(await upload(body, { headers: { 'content-length': '1000' } }), 507, 'insufficient_storage');
      expect(pulled).toBeLessThanOrEqual(1);
      // A streamed body with no length is checked once it has arrived.
      const streamed = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new Uint8Array(randomBytes(1000)));
          c.close();
        },
      });
      await expectError(await upload(streamed), 507, 'insufficient_storage');
      expect((await upload(randomBytes(400))).status).toBe(201);
    });

    it(`the free-disk watermark (LOUPE_MIN_FREE_DISK_BYTES): ${target.kind === 'sqlite' ? '507 when the data disk would keep too little' : 'not applicable to a bucket'}`, async () => {
      process.env.LOUPE_MIN_FREE_DISK_BYTES = '9000000000000000'; // 8 PB: more than any disk here
      const res = await upload(randomBytes(64));
      if (target.kind === 's3') {
        expect(res.status).toBe(201);
        return;
      }
      const body = await expectError(res, 507, 'insufficient_storage');
      expect(body.message).toContain('disk is nearly full');
    });

    it('408 when the body does not arrive within LOUPE_BODY_TIMEOUT_SECONDS; the stream is cancelled, the connection closed', async () => {
      process.env.LOUPE_BODY_TIMEOUT_SECONDS = '1';
      let cancelled = false;
      const stalled = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new Uint8Array(100));
        },
        cancel() {
          cancelled = true;
        },
      });
      const t0 = performance.now();
      const res = await upload(stalled, { headers: { 'content-length': '5000' } });
      const elapsed = performance.now() - t0;
      const body = await expectError(res, 408, 'request_timeout');
      expect(body.message).toContain('within 1 s');
      expect(res.headers.get('connection')).toBe('close');
      expect(cancelled).toBe(true);
      expect(elapsed).toBeGreaterThanOrEqual(900);
      expect(elapsed).toBeLessThan(10_000);
    });

    it('an upload whose answer never went out (the body with the id was not read) is swept as an orphan', async () => {
      const orphan = await upload(randomBytes(64));
      expect(orphan.status).toBe(201);
      const orphanId = (orphan.headers.get('location') ?? '').split('/').pop() ?? '';
      const answered = (await (await upload(randomBytes(64))).json()) as Created;
      // Past the grace period (10 minutes by default).
      await getStore().sweep(Date.now() + 11 * 60_000);
      await expectError(await fetchTrace(orphanId), 404, 'not_found');
      expect((await fetchTrace(answered.id)).status).toBe(200);
      await orphan.body?.cancel();
    });
  });
}
