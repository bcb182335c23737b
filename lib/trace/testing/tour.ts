import { jsonl, sdk, text, toolUse, type Line } from './builders';

// The feature-tour sample (public/samples/tour/tour.stream.jsonl): an SDK stream with partial messages that shows
// every feature of the viewer. `npm run samples` writes it; a test checks the file is up to date.

const S = 'b7c1e0a2-5d4f-4c1e-9a8b-7e6f5d4c3b2a';
let clock = Date.parse('2026-11-20T10:00:00.000Z');
const at = (ms: number): string => {
  clock += ms;
  return new Date(clock).toISOString();
};
const t = (l: Line, ms = 40): Line => ({ ...l, timestamp: at(ms) });
let n = 0;
const id = (): string => `7d0c9a2e-0000-4000-8000-${(++n).toString(16).padStart(12, '0')}`;
const o = (extra: { parent?: string | null } = {}) => ({ session: S, uuid: id(), ...extra });

function streamedText(
  msgId: string,
  index: number,
  chunks: readonly string[],
  opts: { parent?: string | null } = {},
): Line[] {
  return [
    t(sdk.blockStart(index, { type: 'text', text: '' }, o(opts))),
    ...chunks.map((c) => t(sdk.textDelta(index, c, o(opts)), 25)),
  ];
}

export function tourLines(): Line[] {
  clock = Date.parse('2026-11-20T10:00:00.000Z');
  n = 0;
  // In this order: each part moves the clock and numbers its uuids on from the one before.
  return [...tourStart(), ...tourEdit(), ...tourDenied(), ...tourSubagent(), ...tourCutOff()];
}

/** The session's start: hooks, init and the prompt. */
function tourStart(): Line[] {
  return [
    t(
      {
        type: 'system',
        subtype: 'hook_started',
        hook_id: 'h-1',
        hook_name: 'SessionStart:startup',
        hook_event: 'SessionStart',
        session_id: S,
        uuid: id(),
      },
      0,
    ),
    t({
      type: 'system',
      subtype: 'hook_response',
      hook_id: 'h-1',
      hook_name: 'SessionStart:startup',
      hook_event: 'SessionStart',
      output: 'loaded project notes',
      stdout: 'loaded project notes',
      stderr: '',
      exit_code: 0,
      outcome: 'success',
      session_id: S,
      uuid: id(),
    }),
    t({
      ...sdk.init(o()),
      model: 'claude-sonnet-4-5-20250929',
      cwd: '/work/greeter',
      tools: ['Bash', 'Edit', 'Read', 'Task'],
      permissionMode: 'default',
      claude_code_version: '2.1.240',
    }),
  ];
}

/** Model call 1: text and an Edit, streamed, the completed frames arriving before each content_block_stop. */
function tourEdit(): Line[] {
  const u1 = { input: 12, cacheRead: 18_400, cacheWrite: 2_100, output: 1 };
  const editInput = { file_path: 'src/greet.py', old_string: 'print("hello")', new_string: 'print("hello, world")' };
  return [
    // Model call 1: text + an Edit, streamed, with the completed frames arriving before each content_block_stop.
    t(sdk.messageStart('msg_01TourEditAndExplain', u1, [], o()), 300),
    ...streamedText('msg_01TourEditAndExplain', 0, ['I will ', 'fix the **greeting** ', 'in `src/greet.py`.']),
    t(sdk.assistant('msg_01TourEditAndExplain', [text('I will fix the **greeting** in `src/greet.py`.')], u1, o())),
    t(sdk.blockStop(0, o())),
    t(sdk.blockStart(1, { type: 'tool_use', id: 'toolu_01TourEdit', name: 'Edit', input: {} }, o())),
    t(sdk.jsonDelta(1, '{"file_path": "src/greet.py", ', o())),
    t(sdk.jsonDelta(1, '"old_string": "print(\\"hello\\")", ', o())),
    t(sdk.jsonDelta(1, '"new_string": "print(\\"hello, world\\")"}', o())),
    t(sdk.assistant('msg_01TourEditAndExplain', [toolUse('toolu_01TourEdit', 'Edit', editInput)], u1, o())),
    t(sdk.blockStop(1, o())),
    t(sdk.messageDelta('tool_use', { output: 96 }, o())),
    t(sdk.messageStop(o())),
    t({
      type: 'system',
      subtype: 'hook_response',
      hook_id: 'h-2',
      hook_name: 'PreToolUse:Edit',
      hook_event: 'PreToolUse',
      tool_use_id: 'toolu_01TourEdit',
      output:
        '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"edits under src/ are allowed"}}',
      stdout: '',
      stderr: '',
      exit_code: 0,
      outcome: 'success',
      session_id: S,
      uuid: id(),
    }),
    t(
      sdk.toolResult('toolu_01TourEdit', 'The file src/greet.py has been updated.', {
        ...o(),
        toolUseResult: {
          filePath: 'src/greet.py',
          oldString: 'print("hello")',
          newString: 'print("hello, world")',
          originalFile: 'def main():\n    print("hello")\n',
          structuredPatch: [
            {
              oldStart: 1,
              oldLines: 2,
              newStart: 1,
              newLines: 2,
              lines: [' def main():', '-    print("hello")', '+    print("hello, world")'],
            },
          ],
          userModified: false,
          replaceAll: false,
        },
      }),
      180,
    ),
  ];
}

/** Model call 2: a Bash call the SDK host denies through the control protocol. */
function tourDenied(): Line[] {
  return [
    // Model call 2: a Bash call the SDK host denies through the control protocol.
    t(
      sdk.assistant(
        'msg_01TourPush',
        [
          text('Now I will push the change.'),
          toolUse('toolu_01TourPush', 'Bash', { command: 'git push origin main', description: 'Push to origin' }),
        ],
        { input: 8, cacheRead: 20_600, output: 41 },
        { ...o(), stop: 'tool_use' },
      ),
      900,
    ),
    t({
      type: 'control_request',
      request_id: 'ctl-7',
      request: {
        subtype: 'can_use_tool',
        tool_name: 'Bash',
        input: { command: 'git push origin main' },
        tool_use_id: 'toolu_01TourPush',
        decision_reason: 'git push needs approval',
      },
    }),
    t(
      {
        type: 'control_response',
        response: {
          subtype: 'success',
          request_id: 'ctl-7',
          response: { behavior: 'deny', message: 'Pushing is not allowed in this run' },
        },
      },
      2_400,
    ),
    t(sdk.toolResult('toolu_01TourPush', 'Pushing is not allowed in this run', { ...o(), isError: true })),
  ];
}

/** Model call 3: a subagent (Task) whose frames carry parent_tool_use_id; the end of the first response. */
function tourSubagent(): Line[] {
  return [
    // Model call 3: a subagent (Task) whose frames carry parent_tool_use_id.
    t(
      sdk.assistant(
        'msg_01TourTask',
        [
          toolUse('toolu_01TourTask', 'Task', {
            subagent_type: 'Explore',
            description: 'Find other greetings',
            prompt: 'List files that print greetings',
          }),
        ],
        { input: 6, cacheRead: 21_000, output: 58 },
        { ...o(), stop: 'tool_use' },
      ),
      700,
    ),
    t({
      type: 'system',
      subtype: 'task_started',
      task_id: 'task-1',
      description: 'Find other greetings',
      tool_use_id: 'toolu_01TourTask',
      subagent_type: 'Explore',
      session_id: S,
      uuid: id(),
    }),
    t(
      sdk.assistant(
        'msg_01TourSubGrep',
        [toolUse('toolu_01TourGrep', 'Grep', { pattern: 'print\\(' })],
        { input: 900, output: 30 },
        { ...o({ parent: 'toolu_01TourTask' }), model: 'claude-haiku-4-5-20251001', stop: 'tool_use' },
      ),
      500,
    ),
    t(
      sdk.toolResult('toolu_01TourGrep', 'src/greet.py\nsrc/cli.py', {
        ...o({ parent: 'toolu_01TourTask' }),
        toolUseResult: { mode: 'files_with_matches', numFiles: 2, filenames: ['src/greet.py', 'src/cli.py'] },
      }),
      300,
    ),
    t(
      sdk.assistant(
        'msg_01TourSubDone',
        [text('Two files print greetings: src/greet.py and src/cli.py.')],
        { input: 1_000, output: 22 },
        { ...o({ parent: 'toolu_01TourTask' }), model: 'claude-haiku-4-5-20251001', stop: 'end_turn' },
      ),
      600,
    ),
    t(
      sdk.toolResult('toolu_01TourTask', 'Two files print greetings: src/greet.py and src/cli.py.', {
        ...o(),
        toolUseResult: {
          status: 'completed',
          agentId: 'a1b2c3d4',
          content: [text('Two files print greetings: src/greet.py and src/cli.py.')],
          totalDurationMs: 1400,
          totalTokens: 1952,
          totalToolUseCount: 1,
        },
      }),
      100,
    ),
    t(
      sdk.assistant(
        'msg_01TourWrapUp',
        [text('Done: the greeting is fixed. Pushing was refused, so the change is local.')],
        { input: 10, cacheRead: 21_500, output: 19 },
        { ...o(), stop: 'end_turn' },
      ),
      800,
    ),
    t(
      {
        ...sdk.result({ ...o(), cost: 0.0412, numTurns: 4 }),
        usage: {
          input_tokens: 36,
          output_tokens: 214,
          cache_read_input_tokens: 81_500,
          cache_creation_input_tokens: 2_100,
        },
        modelUsage: {
          'claude-sonnet-4-5-20250929': {
            inputTokens: 36,
            outputTokens: 214,
            cacheReadInputTokens: 81_500,
            cacheCreationInputTokens: 2_100,
            webSearchRequests: 0,
            costUSD: 0.0389,
          },
          'claude-haiku-4-5-20251001': {
            inputTokens: 1_900,
            outputTokens: 52,
            cacheReadInputTokens: 0,
            cacheCreationInputTokens: 0,
            webSearchRequests: 0,
            costUSD: 0.0023,
          },
        },
      },
      50,
    ),
  ];
}

/** A second response, cut off mid-stream: deltas that never became a completed message, and no result. */
function tourCutOff(): Line[] {
  return [
    // A second response, cut off mid-stream: deltas that never became a completed message, and no result.
    t(sdk.init(o()), 4_000),
    t(sdk.messageStart('msg_01TourCutOff', { input: 14, cacheRead: 22_000, output: 1 }, [], o()), 400),
    ...streamedText('msg_01TourCutOff', 0, ['Let me also ', 'update src/cli.py so ', 'that it']),
  ];
}

export const tourText = (): string => jsonl(tourLines());
