import { describe, expect, it } from 'vitest';
import { compileFilter } from '../trace/filter';
import { cc, jsonl, sdk, text, toolUse } from '../trace/testing/builders';
import { loadFiles, loadText } from '../trace/testing/load';
import { tourText } from '../trace/testing/tour';
import { buildRows, ROW_KINDS, type RowTable } from './rows';
import { rowViews } from './rowview';

const kinds = (r: RowTable): string[] => Array.from(r.kind, (k) => ROW_KINDS[k] ?? '?');

describe('timeline rows', () => {
  it('groups by response and model call, folding a message’s stream events under one row', async () => {
    const { trace } = await loadText(tourText());
    const rows = buildRows(trace, { show: new Set(['stream']) });
    const views = rowViews(trace, rows, 0, rows.length, new Set());
    expect(views[0]?.label).toBe('Response 1');
    expect(kinds(rows).filter((k) => k === 'response')).toHaveLength(2);
    expect(kinds(rows).filter((k) => k === 'turn')).toHaveLength(7);
    // 13 + 5 stream events live under 2 fold rows; no stream event row is shown.
    expect(views.filter((v) => v.kind === 'streams').map((v) => v.label)).toEqual([
      '13 stream events · 6 deltas · match',
      '5 stream events · 3 deltas · incomplete',
    ]);
    expect(views.some((v) => v.icon === 'stream' && v.kind === 'event')).toBe(false);
    const unfolded = buildRows(trace, {
      show: new Set(['stream']),
      expanded: new Set([trace.turns.findIndex((t) => t.messageId === 'msg_01TourEditAndExplain')]),
    });
    expect(unfolded.length).toBe(rows.length + 13);
    // With the Stream chip off, no stream row at all, but every model call keeps its header (call 7 is stream-only).
    const plain = buildRows(trace);
    expect(kinds(plain).filter((k) => k === 'streams')).toHaveLength(0);
    expect(kinds(plain).filter((k) => k === 'turn')).toHaveLength(7);
  });

  it('shows a subagent file as an indented lane right after the line that spawned it', async () => {
    const { trace } = await loadFiles({
      'p/s.jsonl': jsonl([
        cc.prompt('go'),
        cc.assistant('msg_1', [toolUse('toolu_T', 'Task', { subagent_type: 'Explore' })], { output: 1 }),
        cc.result('toolu_T', 'done', {
          toolUseResult: { status: 'completed', agentId: 'abc', content: [text('done')], totalToolUseCount: 1 },
        }),
      ]),
      'p/agent-abc.jsonl': jsonl([
        cc.assistant('msg_2', [text('inside the subagent')], { output: 1 }, { sidechain: true, agentId: 'abc' }),
      ]),
    });
    const rows = buildRows(trace);
    const views = rowViews(trace, rows, 0, rows.length, new Set());
    expect(views.map((v) => [v.kind, v.depth, v.label.slice(0, 24)])).toEqual([
      ['response', 0, 'Response 1 · go'],
      ['event', 0, 'go'],
      ['turn', 0, 'Model call 1 · claude-so'],
      ['event', 0, 'Task({"subagent_type":"E'],
      ['agent', 1, 'Explore abc'],
      ['turn', 1, 'Model call 2 · claude-so'],
      ['event', 1, 'inside the subagent'],
      ['event', 0, 'done'],
    ]);
  });

  it('keeps only matching events and the headers above them when filtered', async () => {
    const { trace } = await loadText(
      jsonl([
        sdk.assistant('msg_1', [text('a')], { output: 1 }),
        sdk.result(),
        sdk.assistant('msg_2', [toolUse('toolu_1', 'Bash', {})], { output: 1 }),
        sdk.toolResult('toolu_1', 'boom', { isError: true }),
        sdk.result(),
      ]),
    );
    const filter = compileFilter('status:error', trace);
    const rows = buildRows(trace, filter ? { filter } : {});
    // The second response's header, then its failed tool result (results are not part of a model call).
    expect(kinds(rows)).toEqual(['response', 'event']);
    expect(rows.rowOfSeq[3]).toBe(1);
    expect(rows.rowOfSeq[0]).toBe(-1);
  });
});

describe('a Claude Code 2.1.1xx session (cc-2-1 sample)', () => {
  const load = async () => {
    const { session21Files } = await import('../trace/testing/session21');
    return loadFiles(Object.fromEntries(session21Files().map((f) => [`cc-2-1/${f.path}`, f.text])));
  };

  it('folds an empty text block into its model call and says what signature-only thinking is', async () => {
    const { trace } = await load();
    const rows = buildRows(trace);
    const views = rowViews(trace, rows, 0, rows.length, new Set());
    const empty = trace.events.find(
      (e) => e.kind === 'assistant' && e.blocks.length === 1 && e.blocks[0]?.type === 'text' && e.blocks[0].text === '',
    );
    if (!empty) throw new Error('the sample has an empty text block');
    // No row of its own, no blank row anywhere; the line selects its model call's row.
    expect(views.some((v) => v.seq === empty.seq)).toBe(false);
    expect(views.filter((v) => v.label.trim() === '' || v.label === '(no content)')).toEqual([]);
    expect(views[rows.rowOfSeq[empty.seq] ?? -1]).toMatchObject({ kind: 'turn', turn: trace.eventTurn[empty.seq] });
    expect(views.map((v) => v.label)).toContain('thinking (redacted by the API)');
    // A filter that asks for the line shows it, labelled.
    const filter = compileFilter(`line:${empty.line}`, trace);
    const filtered = buildRows(trace, filter ? { filter } : {});
    expect(rowViews(trace, filtered, 0, filtered.length, new Set()).map((v) => v.label)).toContain('empty text block');
    // A filter that matches its model call's other lines too folds it as the plain timeline does.
    for (const q of ['kind:assistant', 'model:opus', '-kind:hook']) {
      const broad = compileFilter(q, trace);
      const rows2 = buildRows(trace, broad ? { filter: broad } : {});
      const views2 = rowViews(trace, rows2, 0, rows2.length, new Set());
      expect(
        views2.map((v) => v.label),
        q,
      ).not.toContain('empty text block');
      expect(views2[rows2.rowOfSeq[empty.seq] ?? -1], q).toMatchObject({
        kind: 'turn',
        turn: trace.eventTurn[empty.seq],
      });
    }
  });

  it('names the subagent lane by the Agent call’s name and description, with its type and id beside', async () => {
    const { trace } = await load();
    const rows = buildRows(trace);
    const lane = rowViews(trace, rows, 0, rows.length, new Set()).find(
      (v) => v.kind === 'agent' && v.label.startsWith('alice'),
    );
    expect(lane?.label).toBe('alice · Refactor greeting helpers');
    expect(lane?.badges.map((b) => b.text)).toContain('general-purpose · a7c3e9f1b2d4');
  });
});

describe('a timeline whose every line is under a chip that is off', () => {
  it('says how many lines are hidden, per chip, even without a filter', async () => {
    const snapshot = {
      type: 'file-history-snapshot',
      messageId: 'm1',
      snapshot: { messageId: 'm1', trackedFileBackups: {}, timestamp: '2026-01-01T00:00:00.000Z' },
      isSnapshotUpdate: false,
    };
    const { trace } = await loadText(jsonl([snapshot, { ...snapshot, messageId: 'm2' }]));
    const rows = buildRows(trace);
    expect(rows.matched).toBe(0);
    expect(rows.hiddenMatches).toMatchObject({ meta: 2 });
    // No empty response header above nothing; with the chip on, the lines under their response.
    expect(rows.length).toBe(0);
    expect(kinds(buildRows(trace, { show: new Set(['meta']) }))).toEqual(['response', 'event', 'event']);
    // With a line shown, nothing to explain.
    const { trace: withPrompt } = await loadText(jsonl([cc.prompt('hi'), snapshot]));
    expect(buildRows(withPrompt).hiddenMatches).toBeUndefined();
  });
});

describe('a subagent whose lines sit in the main flow (SDK stream, parent_tool_use_id)', () => {
  it('is named by a lane header where its rows begin, as a subagent file is', async () => {
    const { trace } = await loadText(tourText());
    const rows = buildRows(trace);
    const views = rowViews(trace, rows, 0, rows.length, new Set());
    const at = views.findIndex((v) => v.kind === 'agent');
    expect(views.slice(at - 1, at + 6).map((v) => [v.kind, v.depth, v.label])).toEqual([
      ['event', 0, 'Task(Find other greetings)'],
      ['agent', 1, 'Explore · Find other greetings'],
      ['turn', 1, 'Model call 4 · claude-haiku-4-5-20251001 · tool_use'],
      ['event', 1, 'Grep(print\\()'],
      ['event', 1, 'src/greet.py src/cli.py'],
      ['turn', 1, 'Model call 5 · claude-haiku-4-5-20251001 · end_turn'],
      ['event', 1, 'Two files print greetings: src/greet.py and src/cli.py.'],
    ]);
    expect(views[at]?.badges.map((b) => b.text)).toContain('2 model calls');
    expect(views.filter((v) => v.kind === 'agent')).toHaveLength(1);
    // Under a filter, the header stays above the subagent's rows that match.
    const filter = compileFilter('tool:Grep', trace);
    const filtered = buildRows(trace, filter ? { filter } : {});
    expect(rowViews(trace, filtered, 0, filtered.length, new Set()).map((v) => v.kind)).toEqual([
      'response',
      'agent',
      'turn',
      'event',
      'event',
    ]);
  });
});
