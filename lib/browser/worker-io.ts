/// <reference lib="webworker" />
import { blobInput } from '../engine/blob';
import { ACCEPTS, sniffBlob } from '../engine/sniff';
import type { EngineInput } from '../engine/source';
import { decodeBundle, fromBase64Url, unpack, unseal } from '../share/seal';
import type { LoadSource } from '../engine/protocol';
import { walkFolder, type HandleFile } from './fsa';
import { FinalError } from './load-error';
import { readBlob } from './reader-link';

// The trace worker's I/O: what the page asked to load becomes Blob inputs (dropped files, fetched URLs, an opened
// shared bundle; a big one read by the reader worker, reader-link.ts); and how the worker gives its event loop a turn while parsing.

declare const self: DedicatedWorkerGlobalScope;

/** A shared bundle or a fetched file is held whole in memory before it is read: past this it is refused. */
const MAX_BYTES = 1.5 * 1024 * 1024 * 1024;

/** The inputs for what the page asked to load. */
export async function openSource(source: LoadSource): Promise<EngineInput[]> {
  if (source.kind === 'sealed') {
    // Once opened, a shared trace is files like any dropped ones.
    let plain: Uint8Array<ArrayBuffer>;
    if (source.packed !== undefined) {
      plain = await unpack(source.packed, MAX_BYTES);
    } else {
      const sealed = source.data !== undefined ? sealedFromLink(source.data) : await fetchSealed(source.url ?? '');
      plain = await unseal(sealed, source.key, MAX_BYTES, source.password);
    }
    const files = decodeBundle(plain);
    return openSource({ kind: 'files', files: files.map(({ path, bytes }) => ({ path, file: new Blob([bytes]) })) });
  }
  if (source.kind === 'files') {
    // Any size: reading stops, in words, where the tab's memory would hold no more (lib/engine/memory.ts).
    // One file: its first slice is read with its gzip check (`blobInput`'s `first`), which its first rows wait for.
    const first = source.files.length === 1;
    return Promise.all(source.files.map(({ file, path }) => blobInput(path, file, readBlob, { first })));
  }
  if (source.kind === 'handles') return openHandles(source);
  const list = source.kind === 'url' ? [{ url: source.url, path: source.name ?? nameOfUrl(source.url) }] : source.urls;
  const inputs: EngineInput[] = [];
  for (const { url, path } of list) {
    const blob = await fetchBlob(url);
    // A link to an image or an archive says so, as a dropped one does, rather than loading as lines that all fail.
    const not = await sniffBlob(path, blob);
    if (not) throw new FinalError(`${not.sentence} ${ACCEPTS}`);
    inputs.push(await blobInput(path, blob, readBlob, { first: list.length === 1 }));
  }
  return inputs;
}

type HandlesSource = Extract<LoadSource, { kind: 'handles' }>;

/**
 * The files of a File System Access source as they are now: each handle's current snapshot, and the transcripts that
 * appeared in its watched folders. A file that is gone is left out; one that cannot be read throws (see handleInput).
 */
export async function openHandles(source: HandlesSource): Promise<EngineInput[]> {
  const files: HandleFile[] = [...source.files];
  for (const folder of source.folders ?? []) {
    const under = folder.under;
    const dir =
      under === undefined ? folder.handle : await folder.handle.getDirectoryHandle(under).catch(() => undefined);
    if (!dir) continue;
    const found = await walkFolder(dir, under === undefined ? folder.path : `${folder.path}/${under}`).catch(() => []);
    for (const f of found) if (!files.some((x) => x.path === f.path)) files.push(f);
  }
  const inputs = await Promise.all(files.map(handleInput));
  return inputs.filter((i): i is EngineInput => i !== undefined);
}

/**
 * A handle's file as it is now, or undefined when it is gone. A file written between its snapshot and the read of it
 * (a session being appended to) is refused by the browser: it is taken again once, then the failure is thrown, in
 * words. Left out, it would vanish from the trace (a live tail drops what it is not given) until the next look.
 */
async function handleInput(f: HandleFile): Promise<EngineInput | undefined> {
  for (let tries = 1; ; tries++) {
    let file: File;
    try {
      file = await f.handle.getFile();
    } catch {
      return undefined;
    }
    try {
      return await blobInput(f.path, file, readBlob);
    } catch (err) {
      if (tries >= 2) throw err;
    }
  }
}

/**
 * Gives the worker's event loop a turn (so requests for rows are answered while a big file parses) once ~50 ms have
 * passed since the last turn, or always when the model is about to be built. A message to itself is a macrotask
 * without setTimeout's 4 ms clamp.
 */
export function eventLoopPacer(): (phase: 'reading' | 'building') => Promise<void> | undefined {
  let since = performance.now();
  return (phase) => {
    if (phase === 'reading' && performance.now() - since <= 50) return undefined;
    return yieldToEvents().then(() => {
      since = performance.now();
    });
  };
}

const yieldToEvents = (): Promise<void> =>
  new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });

function nameOfUrl(url: string): string {
  try {
    const u = new URL(url);
    return decodeURIComponent(u.pathname.split('/').filter(Boolean).pop() ?? u.hostname) || 'trace.jsonl';
  } catch {
    return 'trace.jsonl';
  }
}

/** A shared trace's sealed bytes from the store; a missing one is said in words (deleted or expired), and is final. */
async function fetchSealed(url: string): Promise<Uint8Array<ArrayBuffer>> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'omit', cache: 'no-store' });
  } catch {
    throw new Error('Could not reach the Loupe server to fetch this shared trace. Check your connection and reload.');
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => undefined);
    const message =
      typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
        ? body.message
        : undefined;
    if (res.status === 404) throw new FinalError(message ?? 'This trace was deleted or has expired.');
    if (res.status === 410)
      throw new FinalError(message ?? 'This link was set to burn after reading, and it has been read.');
    throw new Error(
      `The server answered ${res.status} ${res.statusText} for this shared trace${message ? `: ${message}` : ''}. Try again later.`,
    );
  }
  return new Uint8Array(await res.arrayBuffer());
}

/** The sealed bytes a fragment-only link carries (`#d=`). */
function sealedFromLink(data: string): Uint8Array<ArrayBuffer> {
  try {
    return fromBase64Url(data);
  } catch {
    throw new FinalError(
      'This link is damaged: the trace it carries (the part after #d=) is not intact. Ask for the whole link again.',
    );
  }
}

async function fetchBlob(url: string): Promise<Blob> {
  let parsed: URL;
  try {
    parsed = new URL(url, self.location.href);
  } catch {
    throw new FinalError(`"${url}" is not a URL.`);
  }
  const loopback = parsed.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol !== 'https:' && parsed.origin !== self.location.origin && !loopback) {
    throw new FinalError(
      `Only https:// URLs can be loaded (got ${parsed.protocol}//). Use an https link, or download the file and drop it here.`,
    );
  }
  let res: Response;
  try {
    res = await fetch(parsed.href, { credentials: 'omit', redirect: 'follow' });
  } catch {
    throw new Error(
      `Could not fetch ${parsed.href}. The server refused the request or does not allow cross-origin reads (CORS). ` +
        'Loupe reads the file directly from your browser, so the server must send Access-Control-Allow-Origin. ' +
        'Use a raw link that allows it (raw.githubusercontent.com, gist raw URLs, most CI artifact links), or download the file and drop it here.',
    );
  }
  // A 4xx answer will be the same next time (but a timeout or a rate limit); a 5xx may not be.
  const final = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
  if (!res.ok)
    throw new (final ? FinalError : Error)(
      `${parsed.href} answered ${res.status} ${res.statusText}: nothing to load. Check the link, or download the file and drop it here.`,
    );
  const len = Number(res.headers.get('content-length') ?? '0');
  if (len > MAX_BYTES)
    throw new Error(
      `That file is ${(len / 1024 ** 3).toFixed(1)} GB: more than this tab can hold. Use \`npx loupe stats\` on it instead.`,
    );
  return res.blob();
}
