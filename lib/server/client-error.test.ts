// The answer to requests Node's HTTP parser refuses before any route sees them, on a real Node HTTP server and raw
// TCP connections (what a client that writes its own bytes sends).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import net from 'node:net';
import { onClientError } from './client-error.mjs';

let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((_req, res) => res.end('ok'));
  server.on('clientError', onClientError);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Sends `text` on a fresh connection and resolves with all the server answered once it closes. */
function rawRequest(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (answer += d));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

function parse(answer: string): { status: number; headers: string; body: { error: string; message: string } } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1]);
  return { status, headers: head.toLowerCase(), body: JSON.parse(body) as { error: string; message: string } };
}

describe('requests the parser refuses get JSON, as every other refusal', () => {
  it('a non-numeric Content-Length: 400 invalid_content_length, not an empty 400', async () => {
    const answer = parse(await rawRequest('POST /api/traces HTTP/1.1\r\nHost: loupe\r\nContent-Length: abc\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.headers).toContain('content-type: application/json; charset=utf-8');
    expect(answer.headers).toContain('x-content-type-options: nosniff');
    expect(answer.headers).toContain('connection: close');
    expect(answer.body.error).toBe('invalid_content_length');
    expect(answer.body.message).toContain('Content-Length');
  });

  it('two different Content-Lengths: 400 invalid_content_length', async () => {
    const answer = parse(
      await rawRequest('POST / HTTP/1.1\r\nHost: loupe\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n'),
    );
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_content_length']);
  });

  it('headers past the limit: 431 headers_too_large', async () => {
    const answer = parse(await rawRequest(`GET / HTTP/1.1\r\nHost: loupe\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect([answer.status, answer.body.error]).toEqual([431, 'headers_too_large']);
  });

  it('bytes that are not HTTP: 400 bad_request', async () => {
    const answer = parse(await rawRequest('NOT HTTP AT ALL\r\n\r\n'));
    expect([answer.status, answer.body.error]).toEqual([400, 'bad_request']);
  });

  it('a well-formed request still reaches the handler', async () => {
    expect(await rawRequest('GET / HTTP/1.1\r\nHost: loupe\r\nConnection: close\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 200 [\s\S]*ok$/,
    );
  });
});
