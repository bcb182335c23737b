import type { TraceEvent } from '../types';
import type { Ctx } from './context';

/** Resumed and forked sessions copy earlier lines, uuid and all: the later copy is a replay, not new work. */
export function markReplays(ctx: Ctx): void {
  const firstByUuid = new FirstSeen(ctx.events);
  const bySourcePair = new Map<string, { count: number; first: TraceEvent; original: TraceEvent }>();
  for (let i = 0; i < ctx.events.length; i++) {
    const e = ctx.events[i];
    if (!e?.uuid) continue;
    const first = firstByUuid.firstOrAdd(e.uuid, i);
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

/**
 * The first event of each uuid: open addressing over an Int32Array, the uuid's own string compared on a hash
 * match. A million uuids in a Map cost about five times as much (its entries are objects the collector walks).
 */
class FirstSeen {
  private readonly table: Int32Array;
  private readonly mask: number;

  constructor(private readonly events: readonly TraceEvent[]) {
    let size = 16;
    while (size < events.length * 2) size *= 2;
    this.table = new Int32Array(size);
    this.mask = size - 1;
  }

  /** The index of the first event with this uuid, or -1 when this is the first (it is then recorded as `index`). */
  firstOrAdd(uuid: string, index: number): number {
    // FNV-1a over the UTF-16 code units.
    let h = 0x811c9dc5;
    for (let i = 0; i < uuid.length; i++) h = Math.imul(h ^ uuid.charCodeAt(i), 16_777_619);
    for (let at = h & this.mask; ; at = (at + 1) & this.mask) {
      const slot = this.table[at] ?? 0;
      if (slot === 0) {
        this.table[at] = index + 1;
        return -1;
      }
      if (this.events[slot - 1]?.uuid === uuid) return slot - 1;
    }
  }
}
