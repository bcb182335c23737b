// The lists an adapter gives an event are kept as long as the trace: each has room for its items only.
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { blocksFrom, DEFAULT_NORMALIZE, userContentFrom } from './common';
import type { RawBlock } from './schemas';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** The heap the lists under `key` keep beyond copies of each made to its size: the room they were left with. */
function spareRoom<K extends string>(holders: Record<K, readonly unknown[]>[], key: K): number {
  settle();
  const made = process.memoryUsage().heapUsed;
  for (const h of holders) h[key] = h[key].slice();
  settle();
  return made - process.memoryUsage().heapUsed;
}

/** Two full collections: what the first leaves to be freed later (weak references, finalizers) is freed by the
 *  second, not between the two measures (a failure seen once in a full run, with 0.4 MB to spare). */
function settle(): void {
  gc();
  gc();
}

const n = 20_000;

describe('lists kept with events', () => {
  it("a message's blocks", () => {
    const raws = Array.from({ length: n }, (_, i) => JSON.parse(`[{"type":"text","text":"block ${i}"}]`) as RawBlock[]);
    const events = raws.map((r) => ({ blocks: blocksFrom(r, DEFAULT_NORMALIZE, 'message.content') }));
    expect(
      events.every(({ blocks: l }, i) => l.length === 1 && l[0]?.type === 'text' && l[0].text === `block ${i}`),
    ).toBe(true);
    // A list of one grown by `push` has room for 17: 128 bytes more in Node, 2.5 MB on these.
    expect(spareRoom(events, 'blocks')).toBeLessThan(n * 20);
  });

  it("a user line's tool results and media", () => {
    const raws = Array.from(
      { length: n },
      (_, i) =>
        JSON.parse(
          `[{"type":"tool_result","tool_use_id":"toolu_${i}","content":"ok"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0KGgo="}}]`,
        ) as RawBlock[],
    );
    const contents = raws.map((r) => userContentFrom(r, DEFAULT_NORMALIZE));
    expect(contents.every((c, i) => c.results[0]?.toolUseId === `toolu_${i}` && c.media.length === 1)).toBe(true);
    expect(spareRoom(contents, 'results')).toBeLessThan(n * 20);
    expect(spareRoom(contents, 'media')).toBeLessThan(n * 20);
  });
});
