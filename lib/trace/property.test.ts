import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadText } from './testing/load';

const REAL = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const files = [
  'spotter/transcripts/short.jsonl',
  'open-harness/golden/structured-output.stream.jsonl',
  'claude-code-log/projects/-src-experiments-claude_p/2b4ed4c0-b905-41de-9238-273db3ec737a.jsonl',
  'claude-code-log/projects/-Users-dain-workspace-claude-code-log-sample/326189cf-5676-4237-8cde-1ce80aae4a9f.jsonl',
].map((f) =>
  readFileSync(path.join(REAL, f), 'utf8')
    .split('\n')
    .filter((l) => l.length > 0),
);

/** One corruption applied to the lines of a real file. */
const corruption = fc.oneof(
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat(), cut: fc.nat() }),
  fc.record({ op: fc.constant('garbage' as const), at: fc.nat(), text: fc.string({ maxLength: 40 }) }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('shuffle' as const), seed: fc.nat() }),
  fc.record({
    op: fc.constant('wrong-type' as const),
    at: fc.nat(),
    value: fc.oneof(
      fc.constant('null'),
      fc.constant('42'),
      fc.constant('"str"'),
      fc.constant('[]'),
      fc.constant('{"type":7}'),
      fc.constant('{"type":"assistant","message":null}'),
      fc.constant('{"type":"user","message":{"content":5}}'),
      fc.constant('{"type":"stream_event","event":{"type":"content_block_delta","index":"x"}}'),
    ),
  }),
  fc.record({
    op: fc.constant('retype' as const),
    at: fc.nat(),
    type: fc.constantFrom(
      'assistant',
      'user',
      'result',
      'system',
      'stream_event',
      'progress',
      'summary',
      'control_response',
      'attachment',
    ),
  }),
);

type Corruption = typeof corruption extends fc.Arbitrary<infer T> ? T : never;

function apply(lines: string[], c: Corruption): string[] {
  const out = [...lines];
  if (out.length === 0) return out;
  switch (c.op) {
    case 'truncate': {
      const i = c.at % out.length;
      const l = out[i] ?? '';
      out[i] = l.slice(0, c.cut % (l.length + 1));
      return out;
    }
    case 'garbage':
      out.splice(c.at % (out.length + 1), 0, c.text.replace(/\n/g, ' '));
      return out;
    case 'delete':
      out.splice(c.at % out.length, 1);
      return out;
    case 'shuffle': {
      let s = c.seed;
      for (let i = out.length - 1; i > 0; i--) {
        s = (s * 1103515245 + 12345) % 2147483648;
        const j = s % (i + 1);
        [out[i], out[j]] = [out[j] ?? '', out[i] ?? ''];
      }
      return out;
    }
    case 'wrong-type':
      out[c.at % out.length] = c.value;
      return out;
    case 'retype': {
      const i = c.at % out.length;
      out[i] = (out[i] ?? '').replace(/"type":"[^"]*"/, `"type":"${c.type}"`);
      return out;
    }
  }
}

describe('corrupted real files', () => {
  it('never throw, and every non-blank line becomes exactly one event or one line diagnostic', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: files.length - 1 }),
        fc.array(corruption, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        async (fi, cs, cutEnd) => {
          let lines = files[fi] ?? [];
          for (const c of cs) lines = apply(lines, c);
          let text = lines.join('\n');
          if (!cutEnd) text += '\n';
          const { trace, stats } = await loadText(text);
          const nonBlank = lines.filter((l) => l.trim().length > 0).length;
          const lineDiags = trace.diagnostics.filter((d) => d.consumesLine).length;
          expect(stats.lines.total).toBe(nonBlank);
          expect(trace.events.length + lineDiags).toBe(nonBlank);
          expect(trace.events.every((e, i) => e.seq === i)).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
