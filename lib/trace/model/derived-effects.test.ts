import { describe, expect, it } from 'vitest';
import { cc, jsonl, toolUse, type Line } from '../testing/builders';
import { loadText } from '../testing/load';
import { parseNumbered } from './derived-effects';
import { derivedDiff } from './derived-patch';
import type { ToolCall } from './types';

/** One tool call and its result, as a Claude Code 2.1.1xx subagent file writes it (no toolUseResult unless given). */
interface Step {
  readonly name: string;
  readonly input: Line;
  readonly result: string;
  readonly isError?: boolean;
  readonly toolUseResult?: Line;
  /** No result line at all. */
  readonly pending?: boolean;
}

const numbered = (s: string, from = 1): string =>
  s
    .split('\n')
    .map((l, i) => `${String(i + from).padStart(6)}→${l}`)
    .join('\n');

async function calls(steps: readonly Step[]): Promise<ToolCall[]> {
  const lines: Line[] = [];
  steps.forEach((s, i) => {
    const t = (sec: number) => `2026-01-01T00:00:${String(i * 2 + sec).padStart(2, '0')}.000Z`;
    lines.push(cc.assistant(`msg_${i}`, [toolUse(`toolu_${i}`, s.name, s.input)], { output: 1 }, { time: t(0) }));
    if (!s.pending)
      lines.push(
        cc.result(`toolu_${i}`, s.result, {
          time: t(1),
          ...(s.isError ? { isError: true } : {}),
          ...(s.toolUseResult ? { toolUseResult: s.toolUseResult } : {}),
        }),
      );
  });
  const { trace } = await loadText(jsonl(lines));
  return [...trace.toolCalls];
}

const FILE = '/w/greet.py';
const V1 = "def greet(name):\n    print('hello ' + name)\n\n\ndef main():\n    greet('world')\n";
const read: Step = { name: 'Read', input: { file_path: FILE }, result: numbered(V1) };
const edit: Step = {
  name: 'Edit',
  input: { file_path: FILE, old_string: "    print('hello ' + name)", new_string: "    return 'hello ' + name" },
  result: `The file ${FILE} has been updated successfully.`,
};

interface Case {
  readonly name: string;
  readonly steps: readonly Step[];
  /** What the last call shows: no derived change, or its diff. */
  readonly expect:
    | { readonly derived: false; readonly recorded?: boolean }
    | {
        readonly derived: true;
        readonly created?: boolean;
        readonly base: string;
        readonly headers: readonly string[];
        readonly lines: readonly string[];
      };
}

const hunkHeader = (h: {
  oldStart?: number;
  oldLines: number;
  newStart?: number;
  newLines: number;
  header?: string;
}): string => h.header ?? `@@ -${h.oldStart ?? '?'},${h.oldLines} +${h.newStart ?? '?'},${h.newLines} @@`;

const CASES: readonly Case[] = [
  {
    name: 'Edit with no earlier content: the old and new strings, position unknown',
    steps: [edit],
    expect: {
      derived: true,
      base: 'unknown',
      headers: ['position in the file not known'],
      lines: ["-    print('hello ' + name)", "+    return 'hello ' + name"],
    },
  },
  {
    name: 'Edit after a Read: a unified diff with the file’s line numbers and context',
    steps: [read, edit],
    expect: {
      derived: true,
      base: 'known:0:0',
      headers: ['@@ -1,5 +1,5 @@'],
      lines: [
        ' def greet(name):',
        "-    print('hello ' + name)",
        "+    return 'hello ' + name",
        ' ',
        ' ',
        ' def main():',
      ],
    },
  },
  {
    name: 'Edit after a partial Read (offset): line numbers from where the Read started',
    steps: [
      {
        name: 'Read',
        input: { file_path: FILE, offset: 41, limit: 3 },
        result: numbered("x = 1\ndef greet(name):\n    print('hello ' + name)", 41),
      },
      edit,
    ],
    expect: {
      derived: true,
      base: 'known:0:0',
      headers: ['@@ -41,3 +41,3 @@'],
      lines: [' x = 1', ' def greet(name):', "-    print('hello ' + name)", "+    return 'hello ' + name"],
    },
  },
  {
    name: 'Edit after a Read and a Read that shows no lines: the first Read is still the base',
    steps: [read, { name: 'Read', input: { file_path: FILE }, result: 'File unchanged since last read.' }, edit],
    expect: {
      derived: true,
      base: 'known:0:0',
      headers: ['@@ -1,5 +1,5 @@'],
      lines: [
        ' def greet(name):',
        "-    print('hello ' + name)",
        "+    return 'hello ' + name",
        ' ',
        ' ',
        ' def main():',
      ],
    },
  },
  {
    name: 'Edit after a Read and a recorded Edit: the Read with the recorded Edit applied is the base',
    steps: [
      read,
      {
        name: 'Edit',
        input: { file_path: FILE, old_string: 'def main():', new_string: 'def run():' },
        result: `The file ${FILE} has been updated successfully.`,
        toolUseResult: {
          filePath: FILE,
          oldString: 'def main():',
          newString: 'def run():',
          structuredPatch: [
            { oldStart: 5, oldLines: 1, newStart: 5, newLines: 1, lines: ['-def main():', '+def run():'] },
          ],
          userModified: false,
          replaceAll: false,
        },
      },
      edit,
    ],
    expect: {
      derived: true,
      base: 'known:0:1',
      headers: ['@@ -1,5 +1,5 @@'],
      lines: [
        ' def greet(name):',
        "-    print('hello ' + name)",
        "+    return 'hello ' + name",
        ' ',
        ' ',
        ' def run():',
      ],
    },
  },
  {
    name: 'Edit with replace_all and no earlier content: says every occurrence',
    steps: [
      {
        name: 'Edit',
        input: { file_path: FILE, old_string: 'clean(', new_string: 'normalize(', replace_all: true },
        result: 'ok',
      },
    ],
    expect: {
      derived: true,
      base: 'unknown',
      headers: ['every occurrence (replace_all)'],
      lines: ['-clean(', '+normalize('],
    },
  },
  {
    name: 'Edit with replace_all after a Read: every occurrence changed, in place',
    steps: [
      { name: 'Read', input: { file_path: FILE }, result: numbered('a = clean(x)\nb = 2\nc = clean(y)') },
      {
        name: 'Edit',
        input: { file_path: FILE, old_string: 'clean(', new_string: 'normalize(', replace_all: true },
        result: 'ok',
      },
    ],
    expect: {
      derived: true,
      base: 'known:0:0',
      headers: ['@@ -1,3 +1,3 @@'],
      lines: ['-a = clean(x)', '+a = normalize(x)', ' b = 2', '-c = clean(y)', '+c = normalize(y)'],
    },
  },
  {
    name: 'MultiEdit with no earlier content: one hunk per edit',
    steps: [
      {
        name: 'MultiEdit',
        input: {
          file_path: FILE,
          edits: [
            {
              old_string: 'def clean(name):\n    return name.strip()',
              new_string: 'from names import normalize as clean',
            },
            { old_string: 'clean(', new_string: 'normalize(', replace_all: true },
          ],
        },
        result: 'Applied 2 edits',
      },
    ],
    expect: {
      derived: true,
      base: 'unknown',
      headers: ['edit 1 of 2 · position in the file not known', 'edit 2 of 2 · every occurrence (replace_all)'],
      lines: [
        '-def clean(name):',
        '-    return name.strip()',
        '+from names import normalize as clean',
        '-clean(',
        '+normalize(',
      ],
    },
  },
  {
    name: 'MultiEdit after a Read: the edits applied in order, one diff',
    steps: [
      { name: 'Read', input: { file_path: FILE }, result: numbered('a\nb\nc') },
      {
        name: 'MultiEdit',
        input: {
          file_path: FILE,
          edits: [
            { old_string: 'a', new_string: 'A' },
            { old_string: 'A\nb', new_string: 'A\nB' },
          ],
        },
        result: 'ok',
      },
    ],
    expect: { derived: true, base: 'known:0:0', headers: ['@@ -1,3 +1,3 @@'], lines: ['-a', '-b', '+A', '+B', ' c'] },
  },
  {
    name: 'Write of a new file: every line added, numbered from 1',
    steps: [
      {
        name: 'Write',
        input: { file_path: '/w/names.py', content: 'def normalize(n):\n    return n.strip()\n' },
        result: 'File created successfully at: /w/names.py',
      },
    ],
    expect: {
      derived: true,
      created: true,
      base: 'new-file',
      headers: ['@@ -1,0 +1,2 @@'],
      lines: ['+def normalize(n):', '+    return n.strip()'],
    },
  },
  {
    name: 'Write over a file the trace never showed: the whole new content',
    steps: [
      {
        name: 'Write',
        input: { file_path: FILE, content: 'x = 1\ny = 2\n' },
        result: `The file ${FILE} has been updated successfully.`,
      },
    ],
    expect: { derived: true, base: 'unknown', headers: ['the whole new content'], lines: ['+x = 1', '+y = 2'] },
  },
  {
    name: 'Write after a Read and an Edit: diffed against the Read with the Edit applied',
    steps: [
      read,
      edit,
      {
        name: 'Write',
        input: {
          file_path: FILE,
          content: "def greet(name):\n    return 'hello ' + name\n\n\ndef main():\n    print(greet('world'))\n",
        },
        result: 'ok',
      },
    ],
    expect: {
      derived: true,
      base: 'known:0:1',
      headers: ['@@ -3,4 +3,4 @@'],
      lines: [' ', ' ', ' def main():', "-    greet('world')", "+    print(greet('world'))"],
    },
  },
  {
    name: 'Write after an earlier Write: diffed against what was written',
    steps: [
      {
        name: 'Write',
        input: { file_path: FILE, content: 'a\nb\n' },
        result: 'File created successfully at: /w/greet.py',
      },
      { name: 'Write', input: { file_path: FILE, content: 'a\nc\n' }, result: 'ok' },
    ],
    expect: { derived: true, base: 'known:0:0', headers: ['@@ -1,2 +1,2 @@'], lines: [' a', '-b', '+c'] },
  },
  {
    name: 'Write after a Read whose toolUseResult has the line counts: a partial Read is no base',
    steps: [
      {
        name: 'Read',
        input: { file_path: FILE },
        result: numbered('a\nb'),
        toolUseResult: {
          type: 'text',
          file: { filePath: FILE, content: 'a\nb', numLines: 2, startLine: 1, totalLines: 90 },
        },
      },
      { name: 'Write', input: { file_path: FILE, content: 'z\n' }, result: 'ok' },
    ],
    expect: { derived: true, base: 'unknown', headers: ['the whole new content'], lines: ['+z'] },
  },
  {
    name: 'Edit whose old_string is not in the earlier content: that content is stale',
    steps: [
      read,
      { name: 'Edit', input: { file_path: FILE, old_string: 'nowhere', new_string: 'here' }, result: 'ok' },
    ],
    expect: {
      derived: true,
      base: 'stale:0',
      headers: ['position in the file not known'],
      lines: ['-nowhere', '+here'],
    },
  },
  {
    name: 'NotebookEdit: the new cell source',
    steps: [
      {
        name: 'NotebookEdit',
        input: {
          notebook_path: '/w/demo.ipynb',
          cell_id: 'cell-3',
          new_source: 'greet("ada")\nprint(1)',
          edit_mode: 'replace',
        },
        result: 'Updated cell cell-3',
      },
    ],
    expect: {
      derived: true,
      base: 'unknown',
      headers: ['cell cell-3 · replace'],
      lines: ['+greet("ada")', '+print(1)'],
    },
  },
  {
    name: 'NotebookEdit deleting a cell: no lines',
    steps: [
      {
        name: 'NotebookEdit',
        input: { notebook_path: '/w/demo.ipynb', cell_id: 'c1', edit_mode: 'delete' },
        result: 'Deleted cell c1',
      },
    ],
    expect: { derived: true, base: 'unknown', headers: ['cell c1 · delete'], lines: [] },
  },
  {
    name: 'a failed Edit (is_error): no side effect',
    steps: [
      read,
      { ...edit, result: '<tool_use_error>String to replace not found in file.</tool_use_error>', isError: true },
    ],
    expect: { derived: false },
  },
  {
    name: 'an Edit with no result yet: nothing derived',
    steps: [{ ...edit, pending: true }],
    expect: { derived: false },
  },
  {
    name: 'an Edit with a recorded structuredPatch: the recorded patch stays, nothing derived',
    steps: [
      {
        ...edit,
        toolUseResult: {
          filePath: FILE,
          oldString: 'a',
          newString: 'b',
          structuredPatch: [{ oldStart: 7, oldLines: 1, newStart: 7, newLines: 1, lines: ['-a', '+b'] }],
          userModified: false,
          replaceAll: false,
        },
      },
    ],
    expect: { derived: false, recorded: true },
  },
  { name: 'a Read: nothing derived', steps: [read], expect: { derived: false } },
];

describe('side effects derived from the request', () => {
  it.each(CASES)('$name', async ({ steps, expect: want }) => {
    const all = await calls(steps);
    const last = all[all.length - 1];
    if (!last) throw new Error('no call');
    if (!want.derived) {
      expect(last.derived).toBeUndefined();
      if (want.recorded)
        expect(last.sideEffect).toMatchObject({ type: 'file-edit', patch: [{ oldStart: 7, lines: ['-a', '+b'] }] });
      return;
    }
    const d = last.derived;
    if (!d) throw new Error('not derived');
    expect(d.created).toBe(want.created ?? false);
    const diff = derivedDiff(last.name, last.input, d);
    if (!diff) throw new Error('no diff');
    const base =
      diff.base.kind === 'known'
        ? `known:${diff.base.fromCall}:${diff.base.editsSince}`
        : diff.base.kind === 'stale'
          ? `stale:${diff.base.fromCall}`
          : diff.base.kind;
    expect(base).toBe(want.base);
    expect(diff.hunks.map(hunkHeader)).toEqual(want.headers);
    expect(diff.hunks.flatMap((h) => h.lines)).toEqual(want.lines);
  });

  it('orders changes by when their results came, across files and agents', async () => {
    // The Write's result line comes first in the file but happened after the Read: the Read is still its base.
    const { trace } = await loadText(
      jsonl([
        cc.assistant(
          'msg_w',
          [toolUse('toolu_w', 'Write', { file_path: FILE, content: 'b\n' })],
          { output: 1 },
          { time: '2026-01-01T00:00:09.000Z' },
        ),
        cc.result('toolu_w', 'ok', { time: '2026-01-01T00:00:10.000Z' }),
        cc.assistant(
          'msg_r',
          [toolUse('toolu_r', 'Read', { file_path: FILE })],
          { output: 1 },
          { time: '2026-01-01T00:00:01.000Z', agentId: 'a1', sidechain: true },
        ),
        cc.result('toolu_r', numbered('a\n'), { time: '2026-01-01T00:00:02.000Z', agentId: 'a1', sidechain: true }),
      ]),
    );
    const write = trace.toolCalls.find((c) => c.name === 'Write');
    expect(write?.derived?.before?.fromCall).toBe(trace.toolCalls.findIndex((c) => c.name === 'Read'));
  });
});

describe('parseNumbered', () => {
  it('reads Claude Code’s numbered lines and stops at the notes after them', () => {
    expect(parseNumbered('     1→a\n     2→\tb\n     3→\n\n<system-reminder>x</system-reminder>')).toEqual({
      startLine: 1,
      lines: ['a', '\tb', ''],
    });
    expect(parseNumbered('    41\tx = 1\n    42\ty')).toEqual({ startLine: 41, lines: ['x = 1', 'y'] });
    expect(parseNumbered('File unchanged since last read.')).toBeUndefined();
    expect(parseNumbered('     1→a\n     5→b')).toEqual({ startLine: 1, lines: ['a'] });
  });
});
