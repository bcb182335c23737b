import { cc, jsonl, sdk, text, toolUse, type Line } from '../../trace/testing/builders';

// Sessions whose first lines are a subagent's (issue 24): an SDK stream whose first `user` line is a subagent's task
// (`parent_tool_use_id` set) and whose main thread has no timestamp until after it, and Claude Code sessions whose
// subagent file holds the only typed prompt (new `subagents/` layout and old `agent-*.jsonl`), with a subagent still
// running after the main thread's last line. Names start with `projects/`, as when the folder itself is given.

export const SDK_SESSION = 'a5d0c2e4-0000-4000-8000-000000000024';
export const CC_SESSION = 'c0ffee00-0000-4000-8000-000000000024';
export const OLD_SESSION = 'd0d0d0d0-0000-4000-8000-000000000024';

export const SDK_PROJECT = '-home-me-sdk-runs';
export const CC_PROJECT = '-home-me-experiments-worktrees';
/** A folder whose lines carry no `cwd` that names it. */
export const OLD_PROJECT = '-srv-old-layout';

/** What each session's row says once the rule holds (start and end are the main thread's). */
export const EXPECTED = {
  [SDK_SESSION]: {
    firstPrompt: 'Also add a test for parseDate',
    start: '2026-03-02T10:00:00.000Z',
    end: '2026-03-02T10:01:19.000Z',
    durationMs: 79_000,
  },
  [CC_SESSION]: {
    firstPrompt: '/review 12',
    start: '2026-03-03T09:00:00.000Z',
    end: '2026-03-03T09:01:05.000Z',
    durationMs: 65_000,
  },
  [OLD_SESSION]: {
    firstPrompt: null,
    start: '2026-03-04T08:00:00.000Z',
    end: '2026-03-04T08:00:30.000Z',
    durationMs: 30_000,
  },
} as const;

/** What the subagents' lines would have named them (the prompts no row may show). */
export const SUBAGENT_PROMPTS = [
  'Find every caller of parseDate',
  'Summarize the diff of PR 12',
  'List the deprecated flags',
];

const HAIKU = 'claude-haiku-4-5-20251001';
const t = (iso: string, seconds: number): string => new Date(Date.parse(iso) + seconds * 1000).toISOString();

/** An SDK `user` line that is typed text (a prompt), on the main thread or a subagent's (`parent`). */
const sdkPrompt = (text: string, o: { parent?: string; time: string }): Line => ({
  type: 'user',
  message: { role: 'user', content: text },
  parent_tool_use_id: o.parent ?? null,
  session_id: SDK_SESSION,
  uuid: `sdk-prompt-${text.length}`,
  timestamp: o.time,
});

function sdkStream(): string {
  const t0 = '2026-03-02T10:00:00.000Z';
  const s = { session: SDK_SESSION };
  const sub = { ...s, parent: 'toolu_task' };
  const at = (line: Line, seconds: number): Line => ({ ...line, timestamp: t(t0, seconds) });
  return jsonl([
    { ...sdk.init(s), cwd: '/home/me/sdk-runs' },
    sdk.assistant(
      'msg_main_1',
      [toolUse('toolu_task', 'Task', { description: 'Find callers', prompt: SUBAGENT_PROMPTS[0] ?? '' })],
      { input: 10, output: 40 },
      s,
    ),
    // The first `user` line is the subagent's task.
    sdkPrompt(SUBAGENT_PROMPTS[0] ?? '', { parent: 'toolu_task', time: t0 }),
    {
      type: 'system',
      subtype: 'task_started',
      task_id: 'task-1',
      tool_use_id: 'toolu_task',
      description: 'Find callers',
      session_id: SDK_SESSION,
      uuid: 'sdk-task',
      timestamp: t0,
    },
    sdk.assistant(
      'msg_sub_1',
      [toolUse('toolu_grep', 'Grep', { pattern: 'parseDate' })],
      { input: 50, output: 20 },
      { ...sub, model: HAIKU },
    ),
    at(sdk.toolResult('toolu_grep', 'src/date.ts\nsrc/cli.ts', sub), 12),
    sdk.assistant(
      'msg_sub_2',
      [text('Two callers: src/date.ts and src/cli.ts.')],
      { input: 80, output: 15 },
      { ...sub, model: HAIKU },
    ),
    at(sdk.toolResult('toolu_task', 'Two callers: src/date.ts and src/cli.ts.', s), 40),
    sdkPrompt('Also add a test for parseDate', { time: t(t0, 45) }),
    sdk.assistant('msg_main_2', [toolUse('toolu_bash', 'Bash', { command: 'npm test' })], { input: 12, output: 30 }, s),
    at(sdk.toolResult('toolu_bash', 'ok', s), 79),
    // A long last message: the file's last 16 KiB hold no timestamp.
    sdk.assistant(
      'msg_main_3',
      [text(`Done. ${'The test covers every caller. '.repeat(700)}`)],
      { input: 14, output: 900 },
      s,
    ),
    sdk.result({ ...s, cost: 0.05, numTurns: 3 }),
  ]);
}

const CWD = '/home/me/experiments/worktrees';
const inCwd = (line: Line): Line => ({ ...line, cwd: CWD });

function ccMain(): string {
  const t1 = '2026-03-03T09:00:00.000Z';
  const o = { session: CC_SESSION };
  const review =
    '<command-message>review is running…</command-message>\n<command-name>/review</command-name>\n<command-args>12</command-args>';
  return jsonl(
    [
      cc.prompt(review, { ...o, time: t1 }),
      cc.assistant(
        'msg_cc_1',
        [toolUse('toolu_agent', 'Task', { description: 'Summarize', prompt: SUBAGENT_PROMPTS[1] ?? '' })],
        { input: 20, output: 50 },
        { ...o, time: t(t1, 2) },
      ),
      cc.result('toolu_agent', 'The PR renames two flags.', {
        ...o,
        time: t(t1, 60),
        toolUseResult: { status: 'completed', agentId: 'a1b2', content: [] },
      }),
      cc.assistant(
        'msg_cc_2',
        [text('Reviewed: two flags renamed.')],
        { input: 30, output: 60 },
        { ...o, time: t(t1, 65) },
      ),
    ].map(inCwd),
  );
}

function ccSubagent(): string {
  const t1 = '2026-03-03T09:00:00.000Z';
  const o = { session: CC_SESSION, sidechain: true, agentId: 'a1b2' };
  return jsonl(
    [
      cc.prompt(SUBAGENT_PROMPTS[1] ?? '', { ...o, time: t(t1, 3) }),
      cc.assistant(
        'msg_cc_sub_1',
        [text('Reading the diff.')],
        { input: 40, output: 25 },
        { ...o, model: HAIKU, time: t(t1, 10) },
      ),
      // Still running after the main thread's last line: the span of work, not the session's end.
      cc.assistant(
        'msg_cc_sub_2',
        [text('The PR renames two flags.')],
        { input: 60, output: 35 },
        { ...o, model: HAIKU, time: t(t1, 90) },
      ),
    ].map(inCwd),
  );
}

function oldMain(): string {
  const t2 = '2026-03-04T08:00:00.000Z';
  const o = { session: OLD_SESSION };
  return jsonl([
    cc.assistant(
      'msg_old_1',
      [toolUse('toolu_old', 'Task', { description: 'Flags', prompt: SUBAGENT_PROMPTS[2] ?? '' })],
      { input: 9, output: 30 },
      { ...o, time: t2 },
    ),
    cc.result('toolu_old', 'Three flags are deprecated.', {
      ...o,
      time: t(t2, 30),
      toolUseResult: { status: 'completed', agentId: 'b7', content: [] },
    }),
  ]);
}

function oldAgent(): string {
  // Its lines come first in time: the old layout's subagent file, beside its session's.
  const o = { session: OLD_SESSION, sidechain: true, agentId: 'b7' };
  return jsonl([
    cc.prompt(SUBAGENT_PROMPTS[2] ?? '', { ...o, time: '2026-03-04T07:59:58.000Z' }),
    cc.assistant(
      'msg_old_sub',
      [text('Three flags are deprecated.')],
      { input: 15, output: 12 },
      { ...o, model: HAIKU, time: '2026-03-04T08:00:20.000Z' },
    ),
  ]);
}

/** The folder: file name → text. */
export function subagentFirstFolder(): Record<string, string> {
  return {
    [`projects/${SDK_PROJECT}/run-1.stream.jsonl`]: sdkStream(),
    [`projects/${CC_PROJECT}/${CC_SESSION}.jsonl`]: ccMain(),
    [`projects/${CC_PROJECT}/${CC_SESSION}/subagents/agent-a1b2.jsonl`]: ccSubagent(),
    [`projects/${OLD_PROJECT}/agent-b7.jsonl`]: oldAgent(),
    [`projects/${OLD_PROJECT}/${OLD_SESSION}.jsonl`]: oldMain(),
  };
}
