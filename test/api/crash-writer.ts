// Child process for crash.test.ts: uploads blobs through SqliteTraceStore as fast as it can, as the upload route
// does (put, then confirm before the id goes out), and prints one line per acknowledged upload —
// `<id> <size> <sha256 hex>` — only after both have resolved. The parent SIGKILLs it mid-run.
// With `orphans` as second argument it stops after the puts: every row it makes stays unconfirmed (an orphan).
// Usage: node --import tsx test/api/crash-writer.ts <data dir> [orphans]
import { createHash, randomBytes } from 'node:crypto';
import { writeSync } from 'node:fs';
import { SqliteTraceStore } from '../../lib/server/store';

const dir = process.argv[2];
if (!dir) throw new Error('usage: crash-writer.ts <data dir> [orphans]');
const orphans = process.argv[3] === 'orphans';
const store = new SqliteTraceStore({ dir });
const sizes = [28, 1024, 64 * 1024, 512 * 1024, 2 * 1024 * 1024];
writeSync(1, 'ready\n');
for (let i = 0; ; i++) {
  const bytes = randomBytes(sizes[i % sizes.length] ?? 28);
  const { id } = await store.put(bytes, { ttlMs: 86_400_000 });
  if (!orphans) await store.confirm(id);
  // Synchronous write: the line leaves this process before the next upload starts.
  writeSync(1, `${id} ${bytes.byteLength} ${createHash('sha256').update(bytes).digest('hex')}\n`);
}
