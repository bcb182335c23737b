import { describe, expect, it } from 'vitest';
import { eventIcon } from '../view/rowview';
import { blockSummary, commandOutput, hookReply, stripAnsi, summarize } from './describe';
import type { AssistantEvent, ContentBlock, TraceEvent } from './types';
import { lineRef } from './line-types';

const line = (blocks: ContentBlock[]): AssistantEvent => ({
  kind: 'assistant',
  seq: 0,
  source: 0,
  line: 1,
  offset: 0,
  length: 1,
  blocks,
  synthetic: false,
});

describe('row labels', () => {
  it.each<[string, ContentBlock[], string]>([
    ['signature-only thinking', [{ type: 'thinking', text: '', hasSignature: true }], 'thinking (redacted by the API)'],
    [
      'thinking with its text',
      [{ type: 'thinking', text: 'Let me look.', hasSignature: true }],
      'thinking: Let me look.',
    ],
    ['an empty text block', [{ type: 'text', text: '' }], 'empty text block'],
    [
      'an empty text block beside a tool call',
      [
        { type: 'text', text: '\n' },
        { type: 'tool_use', id: 't', name: 'Bash', input: { command: 'ls' }, server: false },
      ],
      'Bash(ls)',
    ],
    ['no blocks at all', [], '(no content blocks)'],
    ['redacted thinking', [{ type: 'redacted_thinking' }], 'redacted thinking (encrypted by the API)'],
  ])('%s', (_, blocks, label) => {
    expect(summarize(line(blocks))).toBe(label);
  });

  it('never gives a blank label to a block', () => {
    expect(blockSummary({ type: 'thinking', text: ' ', hasSignature: false })).toBe('thinking (empty)');
  });
});

describe('slash commands and shell lines read without their tags', () => {
  const user = (text: string): TraceEvent => ({
    kind: 'user',
    seq: 0,
    source: 0,
    line: 1,
    offset: 0,
    length: 1,
    role: 'command',
    text,
    textLength: text.length,
    images: 0,
  });
  it.each<[string, string, string]>([
    [
      'a slash command',
      '<command-name>/context</command-name>\n            <command-message>context</command-message>\n            <command-args></command-args>',
      '/context',
    ],
    [
      'a slash command with arguments',
      '<command-name>/model</command-name><command-message>model</command-message><command-args>opus</command-args>',
      '/model opus',
    ],
    [
      'its output',
      '<local-command-stdout>Set model to opus (claude-opus-4-5-20251101)</local-command-stdout>',
      'Set model to opus (claude-opus-4-5-20251101)',
    ],
    ['empty output', '<local-command-stdout></local-command-stdout>', '(no output)'],
    ['a ! shell line', '<bash-input>uv run ty check</bash-input>', '! uv run ty check'],
    ['its output and errors', '<bash-stdout>ok\n1 file</bash-stdout><bash-stderr>warn</bash-stderr>', 'ok 1 file warn'],
    [
      'output in terminal colours',
      '<local-command-stdout>Set model to \u001b[1mopus\u001b[22m</local-command-stdout>',
      'Set model to opus',
    ],
  ])('%s', (_, text, label) => {
    expect(summarize(user(text))).toBe(label);
  });

  it('shows output as the terminal did: its lines and columns, no tags, no colour or mode codes', () => {
    const stdout =
      '<local-command-stdout>\u001b[?2026h\n \u001b[1mContext Usage\u001b[22m\n\u001b[38;2;136;136;136m⛁ ⛀\u001b[39m  66k/200k\n</local-command-stdout>';
    expect(commandOutput(stdout)).toBe(' Context Usage\n⛁ ⛀  66k/200k');
    expect(commandOutput('<bash-stdout>ok</bash-stdout><bash-stderr>warn</bash-stderr>')).toBe('ok\nwarn');
    // The command itself is not output.
    expect(commandOutput('<command-name>/context</command-name><command-args></command-args>')).toBeUndefined();
    expect(commandOutput('plain words')).toBeUndefined();
    expect(stripAnsi('\u001b]0;title\u0007a\u001b[2Kb')).toBe('ab');
  });

  it('gives a command and its output icons of their own, not the user prompt’s', () => {
    expect(eventIcon(user('<command-name>/context</command-name>'))).toBe('command');
    expect(eventIcon(user('<local-command-stdout>x</local-command-stdout>'))).toBe('command-output');
    expect(eventIcon({ ...user('hi'), role: 'prompt' } as TraceEvent)).toBe('user');
  });

  it('draws a result frame that is an error apart from a success', () => {
    const result = (subtype: string, isError: boolean) =>
      ({ ...lineRef(user('')), kind: 'result', seq: 0, subtype, isError }) as unknown as TraceEvent;
    expect(eventIcon(result('success', false))).toBe('result');
    expect(eventIcon(result('error_max_turns', true))).toBe('result-error');
    expect(eventIcon(result('success', true))).toBe('result-error');
  });
});

describe('a tool error reads without the tags Claude Code wraps it in for the model', () => {
  const result = (text: string, isError: boolean): TraceEvent => ({
    kind: 'tool-result',
    seq: 0,
    source: 0,
    line: 1,
    offset: 0,
    length: 1,
    results: [{ toolUseId: 'toolu_1', isError, text, textLength: text.length, images: 0 }],
  });
  it('drops the wrapping <tool_use_error> tags, and only those', () => {
    expect(
      summarize(
        result(
          "<tool_use_error>String to replace not found in file.\nString:     greet('world')</tool_use_error>",
          true,
        ),
      ),
    ).toBe("error: String to replace not found in file. String: greet('world')");
    expect(summarize(result('see <tool_use_error>x</tool_use_error> in the log', false))).toBe(
      'see <tool_use_error>x</tool_use_error> in the log',
    );
  });
});

describe('tool calls whose input is a list read as what the list says', () => {
  it.each<[string, string, Record<string, unknown>, string]>([
    [
      'TodoWrite',
      'TodoWrite',
      {
        todos: [
          { id: '1', content: 'Fix the warning', status: 'completed' },
          { id: '2', content: 'Fix the skip() call', status: 'in_progress' },
          { id: '3', content: 'Run the tests', status: 'pending' },
        ],
      },
      'TodoWrite(1/3 done · now: Fix the skip() call)',
    ],
    [
      'TodoWrite with nothing in progress',
      'TodoWrite',
      { todos: [{ content: 'a', status: 'pending' }] },
      'TodoWrite(0/1 done)',
    ],
    [
      'AskUserQuestion',
      'AskUserQuestion',
      { questions: [{ question: 'Which format?', options: [] }, { question: 'Keep the old one?' }] },
      'AskUserQuestion(Which format? · Keep the old one?)',
    ],
    ['ExitPlanMode', 'ExitPlanMode', { plan: '# Plan\n1. Read' }, 'ExitPlanMode(# Plan 1. Read)'],
  ])('%s', (_, name, input, label) => {
    expect(summarize(line([{ type: 'tool_use', id: 't', name, input, server: false }]))).toBe(label);
  });
});

describe('hookReply', () => {
  it('gives the words of a hook’s JSON reply, not its braces', () => {
    const reply = JSON.stringify({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        permissionDecisionReason: 'git is safe',
      },
    });
    expect(hookReply(reply)).toBe('git is safe');
    expect(hookReply('{"decision":"block","reason":"tests fail"}')).toBe('tests fail');
    expect(hookReply('{"continue":true,"systemMessage":"formatted 3 files"}')).toBe('formatted 3 files');
    // Nothing beyond the decision the row already shows.
    expect(hookReply('{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}')).toBe('');
    expect(hookReply('ran lint: ok')).toBe('ran lint: ok');
    expect(hookReply('{not json')).toBe('{not json');
  });
});
