// One test per item of the trap checklist at the end of shared/spec/FORMATS.md (§5).
import { describe, expect, it } from 'vitest';
import { cc, jsonl, sdk, text, thinking, toolUse } from './testing/builders';
import { codes, loadFiles, loadText } from './testing/load';

describe('FORMATS.md trap checklist', () => {
  it('1. one API response split over many lines counts once, with the copy that has the most output tokens', async () => {
    const u = { input: 10, cacheRead: 100, cacheWrite: 50 };
    const { stats, trace } = await loadText(
      jsonl([
        cc.prompt('go'),
        cc.assistant('msg_A', [text('a')], { ...u, output: 2 }),
        cc.assistant('msg_A', [toolUse('toolu_1', 'Bash', { command: 'ls' })], { ...u, output: 2 }),
        cc.result('toolu_1', 'file'),
        cc.assistant('msg_A', [toolUse('toolu_2', 'Bash', { command: 'pwd' })], { ...u, output: 57 }),
        cc.result('toolu_2', '/repo'),
      ]),
    );
    expect(stats.apiMessages).toBe(1);
    expect(stats.tokens).toMatchObject({ input: 10, output: 57, cacheRead: 100, cacheCreation: 50 });
    expect(trace.turns[0]?.blocks.map((b) => b.type)).toEqual(['text', 'tool_use', 'tool_use']);
    expect(trace.turns[0]?.copies.filter((c) => c.chosen).map((c) => c.usage.output)).toEqual([57]);
  });

  it('2. a placeholder output count on the assistant frame loses to the stream copy', async () => {
    const { stats } = await loadText(
      jsonl([
        sdk.messageStart('msg_S', { input: 5, output: 1 }),
        sdk.blockStart(0, { type: 'text', text: '' }),
        sdk.textDelta(0, 'hi'),
        sdk.assistant('msg_S', [text('hi')], { input: 5, output: 1 }),
        sdk.blockStop(0),
        sdk.messageDelta('end_turn', { output: 42 }),
        sdk.messageStop(),
        sdk.result(),
      ]),
    );
    expect(stats.tokens.output).toBe(42);
    expect(stats.apiMessages).toBe(1);
  });

  it('3. message_delta usage is cumulative: it overwrites message_start, never adds', async () => {
    const { stats } = await loadText(
      jsonl([
        sdk.messageStart('msg_C', { input: 3, cacheRead: 14422, cacheWrite: 337, output: 1 }),
        sdk.blockStart(0, { type: 'text', text: '' }),
        sdk.textDelta(0, 'x'),
        sdk.blockStop(0),
        sdk.messageDelta('end_turn', { output: 214, input: 3 }),
        sdk.messageStop(),
        sdk.assistant('msg_C', [text('x')], { input: 3, cacheRead: 14422, cacheWrite: 337, output: 1 }),
        sdk.result(),
      ]),
    );
    expect(stats.tokens).toMatchObject({ input: 3, output: 214, cacheRead: 14422, cacheCreation: 337 });
  });

  it('4. total_cost_usd is cumulative per session: the latest counts, results are never summed; a reset starts a new session', async () => {
    const { stats, trace } = await loadText(
      jsonl([
        sdk.init(),
        sdk.assistant('msg_1', [text('a')], { output: 5 }),
        sdk.result({ cost: 0.1 }),
        sdk.assistant('msg_2', [text('b')], { output: 5 }),
        sdk.result({ cost: 0.25 }),
        { type: 'conversation_reset', new_conversation_id: 'sess-2', session_id: 'sess-1', uuid: 'r1' },
        sdk.assistant('msg_3', [text('c')], { output: 5 }, { session: 'sess-2' }),
        sdk.result({ cost: 0.05, session: 'sess-2' }),
      ]),
    );
    expect(stats.cost.reportedUsd).toBeCloseTo(0.3, 10);
    expect(stats.results).toBe(3);
    expect(trace.responses.map((r) => r.end)).toEqual(['result', 'result', 'result']);
  });

  it('5. agent_progress copies of subagent messages never count, whether or not the subagent file is loaded', async () => {
    const sub = cc.assistant(
      'msg_SUB',
      [text('exploring')],
      { input: 7, output: 70 },
      { sidechain: true, agentId: 'a1' },
    );
    const main = jsonl([
      cc.prompt('explore'),
      cc.assistant('msg_M', [toolUse('toolu_T', 'Task', { subagent_type: 'Explore', prompt: 'look' })], {
        input: 1,
        output: 9,
      }),
      cc.line('progress', {
        data: { type: 'agent_progress', agentId: 'a1', message: sub },
        toolUseID: 'p1',
        parentToolUseID: 'toolu_T',
      }),
      cc.result('toolu_T', 'done', {
        toolUseResult: { status: 'completed', agentId: 'a1', content: [text('done')], totalToolUseCount: 0 },
      }),
    ]);
    const alone = await loadFiles({ 'p/s.jsonl': main });
    expect(alone.stats.tokens.output).toBe(9);
    expect(alone.trace.looseCopies).toHaveLength(1);
    const both = await loadFiles({ 'p/s.jsonl': main, 'p/agent-a1.jsonl': jsonl([sub]) });
    expect(both.stats.tokens.output).toBe(79);
    expect(both.stats.apiMessages).toBe(2);
    const subTurn = both.trace.turns.find((t) => t.messageId === 'msg_SUB');
    expect(subTurn?.copies.map((c) => [c.via, c.chosen])).toEqual([
      ['line', true],
      ['progress', false],
    ]);
    expect(both.trace.agents.find((a) => a.agentId === 'a1')?.linkedBy).toBe('toolUseResult.agentId');
  });

  it('6. a resumed session repeating uuids and a /btw sidechain replaying an id under a new request id count once', async () => {
    const first = cc.assistant('msg_R', [text('hello')], { input: 4, output: 40 }, { uuid: 'u-1', session: 'old' });
    const resumed = jsonl([
      first,
      cc.prompt('again', { session: 'new' }),
      cc.assistant('msg_N', [text('more')], { input: 4, output: 4 }, { session: 'new' }),
    ]);
    const r = await loadFiles({
      'p/old.jsonl': jsonl([cc.prompt('hi', { session: 'old' }), first]),
      'p/new.jsonl': resumed,
    });
    expect(r.stats.apiMessages).toBe(2);
    expect(r.stats.tokens.output).toBe(44);
    expect(codes(r.trace)).toContain('repeated-uuid');

    const btw = await loadText(
      jsonl([
        cc.assistant('msg_B', [text('main answer')], { input: 9, output: 30 }, { requestId: 'req_1' }),
        cc.assistant('msg_B', [text('main answer')], { input: 9, output: 30 }, { requestId: 'req_2', sidechain: true }),
      ]),
    );
    expect(btw.stats.apiMessages).toBe(1);
    expect(btw.stats.tokens.output).toBe(30);
  });

  it('7. stop_reason null on every split line is not an end signal and does not hide the call', async () => {
    const { trace, stats } = await loadText(
      jsonl([
        cc.prompt('q'),
        cc.assistant('msg_X', [text('a')], { output: 3 }, { stop: null }),
        cc.assistant('msg_X', [text('b')], { output: 8 }, { stop: null }),
      ]),
    );
    expect(trace.turns[0]?.stopReason).toBeUndefined();
    expect(stats.apiMessages).toBe(1);
    expect(trace.responses[0]?.end).toBe('end-of-file');
    expect(codes(trace)).not.toContain('interrupted');
  });

  it('8. result subtype and is_error are kept apart (success with is_error, error_max_turns without)', async () => {
    const { trace } = await loadText(
      jsonl([
        sdk.init(),
        sdk.result({ subtype: 'success', isError: true }),
        sdk.result({ subtype: 'error_max_turns', isError: false }),
      ]),
    );
    const results = trace.events.filter((e) => e.kind === 'result');
    expect(results.map((e) => (e.kind === 'result' ? [e.subtype, e.isError] : []))).toEqual([
      ['success', true],
      ['error_max_turns', false],
    ]);
    expect(codes(trace)).toContain('result-error-flag');
  });

  it('9. several inits, hook frames before init and info frames after the result make one clean response', async () => {
    const { trace } = await loadText(
      jsonl([
        {
          type: 'system',
          subtype: 'hook_started',
          hook_id: 'h1',
          hook_name: 'SessionStart:startup',
          hook_event: 'SessionStart',
          session_id: 'sess-1',
          uuid: 'h1',
        },
        {
          type: 'system',
          subtype: 'hook_response',
          hook_id: 'h1',
          hook_name: 'SessionStart:startup',
          hook_event: 'SessionStart',
          output: '',
          stdout: '',
          stderr: '',
          exit_code: 0,
          outcome: 'success',
          session_id: 'sess-1',
          uuid: 'h2',
        },
        sdk.init(),
        sdk.init(),
        sdk.assistant('msg_1', [text('ok')], { output: 2 }),
        sdk.result(),
        { type: 'system', subtype: 'session_state_changed', state: 'idle', session_id: 'sess-1', uuid: 's1' },
      ]),
    );
    expect(trace.responses).toHaveLength(1);
    expect(trace.responses[0]?.end).toBe('result');
    expect(trace.events.slice(0, 2).map((e) => e.kind)).toEqual(['hook', 'hook']);
    expect(trace.events.filter((e) => e.kind === 'system' && e.subtype === 'init')).toHaveLength(2);
  });

  it('10. a pre-filled message_start is rebuilt by block index, not by pushing', async () => {
    const { trace } = await loadText(
      jsonl([
        sdk.messageStart('msg_P', { output: 1 }, [text('')]),
        sdk.blockStart(0, { type: 'text', text: '' }),
        sdk.textDelta(0, 'Hello'),
        sdk.assistant('msg_P', [text('Hello')], { output: 1 }),
        sdk.blockStop(0),
        sdk.messageDelta('end_turn', { output: 3 }),
        sdk.messageStop(),
        sdk.result(),
      ]),
    );
    const s = trace.turns[0]?.stream;
    expect(s?.blocks.map((b) => b.text)).toEqual(['Hello']);
    expect(s?.verdict).toBe('match');
  });

  it('11. input_json_delta is parsed at content_block_stop, even when the assistant frame came first', async () => {
    const { trace } = await loadText(
      jsonl([
        sdk.messageStart('msg_J', { output: 1 }),
        sdk.blockStart(0, { type: 'tool_use', id: 'toolu_J', name: 'Bash', input: {} }),
        sdk.jsonDelta(0, '{"comm'),
        sdk.jsonDelta(0, 'and": "ls -'),
        sdk.jsonDelta(0, 'la"}'),
        sdk.assistant('msg_J', [toolUse('toolu_J', 'Bash', { command: 'ls -la' })], { output: 1 }),
        sdk.blockStop(0),
        sdk.messageDelta('tool_use', { output: 20 }),
        sdk.messageStop(),
      ]),
    );
    const s = trace.turns[0]?.stream;
    expect(s?.blocks[0]?.input).toEqual({ command: 'ls -la' });
    expect(s?.verdict).toBe('match');
  });

  it('12. interleaved partial streams of parallel subagents are kept apart by parent_tool_use_id', async () => {
    const a = { parent: 'toolu_A' };
    const b = { parent: 'toolu_B' };
    const { trace } = await loadText(
      jsonl([
        sdk.assistant('msg_main', [toolUse('toolu_A', 'Task', {}), toolUse('toolu_B', 'Task', {})], { output: 5 }),
        sdk.messageStart('msg_a', { output: 1 }, [], a),
        sdk.messageStart('msg_b', { output: 1 }, [], b),
        sdk.blockStart(0, { type: 'text', text: '' }, a),
        sdk.blockStart(0, { type: 'text', text: '' }, b),
        sdk.textDelta(0, 'from A', a),
        sdk.textDelta(0, 'from B', b),
        sdk.assistant('msg_b', [text('from B')], { output: 1 }, b),
        sdk.assistant('msg_a', [text('from A')], { output: 1 }, a),
        sdk.blockStop(0, a),
        sdk.blockStop(0, b),
        sdk.messageStop(a),
        sdk.messageStop(b),
      ]),
    );
    const byId = new Map(trace.turns.map((t) => [t.messageId, t]));
    expect(byId.get('msg_a')?.stream?.blocks[0]?.text).toBe('from A');
    expect(byId.get('msg_b')?.stream?.blocks[0]?.text).toBe('from B');
    expect(byId.get('msg_a')?.stream?.verdict).toBe('match');
    const agentA = trace.agents[byId.get('msg_a')?.agent ?? -1];
    expect(agentA?.spawnCall).toBe(trace.toolCallById.get('toolu_A'));
  });

  it('13. a control_response is joined by the request_id nested inside `response`', async () => {
    const { trace } = await loadText(
      jsonl([
        sdk.assistant('msg_1', [toolUse('toolu_C', 'Bash', { command: 'rm -rf /' })], { output: 5 }),
        {
          type: 'control_request',
          request_id: 'ctl-1',
          request: {
            subtype: 'can_use_tool',
            tool_name: 'Bash',
            input: { command: 'rm -rf /' },
            tool_use_id: 'toolu_C',
          },
        },
        {
          type: 'control_response',
          response: {
            subtype: 'success',
            request_id: 'ctl-1',
            response: { behavior: 'deny', message: 'too dangerous' },
          },
        },
        sdk.toolResult('toolu_C', 'too dangerous', { isError: true }),
      ]),
    );
    const call = trace.toolCalls[0];
    expect(call?.permission).toBe('denied');
    expect(call?.evidence[call.decidedBy ?? -1]?.kind).toBe('control-response');
  });

  it('14. denials show mainly as is_error tool_result text, with permission_denials empty', async () => {
    const { trace, stats } = await loadText(
      jsonl([
        cc.assistant('msg_1', [toolUse('toolu_D', 'Bash', { command: 'git push' })], { output: 5 }),
        cc.result('toolu_D', 'This command requires approval', { isError: true }),
        cc.assistant('msg_2', [toolUse('toolu_E', 'Bash', { command: 'cat /etc/shadow' })], { output: 5 }),
        cc.result('toolu_E', 'cat: /etc/shadow: Permission denied', { isError: true }),
      ]),
    );
    expect(trace.toolCalls.map((c) => c.permission)).toEqual(['denied', 'unknown']);
    expect(stats.toolCalls).toMatchObject({ requested: 2, withResult: 2, errored: 2, denied: 1 });
  });

  it('15. tool results join by tool_use_id, not by the parentUuid graph; compaction boundaries are kept', async () => {
    const { trace } = await loadText(
      jsonl([
        cc.assistant('msg_1', [toolUse('toolu_1', 'Read', { file_path: 'a' })], { output: 1 }, { uuid: 'as-1' }),
        cc.assistant(
          'msg_1',
          [toolUse('toolu_2', 'Read', { file_path: 'b' })],
          { output: 5 },
          { uuid: 'as-2', parentUuid: 'as-1' },
        ),
        cc.result('toolu_2', 'b', { parentUuid: 'as-2' }),
        cc.result('toolu_1', 'a', { parentUuid: 'as-1' }),
        cc.line(
          'system',
          {
            subtype: 'compact_boundary',
            content: 'Conversation compacted',
            logicalParentUuid: 'as-2',
            compactMetadata: { trigger: 'auto', preTokens: 150000 },
          },
          { parentUuid: null },
        ),
      ]),
    );
    expect(trace.toolCalls.map((c) => [c.id, c.slot, trace.events[c.result?.seq ?? -1]?.line])).toEqual([
      ['toolu_1', 0, 4],
      ['toolu_2', 1, 3],
    ]);
    const boundary = trace.events[4];
    expect(boundary?.kind === 'system' && boundary.compact).toEqual({
      trigger: 'auto',
      preTokens: 150000,
      postTokens: undefined,
    });
  });

  it('16. empty, summary-only and snapshot-only files load; ANSI escapes are stripped; unknown types are kept', async () => {
    const empty = await loadText('', 'empty.jsonl');
    expect(empty.stats.lines.total).toBe(0);
    const summary = await loadText(jsonl([{ type: 'summary', summary: 'A title', leafUuid: 'x' }]));
    expect(summary.trace.events[0]?.kind).toBe('meta');
    const ansi = await loadText(
      jsonl([
        cc.line('system', {
          content: 'Running \u001b[1mPostToolUse:Edit\u001b[22m...',
          level: 'info',
          toolUseID: 'toolu_9',
        }),
      ]),
    );
    const hook = ansi.trace.events[0];
    expect(hook?.kind === 'hook' && hook.text).toBe('Running PostToolUse:Edit...');
    const stdout = await loadText(
      jsonl([
        cc.prompt(
          '<local-command-stdout>\u001b[?2026h\u001b[1mContext\u001b[22m \u001b]8;;https://x\u0007link\u001b]8;;\u0007</local-command-stdout>',
        ),
      ]),
    );
    const prompt = stdout.trace.events[0];
    expect(prompt?.kind === 'user' && prompt.text).toBe('<local-command-stdout>Context link</local-command-stdout>');
    const unknown = await loadText(jsonl([cc.line('brand-new-type', { payload: 1 })]));
    expect(unknown.trace.events[0]?.kind).toBe('unknown');
    expect(unknown.trace.events[0]?.kind === 'unknown' && unknown.trace.events[0].raw).toContain('brand-new-type');
  });

  it('17. opaque thinking signatures load; <synthetic> messages never count', async () => {
    const { trace, stats } = await loadText(
      jsonl([
        cc.assistant(
          'msg_T',
          [
            { type: 'thinking', thinking: 'hmm', signature: '[REDACTED_SIGNATURE]' },
            { type: 'redacted_thinking', data: 'opaque' },
          ],
          { output: 12 },
        ),
        {
          ...cc.assistant('msg_Z', [text('API Error: overloaded')], {}, { model: '<synthetic>', requestId: null }),
          isApiErrorMessage: true,
        },
      ]),
    );
    expect(trace.turns[0]?.blocks.map((b) => b.type)).toEqual(['thinking', 'redacted_thinking']);
    expect(stats.apiMessages).toBe(1);
    expect(trace.turns[1]?.counted).toBe(false);
  });

  it('18. 1h cache writes are priced at the 1h rate; writes without a breakdown at the 5m rate', async () => {
    const split = await loadText(
      jsonl([
        cc.assistant('msg_H', [text('x')], { cache1h: 100_000, cache5m: 0 }, { model: 'claude-sonnet-4-5-20250929' }),
      ]),
    );
    expect(split.stats.cost.computedUsd).toBe(0.6);
    expect(split.stats.tokens).toMatchObject({ cache1h: 100_000, cache5m: 0, cacheCreation: 100_000 });
    const flat = await loadText(
      jsonl([cc.assistant('msg_F', [text('x')], { cacheWrite: 100_000 }, { model: 'claude-sonnet-4-5-20250929' })]),
    );
    expect(flat.stats.cost.computedUsd).toBe(0.375);
    // Over 200K prompt tokens Sonnet 4.5 is billed at the long-context rates.
    const long = await loadText(
      jsonl([
        cc.assistant('msg_L', [text('x')], { input: 300_000, output: 1000 }, { model: 'claude-sonnet-4-5-20250929' }),
      ]),
    );
    expect(long.stats.cost.computedUsd).toBe(1.8225);
  });

  it('thinking blocks keep their text and signature flag', async () => {
    const { trace } = await loadText(jsonl([cc.assistant('msg_1', [thinking('because')], { output: 1 })]));
    expect(trace.turns[0]?.blocks[0]).toEqual({ type: 'thinking', text: 'because', hasSignature: true });
  });
});
