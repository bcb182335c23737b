import { describe, expect, it } from 'vitest';
import { cc, jsonl, sdk, text, toolUse } from './testing/builders';
import { loadText } from './testing/load';
import { verdictOf } from './verdict';

const artifact = (messages: unknown[], testResult: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    sessionId: 'sess-1',
    messages,
    toolCalls: [],
    results: [],
    transportError: null,
    workspaceDiff: '',
    testResult,
    ...extra,
  });

describe('verdicts kept apart', () => {
  it('a plain clean stream: protocol clean, result as given, task unknown', async () => {
    const { trace } = await loadText(
      jsonl([sdk.assistant('m', [text('x')], { output: 1 }), sdk.result({ subtype: 'success', isError: true })]),
    );
    const v = verdictOf(trace);
    expect(v.protocol.status).toBe('clean');
    expect(v.results).toEqual([{ seq: 1, line: 2, subtype: 'success', isError: true, disagree: true }]);
    expect(v.task.status).toBe('unknown');
  });

  it('session files have no result frames; an interrupted stream is not clean', async () => {
    expect(verdictOf((await loadText(jsonl([cc.prompt('hi')]))).trace).protocol.status).toBe('no-result-frames');
    expect(
      verdictOf((await loadText(jsonl([sdk.init(), sdk.assistant('m', [text('x')], { output: 1 })]))).trace).protocol
        .status,
    ).toBe('interrupted');
  });

  it('classifies failed tasks by their evidence', async () => {
    const denied = await loadText(
      artifact(
        [
          sdk.assistant('m1', [toolUse('t1', 'Edit', { file_path: 'a' })], { output: 1 }),
          sdk.toolResult('t1', "The user doesn't want to proceed with this tool use.", { isError: true }),
          sdk.result(),
        ],
        { passed: false },
      ),
      'a.json',
    );
    expect(verdictOf(denied.trace).task).toMatchObject({ status: 'failed', failure: 'permission-denied' });
    expect(verdictOf(denied.trace).task.evidence.map((e) => e.label)).toContain(
      "Edit denied: The user doesn't want to proceed with this tool use.",
    );

    const failed = await loadText(
      artifact(
        [
          sdk.assistant('m1', [toolUse('t1', 'Bash', { command: 'pytest' })], { output: 1 }),
          sdk.toolResult('t1', 'command not found: pytest', { isError: true }),
          sdk.result(),
        ],
        { passed: false },
      ),
      'b.json',
    );
    expect(verdictOf(failed.trace).task.failure).toBe('tool-failed');

    const changed = await loadText(
      artifact(
        [
          sdk.assistant('m1', [toolUse('t1', 'Edit', {})], { output: 1 }),
          sdk.toolResult('t1', 'ok', {
            toolUseResult: {
              filePath: 'a.py',
              structuredPatch: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-a', '+b'] }],
            },
          }),
          sdk.result(),
        ],
        { passed: false, summary: '1 failed' },
        { workspaceDiff: 'diff --git a/a.py b/a.py' },
      ),
      'c.json',
    );
    expect(verdictOf(changed.trace).task).toMatchObject({
      failure: 'changed-but-test-failed',
      reason: 'The test failed: 1 failed',
    });

    const never = await loadText(
      artifact([sdk.assistant('m1', [text('I think it is fine.')], { output: 1 }), sdk.result()], { passed: false }),
      'd.json',
    );
    expect(verdictOf(never.trace).task.failure).toBe('never-proposed');

    const cut = await loadText(
      artifact(
        [sdk.assistant('m1', [text('working')], { output: 1 })],
        { passed: false },
        { transportError: 'socket hang up' },
      ),
      'e.json',
    );
    expect(verdictOf(cut.trace).protocol.status).toBe('transport-error');
    expect(verdictOf(cut.trace).task.failure).toBe('trace-incomplete');

    const ok = await loadText(artifact([sdk.result()], { passed: true }), 'f.json');
    expect(verdictOf(ok.trace).task.status).toBe('passed');
  });
});
