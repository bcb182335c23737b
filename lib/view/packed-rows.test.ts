import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, transcriptFiles } from '../../test/repo-files';
import { findFiles, inputsOf } from '../cli/files';
import { loadTrace } from '../engine/load';
import { memorySource } from '../engine/source';
import { generateLines } from '../../bench/generate';
import { packRows, rowsOf, unpackRows, unpackSlices, UNPACK_SLICE_ROWS } from './packed-rows';
import { computeStatsView, packStatsView, unpackStatsView } from './stats-view';

/** What the page receives: the packed view after a structured clone, as postMessage copies it. */
const carried = <T>(v: T): T => structuredClone(v);

describe('rows packed as columns', () => {
  it('give back every row key for key: absent keys, mixed kinds, -0, NaN, arrays', () => {
    const rows = [
      { a: 1, s: 'x', b: true, o: [1, 2], m: 1, u: undefined },
      { a: -0, b: false, m: 'one', late: 'only here' },
      { a: Number.NaN, s: 'x', o: { k: 'v' }, m: null },
      { s: '', b: true, a: Number.MAX_SAFE_INTEGER + 2 },
    ];
    const back = unpackRows(carried(packRows(rows)));
    expect(back).toEqual(rows);
    expect(Object.is(back[1]?.a, -0)).toBe(true);
    expect('b' in (back[2] ?? {})).toBe(false);
    expect(back[2]?.m).toBeNull();
    expect(back[0]?.o).toEqual([1, 2]);
  });

  it('hold numbers, strings and booleans as typed arrays and each distinct string once', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ n: i, model: i % 2 ? 'opus' : 'haiku', ok: i % 3 === 0 }));
    const packed = packRows(rows);
    const kinds = Object.fromEntries(packed.columns.map((c) => [c.key, c.kind]));
    expect(kinds).toEqual({ n: 'number', model: 'string', ok: 'boolean' });
    const model = packed.columns.find((c) => c.key === 'model');
    expect(model?.kind === 'string' ? model.table : undefined).toEqual(['haiku', 'opus']);
    expect(unpackRows(packed)).toEqual(rows);
  });

  it('an empty list stays empty', () => {
    expect(unpackRows(carried(packRows([])))).toEqual([]);
  });

  it('the Stats view of every fixture and sample comes back as the worker computed it', async () => {
    const files = transcriptFiles();
    expect(files.length).toBeGreaterThan(20);
    let rows = 0;
    for (const f of files) {
      const trace = await loadTrace(inputsOf(await findFiles([path.join(REPO_ROOT, f)])));
      const view = computeStatsView(trace);
      const back = unpackStatsView(carried(packStatsView(view)));
      expect(back, f).toEqual(view);
      rows += view.turns.length + view.waterfall.length + view.responses.length;
    }
    expect(rows).toBeGreaterThan(500);
  });

  it.each(['claude-code', 'sdk-stream'] as const)('and of a generated %s session', async (dialect) => {
    const text = [...generateLines({ dialect, targetBytes: 2_000_000, seed: 7 })].join('\n');
    const view = computeStatsView(await loadTrace([memorySource('gen.jsonl', text)]));
    // (the generated stream has no timestamps, so no waterfall)
    expect(view.turns.length).toBeGreaterThan(50);
    expect(view.waterfall.length).toBeGreaterThanOrEqual(dialect === 'claude-code' ? 50 : 0);
    expect(unpackStatsView(carried(packStatsView(view)))).toEqual(view);
  });

  it('makes the rows of several lists a slice a task, as unpackRows does, for rowsOf to find', () => {
    const list = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => ({ i, tag, ...(i % 3 === 0 ? { odd: true } : {}) }));
    const given = [list(UNPACK_SLICE_ROWS * 2 + 17, 'a'), list(0, 'b'), list(UNPACK_SLICE_ROWS - 5, 'c')];
    const packed = given.map((rows) => carried(packRows(rows)));
    const tasks: (() => void)[] = [];
    let done = 0;
    unpackSlices(
      packed,
      (run) => tasks.push(run),
      () => (done += 1),
    );
    let slices = 1;
    while (tasks.length > 0) {
      tasks.shift()?.();
      slices += 1;
    }
    expect(done).toBe(1);
    // Rows in all: 3 slices and 12 of a fourth; a slice never makes more than UNPACK_SLICE_ROWS.
    expect(slices).toBe(4);
    packed.forEach((p, k) => expect(rowsOf(p)).toEqual(given[k]));
    // Made once: rowsOf gives the rows the slices made, and a second run has nothing left to make.
    expect(rowsOf(packed[0] as (typeof packed)[0])).toBe(rowsOf(packed[0] as (typeof packed)[0]));
    let again = 0;
    unpackSlices(
      packed,
      () => {
        throw new Error('no slice left to run');
      },
      () => (again += 1),
    );
    expect(again).toBe(1);
  });

  it('goes on with the next list when one was read between two of its slices', () => {
    const a = Array.from({ length: UNPACK_SLICE_ROWS * 2 }, (_, i) => ({ i, tag: 'a' }));
    const b = Array.from({ length: 10 }, (_, i) => ({ i, tag: 'b' }));
    const packed = [carried(packRows(a)), carried(packRows(b))];
    const tasks: (() => void)[] = [];
    unpackSlices(
      packed,
      (run) => tasks.push(run),
      () => undefined,
    );
    // Half of the first list made; a component reads it whole now.
    expect(rowsOf(packed[0] as (typeof packed)[0])).toEqual(a);
    while (tasks.length > 0) tasks.shift()?.();
    expect(rowsOf(packed[1] as (typeof packed)[1])).toEqual(b);
  });

  it('stops between slices when told', () => {
    const packed = carried(packRows(Array.from({ length: UNPACK_SLICE_ROWS * 3 }, (_, i) => ({ i }))));
    const tasks: (() => void)[] = [];
    let done = 0;
    const stop = unpackSlices(
      [packed],
      (run) => tasks.push(run),
      () => (done += 1),
    );
    stop();
    while (tasks.length > 0) tasks.shift()?.();
    expect(done).toBe(0);
  });
});
