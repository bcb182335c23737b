import { describe, expect, it } from 'vitest';
import { generateLines } from '../../bench/generate';
import { withEventUuids } from '../trace/model/uuids';
import { blobChunks, blobInput, type BlobReader } from './blob';
import { LiveSources } from './live';
import { loadTrace } from './load';
import { readerChunks, serveRead, type Port } from './reader';
import { READER_MIN_BYTES } from './reader-link';
import { memorySource } from './source';

// Live tail of a file big enough for the reader worker (a session opened through the File System Access API): each
// look at it is a new snapshot, a Blob read through the reader as the trace worker reads it (the reader's side in this
// thread, over real MessageChannels), read on from where the last read stopped.

const MIB = 1024 * 1024;

describe('a big growing file read through the reader', () => {
  it('loaded live, then read on after it grew by more than the reader threshold: the trace of a one-shot load', async () => {
    let opened = 0;
    // As the trace worker reads (reader-link.ts): a big Blob through the reader, a small one itself.
    const throughReader: BlobReader = (blob) =>
      blob.size < READER_MIN_BYTES
        ? blobChunks(blob)
        : readerChunks(blob, (req) => {
            opened += 1;
            const ch = new MessageChannel();
            serveRead(req, ch.port2 as unknown as Port);
            return ch.port1 as unknown as Port;
          });
    const bytes = new TextEncoder().encode(
      `${[...generateLines({ dialect: 'claude-code', targetBytes: 34 * MIB, seed: 5 })].join('\n')}\n`,
    );
    const complete = (b: Uint8Array): Uint8Array => b.subarray(0, b.lastIndexOf(0x0a) + 1);
    const snapshot = (end: number) => blobInput('t.jsonl', new Blob([bytes.subarray(0, end)]), throughReader);
    const live = new LiveSources();
    // The first look ends inside a line: it waits for the rest.
    const firstEnd = 16 * MIB + 123;
    const first = (await live.load([await snapshot(firstEnd)], true)).trace;
    expect(opened).toBe(1);
    expect(withEventUuids(first)).toEqual(
      withEventUuids(await loadTrace([memorySource('t.jsonl', complete(bytes.subarray(0, firstEnd)))])),
    );
    const up = await live.update([await snapshot(bytes.length)]);
    // The new bytes (and the check that the file was appended to) came through the reader too.
    expect(opened).toBeGreaterThanOrEqual(2);
    expect(up?.changed).toEqual(['t.jsonl']);
    expect(withEventUuids(up?.loaded.trace)).toEqual(withEventUuids(await loadTrace([memorySource('t.jsonl', bytes)])));
  });
});
