// The burn-after-reading and expiry contract on the SQLite store, plus what only the file can show: the burned
// ciphertext is gone from traces.db and its WAL, not only hidden.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { DB_FILE_NAME, SqliteTraceStore } from '@/lib/server/store';
import { privacyContract } from './privacy-contract';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'loupe-privacy-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

privacyContract('SqliteTraceStore', async (clock) => new SqliteTraceStore({ dir: tempDir(), clock }));

describe('SqliteTraceStore burn after reading on disk', () => {
  it('the burned ciphertext is overwritten in traces.db and its WAL', async () => {
    const dir = tempDir();
    const store = new SqliteTraceStore({ dir });
    const needle = randomBytes(1000); // fits one page, so the file holds it in one piece
    const put = await store.put(needle, { ttlMs: 60_000, burnAfterReading: true });
    await store.confirm(put.id);
    const file = path.join(dir, DB_FILE_NAME);
    const holds = () => [file, `${file}-wal`].some((f) => existsSync(f) && readFileSync(f).includes(needle));
    expect(holds()).toBe(true);
    expect(await store.get(put.id)).toBeDefined();
    expect(holds()).toBe(false);
    await store.close();
  });
});
