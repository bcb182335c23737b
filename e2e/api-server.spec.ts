import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from './helpers/server';

// The share API's limits, each through real requests to a real server (server.mjs on the production build) started
// with the setting under test. No browser: these are what a client script, or an attacker, would send.

const ROOT = path.resolve(import.meta.dirname, '..');

function upload(base: string, bytes: Uint8Array, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/api/traces`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', ...headers },
    body: new Uint8Array(bytes),
  });
}

async function errorOf(res: Response): Promise<{ status: number; error: string; message: string }> {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { error: string; message: string };
  return { status: res.status, ...body };
}

/** Sends `text` on a fresh TCP connection and resolves with all the server answered once it closes. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (answer += d));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

/** Runs `fn` against a server of its own with `env`, and stops it. */
async function withServer<T>(
  env: Record<string, string>,
  fn: (s: RunningServer) => Promise<T>,
  dataDir?: string,
): Promise<T> {
  const server = await startServer(env, dataDir);
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}

test.describe('abuse limits on a real server', () => {
  test('a spoofed X-Forwarded-For stays rate-limited by default: the bucket is the TCP peer', async () => {
    await withServer({ LOUPE_RATE_LIMIT_PER_MIN: '3' }, async ({ base }) => {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push(
          (await upload(base, randomBytes(64), { 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `198.51.100.${i}` }))
            .status,
        );
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    });
  });

  test('with LOUPE_TRUST_PROXY=1, the entry the proxy appended is the client; the server-wide limit caps them all', async () => {
    await withServer(
      { LOUPE_TRUST_PROXY: '1', LOUPE_RATE_LIMIT_PER_MIN: '2', LOUPE_GLOBAL_RATE_LIMIT_PER_MIN: '5' },
      async ({ base }) => {
        const from = (client: string) => upload(base, randomBytes(64), { 'x-forwarded-for': `6.6.6.6, ${client}` });
        expect((await from('192.0.2.1')).status).toBe(201);
        expect((await from('192.0.2.1')).status).toBe(201);
        expect((await errorOf(await from('192.0.2.1'))).error).toBe('rate_limited');
        // Other clients have buckets of their own…
        expect((await from('192.0.2.2')).status).toBe(201);
        expect((await from('192.0.2.3')).status).toBe(201);
        expect((await from('192.0.2.4')).status).toBe(201);
        // …until the server-wide bucket (5 a minute) is empty.
        const global = await errorOf(await from('192.0.2.5'));
        expect(global).toMatchObject({ status: 429, error: 'rate_limited' });
        expect(global.message).toContain('for everyone');
      },
    );
  });

  test('507 when the store quota (LOUPE_MAX_STORE_BYTES) would be passed, and when the disk would keep too little', async () => {
    await withServer({ LOUPE_MAX_STORE_BYTES: '3000' }, async ({ base }) => {
      expect((await upload(base, randomBytes(2000))).status).toBe(201);
      const full = await errorOf(await upload(base, randomBytes(2000)));
      expect(full).toMatchObject({ status: 507, error: 'insufficient_storage' });
      expect(full.message).toContain('share store is full');
      expect((await upload(base, randomBytes(900))).status).toBe(201);
    });
    await withServer({ LOUPE_MIN_FREE_DISK_BYTES: '9000000000000000' }, async ({ base }) => {
      const disk = await errorOf(await upload(base, randomBytes(100)));
      expect(disk).toMatchObject({ status: 507, error: 'insufficient_storage' });
      expect(disk.message).toContain('disk is nearly full');
    });
  });

  test('a body that is declared and never sent gets 408 at LOUPE_BODY_TIMEOUT_SECONDS, and the connection is closed', async () => {
    await withServer({ LOUPE_BODY_TIMEOUT_SECONDS: '1' }, async ({ port }) => {
      const t0 = Date.now();
      const { text, closedAfterMs } = await new Promise<{ text: string; closedAfterMs: number }>((resolve, reject) => {
        let text = '';
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /api/traces HTTP/1.1\r\nHost: loupe\r\nContent-Type: application/octet-stream\r\nContent-Length: 100000\r\n\r\n',
          );
          socket.write(Buffer.alloc(1000));
        });
        socket.setEncoding('utf8');
        socket.on('data', (d: string) => (text += d));
        socket.on('error', reject);
        socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - t0 }));
      });
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(text).toContain('"error":"request_timeout"');
      expect(text).toContain('within 1 s');
      // Not Node's default of 300 s: answered and closed a moment after the limit.
      expect(closedAfterMs).toBeGreaterThanOrEqual(900);
      expect(closedAfterMs).toBeLessThan(8_000);
    });
  });

  test('orphans (stored by a server killed before the id went out) are swept when the next server starts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'loupe-orphans-'));
    // A writer that stores uploads and is SIGKILLed before confirming any: as a server killed between the commit and
    // the answer.
    const orphanIds = await new Promise<string[]>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/api/crash-writer.ts', dataDir, 'orphans'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const ids: string[] = [];
      let buffered = '';
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (d: string) => {
        buffered += d;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const l of lines) if (l !== 'ready') ids.push(l.split(' ')[0] ?? '');
        if (ids.length >= 3) child.kill('SIGKILL');
      });
      child.on('error', reject);
      child.on('close', () => resolve(ids));
    });
    expect(orphanIds.length).toBeGreaterThanOrEqual(3);
    await withServer(
      { LOUPE_ORPHAN_GRACE_SECONDS: '0' },
      async ({ base }) => {
        // The store sweeps when it opens, on the first request.
        const kept = (await (await upload(base, randomBytes(64))).json()) as { id: string };
        for (const id of orphanIds) expect((await fetch(`${base}/api/traces/${id}`)).status, id).toBe(404);
        expect((await fetch(`${base}/api/traces/${kept.id}`)).status).toBe(200);
      },
      dataDir,
    );
  });
});

test('a data folder that already exists open to others (0755) is made 0700 when the server starts', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'loupe-open-'));
  chmodSync(dataDir, 0o755);
  await withServer(
    {},
    async (s) => {
      // At start, before any request opens the store.
      expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
      expect(s.log()).toContain('(mode 0755): made it 0700');
    },
    dataDir,
  );
});

test.describe('the small ones', () => {
  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('TRACE and CONNECT get a JSON 405, and nothing lands in the log', async () => {
    const base = server?.base ?? '';
    const res = await rawRequest(server?.port ?? 0, 'TRACE /api/traces HTTP/1.1\r\nHost: loupe\r\n\r\n');
    expect(res).toMatch(/^HTTP\/1\.1 405 /);
    expect(res).toContain('"error":"method_not_allowed"');
    expect(res.toLowerCase()).toContain('x-content-type-options: nosniff');
    const connect = await rawRequest(
      server?.port ?? 0,
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
    );
    expect(connect).toMatch(/^HTTP\/1\.1 405 /);
    expect((await fetch(`${base}/api/traces/none`)).status).toBe(404);
    // (Case matters: `/api/traces` is in the access log; a TRACE failure used to log `⨯ TypeError: 'TRACE' … unsupported`.)
    expect(server?.log() ?? '').not.toMatch(/TRACE|⨯|Error|unsupported/);
  });

  test("a non-numeric Content-Length, refused by Node's parser before any route, gets a JSON 400", async () => {
    const res = await rawRequest(
      server?.port ?? 0,
      'POST /api/traces HTTP/1.1\r\nHost: loupe\r\nContent-Type: application/octet-stream\r\nContent-Length: 12abc\r\n\r\n',
    );
    expect(res).toMatch(/^HTTP\/1\.1 400 /);
    expect(res.toLowerCase()).toContain('content-type: application/json');
    const body = JSON.parse(res.split('\r\n\r\n')[1] ?? '') as { error: string; message: string };
    expect(body.error).toBe('invalid_content_length');
  });

  test('OPTIONS advertises only the methods that are answered', async () => {
    const base = server?.base ?? '';
    const collection = await fetch(`${base}/api/traces`, { method: 'OPTIONS' });
    expect(collection.status).toBe(204);
    expect(collection.headers.get('allow')).toBe('OPTIONS, POST');
    const item = await fetch(`${base}/api/traces/${randomBytes(16).toString('base64url')}`, { method: 'OPTIONS' });
    expect(item.headers.get('allow')).toBe('DELETE, GET, HEAD, OPTIONS');
    // Each advertised method is answered (none of them is a 405), and the others are refused in JSON.
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
      const res = await fetch(`${base}/api/traces`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('OPTIONS, POST');
    }
    expect(
      (await fetch(`${base}/api/traces/${randomBytes(16).toString('base64url')}`, { method: 'HEAD' })).status,
    ).toBe(404);
  });

  test('pages whose path only starts like an excluded one (/apifoo, /samplesx) get the Content-Security-Policy', async () => {
    const base = server?.base ?? '';
    for (const p of ['/', '/apifoo', '/samplesx', '/api-docs', '/t/x']) {
      const res = await fetch(`${base}${p}`);
      expect(res.headers.get('content-security-policy'), p).toContain("script-src 'self' 'nonce-");
    }
  });

  test('traces.db, its WAL and shared-memory files are created readable by their owner only', async () => {
    const base = server?.base ?? '';
    expect((await upload(base, randomBytes(64))).status).toBe(201);
    for (const f of ['traces.db', 'traces.db-wal', 'traces.db-shm']) {
      expect((statSync(path.join(server?.dataDir ?? '', f)).mode & 0o777).toString(8), f).toBe('600');
    }
    expect((statSync(server?.dataDir ?? '').mode & 0o077).toString(8)).toBe('0');
  });
});
