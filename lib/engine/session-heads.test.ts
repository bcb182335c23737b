// The workbench names a session as the library and `loupe stats --by session` do (issue 24): its first main-thread
// prompt and its main thread's span, read off the full model.
import { describe, expect, it } from 'vitest';
import { loadTrace } from './load';
import { memorySource } from './source';
import { headSession, sessionHeads } from './session-heads';
import { CC_SESSION, EXPECTED, OLD_SESSION, SDK_SESSION, subagentFirstFolder } from '../fast/testing/subagent-first';

const FILES = subagentFirstFolder();
const pick = (prefix: string) => Object.entries(FILES).filter(([name]) => name.includes(prefix));

async function headOf(files: [string, string][]) {
  const trace = await loadTrace(files.map(([name, text]) => memorySource(name, text)));
  const heads = sessionHeads(trace);
  const i = headSession(trace, heads);
  return i === undefined ? undefined : heads[i];
}

describe('the session a workbench is about', () => {
  it('is named and timed by its main thread, whichever file comes first', async () => {
    for (const [id, files] of [
      [SDK_SESSION, pick('sdk-runs')],
      [CC_SESSION, pick(CC_SESSION)],
      // The old layout's subagent file first, as a folder drop may give it.
      [OLD_SESSION, pick('old-layout').reverse()],
    ] as const) {
      const head = await headOf([...files]);
      const want = EXPECTED[id];
      expect(head).toEqual({
        id,
        ...(want.firstPrompt !== null ? { firstPrompt: want.firstPrompt } : {}),
        start: want.start,
        end: want.end,
        durationMs: want.durationMs,
      });
    }
  });

  it('is the one its file is named for when the file starts with another session’s lines', async () => {
    const other = 'e0000000-0000-4000-8000-000000000001';
    const main = FILES[Object.keys(FILES).find((n) => n.endsWith(`${CC_SESSION}.jsonl`)) ?? ''] ?? '';
    const copied = `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'an earlier session' }, sessionId: other, uuid: 'u-0', timestamp: '2026-03-01T00:00:00.000Z', isSidechain: false, cwd: '/x' })}\n`;
    const head = await headOf([[`p/${CC_SESSION}.jsonl`, copied + main]]);
    expect(head?.id).toBe(CC_SESSION);
    expect(head?.firstPrompt).toBe('/review 12');
  });
});
