// The Node reader of the fast path: files read into one reused buffer give the same scans as the pure reader,
// whatever the chunk size (a line split across reads must be copied before the buffer is reused).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanSource } from '../fast';
import { memorySource } from '../trace/load';
import { scanFile } from './fast-node';

const ROOT = path.resolve(import.meta.dirname, '../../test/fixtures/real');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

describe('scanFile', () => {
  it.each(files(ROOT).filter((f) => /\.jsonl?$/.test(f)))('%s', async (file) => {
    const name = path.relative(ROOT, file);
    const want = await scanSource(memorySource(name, readFileSync(file)));
    for (const chunk of [97, 4096, 1 << 20]) expect(await scanFile({ path: file, name, size: statSync(file).size }, chunk)).toEqual(want);
  });
});
