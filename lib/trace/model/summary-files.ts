import { endOfSource, type Ctx } from './context';
import { uuidAt } from './uuids';

/**
 * Claude Code writes files of nothing but `summary` lines, each titling a branch of another session by its leaf
 * uuid. Such a file is not a session of its own: its lines join the session holding their leaf when it is loaded,
 * and otherwise the session of the nearest file before it (after it, when it is first). `sessionOfSource` gets
 * their session; the sources returned are those whose leaf is not loaded: their summary titles nothing.
 */
export function placeSummaryFiles(ctx: Ctx, sessionOfSource: Map<number, string>): ReadonlySet<number> {
  // Sources without a session id whose every line is a summary, with the leaf uuids they name.
  const leaves = new Map<number, string[]>();
  // Events are in source order: a source that has a session, or a line other than a summary, is skipped to its end
  // (most are, at their first line) instead of walking its every event.
  const events = ctx.events;
  for (let i = 0; i < events.length; ) {
    const e = events[i];
    if (!e) break;
    const s = e.source;
    if (sessionOfSource.has(s) || !(e.kind === 'meta' && e.metaType === 'summary')) {
      leaves.delete(s);
      i = endOfSource(events, i, s);
      continue;
    }
    const list = leaves.get(s) ?? [];
    if (e.leafUuid) list.push(e.leafUuid);
    leaves.set(s, list);
    i += 1;
  }
  const stray = new Set<number>();
  if (leaves.size === 0) return stray;
  const wanted = new Set([...leaves.values()].flat());
  const sessionOfUuid = new Map<string, string>();
  // The uuids are in the column when the load keeps them there (the browser and the CLI), else on the events.
  if (wanted.size > 0)
    ctx.events.forEach((e, i) => {
      const uuid = uuidAt(ctx.uuids, ctx.events, i);
      if (uuid && e.sessionId && wanted.has(uuid)) sessionOfUuid.set(uuid, e.sessionId);
    });
  const nearest = (source: number): string | undefined => {
    for (let i = source - 1; i >= 0; i--) if (sessionOfSource.has(i) && !leaves.has(i)) return sessionOfSource.get(i);
    for (let i = source + 1; i < ctx.sources.length; i++)
      if (sessionOfSource.has(i) && !leaves.has(i)) return sessionOfSource.get(i);
    return undefined;
  };
  for (const [source, uuids] of leaves) {
    const named = uuids.map((u) => sessionOfUuid.get(u)).find((s) => s !== undefined);
    const sid = named ?? nearest(source);
    // Alone, with no session to join, it stays its own.
    if (sid === undefined) continue;
    sessionOfSource.set(source, sid);
    if (named === undefined) stray.add(source);
  }
  return stray;
}
