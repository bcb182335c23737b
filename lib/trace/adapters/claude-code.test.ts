import { describe, expect, it } from 'vitest';
import { chipOf } from '../../view/chips';
import { summarize } from '../describe';
import { cc, jsonl, toolUse, type Line } from '../testing/builders';
import { loadText } from '../testing/load';

// Claude Code 2.1.x lines as the CLI writes them, read the way a person reads the session.

const queued = (attachment: Line): Line =>
  cc.line(
    'attachment',
    { attachment: { type: 'queued_command', ...attachment } },
    { time: '2026-11-20T10:00:23.000Z' },
  );

describe('a prompt typed while the agent worked (queued_command attachment)', () => {
  it('is a user prompt of the conversation, with its words, not a hidden metadata line', async () => {
    const { trace } = await loadText(
      jsonl([
        cc.prompt('Fix the coupon total', { time: '2026-11-20T10:00:05.000Z' }),
        queued({
          prompt: 'also update the CHANGELOG when you are done',
          commandMode: 'prompt',
          origin: { kind: 'human' },
        }),
        queued({ prompt: [{ type: 'text', text: 'and bump the version' }] }),
      ]),
    );
    const [, first, second] = trace.events;
    expect(first).toMatchObject({ kind: 'user', role: 'queued', text: 'also update the CHANGELOG when you are done' });
    expect(second).toMatchObject({ kind: 'user', role: 'queued', text: 'and bump the version' });
    if (!first) throw new Error('no event');
    expect(chipOf(first)).toBeUndefined();
    expect(summarize(first)).toBe('queued · also update the CHANGELOG when you are done');
    // Folded into the running turn: it does not open a response of its own.
    expect(trace.responses).toHaveLength(1);
  });

  it('keeps a task notification or a message from another session as metadata, with its text', async () => {
    const { trace } = await loadText(
      jsonl([
        cc.prompt('go'),
        queued({
          prompt: '<task-notification><status>completed</status></task-notification>',
          commandMode: 'task-notification',
        }),
        queued({ prompt: 'hello from a peer', commandMode: 'prompt', origin: { kind: 'peer' } }),
      ]),
    );
    expect(trace.events.slice(1).map((e) => (e.kind === 'meta' ? `${e.metaType}: ${e.text ?? ''}` : e.kind))).toEqual([
      'attachment:queued_command: <task-notification><status>completed</status></task-notification>',
      'attachment:queued_command: hello from a peer',
    ]);
  });
});

describe('an api_error system line (no content; the error and the retry in fields of their own)', () => {
  const apiError = (fields: Line): Line =>
    cc.line('system', { subtype: 'api_error', level: 'error', ...fields }, { time: '2026-11-20T10:00:12.000Z' });

  it('says what failed and which retry it waits for, in the row a reader sees', async () => {
    const { trace } = await loadText(
      jsonl([
        cc.prompt('go'),
        apiError({
          error: {
            status: 529,
            headers: {},
            requestID: 'req_011',
            error: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
          },
          retryInMs: 1166.9,
          retryAttempt: 1,
          maxRetries: 10,
        }),
        apiError({
          error: { formatted: 'Unable to connect to API (ECONNRESET)' },
          retryInMs: 3000,
          retryAttempt: 2,
          maxRetries: 10,
        }),
        apiError({ cause: { code: 'ETIMEDOUT' }, error: {} }),
      ]),
    );
    expect(trace.events.slice(1).map(summarize)).toEqual([
      'api_error · 529 overloaded_error: Overloaded · retry 1 of 10 in 1.2 s',
      'api_error · Unable to connect to API (ECONNRESET) · retry 2 of 10 in 3.0 s',
      'api_error · ETIMEDOUT',
    ]);
    expect(trace.events.slice(1).map(chipOf)).toEqual([undefined, undefined, undefined]);
  });
});

describe('system subtypes Claude Code 2.1 writes besides compaction', () => {
  it('reads a microcompaction as a context change in the conversation, not as an unknown raw row', async () => {
    const { trace } = await loadText(
      jsonl([
        cc.prompt('go'),
        cc.line('system', {
          subtype: 'microcompact_boundary',
          content: 'Context microcompacted',
          level: 'info',
          microcompactMetadata: {
            trigger: 'auto',
            preTokens: 150000,
            tokensSaved: 42000,
            compactedToolIds: ['toolu_1', 'toolu_2'],
            clearedAttachmentUUIDs: [],
          },
        }),
        cc.line('system', { subtype: 'bridge_status', content: 'Remote control connected', level: 'info' }),
      ]),
    );
    const [, micro, bridge] = trace.events;
    if (!micro || !bridge) throw new Error('missing events');
    expect(micro.kind).toBe('system');
    expect(summarize(micro)).toBe(
      'microcompact_boundary · Context microcompacted (auto) · 150,000 tokens before · 42,000 saved · 2 tool results cleared',
    );
    expect(chipOf(micro)).toBeUndefined();
    // Known, so not an error and no diagnostic; bookkeeping, so under the Meta chip.
    expect(bridge.kind).toBe('system');
    expect(chipOf(bridge)).toBe('meta');
    expect(trace.diagnostics.filter((d) => d.code === 'unknown-type')).toEqual([]);
  });
});

describe("a hook's additional context (hook_additional_context: a list of strings)", () => {
  it('reads the context the hook gave the model, on the hook row of its tool call', async () => {
    const { trace } = await loadText(
      jsonl([
        cc.prompt('go'),
        cc.assistant('msg_1', [toolUse('toolu_B', 'Bash', { command: 'npm test' })], { output: 5 }),
        cc.result('toolu_B', 'ok'),
        cc.line('attachment', {
          attachment: {
            type: 'hook_additional_context',
            hookName: 'PostToolUse:Bash',
            hookEvent: 'PostToolUse',
            toolUseID: 'toolu_B',
            content: ['2 lint errors in src/cart.ts', 'fix them before you commit'],
          },
        }),
      ]),
    );
    const hook = trace.events[3];
    if (!hook) throw new Error('missing event');
    expect(hook).toMatchObject({ kind: 'hook', text: '2 lint errors in src/cart.ts\nfix them before you commit' });
    expect(summarize(hook)).toBe(
      'PostToolUse:Bash result · success · 2 lint errors in src/cart.ts fix them before you commit',
    );
    expect(trace.toolCalls[0]?.hooks).toEqual([3]);
  });
});

describe('a ToolSearch result (tool_reference blocks, no text)', () => {
  it('names the tools it loaded instead of reading as no output', async () => {
    const { trace } = await loadText(
      jsonl([
        cc.prompt('go'),
        cc.assistant(
          'msg_1',
          [toolUse('toolu_S', 'ToolSearch', { query: 'select:mcp__github__get_issue,WebFetch', max_results: 2 })],
          { output: 5 },
        ),
        cc.line('user', {
          message: {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                tool_use_id: 'toolu_S',
                content: [
                  { type: 'tool_reference', tool_name: 'mcp__github__get_issue' },
                  { type: 'tool_reference', tool_name: 'WebFetch' },
                ],
              },
            ],
          },
          toolUseResult: {
            matches: ['mcp__github__get_issue', 'WebFetch'],
            query: 'select:mcp__github__get_issue,WebFetch',
            total_deferred_tools: 117,
          },
        }),
      ]),
    );
    const result = trace.events[2];
    if (!result) throw new Error('missing event');
    expect(summarize(result)).toBe('tool_reference: mcp__github__get_issue, WebFetch');
  });
});

describe('a task notification (Claude Code telling the model a background task ended)', () => {
  const NOTE =
    '<task-notification>\n<task-id>wf12abc</task-id>\n<tool-use-id>toolu_z</tool-use-id>\n<output-file>/tmp/wf12abc.output</output-file>\n<status>completed</status>\n<summary>Background command "Run the build" completed (exit code 0)</summary>\n</task-notification>';

  it('reads as what happened, opens the response the model gives it, and is not taken for a prompt', async () => {
    const { trace } = await loadText(
      jsonl([
        cc.prompt('kick off the build please', { time: '2026-06-07T05:00:00.000Z' }),
        cc.assistant(
          'msg_1',
          [{ type: 'text', text: 'Starting the build now.' }],
          { output: 5 },
          { time: '2026-06-07T05:00:05.000Z' },
        ),
        cc.prompt(NOTE, { time: '2026-06-07T05:10:00.000Z' }),
        cc.assistant(
          'msg_2',
          [{ type: 'text', text: 'The build finished cleanly.' }],
          { output: 5 },
          { time: '2026-06-07T05:10:05.000Z' },
        ),
        {
          ...cc.prompt('<task-notification>\n<task-id>mon1</task-id>\n<event>tick</event>\n</task-notification>', {
            time: '2026-06-07T05:20:00.000Z',
          }),
          origin: { kind: 'task-notification' },
        },
      ]),
    );
    const note = trace.events[2];
    if (!note) throw new Error('missing event');
    expect(note).toMatchObject({ kind: 'user', role: 'notification' });
    expect(summarize(note)).toBe(
      'task notification · completed · Background command "Run the build" completed (exit code 0)',
    );
    expect(trace.events[4]).toMatchObject({ kind: 'user', role: 'notification' });
    expect(trace.responses.map((r) => r.promptSeq)).toEqual([0, 2, 4]);
  });
});
