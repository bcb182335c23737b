import { describe, expect, it } from 'vitest';
import { blockSummary, summarize } from './describe';
import type { AssistantEvent, ContentBlock } from './types';

const line = (blocks: ContentBlock[]): AssistantEvent => ({
  kind: 'assistant',
  seq: 0,
  src: { source: 0, line: 1, offset: 0, length: 1 },
  blocks,
  synthetic: false,
});

describe('row labels', () => {
  it.each<[string, ContentBlock[], string]>([
    ['signature-only thinking', [{ type: 'thinking', text: '', hasSignature: true }], 'thinking (redacted by the API)'],
    ['thinking with its text', [{ type: 'thinking', text: 'Let me look.', hasSignature: true }], 'thinking: Let me look.'],
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
