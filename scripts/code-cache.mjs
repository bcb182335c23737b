// Writes dist/loupe.cjs.cache: V8's code cache for the CLI bundle, taken after a run of `loupe stats` on a small
// generated transcript, so that it holds the functions a run compiles, not only the top level. bin/load.cjs hands it
// to V8, which checks it against its own version and flags and compiles from source when it does not match (another
// Node, or a flag such as --cpu-prof): the cache only ever saves time. Run in a fresh process by build-cli.mjs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';

const { loadBundle, CACHE } = createRequire(import.meta.url)('../bin/load.cjs');

const dir = mkdtempSync(path.join(tmpdir(), 'loupe-cache-'));
try {
  const file = path.join(dir, '0b3f6a2e-1c4d-4e5f-8a9b-0c1d2e3f4a5b.jsonl');
  const line = (i) =>
    JSON.stringify({
      type: 'assistant',
      sessionId: '0b3f6a2e-1c4d-4e5f-8a9b-0c1d2e3f4a5b',
      uuid: `u${i}`,
      timestamp: `2026-01-0${1 + (i % 3)}T10:00:0${i}.000Z`,
      requestId: `req_${i}`,
      message: {
        id: `msg_${i}`,
        role: 'assistant',
        model: 'claude-opus-4-6',
        content: [{ type: 'text', text: 'ok' }],
        usage: { input_tokens: 3, output_tokens: 5, cache_read_input_tokens: 7, cache_creation_input_tokens: 11 },
      },
    });
  const prompt = JSON.stringify({
    type: 'user',
    sessionId: '0b3f6a2e-1c4d-4e5f-8a9b-0c1d2e3f4a5b',
    uuid: 'p',
    timestamp: '2026-01-01T09:59:00.000Z',
    message: { role: 'user', content: 'hi' },
  });
  writeFileSync(file, [prompt, ...Array.from({ length: 6 }, (_, i) => line(i))].join('\n') + '\n');
  const { main, script } = loadBundle({ cache: false });
  const quiet = { out: () => {}, err: () => {} };
  for (const argv of [
    ['stats', '--by', 'day', '--json', file],
    ['stats', file],
    ['check', file],
  ])
    await main(argv, quiet);
  writeFileSync(CACHE, script.createCachedData());
} finally {
  rmSync(dir, { recursive: true, force: true });
}
