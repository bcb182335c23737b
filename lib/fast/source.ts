import { maybeGunzip } from '../trace/lines';
import { fileIdentity, parseBytes, type SourceInput } from '../trace/parse';
import { RecordSink } from './records';
import { FileScanner, type FileScan, type ScanOptions } from './scan';

/** Scans one input (gzip or not, lines or a JSON document): the fast path over any byte source. */
export async function scanSource(input: SourceInput, opts: ScanOptions = {}): Promise<FileScan> {
  const scanner = new FileScanner(input.name, opts);
  if (!scanner.isDocument) {
    for await (const chunk of maybeGunzip(input.open())) {
      scanner.push(chunk);
      if (scanner.isDocument) break;
    }
    const scan = scanner.finish();
    if (scan) return scan;
  }
  return scanDocument(input, opts);
}

/**
 * A JSON document (an eval artifact, a recording, a message array, a sidecar) cannot be cut into lines: it goes
 * through the full parser, and its events become records as the fast path's would.
 */
export async function scanDocument(input: SourceInput, opts: ScanOptions = {}): Promise<FileScan> {
  const sink = new RecordSink(fileIdentity(input.name).fileSessionId, opts.window);
  const info = await parseBytes(input.name, maybeGunzip(input.open()), 0, { nextSeq: () => 0, event: (e) => sink.add(e), diagnostic: () => undefined });
  return {
    name: input.name,
    bytes: info.bytes,
    records: sink.records,
    ...(sink.firstSessionId !== undefined ? { firstSessionId: sink.firstSessionId } : {}),
    parsedLines: info.lines.total,
    invalidLines: info.lines.invalid,
  };
}
