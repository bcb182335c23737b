import type { TraceEvent } from '../types';
import type { Ctx } from './context';

/** Resumed and forked sessions copy earlier lines, uuid and all: the later copy is a replay, not new work. */
export function markReplays(ctx: Ctx): void {
  const firstByUuid = new Map<string, number>();
  const bySourcePair = new Map<string, { count: number; first: TraceEvent; original: TraceEvent }>();
  for (const e of ctx.events) {
    if (!e.uuid) continue;
    const prev = firstByUuid.get(e.uuid);
    if (prev === undefined) {
      firstByUuid.set(e.uuid, e.seq);
      continue;
    }
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
