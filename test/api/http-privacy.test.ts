// Share-link privacy through the API on the default store: SQLite in a temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { httpPrivacyContract } from './http-privacy-contract';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-http-privacy-'));

httpPrivacyContract({
  kind: 'sqlite',
  async setup() {
    process.env.LOUPE_DATA_DIR = dataDir;
    delete process.env.LOUPE_STORE;
  },
  async teardown() {
    rmSync(dataDir, { recursive: true, force: true });
  },
  files: () => ['traces.db', 'traces.db-wal'].map((f) => path.join(dataDir, f)),
});
