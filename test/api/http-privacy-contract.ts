// The API's share-link privacy: burn after reading (a second GET is 410, of simultaneous GETs exactly one is 200, HEAD
// burns nothing), expiry choices (never only where the operator allows it), the sender's delete token on each, and
// GET /api/share-options. The real route handlers, called as Web API functions, against a real store: run on SQLite
// (http-privacy.test.ts) and on a real S3 protocol server (http-privacy-s3.test.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { ContractTarget } from './http-contract';

type Ctx = { params: Promise<{ id: string }> };
type Handler = (req: Request, ctx: Ctx) => Promise<Response>;

interface Created {
  id: string;
  deleteToken: string;
  expiresAt: string | null;
  burnAfterReading: boolean;
}

export function httpPrivacyContract(target: ContractTarget): void {
  let POST: (req: Request) => Promise<Response>;
  let GET: Handler;
  let HEAD: Handler;
  let DELETE: Handler;
  let OPTIONS_GET: () => Response;
  let closeStore: () => Promise<void>;

  beforeAll(async () => {
    await target.setup();
    Object.assign(process.env, {
      LOUPE_ACCESS_LOG: '0',
      LOUPE_RATE_LIMIT_PER_MIN: '0',
      LOUPE_GLOBAL_RATE_LIMIT_PER_MIN: '0',
    });
    const collection = await import('@/app/api/traces/route');
    const item = await import('@/app/api/traces/[id]/route');
    const options = await import('@/app/api/share-options/route');
    ({ closeStore } = await import('@/lib/server/store-instance'));
    ({ POST } = collection);
    ({ GET, HEAD, DELETE } = item);
    OPTIONS_GET = options.GET;
  });
  afterEach(() => {
    delete process.env.LOUPE_ALLOW_NEVER_EXPIRE;
  });
  afterAll(async () => {
    await closeStore();
    await target.teardown();
  });

  const BASE = 'http://loupe.test';
  const ctx = (id: string): Ctx => ({ params: Promise.resolve({ id }) });
  const item = (id: string, method = 'GET', headers: Record<string, string> = {}): Request =>
    new Request(`${BASE}/api/traces/${id}`, { method, headers });

  async function upload(bytes: Uint8Array, headers: Record<string, string> = {}): Promise<Created> {
    const res = await POST(
      new Request(`${BASE}/api/traces`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', ...headers },
        body: bytes as Uint8Array<ArrayBuffer>,
      }),
    );
    expect(res.status).toBe(201);
    return (await res.json()) as Created;
  }

  async function errorOf(res: Response): Promise<{ status: number; error: string; message: string }> {
    const body = (await res.json()) as { error: string; message: string };
    return { status: res.status, ...body };
  }

  describe('burn after reading', () => {
    it('the first GET serves and deletes it; the next is 410 already_read, in words', async () => {
      const bytes = randomBytes(50_000);
      const created = await upload(bytes, { 'x-loupe-burn-after-reading': '1', 'x-loupe-expires-in': '3600' });
      expect(created.burnAfterReading).toBe(true);
      // HEAD says what it is and burns nothing.
      for (let i = 0; i < 2; i++) {
        const head = await HEAD(item(created.id, 'HEAD'), ctx(created.id));
        expect(head.status).toBe(200);
        expect(head.headers.get('x-loupe-burn-after-reading')).toBe('1');
        expect(head.headers.get('x-loupe-expires-at')).toBe(created.expiresAt);
      }
      const first = await GET(item(created.id), ctx(created.id));
      expect(first.status).toBe(200);
      expect(first.headers.get('x-loupe-burn-after-reading')).toBe('1');
      expect(Buffer.from(await first.arrayBuffer()).equals(bytes)).toBe(true);
      // Gone from the files that hold stored data, not only hidden.
      for (const f of target.files())
        if (existsSync(f)) expect(readFileSync(f).includes(bytes.subarray(0, 1000)), f).toBe(false);
      const second = await errorOf(await GET(item(created.id), ctx(created.id)));
      expect(second).toMatchObject({ status: 410, error: 'already_read' });
      expect(second.message).toMatch(/burn after reading.*has been read/);
      expect((await HEAD(item(created.id, 'HEAD'), ctx(created.id))).status).toBe(410);
      // The sender's delete token finds nothing left.
      expect(
        (await DELETE(item(created.id, 'DELETE', { authorization: `Bearer ${created.deleteToken}` }), ctx(created.id)))
          .status,
      ).toBe(404);
    });

    it('of six simultaneous GETs exactly one is 200; the others are 410', async () => {
      const bytes = randomBytes(300_000);
      const created = await upload(bytes, { 'x-loupe-burn-after-reading': '1' });
      const answers = await Promise.all(Array.from({ length: 6 }, () => GET(item(created.id), ctx(created.id))));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 410, 410, 410, 410, 410]);
      const served = answers.find((r) => r.status === 200);
      expect(Buffer.from((await served?.arrayBuffer()) ?? new ArrayBuffer(0)).equals(bytes)).toBe(true);
    });

    it('the sender can delete it before it is read: then it is 404, not "read"', async () => {
      const created = await upload(randomBytes(64), { 'x-loupe-burn-after-reading': '1' });
      const del = await DELETE(
        item(created.id, 'DELETE', { authorization: `Bearer ${created.deleteToken}` }),
        ctx(created.id),
      );
      expect(del.status).toBe(204);
      expect(await errorOf(await GET(item(created.id), ctx(created.id)))).toMatchObject({
        status: 404,
        error: 'not_found',
      });
    });

    it('?burn=1 works as the header does; an ordinary upload is served again and again', async () => {
      const res = await POST(
        new Request(`${BASE}/api/traces?burn=1`, {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream' },
          body: randomBytes(64),
        }),
      );
      expect(((await res.json()) as Created).burnAfterReading).toBe(true);
      const plain = await upload(randomBytes(64));
      expect(plain.burnAfterReading).toBe(false);
      for (let i = 0; i < 3; i++) {
        const got = await GET(item(plain.id), ctx(plain.id));
        expect(got.status).toBe(200);
        expect(got.headers.get('x-loupe-burn-after-reading')).toBeNull();
      }
    });

    it('400 invalid_burn for anything but 1/0', async () => {
      const res = await POST(
        new Request(`${BASE}/api/traces`, {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream', 'x-loupe-burn-after-reading': 'maybe' },
          body: randomBytes(64),
        }),
      );
      expect(await errorOf(res)).toMatchObject({ status: 400, error: 'invalid_burn' });
    });
  });

  describe('expiry choices', () => {
    it('never is refused by default: it is clamped to 30 days, and the options say so', async () => {
      const before = Date.now();
      const created = await upload(randomBytes(64), { 'x-loupe-expires-in': 'never' });
      const ttl = Date.parse(created.expiresAt ?? '') - before;
      expect(Math.abs(ttl - 30 * 86_400_000)).toBeLessThan(5_000);
      const options = (await OPTIONS_GET().json()) as { expiries: (number | null)[]; neverExpires: boolean };
      expect(options).toMatchObject({ expiries: [3600, 86_400, 604_800, 2_592_000], neverExpires: false });
    });

    it('with LOUPE_ALLOW_NEVER_EXPIRE=1: expiresAt null, the header says never, and the delete token still works', async () => {
      process.env.LOUPE_ALLOW_NEVER_EXPIRE = '1';
      const options = (await OPTIONS_GET().json()) as { expiries: (number | null)[]; neverExpires: boolean };
      expect(options).toMatchObject({ expiries: [3600, 86_400, 604_800, 2_592_000, null], neverExpires: true });
      const created = await upload(randomBytes(64), { 'x-loupe-expires-in': 'never' });
      expect(created.expiresAt).toBeNull();
      const got = await GET(item(created.id), ctx(created.id));
      expect(got.status).toBe(200);
      expect(got.headers.get('x-loupe-expires-at')).toBe('never');
      const del = await DELETE(
        item(created.id, 'DELETE', { authorization: `Bearer ${created.deleteToken}` }),
        ctx(created.id),
      );
      expect(del.status).toBe(204);
      expect((await GET(item(created.id), ctx(created.id))).status).toBe(404);
    });

    for (const [label, seconds] of [
      ['1 hour', 3600],
      ['1 day', 86_400],
      ['1 week', 604_800],
    ] as const) {
      it(`${label}: expiresAt and the served header agree`, async () => {
        const before = Date.now();
        const created = await upload(randomBytes(64), { 'x-loupe-expires-in': String(seconds) });
        expect(Math.abs(Date.parse(created.expiresAt ?? '') - before - seconds * 1000)).toBeLessThan(5_000);
        expect((await GET(item(created.id), ctx(created.id))).headers.get('x-loupe-expires-at')).toBe(
          created.expiresAt,
        );
      });
    }
  });
}
