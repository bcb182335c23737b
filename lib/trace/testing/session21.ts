import type { Line } from './builders';

// A Claude Code 2.1.1xx session folder, written for Loupe (public/samples/cc-2-1/, `npm run samples`): what a current
// session looks like on disk. The main file has hooks and progress around every Bash call, an Agent call whose
// subagent works in its own file (new layout, with a `.meta.json` sidecar) and edits files with no `toolUseResult`
// (as 2.1.1xx subagent files do), agent_progress copies, signature-only thinking, an empty text block, and an auto
// compaction with its own `agent-acompact-*` file. Times interleave across files: the subagent works between the
// main agent's calls.

export const SESSION_21 = '5f0c2a9e-7b1d-4e8a-9c3f-2d6b8e1a4c70';
const S = SESSION_21;
const AGENT = 'a7c3e9f1b2d4c6e80';
const COMPACT = 'acompact-3b9d1e';
const CWD = '/home/dev/greeter';
const VERSION = '2.1.118';
const MAIN_MODEL = 'claude-opus-4-7';
const SUB_MODEL = 'claude-sonnet-4-6';

export interface SampleFile {
  readonly path: string;
  readonly text: string;
}

let n = 0;
const uuid = (): string =>
  `3e1f0b7a-${(n >> 16).toString(16).padStart(4, '0')}-4${(n & 0xfff).toString(16).padStart(3, '0')}-9000-${(++n).toString(16).padStart(12, '0')}`;
const at = (hms: string, ms = 0): string => `2026-11-30T${hms}.${String(ms).padStart(3, '0')}Z`;

interface Lane {
  last: string | null;
  readonly agentId?: string;
}

function env(lane: Lane, time: string, extra: Line = {}): Line {
  const id = uuid();
  const line: Line = {
    parentUuid: lane.last,
    isSidechain: lane.agentId !== undefined,
    userType: 'external',
    cwd: CWD,
    sessionId: S,
    version: VERSION,
    gitBranch: 'main',
    ...(lane.agentId ? { agentId: lane.agentId } : {}),
    slug: 'quiet-amber-lantern',
    ...extra,
    uuid: id,
    timestamp: time,
  };
  lane.last = id;
  return line;
}

const usage = (input: number, cacheWrite: number, cacheRead: number, output: number): Line => ({
  input_tokens: input,
  cache_creation_input_tokens: cacheWrite,
  cache_read_input_tokens: cacheRead,
  cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: cacheWrite },
  output_tokens: output,
  service_tier: 'standard',
});

/** One API message written as one line per content block; early lines carry the placeholder output count. */
function assistant(
  lane: Lane,
  model: string,
  id: string,
  blocks: readonly Line[],
  u: [number, number, number, number],
  time: string,
  stop: string | null,
): Line[] {
  const [input, write, read, output] = u;
  return blocks.map((block, i) => {
    const last = i === blocks.length - 1;
    return {
      ...env(lane, time),
      message: {
        model,
        id,
        type: 'message',
        role: 'assistant',
        content: [block],
        stop_reason: last ? stop : null,
        stop_sequence: null,
        usage: usage(input, write, read, last ? output : 4),
      },
      requestId: `req_${id.slice(4)}`,
      type: 'assistant',
    };
  });
}

const text = (t: string): Line => ({ type: 'text', text: t });
const hiddenThinking = (): Line => ({
  type: 'thinking',
  thinking: '',
  signature: 'EqQBCkgIBxABGAIqQGm0c2lnbmF0dXJlLW9ubHktdGhpbmtpbmc',
});
const tool = (id: string, name: string, input: Line): Line => ({ type: 'tool_use', id, name, input });

function toolResult(
  lane: Lane,
  toolUseId: string,
  content: string,
  time: string,
  o: { isError?: boolean; toolUseResult?: Line | string; source?: string } = {},
): Line {
  return {
    ...env(lane, time),
    type: 'user',
    message: {
      role: 'user',
      content: [{ tool_use_id: toolUseId, type: 'tool_result', content, ...(o.isError ? { is_error: true } : {}) }],
    },
    ...(o.toolUseResult !== undefined ? { toolUseResult: o.toolUseResult } : {}),
    ...(o.source ? { sourceToolAssistantUUID: o.source } : {}),
  };
}

function prompt(lane: Lane, content: string, time: string, extra: Line = {}): Line {
  return {
    ...env(lane, time, { promptId: uuid() }),
    type: 'user',
    message: { role: 'user', content },
    permissionMode: 'acceptEdits',
    ...extra,
  };
}

function hookProgress(lane: Lane, event: string, name: string, command: string, toolUseId: string, time: string): Line {
  return {
    ...env(lane, time),
    type: 'progress',
    data: { type: 'hook_progress', hookEvent: event, hookName: name, command },
    parentToolUseID: toolUseId,
    toolUseID: toolUseId,
  };
}

function hookSuccess(
  lane: Lane,
  event: string,
  name: string,
  command: string,
  toolUseId: string,
  time: string,
  stdout = '',
): Line {
  return {
    ...env(lane, time),
    type: 'attachment',
    attachment: {
      type: 'hook_success',
      hookName: name,
      hookEvent: event,
      toolUseID: toolUseId,
      content: '',
      stdout,
      stderr: '',
      exitCode: 0,
      command,
      durationMs: 38,
    },
  };
}

function bashProgress(lane: Lane, toolUseId: string, output: string, seconds: number, time: string): Line {
  return {
    ...env(lane, time),
    type: 'progress',
    data: {
      type: 'bash_progress',
      output,
      fullOutput: output,
      elapsedTimeSeconds: seconds,
      totalLines: output.split('\n').length,
      timeoutMs: 120000,
    },
    parentToolUseID: toolUseId,
    toolUseID: `bash-progress-${seconds}`,
  };
}

const GUARD = '~/.claude/hooks/guard.sh';
const AUDIT = '~/.claude/hooks/audit-log.sh';
const ALLOW = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'allow',
    permissionDecisionReason: 'read-only or test command',
  },
});

/** The hooks and progress Claude Code writes around one Bash call, and its result. */
function bashCall(
  lane: Lane,
  id: string,
  hms: [string, string, string],
  result: { stdout: string; progress?: string },
  source: string,
): Line[] {
  const [start, run, end] = hms;
  return [
    hookProgress(lane, 'PreToolUse', 'PreToolUse:Bash', GUARD, id, at(start, 110)),
    hookProgress(lane, 'PreToolUse', 'PreToolUse:Bash', AUDIT, id, at(start, 130)),
    hookSuccess(lane, 'PreToolUse', 'PreToolUse:Bash', GUARD, id, at(start, 190), ALLOW),
    ...(result.progress
      ? [
          bashProgress(lane, id, result.progress, 2, at(run, 0)),
          bashProgress(lane, id, `${result.progress}\n…`, 4, at(run, 900)),
        ]
      : []),
    toolResult(lane, id, result.stdout, at(end, 20), {
      toolUseResult: { stdout: result.stdout, stderr: '', interrupted: false, isImage: false, noOutputExpected: false },
      source,
    }),
    hookProgress(lane, 'PostToolUse', 'PostToolUse:Bash', AUDIT, id, at(end, 60)),
    hookSuccess(lane, 'PostToolUse', 'PostToolUse:Bash', AUDIT, id, at(end, 95)),
  ];
}

const GREET_V1 = "def greet(name):\n    print('hello ' + name)\n\n\ndef main():\n    greet('world')\n";
const GREET_V3 =
  'from greeter.names import normalize\n\n\ndef greet(name: str, shout: bool = False) -> str:\n    """Return the greeting for name."""\n    line = f"Hello, {normalize(name)}!"\n    return line.upper() if shout else line\n\n\ndef main() -> None:\n    print(greet("world"))\n';
const NAMES =
  'def normalize(name: str) -> str:\n    """Trim and title-case a name."""\n    return name.strip().title()\n';
const numbered = (s: string): string =>
  s
    .split('\n')
    .map((l, i) => `${String(i + 1).padStart(6)}→${l}`)
    .join('\n');

function mainFile(): { lines: Line[]; lastBeforeCompact: string } {
  const lane: Lane = { last: null };
  // In this order: each part numbers its uuids and chains its lines on from the one before.
  const lines = [...openingLines(lane), ...lookAroundLines(lane), ...delegateLines(lane), ...finishLines(lane)];
  return { lines, lastBeforeCompact: lane.last ?? '' };
}

/** The session's start: the file-history snapshot, the SessionStart hook, the prompt and its hook. */
function openingLines(lane: Lane): Line[] {
  const L: Line[] = [];
  L.push({
    type: 'file-history-snapshot',
    messageId: 'c0a8d0e2-1111-4e2a-8c3b-5d6e7f8091a2',
    snapshot: {
      messageId: 'c0a8d0e2-1111-4e2a-8c3b-5d6e7f8091a2',
      trackedFileBackups: {},
      timestamp: at('10:00:00', 0),
    },
    isSnapshotUpdate: false,
  });
  const start = uuid();
  L.push({
    ...env(lane, at('10:00:00', 300)),
    type: 'progress',
    data: { type: 'hook_progress', hookEvent: 'SessionStart', hookName: 'SessionStart:startup', command: 'bd prime' },
    parentToolUseID: start,
    toolUseID: start,
  });
  L.push(
    prompt(
      lane,
      'Refactor the greeter:\n\n1. `greet()` should **return** the line instead of printing it\n2. move name clean-up into `greeter/names.py`\n3. add a `--shout` flag\n\nKeep `npm test` green. Use a subagent in a worktree for the refactor.',
      at('10:00:02', 0),
    ),
  );
  L.push({
    ...env(lane, at('10:00:02', 40)),
    type: 'attachment',
    attachment: {
      type: 'hook_success',
      hookName: 'UserPromptSubmit',
      hookEvent: 'UserPromptSubmit',
      toolUseID: uuid(),
      content: '',
      stdout: 'Follow CLAUDE.md.',
      stderr: '',
      exitCode: 0,
      command: '~/.claude/hooks/remind.sh',
      durationMs: 12,
    },
  });
  return L;
}

/** Model calls 1 and 2: a look at the project, then a read of the file. */
function lookAroundLines(lane: Lane): Line[] {
  const L: Line[] = [];
  // Model call 1: signature-only thinking (Opus 4.7 omits the text), an empty text block, then a Bash call.
  const a1 = assistant(
    lane,
    MAIN_MODEL,
    'msg_01Gr1LookAround',
    [
      hiddenThinking(),
      text(''),
      text("I'll look at the project first."),
      tool('toolu_01Gr1Ls', 'Bash', {
        command: 'ls -la && git status --short',
        description: 'List files and git status',
      }),
    ],
    [6, 2_412, 18_204, 187],
    at('10:00:05', 0),
    'tool_use',
  );
  L.push(...a1);
  L.push(
    ...bashCall(
      lane,
      'toolu_01Gr1Ls',
      ['10:00:05', '10:00:06', '10:00:07'],
      {
        stdout:
          'total 24\ndrwxr-xr-x  5 dev dev 4096 Nov 30 09:58 .\n-rw-r--r--  1 dev dev  312 Nov 30 09:58 package.json\ndrwxr-xr-x  2 dev dev 4096 Nov 30 09:58 src\n M src/greet.py',
      },
      lane.last ?? '',
    ),
  );
  // Model call 2: read the file.
  L.push(
    ...assistant(
      lane,
      MAIN_MODEL,
      'msg_01Gr2Read',
      [tool('toolu_01Gr2Read', 'Read', { file_path: `${CWD}/src/greet.py` })],
      [4, 640, 20_616, 61],
      at('10:00:12', 0),
      'tool_use',
    ),
  );
  L.push(
    toolResult(lane, 'toolu_01Gr2Read', numbered(GREET_V1), at('10:00:12', 300), {
      toolUseResult: {
        type: 'text',
        file: { filePath: `${CWD}/src/greet.py`, content: GREET_V1, numLines: 6, startLine: 1, totalLines: 6 },
      },
    }),
  );
  return L;
}

/** Model call 3: the Agent call, the subagent's progress copies, its result. */
function delegateLines(lane: Lane): Line[] {
  const L: Line[] = [];
  // Model call 3: the Agent call; its subagent works in its own file while agent_progress copies land here.
  const agentCallId = 'toolu_01Gr3Agent';
  const agentPrompt =
    'In the worktree, refactor src/greet.py so greet() returns the line, move name clean-up into src/names.py, and update src/util.py. Report what changed.';
  L.push(
    ...assistant(
      lane,
      MAIN_MODEL,
      'msg_01Gr3Delegate',
      [
        text('I will hand the refactor to a subagent working in its own worktree.'),
        tool(agentCallId, 'Agent', {
          name: 'alice',
          description: 'Refactor greeting helpers',
          subagent_type: 'general-purpose',
          prompt: agentPrompt,
          isolation: 'worktree',
        }),
      ],
      [4, 310, 21_256, 142],
      at('10:00:20', 0),
      'tool_use',
    ),
  );
  const spawn = lane.last ?? '';
  for (const [i, hms] of (['10:00:31', '10:04:12'] as const).entries()) {
    L.push({
      ...env(lane, at(hms, 500)),
      type: 'progress',
      data: {
        type: 'agent_progress',
        agentId: AGENT,
        prompt: agentPrompt,
        message: {
          type: 'assistant',
          timestamp: at(hms, 0),
          uuid: uuid(),
          message: {
            model: SUB_MODEL,
            id: i === 0 ? 'msg_01Sub1Read' : 'msg_01Sub4MultiEdit',
            type: 'message',
            role: 'assistant',
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: usage(3, 1_200, 9_800, 4),
          },
        },
        normalizedMessages: [],
      },
      parentToolUseID: agentCallId,
      toolUseID: `agent_${agentCallId}`,
    });
  }
  L.push(
    toolResult(
      lane,
      agentCallId,
      'Refactored greet() to return its line, added src/names.py with normalize(), and updated src/util.py. One edit failed (stale text) and was redone as a full write.',
      at('10:09:47', 0),
      {
        toolUseResult: {
          status: 'completed',
          prompt: agentPrompt,
          agentId: AGENT,
          content: [
            text(
              'Refactored greet() to return its line, added src/names.py with normalize(), and updated src/util.py.',
            ),
          ],
          totalDurationMs: 566_400,
          totalTokens: 74_322,
          totalToolUseCount: 7,
          usage: usage(21, 4_100, 68_900, 1_301),
          worktreePath: `${CWD}/.claude/worktrees/agent-a7c3e9f1`,
          worktreeBranch: 'worktree-agent-a7c3e9f1',
        },
        source: spawn,
      },
    ),
  );
  return L;
}

/** Model calls 4 to 6: the tests, an Edit of the README, the closing words and the turn's system lines. */
function finishLines(lane: Lane): Line[] {
  const L: Line[] = [];
  // Model call 4: run the tests (hooks and progress around the Bash call).
  L.push(
    ...assistant(
      lane,
      MAIN_MODEL,
      'msg_01Gr4Test',
      [
        text('The subagent is done. Running the tests:'),
        tool('toolu_01Gr4Test', 'Bash', {
          command: 'npm test -- --reporter=dot 2>&1 | tail -n 20',
          description: 'Run the test suite',
          timeout: 300000,
        }),
      ],
      [4, 1_904, 21_566, 96],
      at('10:09:55', 0),
      'tool_use',
    ),
  );
  L.push(
    ...bashCall(
      lane,
      'toolu_01Gr4Test',
      ['10:09:55', '10:09:57', '10:10:02'],
      { stdout: '..........\n10 passing (412ms)', progress: '......' },
      lane.last ?? '',
    ),
  );
  // Model call 5: an Edit in the main lane, with the structured result Claude Code recorded.
  const readme0 = '# greeter\n\nPrints a greeting.\n';
  L.push(
    ...assistant(
      lane,
      MAIN_MODEL,
      'msg_01Gr5Readme',
      [
        tool('toolu_01Gr5Edit', 'Edit', {
          file_path: `${CWD}/README.md`,
          old_string: 'Prints a greeting.',
          new_string: 'Returns a greeting; `--shout` upper-cases it.',
          replace_all: false,
        }),
      ],
      [4, 220, 23_470, 120],
      at('10:10:30', 0),
      'tool_use',
    ),
  );
  L.push(hookProgress(lane, 'PreToolUse', 'PreToolUse:Edit', GUARD, 'toolu_01Gr5Edit', at('10:10:30', 100)));
  L.push(
    toolResult(lane, 'toolu_01Gr5Edit', `The file ${CWD}/README.md has been updated successfully.`, at('10:10:31', 0), {
      toolUseResult: {
        filePath: `${CWD}/README.md`,
        oldString: 'Prints a greeting.',
        newString: 'Returns a greeting; `--shout` upper-cases it.',
        originalFile: readme0,
        structuredPatch: [
          {
            oldStart: 1,
            oldLines: 3,
            newStart: 1,
            newLines: 3,
            lines: [' # greeter', ' ', '-Prints a greeting.', '+Returns a greeting; `--shout` upper-cases it.'],
          },
        ],
        userModified: false,
        replaceAll: false,
      },
    }),
  );
  L.push(
    ...assistant(
      lane,
      MAIN_MODEL,
      'msg_01Gr6Done',
      [
        text(
          'Done for now: `greet()` returns its line, names are cleaned in `greeter/names.py`, and the README says so. Tests pass (10).',
        ),
      ],
      [4, 180, 23_690, 58],
      at('10:11:00', 0),
      'end_turn',
    ),
  );
  L.push({
    ...env(lane, at('10:11:00', 400)),
    type: 'system',
    subtype: 'stop_hook_summary',
    hookCount: 1,
    hookInfos: [{ command: AUDIT, durationMs: 31 }],
    hookErrors: [],
    preventedContinuation: false,
    stopReason: '',
    hasOutput: false,
    level: 'suggestion',
  });
  L.push({
    ...env(lane, at('10:11:00', 420)),
    type: 'system',
    subtype: 'turn_duration',
    durationMs: 658_000,
    messageCount: 42,
    isMeta: false,
  });
  return L;
}

function afterCompaction(lastBefore: string): Line[] {
  const lane: Lane = { last: null };
  const L: Line[] = [];
  L.push({
    ...env(lane, at('10:33:52', 0)),
    type: 'system',
    subtype: 'compact_boundary',
    content: 'Conversation compacted',
    isMeta: false,
    level: 'info',
    compactMetadata: { trigger: 'auto', preTokens: 167_412, postTokens: 9_870, durationMs: 12_800 },
    logicalParentUuid: lastBefore,
  });
  L.push({
    ...env(lane, at('10:34:05', 0)),
    type: 'user',
    message: {
      role: 'user',
      content:
        'This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\n\n## Summary\n- `greet()` now returns its line; `normalize()` lives in `src/names.py`.\n- A subagent (alice) did the refactor in a worktree; tests pass.\n- Still to do: the `--shout` flag.',
    },
    isCompactSummary: true,
    isVisibleInTranscriptOnly: true,
  });
  L.push(prompt(lane, 'Now add the --shout flag to the CLI, please.', at('10:34:06', 0)));
  L.push(
    ...assistant(
      lane,
      MAIN_MODEL,
      'msg_01Gr7Shout',
      [
        tool('toolu_01Gr7Write', 'Write', {
          file_path: `${CWD}/src/cli.py`,
          content:
            'import sys\n\nfrom greeter.greet import greet\n\n\ndef main() -> None:\n    print(greet(sys.argv[1] if len(sys.argv) > 1 else "world", shout="--shout" in sys.argv))\n',
        }),
      ],
      [6, 9_870, 0, 211],
      at('10:34:13', 0),
      'tool_use',
    ),
  );
  L.push(
    toolResult(lane, 'toolu_01Gr7Write', `File created successfully at: ${CWD}/src/cli.py`, at('10:34:14', 0), {
      toolUseResult: { type: 'create', filePath: `${CWD}/src/cli.py`, content: 'import sys\n', structuredPatch: [] },
    }),
  );
  L.push(
    ...assistant(
      lane,
      MAIN_MODEL,
      'msg_01Gr8Done',
      [text('Added `--shout` in `src/cli.py`.')],
      [4, 300, 9_870, 25],
      at('10:34:20', 0),
      'end_turn',
    ),
  );
  L.push({ type: 'last-prompt', lastPrompt: 'Now add the --shout flag to the CLI, please.', sessionId: S });
  L.push({ type: 'ai-title', aiTitle: 'Refactor the greeter and add --shout', sessionId: S });
  return L;
}

function subagentFile(): Line[] {
  const lane: Lane = { last: null, agentId: AGENT };
  const L: Line[] = [];
  const t = (hms: string, ms = 0) => at(hms, ms);
  L.push({
    ...env(lane, t('10:00:22')),
    type: 'user',
    message: {
      role: 'user',
      content:
        'In the worktree, refactor src/greet.py so greet() returns the line, move name clean-up into src/names.py, and update src/util.py. Report what changed.',
    },
  });
  const wt = `${CWD}/.claude/worktrees/agent-a7c3e9f1`;
  L.push(...subagentEdits(lane, wt));
  // Then whole rewrites, a notebook edit and the report.
  L.push(...subagentRewrites(lane, wt));
  return L;
}

/** The subagent's read, then edits with no toolUseResult: the side effect must come from the request. */
function subagentEdits(lane: Lane, wt: string): Line[] {
  const L: Line[] = [];
  const t = (hms: string, ms = 0) => at(hms, ms);
  L.push(
    ...assistant(
      lane,
      SUB_MODEL,
      'msg_01Sub1Read',
      [tool('toolu_01Sub1Read', 'Read', { file_path: `${wt}/src/greet.py` })],
      [3, 1_200, 9_800, 58],
      t('10:00:31'),
      'tool_use',
    ),
  );
  L.push(toolResult(lane, 'toolu_01Sub1Read', numbered(GREET_V1), t('10:00:31', 400)));
  L.push(
    ...assistant(
      lane,
      SUB_MODEL,
      'msg_01Sub2Edit',
      [
        text('Make greet() return its line.'),
        tool('toolu_01Sub2Edit', 'Edit', {
          file_path: `${wt}/src/greet.py`,
          old_string: "def greet(name):\n    print('hello ' + name)",
          new_string: "def greet(name):\n    return 'hello ' + name",
        }),
      ],
      [3, 410, 11_000, 133],
      t('10:01:40'),
      'tool_use',
    ),
  );
  L.push(hookProgress(lane, 'PreToolUse', 'PreToolUse:Edit', GUARD, 'toolu_01Sub2Edit', t('10:01:40', 120)));
  L.push(
    toolResult(lane, 'toolu_01Sub2Edit', `The file ${wt}/src/greet.py has been updated successfully.`, t('10:01:41')),
  );
  L.push(
    ...assistant(
      lane,
      SUB_MODEL,
      'msg_01Sub3EditFails',
      [
        tool('toolu_01Sub3Edit', 'Edit', {
          file_path: `${wt}/src/greet.py`,
          old_string: "    greet('world')",
          new_string: "    print(greet('world'))",
        }),
      ],
      [3, 190, 11_410, 71],
      t('10:02:05'),
      'tool_use',
    ),
  );
  L.push(
    toolResult(
      lane,
      'toolu_01Sub3Edit',
      "<tool_use_error>String to replace not found in file.\nString:     greet('world')</tool_use_error>",
      t('10:02:05', 300),
      { isError: true },
    ),
  );
  L.push(
    ...assistant(
      lane,
      SUB_MODEL,
      'msg_01Sub4MultiEdit',
      [
        tool('toolu_01Sub4Multi', 'MultiEdit', {
          file_path: `${wt}/src/util.py`,
          edits: [
            {
              old_string: 'def clean(name):\n    return name.strip()',
              new_string: 'from greeter.names import normalize as clean',
            },
            { old_string: 'clean(', new_string: 'normalize(', replace_all: true },
          ],
        }),
      ],
      [3, 260, 11_600, 164],
      t('10:04:12'),
      'tool_use',
    ),
  );
  L.push(
    toolResult(
      lane,
      'toolu_01Sub4Multi',
      `Applied 2 edits to ${wt}/src/util.py:\n1. Replaced "def clean(name):\\n    return name.strip()" with "from greeter.names import normalize as clean"\n2. Replaced "clean(" with "normalize("`,
      t('10:04:13'),
    ),
  );
  return L;
}

/** The subagent's whole rewrites (Write), a notebook edit and its report. */
function subagentRewrites(lane: Lane, wt: string): Line[] {
  const L: Line[] = [];
  const t = (hms: string, ms = 0) => at(hms, ms);
  L.push(
    ...assistant(
      lane,
      SUB_MODEL,
      'msg_01Sub5Write',
      [
        text('Rewrite greet.py in full, with types.'),
        tool('toolu_01Sub5Write', 'Write', { file_path: `${wt}/src/greet.py`, content: GREET_V3 }),
      ],
      [3, 520, 11_860, 402],
      t('10:06:30'),
      'tool_use',
    ),
  );
  L.push(
    toolResult(lane, 'toolu_01Sub5Write', `The file ${wt}/src/greet.py has been updated successfully.`, t('10:06:31')),
  );
  L.push(
    ...assistant(
      lane,
      SUB_MODEL,
      'msg_01Sub6Names',
      [tool('toolu_01Sub6Write', 'Write', { file_path: `${wt}/src/names.py`, content: NAMES })],
      [3, 480, 12_380, 97],
      t('10:07:02'),
      'tool_use',
    ),
  );
  L.push(toolResult(lane, 'toolu_01Sub6Write', `File created successfully at: ${wt}/src/names.py`, t('10:07:02', 500)));
  L.push(
    ...assistant(
      lane,
      SUB_MODEL,
      'msg_01Sub7Notebook',
      [
        tool('toolu_01Sub7Nb', 'NotebookEdit', {
          notebook_path: `${wt}/notebooks/demo.ipynb`,
          cell_id: 'cell-3',
          new_source: 'from greeter.greet import greet\ngreet("ada", shout=True)',
          edit_mode: 'replace',
        }),
      ],
      [3, 150, 12_860, 88],
      t('10:08:10'),
      'tool_use',
    ),
  );
  L.push(
    toolResult(
      lane,
      'toolu_01Sub7Nb',
      'Updated cell cell-3 with from greeter.greet import greet\ngreet("ada", shout=True)',
      t('10:08:11'),
    ),
  );
  L.push(
    ...assistant(
      lane,
      SUB_MODEL,
      'msg_01Sub8Report',
      [text('Refactored greet() to return its line, added src/names.py with normalize(), and updated src/util.py.')],
      [3, 120, 13_010, 288],
      t('10:09:40'),
      'end_turn',
    ),
  );
  return L;
}

function compactionFile(mainUuid: string): Line[] {
  const lane: Lane = { last: mainUuid, agentId: COMPACT };
  return [
    {
      ...env(lane, at('10:33:51', 0)),
      type: 'user',
      message: {
        role: 'user',
        content:
          "Your task is to create a detailed summary of the conversation so far, paying close attention to the user's explicit requests and your previous actions.",
      },
    },
    ...assistant(
      lane,
      MAIN_MODEL,
      'msg_01CompactSummary',
      [
        text(
          '## Summary\n- `greet()` now returns its line; `normalize()` lives in `src/names.py`.\n- A subagent (alice) did the refactor in a worktree; tests pass.\n- Still to do: the `--shout` flag.',
        ),
      ],
      [8, 0, 167_404, 1_412],
      at('10:34:04', 0),
      'end_turn',
    ),
  ];
}

const jsonl = (lines: readonly Line[]): string => lines.map((l) => JSON.stringify(l)).join('\n') + '\n';

/** The session folder: main file, subagent file with its sidecar, and the compaction's file. */
export function session21Files(): SampleFile[] {
  n = 0;
  const main = mainFile();
  const after = afterCompaction(main.lastBeforeCompact);
  return [
    { path: `${S}.jsonl`, text: jsonl([...main.lines, ...after]) },
    { path: `${S}/subagents/agent-${AGENT}.jsonl`, text: jsonl(subagentFile()) },
    {
      path: `${S}/subagents/agent-${AGENT}.meta.json`,
      text:
        JSON.stringify({
          agentType: 'general-purpose',
          description: 'Refactor greeting helpers',
          worktreePath: `${CWD}/.claude/worktrees/agent-a7c3e9f1`,
        }) + '\n',
    },
    { path: `${S}/subagents/agent-${COMPACT}.jsonl`, text: jsonl(compactionFile(main.lastBeforeCompact)) },
  ];
}
