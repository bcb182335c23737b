import { commandOutput, summarize, toolCallsOf } from '../trace/describe';
import type { Agent, Response, Trace } from '../trace/model/types';
import type { TraceEvent } from '../trace/types';
import { LEAD_LINES, leadTime } from '../trace/model/clock';
import { costOf, DEFAULT_PRICES, type PriceTable } from '../trace/pricing/pricing';
import { agentNames } from '../trace/agent-names';
import { agentLabel } from '../trace/stats';
import { lowerBoundTurns } from '../trace/turns';
import { formatUsd, unpricedNote } from '../trace/money';
import { ROW_KINDS, type RowKind, type RowTable } from './rows';
import { compactNumber, formatDuration } from './format';
import { STEP_BACK_MS, eventTimeAbove } from './step-back';
import { rowThumb, type RowThumb } from './media-view';

export type BadgeKind =
  | 'tokens'
  | 'duration'
  | 'error'
  | 'denied'
  | 'incomplete'
  | 'mismatch'
  | 'interrupted'
  | 'result'
  | 'model'
  | 'agent'
  | 'cost'
  | 'copy'
  | 'info'
  | 'live';

export interface Badge {
  readonly kind: BadgeKind;
  readonly text: string;
  readonly title?: string;
}

/** What one timeline row shows: small and plain, so it can cross from the worker cheaply. */
export interface RowView {
  readonly row: number;
  readonly kind: RowKind;
  readonly depth: number;
  /** Event kind for event rows; the row kind otherwise. */
  readonly icon: string;
  readonly label: string;
  readonly seq?: number;
  readonly turn?: number;
  readonly response?: number;
  readonly agent?: number;
  /** A model call's row in a subagent's lane: the lane's name as its header shows it (`alice · Refactor helpers`).
   *  The sticky header says it, since the lane header has scrolled away. */
  readonly lane?: string;
  /** For header rows: the first event under them (what the details pane shows when the header is selected). */
  readonly firstSeq?: number;
  /** Milliseconds from the start of the trace. */
  readonly offsetMs?: number;
  /** An event row whose time is this many ms (≥ STEP_BACK_MS) earlier than the event row above it with a time: the
   *  timeline keeps the files' order, and the time column marks where its clock steps back. */
  readonly stepBackMs?: number;
  readonly badges: readonly Badge[];
  readonly expanded?: boolean;
  /** An event row whose line holds an image the page can show: the thumbnail it draws (decoded only in view). */
  readonly thumb?: RowThumb;
}

// The formatters the panes take from here (lib/view/format.ts).
export { compactNumber, formatDuration } from './format';

// One rule for dollars everywhere (lib/trace/money.ts); panes import it from here with the other formatters.
export { formatCost, formatCostBound, formatUsd, unpricedNote } from '../trace/money';

export function traceStart(trace: Trace): number | undefined {
  let start: number | undefined;
  for (const s of trace.sessions)
    if (s.firstTime !== undefined && (start === undefined || s.firstTime < start)) start = s.firstTime;
  return start;
}

function responseView(trace: Trace, r: number): { label: string; badges: Badge[]; time?: number } {
  const resp = trace.responses[r];
  if (!resp) return { label: '?', badges: [] };
  const badges: Badge[] = [];
  const result = resp.resultSeq === undefined ? undefined : trace.events[resp.resultSeq];
  if (result?.kind === 'result') {
    badges.push({
      kind: result.isError || result.subtype !== 'success' ? 'error' : 'result',
      text: result.subtype + (result.isError ? ' · is_error' : ''),
      title: 'the result frame of this response (subtype, is_error)',
    });
    if (result.numTurns !== undefined)
      badges.push({ kind: 'info', text: `num_turns ${result.numTurns}`, title: 'num_turns as reported by the result' });
  } else if (resp.end === 'interrupted')
    badges.push({
      kind: 'interrupted',
      text: 'interrupted',
      title: 'no result frame: the stream stopped before this response finished',
    });
  else
    badges.push({
      kind: 'info',
      text: resp.end === 'next-prompt' ? 'ended at next prompt' : 'end of file',
      title: 'session files have no result frames',
    });
  const prompt = resp.promptSeq === undefined ? undefined : trace.events[resp.promptSeq];
  const opener = prompt ?? leadCommand(trace, resp);
  const label = `Response ${r + 1}${opener ? ` · ${summarize(opener)}` : ''}`;
  badges.push({ kind: 'info', text: `${resp.turns.length} model call${resp.turns.length === 1 ? '' : 's'}` });
  return { label, badges, ...(resp.startTime !== undefined ? { time: resp.startTime } : {}) };
}

/** The first slash or `!` command among a response's opening lines: what names a response nobody typed a prompt for
 *  (`/context` or `! uv run ty check` before the first prompt). */
function leadCommand(trace: Trace, resp: Response): TraceEvent | undefined {
  const end = Math.min(resp.lastSeq, resp.firstSeq + LEAD_LINES);
  for (let q = resp.firstSeq; q <= end; q++) {
    if (trace.eventResponse[q] !== resp.index) continue;
    const e = trace.events[q];
    if (e?.kind === 'user' && e.role === 'command') return e;
  }
  return undefined;
}

/** The icon of an event's row: its kind, and for a user line that nobody typed as a prompt, what it is instead. */
export function eventIcon(e: TraceEvent): string {
  // An evaluation's glyph is its verdict: a check mark on a failed test reads as a pass.
  if (e.kind === 'eval') return e.passed === undefined ? 'eval' : e.passed ? 'eval-passed' : 'eval-failed';
  // So is a result frame's: one that ended in error (is_error, or an error_* subtype) is not drawn as a success.
  if (e.kind === 'result') return e.isError || e.subtype !== 'success' ? 'result-error' : 'result';
  if (e.kind !== 'user') return e.kind;
  switch (e.role) {
    case 'prompt':
    case 'queued':
      return 'user';
    case 'command':
      return commandOutput(e.text) === undefined ? 'command' : 'command-output';
    case 'meta':
      return 'user-meta';
    default:
      return e.role;
  }
}

const DURATION_TITLE =
  'from the line that started the request (the prompt, tool result or model call before it) to the call’s last line';

function turnView(trace: Trace, t: number, prices: PriceTable): { label: string; badges: Badge[] } {
  const turn = trace.turns[t];
  if (!turn) return { label: '?', badges: [] };
  const badges: Badge[] = [];
  if (turn.usage) {
    // A placeholder output (no message_delta; the result frame has the real figure): shown as a lower bound.
    const low = turn.counted && lowerBoundTurns(trace).has(turn.index) ? '≥ ' : '';
    badges.push({
      kind: 'tokens',
      text: `${compactNumber(turn.usage.input + turn.usage.cacheRead + turn.usage.cacheCreation)} in · ${low}${compactNumber(turn.usage.output)} out`,
      title: `input ${turn.usage.input}, cache read ${turn.usage.cacheRead}, cache write ${turn.usage.cacheCreation}, output ${turn.usage.output}${low ? ' (a placeholder: at least this; the result frame has the rest, booked as a reconciled row in Stats)' : ''}`,
    });
    if (turn.counted) {
      const cost = costOf(turn.usage, turn.model, prices);
      // An unpriced model's cost is unknown, never $0.00: a dash, the model named (a price file in Stats prices it).
      badges.push(
        cost.priced
          ? { kind: 'cost', text: `${low}${formatUsd(cost.usd)}` }
          : { kind: 'cost', text: '—', title: unpricedNote([turn.model ?? 'unknown model']) },
      );
    }
  }
  if (!turn.counted) badges.push({ kind: 'copy', text: 'not counted', title: turn.countRule });
  if (turn.stream?.verdict === 'incomplete')
    badges.push({ kind: 'incomplete', text: 'incomplete', title: turn.stream.detail });
  if (turn.stream?.verdict === 'mismatch')
    badges.push({ kind: 'mismatch', text: 'stream mismatch', title: turn.stream.detail });
  if (turn.durationMs !== undefined && turn.durationMs > 0)
    badges.push({ kind: 'duration', text: formatDuration(turn.durationMs), title: DURATION_TITLE });
  if (trace.agents[turn.agent]?.kind === 'compaction')
    badges.push({
      kind: 'info',
      text: 'compaction',
      title: 'the model call that summarized the conversation: billed, counted here',
    });
  const stop = turn.stream?.stopReason ?? turn.stopReason;
  const label = `Model call ${t + 1} · ${turn.model ?? 'unknown model'}${stop ? ` · ${stop}` : ''}`;
  return { label, badges };
}

function agentLinkBadge(a: Agent | undefined): Badge[] {
  if (!a) return [];
  if (a.kind === 'compaction')
    return a.spawnSeq === undefined ? [{ kind: 'info', text: 'compact_boundary not loaded' }] : [];
  return a.spawnCall === undefined ? [{ kind: 'info', text: 'spawning call not loaded' }] : [];
}

function eventBadges(trace: Trace, seq: number): Badge[] {
  const e = trace.events[seq];
  if (!e) return [];
  const badges: Badge[] = [];
  for (const ci of toolCallsOf(e, trace)) {
    const c = trace.toolCalls[ci];
    if (!c) continue;
    // A hook or progress line of a denied call says "denied" only when it is what denied it: a PreToolUse hook that
    // ran before the user rejected the call did not.
    const decider = c.decidedBy !== undefined ? c.evidence[c.decidedBy] : undefined;
    const ownsStatus = (e.kind !== 'hook' && e.kind !== 'progress') || decider?.seq === seq;
    if (c.permission === 'denied' && ownsStatus)
      badges.push({ kind: 'denied', text: 'denied', title: decider?.detail });
    if (e.kind === 'tool-result' && c.result?.seq === seq && c.result.isError && c.permission !== 'denied')
      badges.push({ kind: 'error', text: 'error' });
    if (e.kind === 'tool-result' && c.result?.seq === seq && c.requestedAt !== undefined && c.result.time !== undefined)
      badges.push({ kind: 'duration', text: formatDuration(c.result.time - c.requestedAt) });
    if (e.kind === 'assistant' && !c.result)
      badges.push({ kind: 'incomplete', text: 'no result', title: `${c.name} never got a tool_result` });
  }
  if (e.kind === 'assistant' && e.synthetic) badges.push({ kind: 'copy', text: 'synthetic' });
  if (trace.eventReplayOf[seq] !== -1)
    badges.push({ kind: 'copy', text: 'repeated uuid', title: 'a copy of a line already loaded from another file' });
  if (e.kind === 'result')
    badges.push({ kind: e.isError || e.subtype !== 'success' ? 'error' : 'result', text: e.subtype });
  if (e.kind === 'unknown') badges.push({ kind: 'info', text: 'raw' });
  if (e.kind === 'eval' && e.passed !== undefined)
    badges.push(
      e.passed ? { kind: 'result', text: 'passed' } : { kind: 'error', text: 'failed', title: e.testSummary },
    );
  if (e.kind === 'eval' && e.transportError)
    badges.push({ kind: 'error', text: 'transport error', title: e.transportError });
  // One "denied" a row: the line that denied its call (a permission_denied frame, a PreToolUse hook's deny) already
  // has it from the call above, and said again it read "denied denied".
  const saysDenied = badges.some((b) => b.kind === 'denied');
  if (e.kind === 'permission-denied' && !saysDenied) badges.push({ kind: 'denied', text: 'denied' });
  if (e.kind === 'hook' && e.decision && !(e.decision === 'deny' && saysDenied))
    badges.push({ kind: e.decision === 'deny' ? 'denied' : 'info', text: e.decision });
  if (e.kind === 'progress' && e.embedded)
    badges.push({ kind: 'copy', text: 'copy', title: 'agent_progress copy of a subagent message: never counted' });
  return badges;
}

/** The first event under a header row (what the details pane shows when it is selected), by the row's kind and ref. */
export function headerFirstSeq(trace: Trace, kind: RowKind, ref: number): number | undefined {
  switch (kind) {
    case 'response': {
      const r = trace.responses[ref];
      return r ? (r.promptSeq ?? r.firstSeq) : undefined;
    }
    case 'turn': {
      const t = trace.turns[ref];
      return t ? (t.seqs[0] ?? t.streamSeqs[0]) : undefined;
    }
    case 'agent': {
      const a = trace.agents[ref];
      return a && a.firstSeq >= 0 ? a.firstSeq : undefined;
    }
    case 'streams':
      return trace.turns[ref]?.streamSeqs[0];
    default:
      return undefined;
  }
}

/** The label of a lane's header row (see 'agent' below), or undefined for the main agent. */
function laneOf(trace: Trace, agent: number | undefined): string | undefined {
  const a = agent === undefined ? undefined : trace.agents[agent];
  if (!a || a.kind === 'main') return undefined;
  return agentLabel(trace, a.index);
}

/** Views of rows [start, end). */
export function rowViews(
  trace: Trace,
  rows: RowTable,
  start: number,
  end: number,
  expanded: ReadonlySet<number>,
  prices: PriceTable = DEFAULT_PRICES,
): RowView[] {
  const t0 = traceStart(trace);
  const out: RowView[] = [];
  let lastEventTime = start > 0 ? eventTimeAbove(trace, rows, Math.min(start, rows.length)) : undefined;
  for (let row = Math.max(0, start); row < Math.min(end, rows.length); row++) {
    const kind = ROW_KINDS[rows.kind[row] ?? 3] ?? 'event';
    const depth = rows.depth[row] ?? 0;
    const ref = rows.ref[row] ?? 0;
    switch (kind) {
      case 'response': {
        const v = responseView(trace, ref);
        const resp = trace.responses[ref];
        const firstTime = v.time;
        out.push({
          row,
          kind,
          depth,
          icon: 'response',
          label: v.label,
          response: ref,
          badges: v.badges,
          ...(resp ? { firstSeq: headerFirstSeq(trace, kind, ref) } : {}),
          ...(firstTime !== undefined && t0 !== undefined ? { offsetMs: firstTime - t0 } : {}),
        });
        break;
      }
      case 'turn': {
        const v = turnView(trace, ref, prices);
        const time = trace.turns[ref]?.startTime;
        const fs = headerFirstSeq(trace, kind, ref);
        const lane = laneOf(trace, trace.turns[ref]?.agent);
        out.push({
          row,
          kind,
          depth,
          icon: 'turn',
          label: v.label,
          turn: ref,
          badges: v.badges,
          ...(lane !== undefined ? { lane } : {}),
          ...(fs !== undefined ? { firstSeq: fs } : {}),
          ...(time !== undefined && t0 !== undefined ? { offsetMs: time - t0 } : {}),
        });
        break;
      }
      case 'agent': {
        const a = trace.agents[ref];
        const laneTime =
          a && a.firstSeq >= 0 ? leadTime(trace.events, trace.eventAgent, a.index, a.firstSeq, a.lastSeq) : undefined;
        const calls = trace.turns.filter((t) => t.agent === ref && t.counted).length;
        // The label names the lane; its type and id stay at hand beside it.
        const names = a && a.kind !== 'main' ? agentNames(trace, a) : undefined;
        const ids = names && names.description ? [names.type, names.shortId].filter(Boolean).join(' · ') : undefined;
        out.push({
          row,
          kind,
          depth,
          icon: 'agent',
          label: `${agentLabel(trace, ref)}${a?.kind === 'compaction' ? ' · the model call that wrote the summary' : ''}`,
          agent: ref,
          ...(a && a.firstSeq >= 0 ? { firstSeq: a.firstSeq } : {}),
          ...(laneTime !== undefined && t0 !== undefined ? { offsetMs: laneTime - t0 } : {}),
          badges: [
            { kind: 'agent', text: `${calls} model call${calls === 1 ? '' : 's'}` },
            ...(ids ? [{ kind: 'info' as const, text: ids, title: 'agent type and id' }] : []),
            ...agentLinkBadge(a),
          ],
        });
        break;
      }
      case 'streams': {
        const t = trace.turns[ref];
        const n = t?.streamSeqs.length ?? 0;
        const ss = headerFirstSeq(trace, kind, ref);
        out.push({
          row,
          kind,
          depth,
          icon: 'stream',
          ...(ss !== undefined ? { firstSeq: ss } : {}),
          label: `${n} stream event${n === 1 ? '' : 's'}${t?.stream ? ` · ${t.stream.deltaCount} deltas · ${t.stream.verdict}` : ''}`,
          turn: ref,
          badges: [],
          expanded: expanded.has(ref),
        });
        break;
      }
      case 'event': {
        const e = trace.events[ref];
        if (!e) break;
        const back = e.time !== undefined && lastEventTime !== undefined ? lastEventTime - e.time : 0;
        if (e.time !== undefined) lastEventTime = e.time;
        const thumb = rowThumb(e);
        out.push({
          row,
          kind,
          depth,
          icon: eventIcon(e),
          label: summarize(e),
          seq: ref,
          turn: trace.eventTurn[ref] ?? -1,
          badges: eventBadges(trace, ref),
          ...(e.time !== undefined && t0 !== undefined ? { offsetMs: e.time - t0 } : {}),
          ...(back >= STEP_BACK_MS ? { stepBackMs: back } : {}),
          ...(thumb ? { thumb } : {}),
        });
        break;
      }
    }
  }
  return out;
}
