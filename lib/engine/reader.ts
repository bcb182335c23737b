import { AHEAD, blobChunks, FIRST_SLICE, SLICE } from './blob';

// Reading a Blob in another thread (the reader worker) that hands the parsing thread its bytes in transferred slices.
//
// In a browser worker a Blob read only moves while that worker's event loop runs: its bytes come through a pipe the
// worker drains between tasks. A worker that parses for ~100 ms at a time drains it a pipe-full per turn, and sits
// idle in the turns it gives, waiting for bytes (a sixth of a million-row file's load). A reader whose event loop is
// always free reads at the browser's pace; the parser gets each slice as one message, already in memory.
//
// The protocol, over one MessagePort per read: the parser sends a `ReadRequest` with the port; the reader answers
// `bytes` messages (slices in file order, each buffer transferred), then `end`, or `error` for a failed read. The parser
// sends `took` for each slice it has taken (so at most `ahead` slices are in flight or waiting), or `stop`. The parser's
// own side says `gone` when the reader died (reader-link.ts): the parser reads the rest itself.

/**
 * A read: the bytes of `blob` from `from` on, in slices of `slice` bytes (the first `ramp` bytes, doubling up to
 * `slice`, when given), at most `ahead` not yet taken.
 */
export interface ReadRequest {
  readonly blob: Blob;
  readonly from: number;
  readonly slice: number;
  readonly ahead: number;
  readonly ramp?: number;
}

export type ReaderReply =
  | { readonly kind: 'bytes'; readonly buf: ArrayBuffer }
  | { readonly kind: 'end' }
  | { readonly kind: 'error'; readonly name: string; readonly message: string }
  | { readonly kind: 'gone' };

/** The reader died under a read (said by the link, never by the reader): what it did not hand over is read here. */
export class ReaderGone extends Error {
  constructor() {
    super('the reader worker stopped');
    this.name = 'ReaderGone';
  }
}

export type ParserSays = { readonly kind: 'took' } | { readonly kind: 'stop' };

/** The least a port needs here (a MessagePort, in a browser and in Node). */
export interface Port {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((ev: MessageEvent) => void) | null;
  close(): void;
}

/**
 * The reader's side of one read: reads ahead while fewer than `ahead` slices are untaken (one at first, one more for
 * each slice taken), posts them in order. With `readSync` (a worker's FileReaderSync), each slice is read when its turn
 * to be posted comes, blocking the reader (which has nothing else to do): the first slices arrived sooner than with
 * concurrent `arrayBuffer()` reads, and the parser waited less (its idle time in a rows-1m load 0.2-0.38 s against
 * 0.37-0.9 s, in A/B runs under load).
 */
export function serveRead(req: ReadRequest, port: Port, readSync?: (blob: Blob) => ArrayBuffer): void {
  const { blob } = req;
  let at = Math.min(req.from, blob.size);
  let untaken = 0;
  // Ahead by one slice at first, one more for each the parser takes: while it parses the first slices and posts the
  // first rows, the reader leaves it (and the page drawing them) the cores.
  let ahead = 1;
  let stopped = false;
  let size = Math.min(req.slice, req.ramp ?? req.slice);
  // Reads are started ahead and posted in the order they were started.
  let posted: Promise<void> = Promise.resolve();
  const post = (m: ReaderReply, transfer: Transferable[] = []): void => {
    if (!stopped) port.postMessage(m, transfer);
  };
  const finish = (m: ReaderReply): void => {
    post(m);
    stopped = true;
    port.close();
  };
  const pump = (): void => {
    while (!stopped && untaken < ahead && at < blob.size) {
      const slice = blob.slice(at, Math.min(blob.size, at + size));
      const read = readSync ? undefined : slice.arrayBuffer();
      // One that fails after the parser stopped (a file gone) must not be an unhandled rejection.
      read?.catch(() => undefined);
      untaken += 1;
      at = Math.min(blob.size, at + size);
      size = Math.min(req.slice, size * 2);
      const last = at >= blob.size;
      posted = posted.then(async () => {
        if (stopped) return;
        let buf: ArrayBuffer;
        try {
          buf = read ? await read : readSync ? readSync(slice) : new ArrayBuffer(0);
        } catch (err) {
          finish({
            kind: 'error',
            name: err instanceof DOMException ? err.name : 'Error',
            message: err instanceof Error ? err.message : String(err),
          });
          return;
        }
        // A file that shrank while read: stop at its end.
        if (buf.byteLength === 0) return finish({ kind: 'end' });
        post({ kind: 'bytes', buf }, [buf]);
        if (last) finish({ kind: 'end' });
      });
    }
  };
  port.onmessage = (ev: MessageEvent<ParserSays>) => {
    if (ev.data.kind === 'stop') {
      stopped = true;
      port.close();
      return;
    }
    untaken -= 1;
    ahead = Math.min(req.ahead, ahead + 1);
    pump();
  };
  if (at >= blob.size) finish({ kind: 'end' });
  else pump();
}

/**
 * The parser's side of one read: the slices as they come, in order. A failed read throws what the reader caught (a
 * DOMException keeps its name). When the generator is left early, the reader is told to stop.
 */
export async function* portChunks(port: Port): AsyncGenerator<Uint8Array> {
  const replies: ReaderReply[] = [];
  let wake: (() => void) | undefined;
  port.onmessage = (ev: MessageEvent<ReaderReply>) => {
    replies.push(ev.data);
    wake?.();
  };
  let ended = false;
  try {
    for (;;) {
      const reply = replies.shift() ?? (await new Promise<void>((r) => (wake = r)).then(() => replies.shift()));
      wake = undefined;
      if (!reply) continue;
      if (reply.kind === 'end') {
        ended = true;
        return;
      }
      if (reply.kind === 'error') {
        ended = true;
        throw reply.name === 'Error' ? new Error(reply.message) : new DOMException(reply.message, reply.name);
      }
      if (reply.kind === 'gone') {
        ended = true;
        throw new ReaderGone();
      }
      yield new Uint8Array(reply.buf);
      port.postMessage({ kind: 'took' } satisfies ParserSays);
    }
  } finally {
    if (!ended) port.postMessage({ kind: 'stop' } satisfies ParserSays);
    port.close();
  }
}

/** Opens a read in the reader (the port of the parser's side), or undefined when there is no reader to ask. */
export type OpenRead = (req: ReadRequest) => Port | undefined;

/**
 * A Blob's bytes as `blobChunks` gives them, but read by the reader: the small first slice is read here, at once (the
 * first rows wait for it, not for the reader), unless `given` (already read); the rest comes from the reader, in
 * slices that grow as `blobChunks`'s do. Without one, all is read here; when the reader dies under the read, the rest
 * is read here from the first byte it did not hand over.
 */
export async function* readerChunks(blob: Blob, open: OpenRead, given?: ArrayBuffer): AsyncGenerator<Uint8Array> {
  const firstEnd = given ? given.byteLength : Math.min(blob.size, FIRST_SLICE);
  const first = given ? Promise.resolve(given) : blob.slice(0, firstEnd).arrayBuffer();
  first.catch(() => undefined);
  const port =
    firstEnd < blob.size
      ? open({ blob, from: firstEnd, slice: SLICE, ahead: AHEAD, ramp: 2 * FIRST_SLICE })
      : undefined;
  let rest = port ? portChunks(port) : blobChunks(blob.slice(firstEnd));
  let at = firstEnd;
  try {
    const buf = await first;
    if (buf.byteLength === 0) return;
    yield new Uint8Array(buf);
    for (;;) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await rest.next();
      } catch (err) {
        if (!(err instanceof ReaderGone)) throw err;
        rest = blobChunks(blob.slice(at));
        continue;
      }
      if (next.done) return;
      at += next.value.length;
      yield next.value;
    }
  } finally {
    await rest.return(undefined);
    // A read never started (the first slice failed) is stopped too; after an end this reaches no one.
    port?.postMessage({ kind: 'stop' } satisfies ParserSays);
    port?.close();
  }
}
