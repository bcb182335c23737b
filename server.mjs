// Loupe's production server: Next's request handler behind a plain Node HTTP server, for three things `next start`
// cannot do.
//   1. The client's address. A route handler sees a Web Request with no socket, and Next fills X-Forwarded-For from
//      the socket only when the client sent none, so a client could choose its own rate-limit bucket. Each request
//      runs inside an AsyncLocalStorage holding the TCP peer address (lib/server/peer.ts reads it); nothing a client
//      sends can change it.
//   2. Methods Next cannot take. `TRACE` made Next throw (a 500 and a stack in the log) and `CONNECT` has no handler:
//      anything but the methods below gets a JSON 405 here, and nothing is logged.
//   3. Time limits on the socket: a request (headers and body) must arrive within LOUPE_BODY_TIMEOUT_SECONDS + 10 s
//      (the upload route answers 408 itself at LOUPE_BODY_TIMEOUT_SECONDS); Node's default would wait 300 s.
//   4. Requests Node's parser refuses (a non-numeric Content-Length, headers too large) never reach Next: Node would
//      answer an empty 400; they get JSON `{error, message}` like every other refusal (lib/server/client-error.mjs).
//   5. The SQLite store's data folder is checked at start: made 0700 if others could read it, or the server refuses
//      to start and says why (lib/server/data-dir.mjs).
//
// Usage: node server.mjs [-p PORT] [-H HOST]   (defaults: $PORT or 3000, all interfaces). Run from the app folder
// after `next build` (`npm start` does both).
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import path from 'node:path';
import next from 'next';
import { onClientError } from './lib/server/client-error.mjs';
import { privateDataDir } from './lib/server/data-dir.mjs';

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
  strict: true,
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const bodyTimeoutSeconds =
  Number(process.env.LOUPE_BODY_TIMEOUT_SECONDS) > 0 ? Number(process.env.LOUPE_BODY_TIMEOUT_SECONDS) : 30;

if ((process.env.LOUPE_STORE ?? '').trim().toLowerCase() !== 's3') {
  const dataDir = path.resolve(process.env.LOUPE_DATA_DIR ?? './data');
  try {
    const was = privateDataDir(dataDir);
    if (was) console.log(`[loupe] the data folder ${dataDir} was open to other users (mode ${was}): made it 0700`);
  } catch (err) {
    console.error(`[loupe] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

/** @type {AsyncLocalStorage<{ peer?: string }>} */
const context = new AsyncLocalStorage();
globalThis[Symbol.for('loupe.requestContext')] = context;

const app = next({ dev: false, dir: process.cwd(), hostname: hostname ?? 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();

function methodNotAllowed(res) {
  const body = JSON.stringify({ error: 'method_not_allowed', message: 'This server does not accept this method.' });
  res.writeHead(405, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    allow: [...METHODS].join(', '),
    connection: 'close',
  });
  res.end(body);
}

const requestTimeout = (bodyTimeoutSeconds + 10) * 1000;
const server = createServer(
  // Node checks these limits every `connectionsCheckingInterval` ms (30 s by default): every second instead.
  { requestTimeout, headersTimeout: Math.min(60_000, requestTimeout), connectionsCheckingInterval: 1000 },
  (req, res) => {
    if (!METHODS.has(req.method ?? '')) return methodNotAllowed(res);
    context.run({ peer: req.socket.remoteAddress }, () => {
      handle(req, res).catch((err) => {
        console.error(`[loupe] request failed: ${err?.code ?? err?.name ?? 'unknown'}`);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end();
      });
    });
  },
);
server.on('clientError', onClientError);
// CONNECT never reaches the 'request' listener.
server.on('connect', (_req, socket) => {
  socket.end('HTTP/1.1 405 Method Not Allowed\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
});

server.listen(port, hostname, () => {
  console.log(`[loupe] ready on http://${hostname ?? 'localhost'}:${port}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
