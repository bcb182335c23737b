import { isEmptyTextLine } from '../trace/describe';
import type { Trace } from '../trace/model/types';
import type { TraceEvent } from '../trace/types';
import { CHIP_KEYS, chipCodes, zeroCounts, type ChipCounts, type ChipKey } from './chips';

// The timeline's rows: grouped by response and turn, subagents as indented lanes under the call that spawned them,
// stream events folded under their message. Stored as typed arrays so a million rows stay cheap.

export const ROW_RESPONSE = 0;
export const ROW_TURN = 1;
export const ROW_AGENT = 2;
export const ROW_EVENT = 3;
export const ROW_STREAMS = 4;

export type RowKind = 'response' | 'turn' | 'agent' | 'event' | 'streams';
export const ROW_KINDS: readonly RowKind[] = ['response', 'turn', 'agent', 'event', 'streams'];
/** The rows that head a group of events (all but event rows). */
export type HeaderKind = Exclude<RowKind, 'event'>;
export const isHeaderKind = (k: string | null | undefined): k is HeaderKind =>
  k !== 'event' && ROW_KINDS.some((r) => r === k);

export interface RowTable {
  readonly length: number;
  readonly kind: Uint8Array;
  readonly depth: Uint8Array;
  /** Event seq (event rows), response index, turn index (turn and streams rows) or agent index. */
  readonly ref: Int32Array;
  /** For each event seq: its row, or -1 when hidden (folded, filtered out, or under a chip that is off). */
  readonly rowOfSeq: Int32Array;
  /** With a filter: events it matches that stay hidden because their chip is off, per chip. Without one, when every
   *  line is hidden that way (a file of snapshots or summaries only): those lines, so an empty timeline says why. */
  readonly hiddenMatches?: ChipCounts;
  /** Events that pass the filter (all of them without one) and whose chip is on, whether their row is folded or not. */
  readonly matched: number;
}

export interface RowOptions {
  /** Turns whose stream events are unfolded. */
  readonly expanded?: ReadonlySet<number>;
  /** Only events passing this are shown (with their group headers); stream events are then shown one by one. */
  readonly filter?: (e: TraceEvent) => boolean;
  /** Chips that are on: lines under any other chip are hidden (see `chipOf`). None by default: the conversation. */
  readonly show?: ReadonlySet<ChipKey>;
}

class Builder {
  kind = new Uint8Array(1024);
  depth = new Uint8Array(1024);
  ref = new Int32Array(1024);
  length = 0;

  push(kind: number, depth: number, ref: number): number {
    if (this.length === this.kind.length) this.grow();
    this.kind[this.length] = kind;
    this.depth[this.length] = Math.min(depth, 255);
    this.ref[this.length] = ref;
    return this.length++;
  }

  private grow(): void {
    const n = this.kind.length * 2;
    const k = new Uint8Array(n);
    k.set(this.kind);
    const d = new Uint8Array(n);
    d.set(this.depth);
    const r = new Int32Array(n);
    r.set(this.ref);
    this.kind = k;
    this.depth = d;
    this.ref = r;
  }
}

function agentDepths(trace: Trace): Uint8Array {
  const depth = new Uint8Array(trace.agents.length);
  const visit = (i: number, guard: number): number => {
    const a = trace.agents[i];
    if (!a || a.kind === 'main' || guard > 32) return 0;
    const parent = a.spawnCall === undefined ? undefined : trace.toolCalls[a.spawnCall]?.agent;
    return parent === undefined ? 1 : visit(parent, guard + 1) + 1;
  };
  for (let i = 0; i < trace.agents.length; i++) depth[i] = visit(i, 0);
  return depth;
}

/** Lines whose chip is off (`off`), and how many events a filter (`pass`) matched: shown, and under each chip off. */
function chipsOff(
  trace: Trace,
  show: ReadonlySet<ChipKey>,
  pass: Uint8Array | undefined,
): { off: Uint8Array; hiddenCounts: ChipCounts; matched: number } {
  const n = trace.events.length;
  // Lines whose chip is off; a filter still counts its matches among them.
  const hiddenCode = Uint8Array.from([0, ...CHIP_KEYS.map((k) => (show.has(k) ? 0 : 1))]);
  const codes = chipCodes(trace);
  const off = new Uint8Array(n);
  const hiddenCounts = zeroCounts();
  let matched = 0;
  for (let q = 0; q < n; q++) {
    const code = codes[q] ?? 0;
    if (hiddenCode[code] !== 1) {
      if (!pass || pass[q] === 1) matched++;
      continue;
    }
    off[q] = 1;
    const k = CHIP_KEYS[code - 1];
    if (k && (!pass || pass[q] === 1)) hiddenCounts[k] += 1;
  }
  return { off, hiddenCounts, matched };
}

/**
 * Subagent transcripts from their own files, spliced in after the line that spawned them (`spliced`: spawning seq to
 * agents), with each lane's events (`lanes`, per agent). `laneAgent`, per agent: 2 when its events make a lane (a
 * subagent with its own id), 1 when they are left out of the main flow only (an empty id). Without lanes, no event is
 * walked for them.
 */
function agentLanes(trace: Trace): { spliced: Map<number, number[]>; lanes: number[][]; laneAgent: Uint8Array } {
  const spliced = new Map<number, number[]>();
  const lanes: number[][] = trace.agents.map(() => []);
  for (const a of trace.agents) {
    if (a.kind === 'main' || !a.agentId || a.spawnSeq === undefined) continue;
    const list = spliced.get(a.spawnSeq);
    if (list) list.push(a.index);
    else spliced.set(a.spawnSeq, [a.index]);
  }
  const laneAgent = Uint8Array.from(trace.agents, (a) =>
    a.kind === 'main' || a.agentId === undefined ? 0 : a.agentId ? 2 : 1,
  );
  const eventAgent = trace.eventAgent;
  if (laneAgent.includes(2))
    for (let q = 0; q < trace.events.length; q++) {
      const ai = eventAgent[q] ?? -1;
      if (laneAgent[ai] === 2) lanes[ai]?.push(q);
    }
  return { spliced, lanes, laneAgent };
}

/** Builds the rows of the timeline. */
export function buildRows(trace: Trace, opts: RowOptions = {}): RowTable {
  const b = new Builder();
  const n = trace.events.length;
  const rowOfSeq = new Int32Array(n).fill(-1);
  const depths = agentDepths(trace);
  const expanded = opts.expanded ?? new Set<number>();
  const filter = opts.filter;
  const pass = filter ? new Uint8Array(n) : undefined;
  if (filter && pass) for (const e of trace.events) pass[e.seq] = filter(e) ? 1 : 0;
  const { off, hiddenCounts, matched } = chipsOff(trace, opts.show ?? new Set<ChipKey>(), pass);
  const hiddenMatches = filter || matched === 0 ? hiddenCounts : undefined;
  const shown = (seq: number): boolean => off[seq] === 0 && (!pass || pass[seq] === 1);
  // A line holding only an empty text block folds into its model call, under a filter too, unless it is the one line
  // of that call the filter shows (`line:6` asks for it).
  const turnShowsMore = new Uint8Array(trace.turns.length);
  if (pass)
    for (let q = 0; q < n; q++) {
      const t = trace.eventTurn[q] ?? -1;
      const ev = trace.events[q];
      if (t >= 0 && ev && shown(q) && !isEmptyTextLine(ev)) turnShowsMore[t] = 1;
    }
  const foldsEmpty = (e: TraceEvent, t: number): boolean =>
    t >= 0 && isEmptyTextLine(e) && (!filter || turnShowsMore[t] === 1);

  const { spliced, lanes, laneAgent } = agentLanes(trace);
  const eventAgent = trace.eventAgent;
  const isLaneEvent = (seq: number): boolean => (laneAgent[eventAgent[seq] ?? -1] ?? 0) > 0;
  // A subagent whose lines sit in the main flow (an SDK stream's parent_tool_use_id) is named by a header row where
  // its rows begin, and again wherever they resume, as a lane from its own file is.
  const inlineAgent = Uint8Array.from(trace.agents, (a) => (a.kind !== 'main' && a.agentId === undefined ? 1 : 0));
  let lastAgent = -1;

  // Per turn: the row of its header, once pushed.
  const turnRow = new Int32Array(trace.turns.length).fill(-1);
  const foldedTurn = new Uint8Array(trace.turns.length);
  let pendingResponse = -1;
  let pendingResponseDepth = 0;

  const emitEvents = (seqs: Iterable<number>, baseDepth: number, guard: number): void => {
    for (const seq of seqs) {
      const e = trace.events[seq];
      if (!e) continue;
      // Without a filter, a model call whose lines are all under chips that are off still gets its header.
      if (pass ? pass[seq] === 0 || off[seq] === 1 : off[seq] === 1 && (trace.eventTurn[seq] ?? -1) < 0) {
        emitSpliced(seq, baseDepth, guard);
        continue;
      }
      const depth = baseDepth + (depths[trace.eventAgent[seq] ?? 0] ?? 0);
      if (pendingResponse >= 0) {
        b.push(ROW_RESPONSE, pendingResponseDepth, pendingResponse);
        pendingResponse = -1;
        lastAgent = -1;
      }
      const t = trace.eventTurn[seq] ?? -1;
      const ai = trace.eventAgent[seq] ?? 0;
      const pushes = (t >= 0 && turnRow[t] === -1) || (off[seq] === 0 && !foldsEmpty(e, t));
      if (pushes) {
        if (inlineAgent[ai] === 1 && ai !== lastAgent) b.push(ROW_AGENT, depth, ai);
        lastAgent = ai;
      }
      if (t >= 0 && turnRow[t] === -1) turnRow[t] = b.push(ROW_TURN, depth, t);
      // A line holding only an empty text block shows nothing: it folds into its model call (whose row it selects).
      if (foldsEmpty(e, t)) {
        rowOfSeq[seq] = turnRow[t] ?? -1;
        emitSpliced(seq, baseDepth, guard);
        continue;
      }
      if (off[seq] === 1) {
        emitSpliced(seq, baseDepth, guard);
        continue;
      }
      // A message's stream events sit under one fold row, which stays as the control when unfolded.
      const foldable = e.kind === 'stream' && t >= 0 && !filter;
      if (foldable && foldedTurn[t] === 0) {
        foldedTurn[t] = 1;
        b.push(ROW_STREAMS, depth + 1, t);
      }
      // Hooks and progress of a tool call sit indented under it.
      const folded = (e.kind === 'hook' || e.kind === 'progress') && (trace.eventCalls.get(seq)?.length ?? 0) > 0;
      if (!foldable || expanded.has(t))
        rowOfSeq[seq] = b.push(
          ROW_EVENT,
          e.kind === 'stream' ? depth + (foldable ? 2 : 1) : folded ? depth + 1 : depth,
          seq,
        );
      emitSpliced(seq, baseDepth, guard);
    }
  };

  const emitSpliced = (seq: number, baseDepth: number, guard: number): void => {
    const agents = spliced.get(seq);
    if (!agents || guard > 16) return;
    for (const ai of agents) {
      const lane = lanes[ai] ?? [];
      if (!filter || lane.some(shown)) {
        if (pendingResponse >= 0) {
          b.push(ROW_RESPONSE, pendingResponseDepth, pendingResponse);
          pendingResponse = -1;
        }
        b.push(ROW_AGENT, baseDepth + (depths[ai] ?? 1), ai);
        lastAgent = ai;
      }
      emitEvents(lane, baseDepth, guard + 1);
    }
  };

  for (const r of trace.responses) {
    pendingResponse = r.index;
    pendingResponseDepth = 0;
    const seqs: number[] = [];
    for (let q = r.firstSeq; q <= r.lastSeq; q++)
      if (trace.eventResponse[q] === r.index && !isLaneEvent(q)) seqs.push(q);
    emitEvents(seqs, 0, 0);
    // A response shows its header when something under it does (without a filter a model call's header always does):
    // a response of lines under chips that are off only (a file of snapshots or summaries) shows no empty header.
    pendingResponse = -1;
  }
  // Events in no response: subagent files whose spawning call was not loaded, and sessionless leftovers.
  for (const a of trace.agents) {
    if (a.kind === 'main' || !a.agentId || a.spawnSeq !== undefined) continue;
    const lane = lanes[a.index] ?? [];
    if (filter && !lane.some(shown)) continue;
    b.push(ROW_AGENT, 0, a.index);
    emitEvents(lane, 0, 0);
  }
  const rest: number[] = [];
  for (let q = 0; q < n; q++) if (trace.eventResponse[q] === -1 && !isLaneEvent(q)) rest.push(q);
  emitEvents(rest, 0, 0);

  return {
    length: b.length,
    kind: b.kind.subarray(0, b.length),
    depth: b.depth.subarray(0, b.length),
    ref: b.ref.subarray(0, b.length),
    rowOfSeq,
    matched,
    ...(hiddenMatches ? { hiddenMatches } : {}),
  };
}

/** The row of the turn header above a row (for sticky headers and `[` / `]`). */
export function turnRows(rows: RowTable): number[] {
  const out: number[] = [];
  for (let i = 0; i < rows.length; i++) if (rows.kind[i] === ROW_TURN || rows.kind[i] === ROW_RESPONSE) out.push(i);
  return out;
}
