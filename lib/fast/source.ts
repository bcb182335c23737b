import { inflateLimit } from '../trace/limits';
import type { ByteSource } from '../trace/byte-source';
import { maybeGunzip } from '../trace/gunzip';
import { bytesText, type SourceInput } from '../trace/parse';
import { parseBytes } from '../trace/parse-bytes';
import type { TraceEvent } from '../trace/types';
import { RecordSink } from '../trace/line-records';
import { FileScanner, type FileScan, type ScanOptions } from './scan';
import { TAIL_BYTES } from '../trace/session-summary';

/** The input's bytes, gzip undone up to its inflate limit (the full load's rule); `stopped` tells whether it hit it. */
function inflated(input: SourceInput, opts: ScanOptions, stopped: (why: string) => void): AsyncGenerator<Uint8Array> {
  const cap = inflateLimit(opts, input.size);
  return maybeGunzip(input.open(), {
    maxInflateBytes: cap.bytes,
    onLimit: (n) => stopped(`reading stopped after ${bytesText(n)} inflated, because ${cap.rule}`),
    onError: (message) => stopped(`damaged gzip file: ${message}`),
  });
}

/** Scans one input (gzip or not, lines or a JSON document): the fast path over any byte source. */
export async function scanSource(input: SourceInput, opts: ScanOptions = {}): Promise<FileScan> {
  const scanner = new FileScanner(input.name, opts);
  let stopped: string | undefined;
  if (!scanner.isDocument) {
    for await (const chunk of inflated(input, opts, (why) => (stopped = why))) {
      scanner.push(chunk);
      if (scanner.isDocument) break;
    }
    const scan = scanner.finish();
    if (scan) return stopped ? { ...scan, stopped } : scan;
  }
  return scanDocument(input, opts);
}

/**
 * A JSON document (an eval artifact, a recording, a message array, a sidecar) cannot be cut into lines: it goes
 * through the full parser, and its events become records as the fast path's would.
 */
export async function scanDocument(input: SourceInput, opts: ScanOptions = {}): Promise<FileScan> {
  const sink = new RecordSink(input.name, opts.window);
  let stopped: string | undefined;
  const bytes: ByteSource = inflated(input, opts, (why) => (stopped = why));
  // Events with a time that may start in the file's last TAIL_BYTES, which widen their sessions' spans at the end.
  let tail: TraceEvent[] = [];
  let read = 0;
  const event = (e: TraceEvent): void => {
    sink.add(e);
    if (e.time === undefined) return;
    tail.push(e);
    if (tail.length > 4096) tail = tail.filter((t) => t.offset >= read - TAIL_BYTES);
  };
  const info = await parseBytes(
    input.name,
    bytes,
    0,
    { nextSeq: () => 0, event, diagnostic: () => undefined },
    { onBytes: (b) => (read = b), ...(opts.maxLineBytes !== undefined ? { maxLineBytes: opts.maxLineBytes } : {}) },
  );
  for (const e of tail) if (e.offset >= info.bytes - TAIL_BYTES) sink.end(e);
  return {
    name: input.name,
    bytes: info.bytes,
    records: sink.records,
    ...(sink.firstSessionId !== undefined ? { firstSessionId: sink.firstSessionId } : {}),
    parsedLines: info.lines.total,
    invalidLines: info.lines.invalid,
    ...(info.cwd !== undefined ? { cwd: info.cwd } : {}),
    ...(stopped ? { stopped } : {}),
  };
}
