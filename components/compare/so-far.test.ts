import { describe, expect, it } from 'vitest';
import { compareRuns, digestOf } from '../../lib/compare';
import { runText, type ResponseSpec } from '../../lib/compare/testing/runs';
import { loadTrace } from '../../lib/engine/load';
import { memorySource } from '../../lib/engine/source';
import { soFar } from './so-far';

const responses = (n: number, result: string): ResponseSpec[] =>
  Array.from({ length: n }, (_, i) => ({
    prompt: `do step ${i}`,
    calls: [{ name: 'Bash', input: { command: `make step${i}` }, result }],
  }));
const digest = async (tag: string, n: number, result = 'ok') =>
  digestOf(await loadTrace([memorySource(`${tag}.jsonl`, runText(tag, responses(n, result)))]), tag);

describe('soFar: two runs compared while read in part', () => {
  it('a response only one head reached is not a difference', async () => {
    // The same calls, B's heads shorter (its results longer): 18 responses read of A, 16 of B.
    const [a, b] = soFar(await digest('a', 18), await digest('b', 16), true, true);
    expect([a.responses.length, b.responses.length]).toEqual([16, 16]);
    expect(compareRuns(a, b).firstDivergence).toBeNull();
  });

  it('a whole run is cut to what the partial one read; a whole run that ended first still differs', async () => {
    const whole = await digest('w', 30);
    const [a, b] = soFar(whole, await digest('p', 12), false, true);
    expect(a.responses).toHaveLength(12);
    expect(b.responses).toHaveLength(12);
    // A run that really ended (whole, 5 responses) before the partial one's 12: those are differences.
    const [c, d] = soFar(await digest('e', 5), await digest('q', 12), false, true);
    expect(c.responses).toHaveLength(5);
    expect(compareRuns(c, d).firstDivergence?.what).toMatch(/only B has response 6/);
  });

  it('leaves two whole runs as they are', async () => {
    const a = await digest('a', 3);
    const b = await digest('b', 4);
    expect(soFar(a, b, false, false)).toEqual([a, b]);
  });
});
