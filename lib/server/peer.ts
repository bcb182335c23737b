// Server-only: the TCP peer address of the request being handled. A route handler gets a Web Request with no socket,
// so Loupe's server (server.mjs) runs each request inside an AsyncLocalStorage holding the socket's remote address,
// kept on globalThis under a well-known symbol. Nothing a client sends can set it. Under a server that does not
// provide it (`next start`, an in-process test), the address is unknown.

import type { AsyncLocalStorage } from 'node:async_hooks';

const KEY = Symbol.for('loupe.requestContext');

export interface RequestContext {
  readonly peer?: string;
}

type GlobalWithContext = typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestContext> };

export function peerAddress(): string | undefined {
  const als = (globalThis as GlobalWithContext)[KEY];
  const peer = als?.getStore()?.peer;
  return typeof peer === 'string' && peer !== '' ? peer : undefined;
}
