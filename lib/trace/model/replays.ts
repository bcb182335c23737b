import type { TraceEvent } from '../types';
import { lineRef } from '../line-types';
import type { Ctx } from './context';
import { count } from '../text-order';

/** Resumed and forked sessions copy earlier lines, uuid and all: the later copy is a replay, not new work. */
export function markReplays(ctx: Ctx): void {
  const firstOf = firstOfEachUuid(ctx);
  const bySourcePair = new Map<string, { count: number; first: TraceEvent; original: TraceEvent }>();
  for (let i = 0; i < firstOf.length; i++) {
    const first = firstOf[i] ?? -1;
    if (first < 0) continue;
    const e = ctx.events[i];
    if (!e) continue;
    const prev = ctx.events[first]?.seq ?? first;
    ctx.eventReplayOf[e.seq] = prev;
    const original = ctx.events[prev];
    if (!original) continue;
    const key = `${e.source}|${original.source}`;
    const agg = bySourcePair.get(key);
    if (agg) agg.count += 1;
    else bySourcePair.set(key, { count: 1, first: e, original });
  }
  for (const { count: n, first, original } of bySourcePair.values()) {
    const a = ctx.sources[first.source]?.name ?? '?';
    const b = ctx.sources[original.source]?.name ?? '?';
    ctx.diags.push({
      code: 'repeated-uuid',
      severity: 'info',
      message: `${count(n, 'line')} of ${a} ${n === 1 ? 'repeats a uuid' : 'repeat uuids'} already seen in ${a === b ? 'the same file' : b} (first: line ${first.line} = line ${original.line}); counted once`,
      src: lineRef(first),
      seq: first.seq,
      consumesLine: false,
    });
  }
}

/**
 * Per event index: the index of the first event with the same uuid, when it is a later one (else -1). The uuids'
 * hashes are sorted (a stable radix sort, so equal hashes stay in event order) and only runs of equal hashes are
 * compared: a million uuids cost a few sequential passes over typed arrays, where a hash table's probes each missed
 * the cache (2.5x the time).
 */
function firstOfEachUuid(ctx: Ctx, keys: UuidKeys = uuidKeys(ctx)): Int32Array {
  const n = ctx.events.length;
  const uuids = ctx.uuids;
  const firstOf = new Int32Array(n).fill(-1);
  const index = new Int32Array(n);
  const hashes = new Uint32Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    if (!(uuids ? uuids.has(i) : ctx.events[i]?.uuid)) continue;
    index[m] = i;
    hashes[m] = keys.hash(i) >>> 0;
    m += 1;
  }
  const order = sortByHash(hashes, m);
  // The distinct uuids of a run of equal hashes (one, unless hashes collide): the first event of each.
  const distinct: number[] = [];
  for (let a = 0; a < m; ) {
    const h = hashes[order[a] ?? 0];
    let b = a + 1;
    while (b < m && hashes[order[b] ?? 0] === h) b += 1;
    if (b - a > LONG_RUN) {
      // Many uuids of one hash: crafted collisions, or a uuid copied many times. By the uuid itself, so that a file
      // made to collide costs a map lookup a line, not a comparison with every uuid before it.
      const firstOfUuid = new Map<string, number>();
      for (let x = a; x < b; x++) {
        const i = index[order[x] ?? 0] ?? 0;
        const uuid = keys.get(i) ?? '';
        const first = firstOfUuid.get(uuid);
        if (first === undefined) firstOfUuid.set(uuid, i);
        else firstOf[i] = first;
      }
    } else if (b - a > 1) {
      distinct.length = 0;
      for (let x = a; x < b; x++) {
        const i = index[order[x] ?? 0] ?? 0;
        const first = distinct.find((d) => keys.same(d, i));
        if (first === undefined) distinct.push(i);
        else firstOf[i] = first;
      }
    }
    a = b;
  }
  return firstOf;
}

/**
 * Positions `0..m-1` ordered by `hashes` (LSD radix sort, 11 bits a pass; stable). Each pass reads the hashes in the
 * order it moves them, beside their positions: sequential reads, where looking each hash up by position missed.
 */
function sortByHash(hashes: Uint32Array, m: number): Int32Array {
  let keys = hashes.slice(0, m);
  let from = new Int32Array(m);
  for (let i = 0; i < m; i++) from[i] = i;
  let keysTo = new Uint32Array(m);
  let to = new Int32Array(m);
  const counts = new Int32Array(2048);
  for (let shift = 0; shift < 32; shift += 11) {
    counts.fill(0);
    for (let i = 0; i < m; i++) {
      const k = ((keys[i] ?? 0) >>> shift) & 2047;
      counts[k] = (counts[k] ?? 0) + 1;
    }
    let sum = 0;
    for (let k = 0; k < 2048; k++) {
      const c = counts[k] ?? 0;
      counts[k] = sum;
      sum += c;
    }
    for (let i = 0; i < m; i++) {
      const h = keys[i] ?? 0;
      const k = (h >>> shift) & 2047;
      const at = counts[k] ?? 0;
      keysTo[at] = h;
      to[at] = from[i] ?? 0;
      counts[k] = at + 1;
    }
    [from, to] = [to, from];
    [keys, keysTo] = [keysTo, keys];
  }
  return from;
}

/** A run of equal hashes longer than this is sorted out by the uuids' strings (see `firstOfEachUuid`). */
const LONG_RUN = 16;

/** How the uuid of event `i` is hashed and compared: in the column when the events' uuids are kept there. */
interface UuidKeys {
  hash(i: number): number;
  same(i: number, j: number): boolean;
  get(i: number): string | undefined;
}

function uuidKeys(ctx: Ctx): UuidKeys {
  const uuids = ctx.uuids;
  if (uuids) return uuids;
  const events = ctx.events;
  return {
    hash: (i) => hashOf(events[i]?.uuid ?? ''),
    same: (i, j) => events[i]?.uuid === events[j]?.uuid,
    get: (i) => events[i]?.uuid,
  };
}

/** FNV-1a over the UTF-16 code units (as `UuidColumn.hash`). */
function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16_777_619);
  return h;
}

export const forTests = { firstOfEachUuid };
