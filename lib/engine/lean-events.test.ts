// The lean events `loupe stats` keeps (lean-events.ts) are copies of the events: a copy given a field its event lacks
// (even as undefined) is one V8 builds key by key, at several times the cost of the copy, and a million of them made
// `loupe stats` on a stream of status frames take 11 s instead of 1.5 s. No lean event has a field its event lacks.
// jsonDigest, which compares tool inputs there, digests the same JSON alike and different JSON apart.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateLines } from '../../bench/generate';
import { REPO_ROOT, transcriptFiles } from '../../test/repo-files';
import { withInterner, DEFAULT_NORMALIZE } from '../trace/adapters/common';
import type { TraceEvent } from '../trace/types';
import { loadTrace } from './load';
import { jsonDigest, leanEvent } from './lean-events';
import { memorySource } from './source';

const intern = withInterner(DEFAULT_NORMALIZE).intern ?? ((s: string) => s);

/** Each event's fields the lean copy adds, by kind. */
function added(events: readonly TraceEvent[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of events) {
    if (e.kind === 'stream') continue;
    const extra = Object.keys(leanEvent(e, intern)).filter((k) => !(k in e));
    if (extra.length > 0) out[e.kind] = [...new Set([...(out[e.kind] ?? []), ...extra])];
  }
  return out;
}

describe('lean events', () => {
  it('give no event a field it lacks, on the fixtures, the samples and generated sessions of both dialects', async () => {
    const texts = [
      ...transcriptFiles().map((f) => ({ name: path.basename(f), text: readFileSync(path.join(REPO_ROOT, f)) })),
      ...(['claude-code', 'sdk-stream'] as const).map((dialect) => ({
        name: `${dialect}.jsonl`,
        text: [...generateLines({ dialect, targetBytes: 1_000_000, seed: 3 })].join('\n'),
      })),
      {
        name: 'status.jsonl',
        text: [
          '{"type":"system","subtype":"init","session_id":"s","model":"claude-haiku-4-5-20251001","cwd":"/r","tools":[]}',
          '{"type":"user","session_id":"s","message":{"role":"user","content":"hi"}}',
          '{"type":"system","subtype":"status","status":"requesting","session_id":"s","uuid":"r-1"}',
        ].join('\n'),
      },
    ];
    let events = 0;
    for (const { name, text } of texts) {
      const trace = await loadTrace([memorySource(name, text)]);
      events += trace.events.length;
      expect(added(trace.events), name).toEqual({});
    }
    expect(events).toBeGreaterThan(2000);
  });
});

describe('jsonDigest', () => {
  it('is the same for the same JSON whatever the order of its keys, and apart for different JSON', () => {
    const a = JSON.parse('{"file_path":"/a.ts","edits":[{"old":"x","new":"y"}],"n":1.5,"ok":true,"z":null}') as unknown;
    const b = JSON.parse(
      '{"z":null,"ok":true,"n":1.50,"edits":[{"new":"y","old":"x"}],"file_path":"/a.ts"}',
    ) as unknown;
    expect(jsonDigest(a)).toBe(jsonDigest(b));
    // Values a careless walk would feed alike.
    const apart: unknown[] = [
      '1',
      1,
      ['a', 'b'],
      ['ab'],
      [['a'], 'b'],
      { a: 'b' },
      { ab: '' },
      { a: { b: 'c' } },
      { a: 'b', c: null },
      { a: ['b', 'c'] },
      'true',
      true,
      null,
      'null',
      [],
      {},
      '',
      [''],
      { '': '' },
    ];
    const digests = apart.map(jsonDigest);
    expect(new Set(digests).size).toBe(apart.length);
    // Numbers as JSON.stringify writes them.
    expect(jsonDigest(-0)).toBe(jsonDigest(0));
    expect(jsonDigest([NaN, Infinity])).toBe(jsonDigest([null, null]));
    expect(jsonDigest(1e21)).not.toBe(jsonDigest('1e+21'));
    // A length as large as a tag is still read as a length.
    const long = 'x'.repeat(0x10001);
    expect(jsonDigest([long, 'y'])).not.toBe(jsonDigest([`${long}y`]));
  });
});
