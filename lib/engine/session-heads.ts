import { sessionSpan, traceSessions } from '../trace/session-summary';
import type { Trace } from '../trace/model/types';
import type { SessionHead } from '../view/trace-summary';

// What names a session in the workbench (its title, the share dialog): its first main-thread prompt, start, end and
// duration, read with the rules of the library and `loupe stats --by session` (one code path: `traceSessions`, in
// `lib/trace/session-summary.ts`), so
// that all of them name a session alike.

/** Per session of the trace (in its order): its id, title, first prompt and span. */
export function sessionHeads(trace: Trace): SessionHead[] {
  const known = traceSessions(trace, () => '');
  return trace.sessions.map((s, i) => {
    const k = known.get(i);
    const span = k ? sessionSpan(k) : { start: null, end: null, durationMs: null };
    return {
      id: s.id,
      ...(s.title ? { title: s.title } : {}),
      ...(k?.firstPrompt !== undefined ? { firstPrompt: k.firstPrompt } : {}),
      ...span,
    };
  });
}

/**
 * The session the workbench is about: the one its first main file is named for (`<id>.jsonl`: a resumed session's
 * file starts with the earlier session's lines), else the first with a first prompt, else the first.
 */
export function headSession(trace: Trace, heads: readonly SessionHead[]): number | undefined {
  const named = trace.sources.find((s) => s.fileAgentId === undefined && s.fileSessionId !== undefined)?.fileSessionId;
  const byName = named === undefined ? -1 : heads.findIndex((h) => h.id === named);
  if (byName >= 0) return byName;
  const prompted = heads.findIndex((h) => h.firstPrompt !== undefined);
  if (prompted >= 0) return prompted;
  return heads.length > 0 ? 0 : undefined;
}
