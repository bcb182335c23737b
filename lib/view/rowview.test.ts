import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadText } from '../trace/testing/load';
import { buildRows } from './rows';
import { rowViews } from './rowview';
import { CHIP_KEYS } from './chips';

const REAL = path.resolve(import.meta.dirname, '../../test/fixtures/real');

describe('row badges of a denied tool call', () => {
  it('mark its request and its result, not the PreToolUse hook that ran before the user rejected it (short.jsonl)', async () => {
    const { trace } = await loadText(readFileSync(path.join(REAL, 'spotter/transcripts/short.jsonl'), 'utf8'), 'short.jsonl');
    const rows = buildRows(trace, { show: new Set(CHIP_KEYS) });
    const views = rowViews(trace, rows, 0, rows.length, new Set()).filter((v) => v.kind === 'event');
    const denied = views.filter((v) => v.badges.some((b) => b.kind === 'denied')).map((v) => v.label);
    expect(denied).toEqual([
      'Bash(mix phx.server 2>&1 | head -80)',
      'Glob(/home/marco/projects/spotter)',
      expect.stringMatching(/^error: The user doesn't want to proceed/),
      expect.stringMatching(/^error: The user doesn't want to proceed/),
    ]);
    const hook = views.find((v) => v.label.startsWith('PreToolUse:Bash running'));
    expect(hook?.badges.map((b) => b.text)).toEqual([]);
  });
});
