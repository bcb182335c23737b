import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { summarize } from '../trace/describe';
import { cc, jsonl } from '../trace/testing/builders';
import { loadText } from '../trace/testing/load';
import { eventFields } from './event-fields';

describe('eventFields: a line with no view of its own, as the Message tab shows it', () => {
  it('lists the fields the line has, its time in UTC, and none of the model’s bookkeeping or empty fields', async () => {
    const { trace } = await loadText(
      jsonl([
        cc.prompt('go', { uuid: 'u1', time: '2026-11-20T10:00:05.000Z' }),
        cc.line(
          'system',
          {
            subtype: 'api_error',
            level: 'error',
            error: {
              status: 529,
              error: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
            },
          },
          { uuid: 'u2', parentUuid: 'u1', time: '2026-11-20T10:00:12.000Z', session: 's-1' },
        ),
      ]),
    );
    const e = trace.events[1];
    if (!e) throw new Error('missing event');
    const { title, rows } = eventFields(e);
    expect(title).toBe('api_error · 529 overloaded_error: Overloaded');
    expect(rows).toEqual([
      ['time', '2026-11-20T10:00:12.000Z'],
      ['sessionId', 's-1'],
      ['uuid', 'u2'],
      ['parentUuid', 'u1'],
      ['isSidechain', 'false'],
      ['type', 'system'],
      ['subtype', 'api_error'],
      ['level', 'error'],
      ['text', '529 overloaded_error: Overloaded'],
    ]);
  });
});

describe('eventFields: a slash command Claude Code 2.1 ran (system local_command, spotter short.jsonl)', () => {
  it('reads as the command and its output, without the command tags or ANSI escapes', async () => {
    const file = path.resolve(import.meta.dirname, '../../test/fixtures/real/spotter/transcripts/short.jsonl');
    const { trace } = await loadText(readFileSync(file, 'utf8'), 'short.jsonl');
    const commands = trace.events.filter((e) => e.kind === 'system' && e.subtype === 'local_command');
    expect(commands.map((e) => summarize(e))).toEqual([
      'local_command · /model',
      'local_command · Kept model as Default (recommended)',
    ]);
    expect(commands.map((e) => eventFields(e).rows.find(([k]) => k === 'text')?.[1])).toEqual([
      '/model',
      'Kept model as Default (recommended)',
    ]);
  });

  it("shows a recording's metadata and result block as fields of its header, not as a second result frame", async () => {
    const file = path.resolve(
      import.meta.dirname,
      '../../test/fixtures/real/open-harness/golden/structured-output.json',
    );
    const { trace } = await loadText(readFileSync(file, 'utf8'), 'structured-output.json');
    const header = trace.events.find((e) => e.kind === 'meta' && e.metaType === 'recording');
    if (!header) throw new Error('missing recording header');
    const { rows } = eventFields(header);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['metadata.scenario', 'structured-output'],
        ['metadata.sdkVersion', '0.2.5'],
        ['metadata.description', 'Response with structured JSON output using outputSchema'],
        ['result.hasStructuredOutput', 'false'],
        ['result.toolCallsMade', '["StructuredOutput"]'],
      ]),
    );
    // The recorder's result block ends nothing: the one SDK result frame is still the only result.
    expect(trace.events.filter((e) => e.kind === 'result').map((e) => e.path)).toEqual(['messages[29].message']);
  });
});
