// A call's split lines (a line per content block, same ids and usage) are kept as one record by the scan, its time
// span their earliest and latest; anything that tells the lines apart keeps a record of its own. (That the merge of
// folded records is the full model's is checked in equivalence.test.ts.)
import { describe, expect, it } from 'vitest';
import { cc, jsonl, text, type Line } from '../trace/testing/builders';
import { scanBytes } from './scan';
import type { AssistantRecord } from '../trace/line-records';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const at = (t: string): number => Date.parse(`2026-01-01T${t}.000Z`);
const time = (t: string): { time: string } => ({ time: `2026-01-01T${t}.000Z` });

/** The assistant records of a file whose first line (a prompt) is the whole prompt window. */
function assistants(lines: Line[], lean = true): AssistantRecord[] {
  const scan = scanBytes('p/sess-1.jsonl', [enc(jsonl([cc.prompt('go', time('09:00:00')), ...lines]))], {
    window: { lines: 1, bytes: 1 << 20, lineBytes: 1 << 20 },
    lean,
  });
  return (scan?.records ?? []).filter((r): r is AssistantRecord => r.kind === 'assistant');
}

describe('folding split lines', () => {
  const u = { input: 5, output: 2 };

  it('keeps one record per run of a call’s lines, spanning their times in any order', () => {
    const recs = assistants([
      cc.assistant('msg_a', [text('a')], u, time('10:00:05')),
      cc.assistant('msg_a', [text('b')], u, time('10:00:01')),
      cc.assistant('msg_a', [text('c')], u, time('10:00:09')),
      cc.assistant('msg_b', [text('d')], u, time('10:00:10')),
    ]);
    expect(recs.map((r) => [r.messageId, r.time, r.lastTime])).toEqual([
      ['msg_a', at('10:00:01'), at('10:00:09')],
      ['msg_b', at('10:00:10'), undefined],
    ]);
    // The full parser's records are the lines themselves.
    expect(
      assistants([cc.assistant('msg_a', [text('a')], u), cc.assistant('msg_a', [text('b')], u)], false),
    ).toHaveLength(2);
  });

  it('folds lines whose output differs (a placeholder count first), keeping the copy with the most output', () => {
    const recs = assistants([
      cc.assistant('msg_a', [text('a')], { ...u, output: 1 }, time('10:00:01')),
      cc.assistant('msg_a', [text('b')], { ...u, output: 7 }, time('10:00:02')),
      cc.assistant('msg_a', [text('c')], { ...u, output: 7, cacheRead: 0 }, time('10:00:03')),
      cc.assistant('msg_a', [text('d')], { ...u, output: 4 }, time('10:00:04')),
      cc.assistant('msg_b', [text('e')], { ...u, output: 9 }, time('10:00:05')),
    ]);
    expect(recs).toHaveLength(2);
    const [a, b] = recs;
    // `usage` stays the first line's (what the merge compares a call's lines with); the best is the first of the most.
    expect([a?.usage?.output, a?.bestUsage?.output, a?.lastTime]).toEqual([1, 7, at('10:00:04')]);
    expect([b?.usage?.output, b?.bestUsage]).toEqual([9, undefined]);
  });

  it('does not fold lines whose input counts, request, session or sidechain differ, or that another record separates', () => {
    const recs = assistants([
      cc.assistant('msg_a', [text('a')], u),
      cc.assistant('msg_a', [text('b')], { ...u, input: 6, output: 3 }),
      cc.assistant('msg_a', [text('b2')], { input: 6, output: 3, cacheRead: 1 }),
      cc.assistant('msg_a', [text('c')], { input: 6, output: 3, cacheRead: 1 }, { requestId: 'req_other' }),
      cc.assistant('msg_a', [text('d')], { ...u, output: 3 }, { requestId: 'req_other', session: 'sess-2' }),
      cc.assistant(
        'msg_a',
        [text('e')],
        { ...u, output: 3 },
        { requestId: 'req_other', session: 'sess-2', sidechain: true },
      ),
      // A subagent's message copied into the parent (read for its session id: a record of its own).
      cc.line(
        'progress',
        { data: { type: 'agent_progress', agentId: 'ag1', message: cc.assistant('msg_sub', [text('s')], u) } },
        { session: 'sess-3' },
      ),
      cc.assistant(
        'msg_a',
        [text('f')],
        { ...u, output: 3 },
        { requestId: 'req_other', session: 'sess-2', sidechain: true },
      ),
    ]);
    expect(recs).toHaveLength(7);
  });
});
