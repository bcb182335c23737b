import { describe, expect, it } from 'vitest';
import { buildRows, ROW_KINDS } from '../../view/rows';
import { rowViews } from '../../view/rowview';
import { chipCounts } from '../../view/chips';
import { detailsOf } from '../../view/details';
import { cc, jsonl, sdk, text, toolUse, type Line } from '../testing/builders';
import { loadFiles, loadText } from '../testing/load';
import type { Trace } from './types';

// Hooks and progress belong to their tool call: every shape Claude Code and the SDK write, joined by its id.

const T = (s: string): string => `2026-03-01T10:00:${s}.000Z`;
const hookLines = (trace: Trace, id: string): number[] => trace.toolCalls.find((c) => c.id === id)?.hooks ?? [];
const progressLines = (trace: Trace, id: string): number[] => trace.toolCalls.find((c) => c.id === id)?.progress ?? [];
const lineOf = (trace: Trace, seqs: readonly number[]): number[] => seqs.map((s) => trace.events[s]?.line ?? -1);

const ALLOW = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'allow',
    permissionDecisionReason: 'read-only',
  },
});

/** Claude Code's two lines for one hook run on the Bash call `toolu_B`: hook_progress while it runs, then its result. */
const hookProgress = (event: string, command: string, time: string): Line =>
  cc.line(
    'progress',
    {
      data: { type: 'hook_progress', hookEvent: event, hookName: `${event}:Bash`, command },
      toolUseID: 'toolu_B',
      parentToolUseID: 'toolu_B',
    },
    { time },
  );
const hookSuccess = (event: string, stdout: string, time: string): Line =>
  cc.line(
    'attachment',
    {
      attachment: {
        type: 'hook_success',
        hookName: `${event}:Bash`,
        hookEvent: event,
        toolUseID: 'toolu_B',
        stdout,
        exitCode: 0,
      },
    },
    { time },
  );

describe('folding hooks and progress under their tool call (Claude Code 2.1.x lines)', () => {
  const lines = [
    cc.line(
      'progress',
      {
        data: {
          type: 'hook_progress',
          hookEvent: 'SessionStart',
          hookName: 'SessionStart:startup',
          command: 'bd prime',
        },
        toolUseID: 'b7a1-uuid',
        parentToolUseID: 'b7a1-uuid',
      },
      { time: T('00') },
    ),
    cc.prompt('run the tests', { time: T('01') }),
    cc.line(
      'attachment',
      {
        attachment: {
          type: 'hook_success',
          hookName: 'UserPromptSubmit',
          hookEvent: 'UserPromptSubmit',
          toolUseID: 'c9e2-uuid',
          stdout: 'ok',
          exitCode: 0,
        },
      },
      { time: T('01') },
    ),
    cc.assistant('msg_1', [toolUse('toolu_B', 'Bash', { command: 'npm test' })], { output: 5 }, { time: T('02') }),
    hookProgress('PreToolUse', 'guard.sh', T('02')),
    hookSuccess('PreToolUse', ALLOW, T('02')),
    cc.line(
      'progress',
      {
        data: { type: 'bash_progress', output: '...', elapsedTimeSeconds: 2 },
        toolUseID: 'bash-progress-0',
        parentToolUseID: 'toolu_B',
      },
      { time: T('04') },
    ),
    cc.result('toolu_B', '3 passing', { time: T('05') }),
    hookProgress('PostToolUse', 'audit.sh', T('05')),
    hookSuccess('PostToolUse', '', T('05')),
    cc.assistant(
      'msg_2',
      [toolUse('toolu_A', 'Agent', { description: 'look around', subagent_type: 'Explore' })],
      { output: 5 },
      { time: T('06') },
    ),
    cc.line(
      'progress',
      {
        data: {
          type: 'agent_progress',
          agentId: 'ag1',
          message: {
            type: 'assistant',
            message: {
              id: 'msg_sub',
              type: 'message',
              role: 'assistant',
              model: 'claude-haiku-4-5-20251001',
              content: [],
              usage: { input_tokens: 1, output_tokens: 1 },
            },
          },
        },
        toolUseID: 'agent_toolu_A',
        parentToolUseID: 'toolu_A',
      },
      { time: T('07') },
    ),
    cc.result('toolu_A', 'found it', { time: T('09') }),
    cc.line(
      'system',
      { subtype: 'stop_hook_summary', hookCount: 1, hookInfos: [], hookErrors: [], preventedContinuation: false },
      { time: T('10') },
    ),
  ];

  it('joins hook_progress, hook_success, bash_progress and agent_progress to their call; session hooks stay apart', async () => {
    const { trace } = await loadText(jsonl(lines));
    expect(lineOf(trace, hookLines(trace, 'toolu_B'))).toEqual([5, 6, 9, 10]);
    expect(lineOf(trace, progressLines(trace, 'toolu_B'))).toEqual([7]);
    expect(lineOf(trace, progressLines(trace, 'toolu_A'))).toEqual([12]);
    expect(hookLines(trace, 'toolu_A')).toEqual([]);
    // SessionStart, UserPromptSubmit and Stop belong to no tool call.
    for (const line of [1, 3, 14])
      expect(trace.eventCalls.get(trace.events.find((e) => e.line === line)?.seq ?? -1)).toBeUndefined();
    // The PreToolUse decision is permission evidence, and decides.
    const bash = trace.toolCalls.find((c) => c.id === 'toolu_B');
    expect(bash?.permission).toBe('allowed');
    expect(bash?.evidence[bash.decidedBy ?? -1]).toMatchObject({ kind: 'hook', behavior: 'allow' });
  });

  it('the Tool call chain: PreToolUse hooks as permission evidence, progress while it ran, PostToolUse after the result', async () => {
    const { trace } = await loadText(jsonl(lines));
    const bash = trace.toolCalls.find((c) => c.id === 'toolu_B');
    const d = detailsOf(trace, bash?.requestSeq ?? -1)?.toolCalls[0];
    expect(d?.preHooks.map((h) => [h.hookName, h.state, h.decision, h.line])).toEqual([
      ['PreToolUse:Bash', 'running', undefined, 5],
      ['PreToolUse:Bash', 'success', 'allow', 6],
    ]);
    expect(d?.preHooks[1]?.decisionReason).toBe('read-only');
    expect(d?.progress.map((p) => [p.type, p.elapsedSeconds, p.text, p.afterMs])).toEqual([
      ['bash_progress', 2, '...', 2000],
    ]);
    expect(d?.postHooks.map((h) => [h.hookName, h.state, h.line])).toEqual([
      ['PostToolUse:Bash', 'running', 9],
      ['PostToolUse:Bash', 'success', 10],
    ]);
    const agent = detailsOf(trace, trace.toolCalls.find((c) => c.id === 'toolu_A')?.requestSeq ?? -1)?.toolCalls[0];
    expect(agent?.progress.map((p) => [p.type, p.copyOf])).toEqual([['agent_progress', 'assistant msg_sub']]);
  });

  it('hides hooks, progress and meta by default, counts them per chip, and shows them indented under their call', async () => {
    const { trace } = await loadText(jsonl(lines));
    expect(chipCounts(trace)).toEqual({ hooks: 7, progress: 2, meta: 0, stream: 0 });
    const plain = buildRows(trace);
    const plainViews = rowViews(trace, plain, 0, plain.length, new Set());
    expect(plainViews.some((v) => v.icon === 'hook' || v.icon === 'progress')).toBe(false);
    const all = buildRows(trace, { show: new Set(['hooks', 'progress']) });
    const views = rowViews(trace, all, 0, all.length, new Set());
    expect(all.length).toBe(plain.length + 9);
    const bash = views.find((v) => v.label.startsWith('Bash(npm test)'));
    const pre = views.find((v) => v.label.startsWith('PreToolUse:Bash'));
    const start = views.find((v) => v.label.startsWith('SessionStart'));
    expect(pre?.depth).toBe((bash?.depth ?? 0) + 1);
    expect(start?.depth).toBe(0);
    expect(Array.from(all.kind, (k) => ROW_KINDS[k]).filter((k) => k === 'event')).toHaveLength(
      plainViews.filter((v) => v.kind === 'event').length + 9,
    );
  });

  it('with a filter, counts the matches its chips hide', async () => {
    const { trace } = await loadText(jsonl(lines));
    const { compileFilter } = await import('../filter');
    const filter = compileFilter('tool:Bash', trace);
    const rows = buildRows(trace, filter ? { filter } : {});
    // The request and its result show; the Bash call's 4 hooks and 1 progress line match but are hidden.
    expect(rows.hiddenMatches).toEqual({ hooks: 4, progress: 1, meta: 0, stream: 0 });
    const shown = buildRows(trace, { ...(filter ? { filter } : {}), show: new Set(['hooks']) });
    expect(shown.hiddenMatches).toEqual({ hooks: 0, progress: 1, meta: 0, stream: 0 });
    expect(shown.length - rows.length).toBe(4);
  });
});

describe('folding other hook shapes', () => {
  it('SDK hook frames: by tool_use_id, and a hook_started without it by its hook_id', async () => {
    const { trace } = await loadText(
      jsonl([
        sdk.assistant('msg_1', [toolUse('toolu_E', 'Edit', {})], { output: 1 }),
        {
          type: 'system',
          subtype: 'hook_started',
          hook_id: 'h-9',
          hook_name: 'PreToolUse:Edit',
          hook_event: 'PreToolUse',
          session_id: 'sess-1',
          uuid: 'u1',
        },
        {
          type: 'system',
          subtype: 'hook_response',
          hook_id: 'h-9',
          hook_name: 'PreToolUse:Edit',
          hook_event: 'PreToolUse',
          tool_use_id: 'toolu_E',
          output: ALLOW,
          outcome: 'success',
          session_id: 'sess-1',
          uuid: 'u2',
        },
        {
          type: 'tool_progress',
          tool_use_id: 'toolu_E',
          tool_name: 'Edit',
          parent_tool_use_id: null,
          elapsed_time_seconds: 1,
          session_id: 'sess-1',
          uuid: 'u3',
        },
        sdk.toolResult('toolu_E', 'edited'),
        {
          type: 'system',
          subtype: 'hook_response',
          hook_name: 'SessionStart:startup',
          hook_event: 'SessionStart',
          output: '',
          outcome: 'success',
          session_id: 'sess-1',
          uuid: 'u4',
        },
        sdk.result(),
      ]),
    );
    expect(lineOf(trace, hookLines(trace, 'toolu_E'))).toEqual([2, 3]);
    expect(lineOf(trace, progressLines(trace, 'toolu_E'))).toEqual([4]);
    expect(trace.toolCalls[0]?.permission).toBe('allowed');
    const d = detailsOf(trace, 0)?.toolCalls[0];
    expect(d?.preHooks.map((h) => [h.state, h.decision])).toEqual([
      ['started', undefined],
      ['success', 'allow'],
    ]);
  });

  it('SDK frames inside a subagent are not folded under its spawning call by parent_tool_use_id', async () => {
    const { trace } = await loadText(
      jsonl([
        sdk.assistant('msg_1', [toolUse('toolu_T', 'Task', {})], { output: 1 }),
        {
          type: 'tool_progress',
          tool_name: 'Grep',
          parent_tool_use_id: 'toolu_T',
          elapsed_time_seconds: 1,
          session_id: 'sess-1',
          uuid: 'u1',
        },
        sdk.toolResult('toolu_T', 'done'),
      ]),
    );
    expect(trace.toolCalls[0]?.progress).toEqual([]);
  });

  it('Claude Code 1.0.x subtype-less system hook lines, by toolUseID', async () => {
    const { trace } = await loadText(
      jsonl([
        cc.assistant('msg_1', [toolUse('toolu_W', 'Write', { file_path: '/a' })], { output: 1 }),
        cc.line('system', {
          content: 'Running \u001b[1mPreToolUse:Write\u001b[22m...',
          level: 'info',
          toolUseID: 'toolu_W',
        }),
        cc.result('toolu_W', 'written'),
        cc.line('system', {
          content: '\u001b[1mPostToolUse:Write\u001b[22m completed successfully',
          level: 'info',
          toolUseID: 'toolu_W',
        }),
        cc.assistant('msg_2', [text('done')], { output: 1 }),
      ]),
    );
    expect(lineOf(trace, hookLines(trace, 'toolu_W'))).toEqual([2, 4]);
    const d = detailsOf(trace, 0)?.toolCalls[0];
    expect(d?.preHooks.map((h) => h.hookName)).toEqual(['PreToolUse:Write']);
    expect(d?.postHooks.map((h) => [h.hookName, h.state])).toEqual([['PostToolUse:Write', 'done']]);
  });

  it('agent_progress copies beside a loaded subagent file fold under the Agent call and still count once', async () => {
    const sub = cc.assistant(
      'msg_sub',
      [text('looking')],
      { input: 400, output: 80 },
      { sidechain: true, agentId: 'ag1' },
    );
    const { trace, stats } = await loadFiles({
      'p/s.jsonl': jsonl([
        cc.assistant('msg_m', [toolUse('toolu_T', 'Task', {})], { input: 100, output: 10 }),
        cc.line('progress', {
          data: { type: 'agent_progress', agentId: 'ag1', message: sub },
          toolUseID: 'x',
          parentToolUseID: 'toolu_T',
        }),
      ]),
      'p/agent-ag1.jsonl': jsonl([sub]),
    });
    expect(lineOf(trace, progressLines(trace, 'toolu_T'))).toEqual([2]);
    expect(stats.tokens.output).toBe(90);
  });
});
