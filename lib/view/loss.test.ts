import { describe, expect, it } from 'vitest';
import { loadTrace } from '../engine/load';
import { memorySource } from '../engine/source';
import { summarize } from '../engine/summary';
import { cc, jsonl, text } from '../trace/testing/builders';
import { buildRows } from './rows';
import { lossLines } from './loss';

describe('lossLines', () => {
  it('says what a load left out, naming the file; other diagnostics stay in the panel only', async () => {
    const neg = jsonl([cc.assistant('msg_n', [text('x')], { input: 1, output: 1 })]).replace(
      '"output_tokens":1',
      '"output_tokens":-5',
    );
    const long = jsonl([cc.prompt('go'), `{"type":"user","pad":"${'x'.repeat(1000)}"}`, 'not json']);
    const trace = await loadTrace([memorySource('p/a.jsonl', neg), memorySource('p/b.jsonl', long)], {
      limits: { maxLineBytes: 800 },
    });
    const summary = summarize(trace, buildRows(trace));
    expect(summary.diagnostics.map((d) => d.code)).toContain('non-json-line');
    const start = long.indexOf('\n') + 1;
    expect(lossLines(summary.diagnostics)).toEqual([
      {
        text: 'p/a.jsonl: line 1: message.usage.output_tokens is -5: negative, not a token count; this model call stays in the timeline, its usage is not counted in the totals',
        seq: 0,
      },
      {
        text: `p/b.jsonl: line 2 is 1 KiB (bytes ${start}–${start + 1024}): longer than the 800 bytes line limit, skipped`,
      },
    ]);
  });
});
