import { describe, expect, it } from 'vitest';
import { readableFields } from './readable';

describe('readableFields', () => {
  it('shows an Agent prompt as markdown and its short fields inline', () => {
    expect(
      readableFields({
        name: 'alice',
        description: 'Refactor greeting helpers',
        prompt: 'Do this:\n\n1. one\n2. two',
        run_in_background: false,
      }),
    ).toEqual([
      { key: 'name', kind: 'inline', text: 'alice' },
      { key: 'description', kind: 'inline', text: 'Refactor greeting helpers' },
      { key: 'prompt', kind: 'markdown', text: 'Do this:\n\n1. one\n2. two' },
      { key: 'run_in_background', kind: 'inline', text: 'false' },
    ]);
  });

  it('shows commands, file contents and edited strings as wrapped code blocks when they are long', () => {
    const f = readableFields({
      command: 'npm test \\\n  -- --reporter=dot',
      file_path: '/a.py',
      old_string: 'a\nb',
      new_string: 'x'.repeat(200),
    });
    expect(f.map((x) => [x.key, x.kind])).toEqual([
      ['command', 'code'],
      ['file_path', 'inline'],
      ['old_string', 'code'],
      ['new_string', 'code'],
    ]);
  });

  it('lists a MultiEdit’s edits as numbered items, and keeps deep values as JSON', () => {
    const f = readableFields({
      edits: [{ old_string: 'a', new_string: 'b', replace_all: true }],
      deep: { a: { b: { c: 1 } } },
      tags: ['x', 'y'],
    });
    expect(f[0]).toEqual({
      key: 'edits',
      kind: 'items',
      items: [
        [
          { key: 'old_string', kind: 'inline', text: 'a' },
          { key: 'new_string', kind: 'inline', text: 'b' },
          { key: 'replace_all', kind: 'inline', text: 'true' },
        ],
      ],
    });
    expect(f[1]).toEqual({
      key: 'deep',
      kind: 'group',
      fields: [{ key: 'a', kind: 'group', fields: [{ key: 'b', kind: 'json', value: { c: 1 } }] }],
    });
    expect(f[2]).toEqual({ key: 'tags', kind: 'inline', text: 'x, y' });
  });
});
