import { describe, expect, it } from 'vitest';
import { loadTrace } from '../engine/load';
import { memorySource } from '../engine/source';
import { compareRuns, differences, digestOf, type Comparison } from './index';
import { runText, type ResponseSpec } from './testing/runs';

async function digest(tag: string, responses: readonly ResponseSpec[]) {
  const trace = await loadTrace([memorySource(`${tag}.jsonl`, runText(tag, responses))]);
  return digestOf(trace, `${tag}.jsonl`);
}

async function compare(a: readonly ResponseSpec[], b: readonly ResponseSpec[]): Promise<Comparison> {
  return compareRuns(await digest('a', a), await digest('b', b));
}

const read = (path: string) => ({ name: 'Read', input: { file_path: path } });
const bash = (command: string, error = false) => ({ name: 'Bash', input: { command }, error });

const TASK: ResponseSpec[] = [
  {
    prompt: 'fix the failing test',
    calls: [
      read('/repo/a.ts'),
      bash('npm test'),
      { name: 'Edit', input: { file_path: '/repo/a.ts', old_string: 'x', new_string: 'y' } },
    ],
  },
  { prompt: 'now commit', calls: [bash('git commit -am fix')] },
];

const marks = (c: Comparison) => c.responses.map((r) => [r.mark, r.calls.map((p) => p.mark).join(',')]);

describe('compareRuns', () => {
  it('finds no divergence between identical runs, every pair the same and every delta zero', async () => {
    const c = await compare(TASK, TASK);
    expect(marks(c)).toEqual([
      ['same', 'same,same,same'],
      ['same', 'same'],
    ]);
    expect(c.firstDivergence).toBeNull();
    expect(c.responses.map((r) => r.by)).toEqual(['prompt', 'prompt']);
    expect(c.totals.delta).toMatchObject({
      modelCalls: 0,
      input: 0,
      output: 0,
      computedUsd: 0,
      toolCalls: 0,
      toolErrors: 0,
    });
    expect(c.totals.a.modelCalls).toBe(6);
    expect(c.totals.a.toolCalls).toBe(4);
  });

  it('marks an inserted call as only in B, keeps the calls around it the same, and points at it first', async () => {
    const b: ResponseSpec[] = [
      { ...TASK[0]!, calls: [read('/repo/a.ts'), read('/repo/b.ts'), ...TASK[0]!.calls.slice(1)] },
      TASK[1]!,
    ];
    const c = await compare(TASK, b);
    expect(marks(c)).toEqual([
      ['changed', 'same,only-b,same,same'],
      ['same', 'same'],
    ]);
    expect(c.firstDivergence).toMatchObject({ pair: 0, call: 1 });
    expect(c.firstDivergence?.what).toBe('response A1 / B1: B calls Read #2 where A does not');
    // One more call: one more model call, its tokens and its cost, in this response and in total.
    expect(c.responses[0]?.delta).toMatchObject({ modelCalls: 1, toolCalls: 1, output: 100, input: 10 });
    expect(c.responses[0]?.delta.computedUsd).toBeGreaterThan(0);
    expect(c.totals.delta.modelCalls).toBe(1);
  });

  it('pairs the same tool with another input as changed, and an error outcome as changed too', async () => {
    const b: ResponseSpec[] = [
      { ...TASK[0]!, calls: [read('/repo/a.ts'), bash('npm test -- --run'), TASK[0]!.calls[2]!] },
      { prompt: 'now commit', calls: [bash('git commit -am fix', true)] },
    ];
    const c = await compare(TASK, b);
    expect(marks(c)).toEqual([
      ['changed', 'same,changed,same'],
      ['changed', 'changed'],
    ]);
    expect(c.responses[0]?.calls[1]).toMatchObject({ a: 1, b: 1, why: 'input' });
    expect(c.responses[1]?.calls[0]).toMatchObject({ why: 'outcome ok → error' });
    expect(c.firstDivergence?.what).toBe('response A1 / B1: Bash #2 vs Bash #2, the input differs');
    expect(c.totals.delta.toolErrors).toBe(1);
    expect(differences(c.responses)).toEqual([
      { pair: 0, call: 1 },
      { pair: 1, call: 0 },
    ]);
  });

  it('matches input whatever the order of its keys or its whitespace', async () => {
    const a: ResponseSpec[] = [
      { prompt: 'p', calls: [{ name: 'Grep', input: { pattern: 'foo  bar', path: '/repo' } }] },
    ];
    const b: ResponseSpec[] = [
      { prompt: 'p', calls: [{ name: 'Grep', input: { path: '/repo', pattern: 'foo bar ' } }] },
    ];
    expect((await compare(a, b)).firstDivergence).toBeNull();
  });

  it('aligns responses by prompt text across an inserted prompt, and by position where prompts differ', async () => {
    const b: ResponseSpec[] = [TASK[0]!, { prompt: 'also run lint', calls: [bash('npm run lint')] }, TASK[1]!];
    const c = await compare(TASK, b);
    expect(c.responses.map((r) => [r.a, r.b, r.mark, r.by])).toEqual([
      [0, 0, 'same', 'prompt'],
      [undefined, 1, 'only-b', 'one side'],
      [1, 2, 'same', 'prompt'],
    ]);
    expect(c.firstDivergence).toEqual({ pair: 1, what: 'only B has response 2 ("also run lint")' });
    expect(c.responses[1]?.calls.map((p) => p.mark)).toEqual(['only-b']);

    const other = await compare(TASK, [{ ...TASK[0]!, prompt: 'please fix the failing test' }, TASK[1]!]);
    expect(other.responses.map((r) => [r.a, r.b, r.mark, r.by])).toEqual([
      [0, 0, 'changed', 'position'],
      [1, 1, 'same', 'prompt'],
    ]);
    expect(other.firstDivergence?.what).toMatch(/^response A1 \/ B1: the prompts differ/);
    expect(other.firstDivergence?.call).toBeUndefined();
  });

  it('compares against an empty side: every response only in A, the deltas A taken away', async () => {
    const c = await compare(TASK, []);
    expect(c.responses.map((r) => [r.a, r.b, r.mark])).toEqual([
      [0, undefined, 'only-a'],
      [1, undefined, 'only-a'],
    ]);
    expect(c.responses[0]?.calls.map((p) => p.mark)).toEqual(['only-a', 'only-a', 'only-a']);
    expect(c.firstDivergence?.what).toBe('only A has response 1 ("fix the failing test")');
    // Each missing response is one difference, however many calls it made.
    expect(differences(c.responses)).toEqual([{ pair: 0 }, { pair: 1 }]);
    expect(c.totals.delta.modelCalls).toBe(-6);
    expect(c.totals.b.modelCalls).toBe(0);
  });

  it('leaves a cost delta unknown when a side has a model without a price', async () => {
    const a = await digest('a', TASK);
    const trace = await loadTrace([memorySource('b.jsonl', runText('b', TASK, { model: 'some-unknown-model' }))]);
    const c = compareRuns(a, digestOf(trace, 'b.jsonl'));
    expect(c.totals.b.unpriced).toEqual(['some-unknown-model']);
    expect(c.totals.delta.computedUsd).toBeNull();
    expect(c.responses[0]?.delta.computedUsd).toBeNull();
  });
});
