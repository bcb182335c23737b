import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SourceInput } from '../trace/parse';

const TRACE_FILE = /\.(jsonl|jsonl\.gz|json|json\.gz)$/i;

/** Expands files and folders (recursively) into parser inputs named relative to the folder given. */
export async function collectInputs(args: readonly string[]): Promise<SourceInput[]> {
  const out: SourceInput[] = [];
  for (const arg of args) {
    const st = await stat(arg);
    if (st.isDirectory()) {
      for (const file of await walk(arg)) out.push(await fileInput(file, path.relative(path.dirname(path.resolve(arg)), file)));
    } else {
      out.push(await fileInput(arg, path.basename(arg)));
    }
  }
  return out;
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) files.push(...(await walk(p)));
    else if (e.isFile() && TRACE_FILE.test(e.name)) files.push(p);
  }
  return files;
}

async function fileInput(file: string, name: string): Promise<SourceInput> {
  const { size } = await stat(file);
  return {
    name: name.split(path.sep).join('/'),
    size,
    // A Node read stream is an async iterable of Buffers, which are Uint8Arrays.
    open: () => createReadStream(file, { highWaterMark: 1 << 20 }),
  };
}
