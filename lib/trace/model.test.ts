import { describe, expect, it } from 'vitest';
import { cc, jsonl, sdk, text, toolUse } from './testing/builders';
import { codes, loadFiles, loadText } from './testing/load';

describe('responses', () => {
  it('splits a stream into responses at each result and marks a final one without result as interrupted', async () => {
    const { trace } = await loadText(
      jsonl([
        sdk.init(),
        sdk.assistant('msg_1', [text('one')], { output: 1 }),
        sdk.result(),
        sdk.init(),
        sdk.assistant('msg_2', [text('two')], { output: 1 }),
        sdk.result(),
        sdk.assistant('msg_3', [text('thr')], { output: 1 }),
      ]),
    );
    expect(trace.responses.map((r) => [r.end, r.turns.length])).toEqual([
      ['result', 1],
      ['result', 1],
      ['interrupted', 1],
    ]);
    expect(codes(trace)).toContain('interrupted');
  });

  it('splits a session file at each human prompt; the last ends at end of file, not as interrupted', async () => {
    const { trace } = await loadText(
      jsonl([
        cc.prompt('a'),
        cc.assistant('msg_1', [text('x')], { output: 1 }),
        cc.prompt('b'),
        cc.assistant('msg_2', [text('y')], { output: 1 }),
      ]),
    );
    expect(trace.responses.map((r) => r.end)).toEqual(['next-prompt', 'end-of-file']);
    expect(codes(trace)).not.toContain('interrupted');
  });

  it('reports a gap in result_index as lost results', async () => {
    const { trace } = await loadText(
      jsonl([sdk.init(), sdk.result({ resultIndex: 0 }), sdk.result({ resultIndex: 2 })]),
    );
    expect(codes(trace)).toContain('result-gap');
  });
});

describe('tool calls', () => {
  it('keeps result slots in tool_use order even when results arrive in another order', async () => {
    const { trace } = await loadText(
      jsonl([
        sdk.assistant(
          'msg_1',
          [toolUse('toolu_a', 'Read', {}), toolUse('toolu_b', 'Grep', {}), toolUse('toolu_c', 'Glob', {})],
          { output: 9 },
        ),
        sdk.toolResult('toolu_c', 'c'),
        sdk.toolResult('toolu_a', 'a'),
        sdk.toolResult('toolu_b', 'b', { isError: true }),
      ]),
    );
    expect(trace.turns[0]?.toolCalls.map((i) => trace.toolCalls[i]?.id)).toEqual(['toolu_a', 'toolu_b', 'toolu_c']);
    expect(trace.toolCalls.map((c) => [c.slot, c.result?.text, c.result?.isError])).toEqual([
      [0, 'a', false],
      [1, 'b', true],
      [2, 'c', false],
    ]);
  });

  it('reports orphan results, duplicate results and calls that never got a result', async () => {
    const { trace } = await loadText(
      jsonl([
        sdk.assistant('msg_1', [toolUse('toolu_a', 'Bash', {}), toolUse('toolu_b', 'Bash', {})], { output: 1 }),
        sdk.toolResult('toolu_a', 'x'),
        sdk.toolResult('toolu_a', 'again'),
        sdk.toolResult('toolu_zzz', '?'),
      ]),
    );
    expect(codes(trace)).toEqual(
      expect.arrayContaining(['duplicate-tool-result', 'orphan-tool-result', 'tool-call-without-result']),
    );
  });

  it('joins the side effect: an Edit with its patch and a Bash with its output', async () => {
    const { trace } = await loadText(
      jsonl([
        cc.assistant('msg_1', [toolUse('toolu_e', 'Edit', { file_path: '/a.py', old_string: 'x', new_string: 'y' })], {
          output: 1,
        }),
        cc.result('toolu_e', 'edited', {
          toolUseResult: {
            filePath: '/a.py',
            oldString: 'x',
            newString: 'y',
            originalFile: 'x\n',
            structuredPatch: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-x', '+y'] }],
            userModified: false,
            replaceAll: false,
          },
        }),
        cc.assistant('msg_2', [toolUse('toolu_b', 'Bash', { command: 'echo 42' })], { output: 1 }),
        cc.result('toolu_b', '42', { toolUseResult: { stdout: '42', stderr: '', interrupted: false, isImage: false } }),
      ]),
    );
    expect(trace.toolCalls[0]?.sideEffect).toEqual({
      type: 'file-edit',
      filePath: '/a.py',
      created: false,
      userModified: false,
      patch: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-x', '+y'] }],
    });
    expect(trace.toolCalls[1]?.sideEffect).toMatchObject({ type: 'bash', stdout: '42', interrupted: false });
  });

  it('records which evidence decided each permission state', async () => {
    const { trace } = await loadText(
      jsonl([
        sdk.assistant(
          'msg_1',
          [
            toolUse('t_hook', 'Bash', {}),
            toolUse('t_rule', 'Write', {}),
            toolUse('t_result', 'Bash', {}),
            toolUse('t_allow', 'Read', {}),
            toolUse('t_ran', 'Glob', {}),
            toolUse('t_none', 'Grep', {}),
            toolUse('t_user', 'Bash', {}),
          ],
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
          message: 'denied by rule',
          decision_reason_type: 'rule',
          session_id: 'sess-1',
          uuid: 'p',
        },
        {
          type: 'control_request',
          request_id: 'r1',
          request: { subtype: 'can_use_tool', tool_name: 'Read', input: {}, tool_use_id: 't_allow' },
        },
        {
          type: 'control_response',
          response: { subtype: 'success', request_id: 'r1', response: { behavior: 'allow', updatedInput: {} } },
        },
        sdk.toolResult('t_allow', 'contents'),
        sdk.toolResult('t_ran', 'a.ts'),
        sdk.toolResult('t_none', 'grep: bad regex', { isError: true }),
        sdk.toolResult('t_user', "The user doesn't want to proceed with this tool use. The tool use was rejected", {
          isError: true,
        }),
        sdk.result({ denials: [{ tool_name: 'Bash', tool_use_id: 't_result' }] }),
      ]),
    );
    const view = Object.fromEntries(
      trace.toolCalls.map((c) => [
        c.id,
        [c.permission, c.decidedBy === undefined ? undefined : c.evidence[c.decidedBy]?.kind],
      ]),
    );
    expect(view).toEqual({
      t_hook: ['denied', 'hook'],
      t_rule: ['denied', 'permission-denied'],
      t_result: ['denied', 'result-denial'],
      t_allow: ['allowed', 'control-response'],
      t_ran: ['allowed', 'tool-ran'],
      t_none: ['unknown', undefined],
      t_user: ['denied', 'rejection-text'],
    });
  });
});

describe('subagents as lanes', () => {
  it('links a new-layout subagent file through its meta.json sidecar, and counts its usage per agent', async () => {
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
      cc.assistant('msg_s', [text('found it')], { output: 20 }, { session: 'S', sidechain: true, agentId: 'abc' }),
    ]);
    const { trace, stats } = await loadFiles({
      'proj/S.jsonl': main,
      'proj/S/subagents/agent-abc.jsonl': sub,
      'proj/S/subagents/agent-abc.meta.json': JSON.stringify({
        agentType: 'Explore',
        description: 'look around',
        toolUseId: 'toolu_T',
      }),
    });
    const agent = trace.agents.find((a) => a.agentId === 'abc');
    expect(agent).toMatchObject({
      kind: 'subagent',
      agentType: 'Explore',
      description: 'look around',
      linkedBy: 'meta.json',
    });
    expect(trace.toolCalls[agent?.spawnCall ?? -1]?.id).toBe('toolu_T');
    expect(stats.byAgent.map((b) => [b.label, b.tokens.output])).toEqual([
      ['main', 2],
      ['Explore · look around', 20],
    ]);
    // The sidecar attaches to its agent: it is no transcript line (issue 10).
    expect(stats.lines).toMatchObject({ total: 3, sidecars: 1 });
    // The subagent's events belong to the response of the call that spawned it.
    const subEvent = trace.events.find((e) => e.kind === 'assistant' && e.messageId === 'msg_s');
    expect(trace.eventResponse[subEvent?.seq ?? -1]).toBe(0);
  });

  it('links an SDK subagent through parent_tool_use_id and an old-layout file through agent_progress', async () => {
    const sdkTrace = await loadText(
      jsonl([
        sdk.init(),
        sdk.assistant('msg_1', [toolUse('toolu_T', 'Task', {})], { output: 1 }),
        sdk.assistant('msg_2', [toolUse('toolu_in', 'Read', {})], { output: 1 }, { parent: 'toolu_T' }),
      ]),
    );
    expect(sdkTrace.trace.agents.map((a) => [a.kind, a.linkedBy])).toEqual([
      ['main', undefined],
      ['subagent', 'parent_tool_use_id'],
    ]);
    const old = await loadFiles({
      'p/s.jsonl': jsonl([
        cc.assistant('msg_1', [toolUse('toolu_T', 'Task', {})], { output: 1 }),
        cc.line('progress', {
          data: { type: 'agent_progress', agentId: 'f00d', message: null },
          toolUseID: 'x',
          parentToolUseID: 'toolu_T',
        }),
      ]),
      'p/agent-f00d.jsonl': jsonl([
        cc.assistant('msg_2', [text('sub')], { output: 1 }, { sidechain: true, agentId: 'f00d' }),
      ]),
    });
    expect(old.trace.agents.find((a) => a.agentId === 'f00d')?.linkedBy).toBe('agent_progress');
  });
});

describe('streams', () => {
  it('rebuilds blocks by index when deltas of two blocks interleave', async () => {
    const { trace } = await loadText(
      jsonl([
        sdk.init(),
        sdk.messageStart('msg_I', { output: 1 }),
        sdk.blockStart(1, { type: 'text', text: '' }),
        sdk.blockStart(0, { type: 'thinking', thinking: '' }),
        sdk.textDelta(1, 'B1 '),
        sdk.stream({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'A1 ' } }),
        sdk.textDelta(1, 'B2'),
        sdk.stream({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'A2' } }),
        sdk.blockStop(0),
        sdk.blockStop(1),
        sdk.messageStop(),
      ]),
    );
    const s = trace.turns[0]?.stream;
    expect(s?.blocks.map((b) => [b.index, b.type, b.text])).toEqual([
      [0, 'thinking', 'A1 A2'],
      [1, 'text', 'B1 B2'],
    ]);
    expect(s?.deltaCount).toBe(4);
    // Never completed: incomplete, and not counted as a normal response.
    expect(s?.verdict).toBe('incomplete');
    expect(codes(trace)).toContain('stream-incomplete');
  });

  it('rebuilds a long fragment in full while the delta row keeps only its start', async () => {
    const long = 'x'.repeat(1000);
    const { trace } = await loadText(
      jsonl([
        sdk.messageStart('msg_L', { output: 1 }),
        sdk.blockStart(0, { type: 'text', text: '' }),
        sdk.textDelta(0, long),
        sdk.assistant('msg_L', [text(long)], { output: 1 }),
        sdk.blockStop(0),
        sdk.messageStop(),
      ]),
    );
    expect(trace.turns[0]?.stream).toMatchObject({ verdict: 'match' });
    expect(trace.turns[0]?.stream?.blocks[0]?.text).toHaveLength(1000);
    const delta = trace.events[2];
    expect(delta?.kind === 'stream' && delta.fragment?.length).toBe(256);
  });

  it('keeps each delta its own fragment when fragments are cut from the block text', async () => {
    const think = (t: string) =>
      sdk.stream({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: t } });
    const frames = [
      'short',
      'a fragment of more than 13 characters ',
      'x'.repeat(300),
      ' and é, 漢字 and \u2192 past Latin-1 ',
      'end.',
    ];
    const { trace } = await loadText(
      jsonl([
        sdk.messageStart('msg_C', { output: 1 }),
        sdk.blockStart(0, { type: 'thinking', thinking: '' }),
        sdk.blockStart(1, { type: 'text', text: '' }),
        ...frames.flatMap((f) => [think(f), sdk.textDelta(1, `text: ${f}`)]),
        // Started again: the block's text begins anew, and the fragments of the first start are not found in it.
        sdk.blockStart(1, { type: 'text', text: '' }),
        sdk.textDelta(1, 'the second start of block one'),
        sdk.blockStop(0),
        sdk.blockStop(1),
        sdk.messageStop(),
        sdk.assistant(
          'msg_C',
          [{ type: 'thinking', thinking: frames.join(''), signature: 's' }, text('the second start of block one')],
          { output: 2 },
        ),
        // A stream that never completes: its fragments are cut from the rebuilt text.
        sdk.messageStart('msg_D', { output: 1 }),
        sdk.blockStart(0, { type: 'text', text: '' }),
        ...frames.map((f) => sdk.textDelta(0, f)),
      ]),
    );
    expect(trace.turns.map((t) => t.stream?.verdict)).toEqual(['match', 'incomplete']);
    const fragments = trace.events.flatMap((e) =>
      e.kind === 'stream' && e.event === 'content_block_delta' ? [e.fragment] : [],
    );
    const kept = (f: string) => f.slice(0, 256);
    expect(fragments).toEqual([
      ...frames.flatMap((f) => [kept(f), kept(`text: ${f}`)]),
      'the second start of block one',
      ...frames.map(kept),
    ]);
  });

  it('keeps one copy of a tool input that the deltas and the completed message agree on', async () => {
    const input = { command: 'ls -la', description: 'list' };
    const { trace } = await loadText(
      jsonl([
        sdk.messageStart('msg_T', { output: 1 }),
        sdk.blockStart(0, { type: 'tool_use', id: 'toolu_1', name: 'Bash', input: {} }),
        sdk.jsonDelta(0, '{"command": "ls -la", '),
        sdk.jsonDelta(0, '"description": "list"}'),
        sdk.blockStop(0),
        sdk.messageStop(),
        sdk.assistant('msg_T', [toolUse('toolu_1', 'Bash', input)], { output: 2 }),
      ]),
    );
    const s = trace.turns[0]?.stream;
    expect(s?.verdict).toBe('match');
    expect(s?.blocks[0]?.input).toEqual(input);
    // The very object of the completed block, not a second parse of the same JSON.
    const completed = trace.turns[0]?.blocks[0];
    expect(completed?.type === 'tool_use' && completed.input).toBe(s?.blocks[0]?.input);
  });

  it('says mismatch when deltas and the completed message disagree', async () => {
    const { trace } = await loadText(
      jsonl([
        sdk.messageStart('msg_M', { output: 1 }),
        sdk.blockStart(0, { type: 'text', text: '' }),
        sdk.textDelta(0, 'Hello'),
        sdk.blockStop(0),
        sdk.messageStop(),
        sdk.assistant('msg_M', [text('Help')], { output: 2 }),
      ]),
    );
    expect(trace.turns[0]?.stream).toMatchObject({ verdict: 'mismatch' });
    expect(trace.turns[0]?.stream?.detail).toMatch(/text differs at character 3/);
  });

  it('reports events after message_stop and orphan stream events, without crashing', async () => {
    const { trace } = await loadText(
      jsonl([
        sdk.init(),
        sdk.messageDelta('end_turn', { output: 3 }),
        sdk.messageStop(),
        sdk.messageStart('msg_O', { output: 1 }),
        sdk.messageStop(),
        sdk.textDelta(0, 'late'),
      ]),
    );
    expect(codes(trace)).toEqual(expect.arrayContaining(['orphan-stream-event', 'event-after-message-stop']));
  });

  it('counts text and tokens once when deltas sit beside the completed message', async () => {
    const { stats, trace } = await loadText(
      jsonl([
        sdk.messageStart('msg_1', { input: 10, output: 1 }),
        sdk.blockStart(0, { type: 'text', text: '' }),
        sdk.textDelta(0, 'ab'),
        sdk.textDelta(0, 'cd'),
        sdk.assistant('msg_1', [text('abcd')], { input: 10, output: 1 }),
        sdk.blockStop(0),
        sdk.messageDelta('end_turn', { output: 4 }),
        sdk.messageStop(),
        sdk.result(),
      ]),
    );
    expect(stats).toMatchObject({ apiMessages: 1, tokens: { input: 10, output: 4 } });
    expect(trace.turns[0]?.blocks).toEqual([{ type: 'text', text: 'abcd' }]);
  });
});
