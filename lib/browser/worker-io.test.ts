import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openHandles } from './worker-io';

// The files of a File System Access source, each look at them (load, every live-tail tick). A handle here gives the
// snapshots of a real file on disk (Node has no File System Access API): a snapshot taken before the file was
// written to is refused when read (NotReadableError), as the browser refuses it.

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A handle whose snapshots are the ones given, in turn (the last one again after that); `undefined`: the file is gone. */
function handle(snapshots: readonly (Blob | undefined)[]): FileSystemFileHandle {
  let n = 0;
  const getFile = async (): Promise<Blob> => {
    const s = snapshots[Math.min(n++, snapshots.length - 1)];
    if (!s) throw new DOMException('A requested file or directory could not be found.', 'NotFoundError');
    return s;
  };
  return { kind: 'file', name: 'x', getFile } as unknown as FileSystemFileHandle;
}

describe('openHandles', () => {
  it('takes a file written between its snapshot and its read again, leaves out a file that is gone', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'loupe-handles-'));
    const file = path.join(dir, 's.jsonl');
    await writeFile(file, '{"type":"user"}\n');
    const stale = await openAsBlob(file);
    await writeFile(file, '{"type":"user"}\n{"type":"user"}\n');
    const fresh = await openAsBlob(file);
    const inputs = await openHandles({
      kind: 'handles',
      files: [
        { path: 'p/s.jsonl', handle: handle([stale, fresh]) },
        { path: 'p/gone.jsonl', handle: handle([undefined]) },
      ],
    });
    expect(inputs.map((i) => [i.name, i.size])).toEqual([['p/s.jsonl', fresh.size]]);
  });

  it('throws, naming the file, when it cannot be read twice in a row: it is not left out of the trace', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'loupe-handles-'));
    const file = path.join(dir, 's.jsonl');
    await writeFile(file, '{"type":"user"}\n');
    const stale = await openAsBlob(file);
    await writeFile(file, '{"type":"user"}\n{"type":"user"}\n');
    await expect(
      openHandles({ kind: 'handles', files: [{ path: 'p/s.jsonl', handle: handle([stale]) }] }),
    ).rejects.toThrow(/^p\/s\.jsonl could not be read \(/);
  });
});
