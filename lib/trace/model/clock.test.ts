import { describe, expect, it } from 'vitest';
import { perTurnJson, turnTables } from '../../cli/main';
import { buildRows } from '../../view/rows';
import { rowViews } from '../../view/rowview';
import { session21Files } from '../testing/session21';
import { cc, jsonl, sdk, text, toolUse } from '../testing/builders';
import { loadFiles, loadText } from '../testing/load';
import { agentLabel, computeStats } from '../stats';
import type { Trace } from './types';

// One clock: model calls, tool calls and responses numbered in start-time order across agents and files.

const at = (hms: string): string => `2026-03-01T${hms}.000Z`;
const messageIds = (trace: Trace): (string | undefined)[] => trace.turns.map((t) => t.messageId);
const sample = async () => loadFiles(Object.fromEntries(session21Files().map((f) => [`cc-2-1/${f.path}`, f.text])));

describe('model calls in start-time order across agents', () => {
  it('numbers a subagent call that started between two main calls between them', async () => {
    const { trace } = await loadFiles({
      'p/s.jsonl': jsonl([
        cc.prompt('go', { time: at('10:00:00') }),
        cc.assistant('msg_m1', [toolUse('toolu_T', 'Task', {})], { output: 1 }, { time: at('10:00:05') }),
        cc.result('toolu_T', 'done', {
          time: at('10:05:00'),
          toolUseResult: { status: 'completed', agentId: 'ag1', content: [text('done')], totalToolUseCount: 1 },
        }),
        cc.assistant('msg_m2', [text('thanks')], { output: 1 }, { time: at('10:05:10') }),
      ]),
      'p/agent-ag1.jsonl': jsonl([
        cc.prompt('look', { time: at('10:00:06'), sidechain: true, agentId: 'ag1' }),
        cc.assistant(
          'msg_s1',
          [toolUse('toolu_G', 'Grep', {})],
          { output: 1 },
          { time: at('10:00:09'), sidechain: true, agentId: 'ag1' },
        ),
        cc.result('toolu_G', 'x', { time: at('10:00:10'), sidechain: true, agentId: 'ag1' }),
        cc.assistant(
          'msg_s2',
          [text('found')],
          { output: 1 },
          { time: at('10:04:50'), sidechain: true, agentId: 'ag1' },
        ),
      ]),
    });
    expect(messageIds(trace)).toEqual(['msg_m1', 'msg_s1', 'msg_s2', 'msg_m2']);
    expect(trace.turns.map((t) => t.index)).toEqual([0, 1, 2, 3]);
    // Every index that points at a model call follows the new numbers.
    for (const t of trace.turns) for (const s of t.seqs) expect(trace.eventTurn[s]).toBe(t.index);
    expect(trace.toolCalls.map((c) => [c.index, c.id, trace.turns[c.turn]?.messageId])).toEqual([
      [0, 'toolu_T', 'msg_m1'],
      [1, 'toolu_G', 'msg_s1'],
    ]);
    expect(trace.responses[0]?.turns).toEqual([0, 1, 2, 3]);
    // The timeline labels the calls with those numbers, the subagent lane spliced after its Task call.
    const rows = buildRows(trace);
    const labels = rowViews(trace, rows, 0, rows.length, new Set())
      .filter((v) => v.kind === 'turn')
      .map((v) => v.label.split(' · ')[0]);
    expect(labels).toEqual(['Model call 1', 'Model call 2', 'Model call 3', 'Model call 4']);
  });

  it('breaks ties by file order and keeps lines without timestamps after their neighbour', async () => {
    const same = at('10:00:00');
    const { trace } = await loadFiles({
      'a.jsonl': jsonl([
        cc.assistant('msg_a1', [text('a1')], { output: 1 }, { time: same, session: 'A' }),
        cc.prompt('more', { time: at('10:00:30'), session: 'A' }),
        cc.assistant('msg_a2', [text('a2')], { output: 1 }, { time: at('10:00:31'), session: 'A' }),
      ]),
      'b.jsonl': jsonl([
        cc.assistant('msg_b1', [text('b1')], { output: 1 }, { time: same, session: 'B' }),
        // No timestamp: it stays right after b1, before a2 at 10:00:30.
        { ...cc.assistant('msg_b2', [text('b2')], { output: 1 }, { session: 'B' }), timestamp: undefined },
      ]),
    });
    expect(messageIds(trace)).toEqual(['msg_a1', 'msg_b1', 'msg_b2', 'msg_a2']);
  });

  it('a stream without any timestamp keeps file order', async () => {
    const { trace } = await loadText(
      jsonl([
        sdk.assistant('msg_1', [text('a')], { output: 1 }),
        sdk.result(),
        sdk.assistant('msg_2', [text('b')], { output: 1 }),
        sdk.result(),
      ]),
    );
    expect(messageIds(trace)).toEqual(['msg_1', 'msg_2']);
    expect(trace.turns.every((t) => t.durationMs === undefined)).toBe(true);
  });

  it('numbers responses of several sessions by when they began, not by file name', async () => {
    const { trace } = await loadFiles({
      'a.jsonl': jsonl([
        cc.prompt('later', { time: at('11:00:00'), session: 'A' }),
        cc.assistant('msg_a', [text('x')], { output: 1 }, { time: at('11:00:01'), session: 'A' }),
      ]),
      'b.jsonl': jsonl([
        cc.prompt('earlier', { time: at('09:00:00'), session: 'B' }),
        cc.assistant('msg_b', [text('y')], { output: 1 }, { time: at('09:00:01'), session: 'B' }),
      ]),
    });
    expect(
      trace.responses.map((r) => trace.events[r.promptSeq ?? -1]?.kind === 'user' && trace.events[r.promptSeq ?? -1]),
    ).toMatchObject([{ text: 'earlier' }, { text: 'later' }]);
    expect(messageIds(trace)).toEqual(['msg_b', 'msg_a']);
    expect(trace.turns.map((t) => t.response)).toEqual([0, 1]);
    expect(trace.sessions.map((s) => s.responses)).toEqual([[1], [0]]);
  });
});

describe('responses in start-time order', () => {
  it('start a response at its earliest time, not at the untimed line a session file opens with', async () => {
    const snapshot = {
      type: 'file-history-snapshot',
      messageId: 'm0',
      snapshot: { messageId: 'm0', trackedFileBackups: {} },
      isSnapshotUpdate: false,
    };
    const A = 'a0000000-0000-4000-8000-00000000000a';
    const B = 'b0000000-0000-4000-8000-00000000000b';
    const { trace } = await loadFiles({
      [`p/${A}.jsonl`]: jsonl([
        snapshot,
        cc.prompt('first, at ten', { time: at('10:00:00'), session: A }),
        cc.assistant('msg_a1', [text('x')], { output: 1 }, { time: at('10:00:01'), session: A }),
        cc.prompt('third, at eleven', { time: at('11:00:00'), session: A }),
        cc.assistant('msg_a2', [text('x')], { output: 1 }, { time: at('11:00:01'), session: A }),
      ]),
      [`p/${B}.jsonl`]: jsonl([
        snapshot,
        cc.prompt('second, at half past ten', { time: at('10:30:00'), session: B }),
        cc.assistant('msg_b1', [text('y')], { output: 1 }, { time: at('10:30:01'), session: B }),
      ]),
    });
    const prompts = trace.responses.map((r) => {
      const e = trace.events[r.promptSeq ?? -1];
      return e?.kind === 'user' ? e.text : undefined;
    });
    expect(prompts).toEqual(['first, at ten', 'second, at half past ten', 'third, at eleven']);
    expect(trace.responses.map((r) => r.startTime)).toEqual(
      [at('10:00:00'), at('10:30:00'), at('11:00:00')].map(Date.parse),
    );
    // The header says that time too.
    const rows = buildRows(trace);
    const headers = rowViews(trace, rows, 0, rows.length, new Set()).filter((v) => v.kind === 'response');
    expect(headers.map((v) => v.offsetMs)).toEqual([0, 30 * 60_000, 60 * 60_000]);
  });
});

describe('one duration per model call', () => {
  it('runs from the line that started the request to the call’s last line', async () => {
    const { trace } = await loadText(
      jsonl([
        cc.prompt('go', { time: at('10:00:00') }),
        cc.line(
          'attachment',
          {
            attachment: {
              type: 'hook_success',
              hookName: 'UserPromptSubmit',
              hookEvent: 'UserPromptSubmit',
              toolUseID: 'x',
            },
          },
          { time: at('10:00:01') },
        ),
        cc.assistant('msg_1', [text('thinking it over')], { output: 1 }, { time: at('10:00:04') }),
        cc.assistant('msg_1', [toolUse('toolu_1', 'Read', {})], { output: 9 }, { time: at('10:00:06') }),
        cc.result('toolu_1', 'x', { time: at('10:00:07') }),
        cc.assistant('msg_2', [text('done')], { output: 1 }, { time: at('10:00:10') }),
        // Two calls back to back (an API retry): the second starts at the first one's last line.
        cc.assistant('msg_3', [text('again')], { output: 1 }, { time: at('10:00:15') }),
      ]),
    );
    // The hook line does not start a request; the prompt does.
    expect(trace.turns.map((t) => [t.messageId, t.startSeq, t.durationMs])).toEqual([
      ['msg_1', 0, 6000],
      ['msg_2', 4, 3000],
      ['msg_3', 5, 5000],
    ]);
    const { turns } = turnTables(trace);
    expect(turns.map((r) => r.durationMs)).toEqual([6000, 3000, 5000]);
    const rows = buildRows(trace);
    const badges = rowViews(trace, rows, 0, rows.length, new Set())
      .filter((v) => v.kind === 'turn')
      .map((v) => v.badges.find((b) => b.kind === 'duration')?.text);
    expect(badges).toEqual(['6.0 s', '3.0 s', '5.0 s']);
  });

  it('without a line before it, spans its own lines, or is unknown for a single line', async () => {
    const { trace } = await loadText(
      jsonl([
        cc.assistant('msg_1', [text('a')], { output: 1 }, { time: at('10:00:00') }),
        cc.assistant('msg_1', [text('b')], { output: 2 }, { time: at('10:00:02') }),
      ]),
    );
    expect(trace.turns[0]).toMatchObject({ startTime: Date.parse(at('10:00:00')), durationMs: 2000 });
    expect(trace.turns[0]?.startSeq).toBeUndefined();
    const one = await loadText(jsonl([cc.assistant('msg_1', [text('a')], { output: 1 }, { time: at('10:00:00') })]));
    expect(one.trace.turns[0]?.durationMs).toBeUndefined();
  });
});

describe('the cc-2-1 sample on one clock', () => {
  it('numbers the subagent’s first call 4, before the main call at 10:09:55, and the compaction 15', async () => {
    const { trace } = await sample();
    const label = (t: number): string => agentLabel(trace, trace.turns[t]?.agent ?? -1);
    expect(trace.turns.map((_, i) => label(i))).toEqual([
      'main',
      'main',
      'main',
      ...Array<string>(8).fill('alice · Refactor greeting helpers'),
      'main',
      'main',
      'main',
      'compaction (auto)',
      'main',
      'main',
    ]);
    expect(trace.turns[3]?.messageId).toBe('msg_01Sub1Read');
    expect(trace.turns[11]).toMatchObject({
      messageId: 'msg_01Gr4Test',
      firstTime: Date.parse('2026-11-30T10:09:55.000Z'),
    });
    const starts = trace.turns.map((t) => t.startTime ?? 0);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('shows the compaction as compaction, in the main lane at 10:33:52, its call counted and named', async () => {
    const { trace } = await sample();
    const compaction = trace.agents.find((a) => a.kind === 'compaction');
    const boundary = trace.events[compaction?.compactBoundarySeq ?? -1];
    expect(boundary).toMatchObject({
      kind: 'system',
      subtype: 'compact_boundary',
      time: Date.parse('2026-11-30T10:33:52.000Z'),
    });
    expect(trace.agents[trace.eventAgent[boundary?.seq ?? -1] ?? -1]?.kind).toBe('main');
    expect(compaction).toMatchObject({ spawnSeq: boundary?.seq, linkedBy: 'compact_boundary' });
    const rows = buildRows(trace);
    const views = rowViews(trace, rows, 0, rows.length, new Set());
    const at0 = views.findIndex((v) => v.seq === boundary?.seq);
    expect(views[at0]?.label).toBe('Compaction (auto) · 167,412 tokens before → 9,870 after · took 12.8 s');
    expect(views[at0]?.depth).toBe(0);
    expect(views[at0 + 1]).toMatchObject({
      kind: 'agent',
      depth: 1,
      label: 'compaction (auto) · the model call that wrote the summary',
    });
    expect(views.some((v) => v.badges.some((b) => b.text === 'spawning call not loaded'))).toBe(false);
    expect(
      views.find((v) => v.kind === 'turn' && v.label.startsWith('Model call 15'))?.badges.map((b) => b.text),
    ).toContain('compaction');
    // Billed, so counted, under its own name.
    const stats = computeStats(trace);
    expect(stats.byAgent.find((b) => b.label === 'compaction (auto)')).toMatchObject({
      apiMessages: 1,
      tokens: { cacheRead: 167_404, output: 1_412 },
    });
    expect(stats.apiMessages).toBe(17);
  });

  it('an SDK compact_boundary reads as compaction too, with its duration, and is no meta line', async () => {
    const { trace } = await loadText(
      jsonl([
        sdk.assistant('msg_1', [text('a')], { output: 1 }),
        {
          type: 'system',
          subtype: 'compact_boundary',
          compact_metadata: { trigger: 'manual', pre_tokens: 50_000, post_tokens: 4_000, duration_ms: 3_200 },
          session_id: 'sess-1',
          uuid: 'cb',
        },
        sdk.assistant('msg_2', [text('b')], { output: 1 }),
      ]),
    );
    const rows = buildRows(trace);
    const labels = rowViews(trace, rows, 0, rows.length, new Set()).map((v) => v.label);
    expect(labels).toContain('Compaction (manual) · 50,000 tokens before → 4,000 after · took 3.2 s');
    expect(trace.agents.every((a) => a.kind === 'main')).toBe(true);
  });

  it('loupe stats --json: perTurn rows carry startedAt, in time order', async () => {
    const { trace } = await sample();
    const rows = perTurnJson(trace, turnTables(trace).turns);
    const started = rows.map((r) => r['startedAt']);
    expect(started[0]).toBe('2026-11-30T10:00:02.000Z');
    expect(started[3]).toBe('2026-11-30T10:00:22.000Z');
    expect(started[14]).toBe('2026-11-30T10:33:51.000Z');
    expect(rows.map((r) => r['turn'])).toEqual(rows.map((_, i) => i));
    expect([...started].sort()).toEqual(started);
  });
});
