import { describe, expect, it } from 'vitest';
import { LiveSources } from '../../engine/live';
import { loadTrace } from '../../engine/load';
import { memorySource } from '../../engine/source';
import { cc, jsonl, text } from '../testing/builders';
import { UuidColumn, eventUuid, withEventUuids } from './uuids';

describe('UuidColumn', () => {
  it('gives back each uuid as it was set, narrow, wide or long, and none where none was set', () => {
    const col = new UuidColumn();
    const long = 'x'.repeat(300);
    col.set(0, '7d0c9a2e-0000-4000-8000-000000000001');
    col.set(2, 'r-1');
    col.set(3, 'ünïcødé-✓');
    col.set(5000, long);
    expect([0, 1, 2, 3, 4, 5000, 5001].map((i) => col.get(i))).toEqual([
      '7d0c9a2e-0000-4000-8000-000000000001',
      undefined,
      'r-1',
      'ünïcødé-✓',
      undefined,
      long,
      undefined,
    ]);
    expect([0, 1, 3, 5000].map((i) => col.has(i))).toEqual([true, false, true, true]);
    // Set again: the new one wins, in whichever store it goes.
    col.set(3, 'plain');
    col.set(2, 'wide-✓');
    expect([col.get(2), col.get(3)]).toEqual(['wide-✓', 'plain']);
  });

  it('compares and hashes without making strings, equal exactly when the uuids are', () => {
    const col = new UuidColumn();
    const ids = ['a-1', 'a-2', 'a-1', 'a-10', 'wide-✓', 'wide-✓', ''];
    ids.forEach((id, i) => (id ? col.set(i, id) : undefined));
    for (let i = 0; i < 6; i++)
      for (let j = 0; j < 6; j++) {
        expect(col.same(i, j)).toBe(ids[i] === ids[j]);
        if (ids[i] === ids[j]) expect(col.hash(i)).toBe(col.hash(j));
      }
    expect(col.same(0, 6)).toBe(false);
  });

  it('keeps a uuid set from its bytes as the same uuid set as a string: got, compared, hashed, set over', () => {
    const bytes = new TextEncoder().encode('{"uuid":"st-42","x":"7d0c9a2e-0000-4000-8000-000000000001"}');
    const col = new UuidColumn();
    col.set(0, 'wide-✓');
    col.setBytes(0, bytes, 9, 5);
    col.set(1, 'st-42');
    col.setBytes(3000, bytes, 21, 36);
    expect([col.get(0), col.get(1), col.get(3000), col.get(2)]).toEqual([
      'st-42',
      'st-42',
      '7d0c9a2e-0000-4000-8000-000000000001',
      undefined,
    ]);
    expect(col.same(0, 1)).toBe(true);
    expect(col.hash(0)).toBe(col.hash(1));
    expect(col.same(0, 3000)).toBe(false);
    // Longer than a length byte holds, or empty: kept as `set` keeps them.
    const long = new TextEncoder().encode('u'.repeat(300));
    col.setBytes(7, long, 0, 300);
    col.setBytes(8, long, 0, 0);
    col.set(9, '');
    expect([col.get(7), col.get(8), col.has(8)]).toEqual(['u'.repeat(300), '', col.has(9)]);
  });

  it('copies between columns, including none over an earlier one', () => {
    const a = new UuidColumn();
    a.set(0, 'one');
    a.set(2, 'thr✓e');
    const b = new UuidColumn();
    b.set(1, 'stale');
    for (let i = 0; i < 3; i++) b.copy(a, i, i);
    expect([0, 1, 2].map((i) => b.get(i))).toEqual(['one', undefined, 'thr✓e']);
  });
});

describe('uuids kept off the events', () => {
  it('a resumed session repeating uuids is marked the same as when the events keep their uuids', async () => {
    const old = [
      cc.prompt('hi', { uuid: 'p1', session: 'A' }),
      cc.assistant('msg_o', [text('hello')], { input: 10, output: 1 }, { uuid: 'a1', session: 'A' }),
    ];
    const files = [
      ['p/A.jsonl', jsonl(old)],
      ['p/B.jsonl', jsonl([...old, cc.prompt('more', { uuid: 'p2', session: 'B' })])],
    ] as const;
    const inputs = files.map(([n, t]) => memorySource(n, new TextEncoder().encode(t)));
    const live = (await new LiveSources().load(inputs, false)).trace;
    const oneShot = await loadTrace(inputs);
    expect([...live.eventReplayOf]).toEqual([...oneShot.eventReplayOf]);
    expect([...live.eventReplayOf].filter((s) => s >= 0)).toHaveLength(2);
    // Only an assistant line keeps its own; every uuid is there to ask for.
    expect(live.events.map((e) => e.uuid)).toEqual([undefined, 'a1', undefined, 'a1', undefined]);
    expect(live.events.map((_, i) => eventUuid(live, i))).toEqual(['p1', 'a1', 'p1', 'a1', 'p2']);
    expect(withEventUuids(live)).toEqual(oneShot);
  });
});
