import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compareRuns, digestOf } from '../compare';
import { runText, type ResponseSpec } from '../compare/testing/runs';
import { headDigest } from './head';
import { loadTrace } from './load';
import { memorySource } from './source';

const responses = (n: number, changed = -1): ResponseSpec[] =>
  Array.from({ length: n }, (_, i) => ({
    prompt: `do step ${i} of the plan`,
    calls: [
      { name: 'Read', input: { file_path: `/repo/src/file${i}.ts` } },
      { name: 'Bash', input: { command: i === changed ? `npm test -- file${i} --run` : `npm test -- file${i}` } },
    ],
  }));

const LIMIT = 32 * 1024;

describe('headDigest: the first bytes of a run, aligned before the whole run is read', () => {
  it('is a prefix of the whole run: its complete responses equal the full digest’s, the last cut one left out', async () => {
    const text = runText('a', responses(200));
    const input = memorySource('a.jsonl', text);
    const head = await headDigest([input], 'a', undefined, LIMIT);
    const full = digestOf(await loadTrace([input]), 'a');
    if (!head) throw new Error('no head for a run of many times the limit');
    expect(head.totalBytes).toBe(new TextEncoder().encode(text).length);
    expect(head.bytes).toBeLessThanOrEqual(LIMIT);
    expect(head.bytes).toBeGreaterThan(LIMIT / 2);
    // Every response the head keeps is the whole run's response of that place, calls and figures alike.
    const n = head.digest.responses.length;
    expect(n).toBeGreaterThan(3);
    expect(n).toBeLessThan(full.responses.length);
    expect(head.digest.responses).toEqual(full.responses.slice(0, n));
    // The bytes end inside the next response, or right before it: no response past the cut is kept.
    const headText = text.slice(0, head.bytes);
    expect(headText.endsWith('\n')).toBe(true);
    expect(headText.split('do step ').length - 1).toBeGreaterThanOrEqual(n);
  });

  it('finds the first divergence of two runs that part early, as the whole runs do', async () => {
    const a = memorySource('a.jsonl', runText('a', responses(200)));
    const b = memorySource('b.jsonl', runText('b', responses(200, 2)));
    const [ha, hb] = await Promise.all([
      headDigest([a], 'a', undefined, LIMIT),
      headDigest([b], 'b', undefined, LIMIT),
    ]);
    if (!ha || !hb) throw new Error('no heads');
    const partial = compareRuns(ha.digest, hb.digest);
    const whole = compareRuns(digestOf(await loadTrace([a]), 'a'), digestOf(await loadTrace([b]), 'b'));
    expect(partial.firstDivergence?.what).toBe(whole.firstDivergence?.what);
    expect(partial.firstDivergence?.what).toMatch(/Bash/);
  });

  it('is not given for a run small enough to load at once, nor for compressed bytes', async () => {
    const small = runText('s', responses(2));
    expect(await headDigest([memorySource('s.jsonl', small)], 's', undefined, LIMIT)).toBeUndefined();
    const big = runText('g', responses(200));
    const gz = gzipSync(big);
    expect(gz.length).toBeGreaterThan(2 * 1024);
    expect(await headDigest([memorySource('g.jsonl.gz', gz)], 'g', undefined, 1024)).toBeUndefined();
    expect(await headDigest([{ name: 'x.jsonl', open: () => [new TextEncoder().encode(big)] }], 'x')).toBeUndefined();
  });
});
