import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFiles, loadText } from '../trace/testing/load';
import { cc, jsonl, sdk, text, toolUse } from '../trace/testing/builders';
import { session21Files } from '../trace/testing/session21';
import { buildRows } from './rows';
import { formatDuration, rowViews, traceStart } from './rowview';
import { CHIP_KEYS } from './chips';

const REAL = path.resolve(import.meta.dirname, '../../test/fixtures/real');

describe('row badges of a denied tool call', () => {
  it('mark its request and its result, not the PreToolUse hook that ran before the user rejected it (short.jsonl)', async () => {
    const { trace } = await loadText(
      readFileSync(path.join(REAL, 'spotter/transcripts/short.jsonl'), 'utf8'),
      'short.jsonl',
    );
    const rows = buildRows(trace, { show: new Set(CHIP_KEYS) });
    const views = rowViews(trace, rows, 0, rows.length, new Set()).filter((v) => v.kind === 'event');
    const denied = views.filter((v) => v.badges.some((b) => b.kind === 'denied')).map((v) => v.label);
    expect(denied).toEqual([
      'Bash(mix phx.server 2>&1 | head -80)',
      'Glob(/home/marco/projects/spotter)',
      expect.stringMatching(/^error: The user doesn't want to proceed/),
      expect.stringMatching(/^error: The user doesn't want to proceed/),
    ]);
    const hook = views.find((v) => v.label.startsWith('PreToolUse:Bash running'));
    expect(hook?.badges.map((b) => b.text)).toEqual([]);
  });
});

describe('model-call rows in a subagent lane', () => {
  it("carry the lane's name as its header row shows it; the main agent's calls carry none", async () => {
    const main = jsonl([
      cc.prompt('go', { session: 'S' }),
      cc.assistant(
        'msg_m',
        [toolUse('toolu_T', 'Agent', { subagent_type: 'Explore', prompt: 'p' })],
        { output: 2 },
        { session: 'S' },
      ),
    ]);
    const sub = jsonl([
      cc.assistant(
        'msg_s1',
        [toolUse('toolu_g', 'Grep', { pattern: 'x' })],
        { output: 20 },
        { session: 'S', sidechain: true, agentId: 'abc' },
      ),
      cc.assistant('msg_s2', [text('found it')], { output: 20 }, { session: 'S', sidechain: true, agentId: 'abc' }),
    ]);
    const { trace } = await loadFiles({
      'proj/S.jsonl': main,
      'proj/S/subagents/agent-abc.jsonl': sub,
      'proj/S/subagents/agent-abc.meta.json': JSON.stringify({
        agentType: 'Explore',
        description: 'look around',
        toolUseId: 'toolu_T',
      }),
    });
    const rows = buildRows(trace);
    const views = rowViews(trace, rows, 0, rows.length, new Set());
    const laneHeader = views.find((v) => v.kind === 'agent');
    expect(laneHeader?.label).toBe('Explore · look around');
    expect(views.filter((v) => v.kind === 'turn').map((v) => [v.label.split(' · ')[0], v.lane])).toEqual([
      ['Model call 1', undefined],
      ['Model call 2', 'Explore · look around'],
      ['Model call 3', 'Explore · look around'],
    ]);
  });
});

describe('the line that denied a call', () => {
  it('says "denied" once: a permission_denied frame, a PreToolUse hook that denied, a control response', async () => {
    const { trace } = await loadText(
      jsonl([
        sdk.assistant(
          'msg_1',
          [toolUse('t_hook', 'Bash', {}), toolUse('t_rule', 'Write', {}), toolUse('t_host', 'Edit', {})],
          { output: 5 },
        ),
        {
          type: 'system',
          subtype: 'hook_response',
          hook_name: 'PreToolUse:Bash',
          hook_event: 'PreToolUse',
          tool_use_id: 't_hook',
          output:
            '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"blocked"}}',
          session_id: 'sess-1',
          uuid: 'h',
        },
        {
          type: 'system',
          subtype: 'permission_denied',
          tool_name: 'Write',
          tool_use_id: 't_rule',
          message: 'by rule',
          session_id: 'sess-1',
          uuid: 'p',
        },
        {
          type: 'control_request',
          request_id: 'r1',
          request: { subtype: 'can_use_tool', tool_name: 'Edit', input: {}, tool_use_id: 't_host' },
        },
        {
          type: 'control_response',
          response: { subtype: 'success', request_id: 'r1', response: { behavior: 'deny', message: 'no' } },
        },
        sdk.result(),
      ]),
    );
    const rows = buildRows(trace, { show: new Set(CHIP_KEYS) });
    const views = rowViews(trace, rows, 0, rows.length, new Set()).filter((v) => v.kind === 'event');
    const denying = views.filter((v) => ['hook', 'permission-denied', 'control'].includes(v.icon));
    expect(denying.length).toBe(4);
    for (const v of denying) {
      const said = v.badges.filter((b) => b.kind === 'denied').map((b) => b.text);
      expect(said, v.label).toEqual(['denied']);
    }
  });
});

describe('formatDuration', () => {
  it('keeps the units it always had under an hour', () => {
    expect([850, 42_100, 567_000].map(formatDuration)).toEqual(['850 ms', '42.1 s', '9m 27s']);
  });

  it('never shows a rounded value as a full next unit', () => {
    expect(formatDuration(999.6)).toBe('1.0 s');
    expect(formatDuration(59_960)).toBe('1m 0s');
    expect(formatDuration(119_600)).toBe('2m 0s');
    expect(formatDuration(3_599_600)).toBe('1h 0m');
  });

  it('shows hours and minutes past an hour (a session of the library can last a day)', () => {
    expect(formatDuration(6_792_000)).toBe('1h 53m');
    expect(formatDuration(26 * 3_600_000 + 5 * 60_000)).toBe('26h 5m');
  });
});

describe('response headers of a Claude Code session file', () => {
  const headers = async (file: string) => {
    const { trace } = await loadText(readFileSync(path.join(REAL, file), 'utf8'), path.basename(file));
    const rows = buildRows(trace, { show: new Set() });
    return rowViews(trace, rows, 0, rows.length, new Set()).filter((v) => v.kind === 'response');
  };

  it('show the time of the first line that has one, past the untimed file-history-snapshot (short.jsonl)', async () => {
    const [first] = await headers('spotter/transcripts/short.jsonl');
    expect(first?.offsetMs).toBe(0);
  });

  it('are named by the command that opened a response with no prompt, as a prompt names the others', async () => {
    const views = await headers(
      'claude-code-log/projects/-Users-dain-workspace-claude-code-log-sample/326189cf-5676-4237-8cde-1ce80aae4a9f.jsonl',
    );
    expect(views.map((v) => [v.label, v.offsetMs])).toEqual([
      ['Response 1 · ! uv run ty check', 0],
      ['Response 2 · please fix these', 26_346],
    ]);
    const deep = await headers(
      'claude-code-log/projects/-src-deep-manifest/a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl',
    );
    // Its Caveat line is stamped 1.8 s after the /context it precedes: the header shows when the response began.
    expect([deep[0]?.label, deep[0]?.offsetMs]).toEqual(['Response 1 · /context', 0]);
  });
});

describe('lane headers', () => {
  it('show when the subagent or compaction lane began, as response and model call headers do (cc-2-1)', async () => {
    const { trace } = await loadFiles(Object.fromEntries(session21Files().map((f) => [`cc-2-1/${f.path}`, f.text])));
    const rows = buildRows(trace, { show: new Set() });
    const lanes = rowViews(trace, rows, 0, rows.length, new Set()).filter((v) => v.kind === 'agent');
    expect(lanes.length).toBeGreaterThan(1);
    for (const v of lanes) {
      const a = trace.agents[v.agent ?? -1];
      const own = trace.events
        .filter((e, q) => trace.eventAgent[q] === a?.index && e.time !== undefined)
        .map((e) => e.time ?? 0);
      expect(v.offsetMs, v.label).toBe(Math.min(...own) - (traceStart(trace) ?? 0));
    }
  });
});

describe('the row of an evaluation', () => {
  const evalRow = async (artifact: object) => {
    const { trace } = await loadText(JSON.stringify({ sessionId: 's', messages: [], ...artifact }), 'eval.json');
    const rows = buildRows(trace, { show: new Set(CHIP_KEYS) });
    return rowViews(trace, rows, 0, rows.length, new Set()).find(
      (v) => v.kind === 'event' && v.label.startsWith('evaluation'),
    );
  };

  it('shows the verdict in its glyph and a badge: a failed test is never a check mark', async () => {
    const failed = await evalRow({ testResult: { passed: false, summary: '1 failed' } });
    expect([failed?.icon, failed?.badges.map((b) => [b.kind, b.text])]).toEqual(['eval-failed', [['error', 'failed']]]);
    const passed = await evalRow({ testResult: { passed: true } });
    expect([passed?.icon, passed?.badges.map((b) => [b.kind, b.text])]).toEqual([
      'eval-passed',
      [['result', 'passed']],
    ]);
  });

  it('has no verdict glyph without a test result, and says a transport error apart', async () => {
    const none = await evalRow({ transportError: 'socket closed' });
    expect([none?.icon, none?.badges.map((b) => [b.kind, b.text])]).toEqual(['eval', [['error', 'transport error']]]);
  });
});
