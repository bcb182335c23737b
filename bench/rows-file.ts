import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/**
 * A transcript of `n` small events in one response (system status frames after one init): the file that makes the
 * timeline hold a million rows, to test scrolling past the browser's element-height ceiling. A user prompt follows the
 * init frame: a stream with a single frame type is not taken for an Agent SDK stream (see `DialectDetector`).
 */
export async function writeRowsFile(path: string, n: number): Promise<void> {
  const out = createWriteStream(path);
  const write = async (s: string): Promise<void> => {
    if (!out.write(s)) await once(out, 'drain');
  };
  await write(
    `${JSON.stringify({ type: 'system', subtype: 'init', session_id: 'rows', uuid: 'init', model: 'claude-haiku-4-5-20251001', cwd: '/rows', tools: [] })}\n`,
  );
  await write(
    `${JSON.stringify({ type: 'user', session_id: 'rows', uuid: 'prompt', message: { role: 'user', content: 'Scroll a million rows.' } })}\n`,
  );
  const t0 = Date.parse('2026-01-01T00:00:00.000Z');
  for (let i = 0; i < n; i++) {
    await write(
      `{"type":"system","subtype":"status","status":"requesting","session_id":"rows","uuid":"r-${i}","timestamp":"${new Date(t0 + i * 10).toISOString()}"}\n`,
    );
  }
  out.end();
  await once(out, 'finish');
}
