/** Sample transcripts served from public/samples (real ones from public repositories, plus one written to show
 * every feature). */
export interface Sample {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly files: readonly string[];
}

export const SAMPLES: readonly Sample[] = [
  {
    id: 'tour',
    title: 'Feature tour (SDK stream)',
    description:
      'Written for Loupe: stream deltas, a hook, a denied tool call, an edit with a diff, a subagent, and an interrupted end.',
    files: ['tour/tour.stream.jsonl'],
  },
  {
    id: 'cc-2-1',
    title: 'Claude Code 2.1 session with a worktree subagent',
    description:
      'Written for Loupe in the 2.1.1xx format: hooks around every Bash call, a subagent that edits files with no recorded result, signature-only thinking, and an auto compaction.',
    files: [
      'cc-2-1/5f0c2a9e-7b1d-4e8a-9c3f-2d6b8e1a4c70.jsonl',
      'cc-2-1/5f0c2a9e-7b1d-4e8a-9c3f-2d6b8e1a4c70/subagents/agent-a7c3e9f1b2d4c6e80.jsonl',
      'cc-2-1/5f0c2a9e-7b1d-4e8a-9c3f-2d6b8e1a4c70/subagents/agent-a7c3e9f1b2d4c6e80.meta.json',
      'cc-2-1/5f0c2a9e-7b1d-4e8a-9c3f-2d6b8e1a4c70/subagents/agent-acompact-3b9d1e.jsonl',
    ],
  },
  {
    id: 'eval-failed',
    title: 'Evaluation artifact: files changed, test failed',
    description:
      'Written for Loupe: an SDK run wrapped with its workspace diff and a failing test result, so the verdict panel classifies the failure.',
    files: ['eval-failed/eval-artifact.json'],
  },
  {
    id: 'deep-manifest',
    title: 'Claude Code session with a subagent',
    description:
      'Real session (claude-code-log): plan mode, Explore subagent in its own file, edits, a rejected tool call.',
    files: ['deep-manifest/a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl', 'deep-manifest/agent-c8d9b115.jsonl'],
  },
  {
    id: 'claude-p',
    title: 'Headless run with auto-denied calls',
    description:
      'Real claude -p session (claude-code-log): Bash calls denied for approval, a SessionStart hook, WebSearch.',
    files: ['claude-p/2b4ed4c0-b905-41de-9238-273db3ec737a.jsonl'],
  },
  {
    id: 'structured-output',
    title: 'Agent SDK stream with partial messages',
    description:
      'Real SDK recording (open-harness): stream deltas, a StructuredOutput tool call, result error_max_turns.',
    files: ['structured-output/structured-output.stream.jsonl'],
  },
  {
    id: 'short',
    title: 'Short Claude Code session',
    description: 'Real session (spotter): thinking, hooks, /model, user rejection.',
    files: ['short/short.jsonl'],
  },
];
