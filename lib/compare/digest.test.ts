// A run's digest on result frames: each response's reported cost is its own share, whether the session's results are
// running totals or each its turn's own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTrace } from '../engine/load';
import { memorySource } from '../engine/source';
import { jsonl, sdk, text } from '../trace/testing/builders';
import { digestOf } from './digest';

const made = (rel: string) =>
  memorySource(rel, readFileSync(path.resolve(import.meta.dirname, '../../test/fixtures/made', rel)));

describe('digestOf: reported cost per response', () => {
  it('gives each response its step of running totals (made sdk/cumulative-results.jsonl)', async () => {
    const d = digestOf(await loadTrace([made('sdk/cumulative-results.jsonl')]), 'a');
    // The frames report $0.045165, $0.0583175 and $0.0726125 in all.
    expect(d.responses.map((r) => r.metrics.reportedUsd)).toEqual([0.045165, 0.013153, 0.014295]);
    expect(d.totals.reportedUsd).toBeCloseTo(0.0726125, 5);
  });

  it('gives each response its own result where each result is its turn', async () => {
    const lines = [
      sdk.init(),
      sdk.assistant('msg_a', [text('a')], { output: 5 }),
      sdk.result({ cost: 0.5 }),
      sdk.assistant('msg_b', [text('b')], { output: 5 }),
      sdk.result({ cost: 0.25 }),
    ];
    const d = digestOf(await loadTrace([memorySource('turns.jsonl', jsonl(lines))]), 'a');
    expect(d.responses.map((r) => r.metrics.reportedUsd)).toEqual([0.5, 0.25]);
    expect(d.totals.reportedUsd).toBe(0.75);
  });
});
