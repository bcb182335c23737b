import type { TraceEvent } from '../types';
import type { Ctx } from './context';
import type { Response, ToolCall, Turn } from './types';

// One clock for the whole trace. A model call starts when its request went out: at the line it answers, the last
// prompt, tool result or model-call line (or SDK result/init frame) of the same agent before its own first line. It ends at its last line. Calls,
// tool calls and responses are numbered in start-time order across all agents, ties broken by file order; what has no
// timestamp takes the time of the line before it in its file, so it keeps its place among its neighbours.

/** Lines a request can answer or follow: the agent's prompts, tool results and model calls; in SDK streams also a
 *  `result` (the end of a query) and `init` (the start of the next one). */
function startsRequests(e: TraceEvent): boolean {
  return (
    e.kind === 'user' ||
    e.kind === 'tool-result' ||
    e.kind === 'assistant' ||
    e.kind === 'result' ||
    (e.kind === 'system' && e.subtype === 'init')
  );
}

/** The first line of a model call: its first assistant line or stream frame. */
export function turnFirstSeq(t: Turn): number {
  return Math.min(t.seqs[0] ?? Infinity, t.streamSeqs[0] ?? Infinity);
}

/**
 * Sets each call's `startSeq`, `startTime` and its one `durationMs` (request out to last line). Without a timestamped
 * line before it, the call starts at its own first line, and has a duration only when its lines span time.
 */
export function timeTurns(ctx: Ctx, turns: readonly Turn[]): void {
  // Per event seq: 1 + the index of the call whose first line it is; per agent: its last line that starts requests.
  const startsAt = new Int32Array(ctx.events.length);
  for (const t of turns) {
    const first = turnFirstSeq(t);
    if (Number.isFinite(first)) startsAt[first] = t.index + 1;
  }
  const lastLine = new Int32Array(ctx.agents.length).fill(-1);
  for (const e of ctx.events) {
    const agent = ctx.eventAgent[e.seq] ?? -1;
    const ti = (startsAt[e.seq] ?? 0) - 1;
    const t = ti >= 0 ? turns[ti] : undefined;
    if (t) {
      const prev = t.agent >= 0 ? (lastLine[t.agent] ?? -1) : -1;
      const prevTime = prev >= 0 ? ctx.events[prev]?.time : undefined;
      // A line stamped after the call's own first line cannot have started it (clocks of resumed files disagree).
      if (prevTime !== undefined && (t.firstTime === undefined || prevTime <= t.firstTime)) {
        t.startSeq = prev;
        t.startTime = prevTime;
      } else if (t.firstTime !== undefined) t.startTime = t.firstTime;
      if (
        t.startTime !== undefined &&
        t.lastTime !== undefined &&
        t.lastTime >= t.startTime &&
        (t.startSeq !== undefined || t.lastTime > t.startTime)
      ) {
        t.durationMs = t.lastTime - t.startTime;
      }
    }
    if (agent >= 0 && e.time !== undefined && startsRequests(e)) lastLine[agent] = e.seq;
  }
}

/**
 * Sort keys for items in file order: their time, or for those without one the time of the item before them in the
 * same file (the first untimed ones of a file take the file's first time; a file with none, the item before it).
 */
function clockKeys(items: readonly { readonly time: number | undefined; readonly source: number }[]): number[] {
  const keys: number[] = new Array<number>(items.length);
  const lastOfSource = new Map<number, number>();
  const firstOfSource = new Map<number, number>();
  for (const it of items)
    if (it.time !== undefined && !firstOfSource.has(it.source)) firstOfSource.set(it.source, it.time);
  let previous = -Infinity;
  items.forEach((it, i) => {
    const k = it.time ?? lastOfSource.get(it.source) ?? firstOfSource.get(it.source) ?? previous;
    keys[i] = k;
    lastOfSource.set(it.source, k);
    previous = k;
  });
  return keys;
}

/** Indexes of `items` (given in file order) in clock order: by key, ties by file order. */
function clockOrder(items: readonly { readonly time: number | undefined; readonly source: number }[]): number[] {
  const keys = clockKeys(items);
  const order = items.map((_, i) => i);
  // Items mostly come in clock order already: then the file order is the answer, without a sort's comparisons.
  return ascending(keys) ? order : order.sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0) || a - b);
}

/** Whether each number is at least the one before it. */
function ascending(xs: readonly number[]): boolean {
  for (let i = 1; i < xs.length; i++) if (!((xs[i] ?? 0) >= (xs[i - 1] ?? 0))) return false;
  return true;
}

/** The model calls renumbered in start-time order (they are built in file order); `eventTurn` follows. */
export function orderTurns(ctx: Ctx, built: readonly Turn[]): Turn[] {
  // Each call is made at its first line or frame, so they nearly always come in this order: sorted only if not.
  const firsts = built.map(turnFirstSeq);
  const byFile = ascending(firsts) ? [...built] : [...built].sort((a, b) => turnFirstSeq(a) - turnFirstSeq(b));
  const order = clockOrder(
    byFile.map((t) => ({ time: t.startTime, source: ctx.events[turnFirstSeq(t)]?.source ?? -1 })),
  );
  const renumber = new Int32Array(built.length).fill(-1);
  const out: Turn[] = [];
  for (const i of order) {
    const t = byFile[i];
    if (!t) continue;
    renumber[t.index] = out.length;
    t.index = out.length;
    out.push(t);
  }
  for (let q = 0; q < ctx.eventTurn.length; q++) {
    const old = ctx.eventTurn[q] ?? -1;
    if (old >= 0) ctx.eventTurn[q] = renumber[old] ?? -1;
  }
  return out;
}

/** Tool calls (collected call by call, block by block) renumbered by request time. */
export function orderToolCalls(ctx: Ctx, built: readonly ToolCall[]): ToolCall[] {
  const order = clockOrder(built.map((c) => ({ time: c.requestedAt, source: ctx.events[c.requestSeq]?.source ?? -1 })));
  const out: ToolCall[] = [];
  for (const i of order) {
    const c = built[i];
    if (!c) continue;
    c.index = out.length;
    out.push(c);
  }
  return out;
}

/** How many lines from the start of a response or lane its start (and a header's command) is read from. */
export const LEAD_LINES = 256;

/**
 * When a response or a lane started: the earliest time among its lines (those `owner` gives `index`) in its first
 * `LEAD_LINES` seqs from `first`. Not its first line's: a session file opens with untimed lines (file-history-snapshot,
 * summary), and Claude Code stamps a Caveat line after the command it comes before. The window keeps the cost of a
 * header bounded when its lines are spread thin among others'.
 */
export function leadTime(
  events: readonly TraceEvent[],
  owner: Int32Array,
  index: number,
  first: number,
  last: number,
): number | undefined {
  let time: number | undefined;
  const end = Math.min(last, first + LEAD_LINES);
  for (let q = Math.max(0, first); q <= end; q++) {
    if (owner[q] !== index) continue;
    const t = events[q]?.time;
    if (t !== undefined && (time === undefined || t < time)) time = t;
  }
  return time;
}

/** Responses (opened in file order, `startTime` set) in order of their start; returns old index → new index. */
export function responseOrder(ctx: Ctx, responses: readonly Response[]): number[] {
  return clockOrder(responses.map((r) => ({ time: r.startTime, source: ctx.events[r.firstSeq]?.source ?? -1 })));
}
