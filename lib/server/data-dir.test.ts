// The share store's data folder on a real file system: created private, an existing open one made private, a file
// in its place refused in words.
import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { privateDataDir } from './data-dir.mjs';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'loupe-datadir-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const mode = (f: string): string => (statSync(f).mode & 0o777).toString(8);

describe('privateDataDir', () => {
  it('creates a missing folder (and its parents) 0700', () => {
    const d = path.join(tempDir(), 'a', 'b');
    expect(privateDataDir(d)).toBeUndefined();
    expect(mode(d)).toBe('700');
  });

  it('makes an existing 0755 folder 0700 and says what it was', () => {
    const d = tempDir();
    chmodSync(d, 0o755);
    expect(privateDataDir(d)).toBe('0755');
    expect(mode(d)).toBe('700');
  });

  it('leaves a private folder as it is', () => {
    const d = tempDir();
    chmodSync(d, 0o700);
    expect(privateDataDir(d)).toBeUndefined();
    expect(mode(d)).toBe('700');
  });

  it('refuses a file where the folder should be, naming it', () => {
    const f = path.join(tempDir(), 'data');
    writeFileSync(f, '');
    expect(() => privateDataDir(f)).toThrow(/data folder .*data is not a folder\. Set LOUPE_DATA_DIR/);
  });
});
