import type { TraceEvent } from '../types';
import type { Ctx } from './context';

/** Resumed and forked sessions copy earlier lines, uuid and all: the later copy is a replay, not new work. */
export function markReplays(ctx: Ctx): void {
  const firstByUuid = new FirstSeen(ctx.events.length, uuidKeys(ctx));
  const bySourcePair = new Map<string, { count: number; first: TraceEvent; original: TraceEvent }>();
  const uuids = ctx.uuids;
  for (let i = 0; i < ctx.events.length; i++) {
    const e = ctx.events[i];
    if (!e || !(uuids ? uuids.has(i) : e.uuid)) continue;
    const first = firstByUuid.firstOrAdd(i);
    if (first < 0) continue;
    const prev = ctx.events[first]?.seq ?? first;
    ctx.eventReplayOf[e.seq] = prev;
    const original = ctx.events[prev];
    if (!original) continue;
    const key = `${e.src.source}|${original.src.source}`;
    const agg = bySourcePair.get(key);
    if (agg) agg.count += 1;
    else bySourcePair.set(key, { count: 1, first: e, original });
  }
  for (const { count, first, original } of bySourcePair.values()) {
    const a = ctx.sources[first.src.source]?.name ?? '?';
    const b = ctx.sources[original.src.source]?.name ?? '?';
    ctx.diags.push({
      code: 'repeated-uuid',
      severity: 'info',
      message: `${count} line(s) of ${a} repeat uuids already seen in ${a === b ? 'the same file' : b} (first: line ${first.src.line} = line ${original.src.line}); counted once`,
      src: first.src,
      seq: first.seq,
      consumesLine: false,
    });
  }
}

/** How the uuid of event `i` is hashed and compared: in the column when the events' uuids are kept there. */
interface UuidKeys {
  hash(i: number): number;
  same(i: number, j: number): boolean;
}

function uuidKeys(ctx: Ctx): UuidKeys {
  const uuids = ctx.uuids;
  if (uuids) return uuids;
  const events = ctx.events;
  return {
    hash: (i) => hashOf(events[i]?.uuid ?? ''),
    same: (i, j) => events[i]?.uuid === events[j]?.uuid,
  };
}

/**
 * The first event of each uuid: open addressing over an Int32Array, with each slot's hash beside it (in the same
 * array: one cache line read per probe), so that a probe compares uuids only when the hashes match. A million uuids
 * in a Map cost about five times as much (its entries are objects the collector walks).
 */
class FirstSeen {
  /** Per slot: the event index plus one (0: empty), then its uuid's hash. */
  private readonly table: Int32Array;
  private readonly mask: number;

  constructor(
    count: number,
    private readonly keys: UuidKeys,
  ) {
    let size = 16;
    while (size < count * 2) size *= 2;
    this.table = new Int32Array(size * 2);
    this.mask = size - 1;
  }

  /** The index of the first event with the uuid of event `index`, or -1 when this is the first (it is then recorded). */
  firstOrAdd(index: number): number {
    const h = this.keys.hash(index);
    const table = this.table;
    for (let at = h & this.mask; ; at = (at + 1) & this.mask) {
      const slot = table[at * 2] ?? 0;
      if (slot === 0) {
        table[at * 2] = index + 1;
        table[at * 2 + 1] = h;
        return -1;
      }
      if (table[at * 2 + 1] === h && this.keys.same(slot - 1, index)) return slot - 1;
    }
  }
}

/** FNV-1a over the UTF-16 code units (as `UuidColumn.hash`). */
function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16_777_619);
  return h;
}
