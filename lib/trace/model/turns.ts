import type { AssistantEvent, ContentBlock, StreamEvent, TraceEvent, Usage } from '../types';
import type { Ctx } from './context';
import { verdictOf, type StreamAccumulator } from './stream';
import {
  callKey,
  chooseCopy,
  isSameCall,
  sameLineKey,
  uncountedReason,
  usageErrorOf,
  type CallIdentity,
} from './calls';
import type { LooseCopy, Turn } from './types';

// Model calls (turns): split lines and stream events joined by message id, and the one usage copy that counts.

/**
 * The blocks a call holds, by what tells two apart: a tool_use by its id, a text or thinking block by its text. Each
 * kind has its own set keyed by the string itself: a key made per block (`text:` and the text) was a new string that
 * hashing copied whole, a text of up to 16 KB per block.
 */
interface BlockKeys {
  readonly tools: Set<string>;
  readonly texts: Set<string>;
  readonly thinking: Set<string>;
}

/** Whether the call holds a block like `b` already; if not, `b` is noted as held. */
function heldBefore(keys: BlockKeys, b: ContentBlock): boolean {
  switch (b.type) {
    case 'tool_use':
      return noted(keys.tools, b.id);
    case 'text':
      return noted(keys.texts, b.text);
    case 'thinking':
      return noted(keys.thinking, b.text);
    default:
      return false;
  }
}

function noted(set: Set<string>, key: string): boolean {
  if (set.has(key)) return true;
  set.add(key);
  return false;
}

const REPEATED_UUID = 'repeated uuid: a copy of a line already loaded';

interface TurnState {
  readonly turns: Turn[];
  readonly byMessage: Map<string, number[]>;
  /** Calls opened by a line with no message id, by that line's uuid (see `sameLineKey`). */
  readonly byLine: Map<string, Turn>;
  readonly looseCopies: LooseCopy[];
  /** The block keys of the call merged last: the lines of one call come one after another (one set, not one a line). */
  keys?: { readonly turn: Turn; readonly seen: BlockKeys };
}

function blockKeys(st: TurnState, turn: Turn): BlockKeys {
  if (st.keys?.turn === turn) return st.keys.seen;
  const seen: BlockKeys = { tools: new Set(), texts: new Set(), thinking: new Set() };
  for (const b of turn.blocks) heldBefore(seen, b);
  st.keys = { turn, seen };
  return seen;
}

function newTurn(
  ctx: Ctx,
  st: TurnState,
  e: TraceEvent,
  key: string,
  messageId: string | undefined,
  requestId: string | undefined,
): Turn {
  const turn: Turn = {
    index: st.turns.length,
    key,
    ...(messageId ? { messageId } : {}),
    ...(requestId ? { requestId } : {}),
    session: ctx.eventSession[e.seq] ?? 0,
    agent: ctx.eventAgent[e.seq] ?? 0,
    response: -1,
    seqs: [],
    streamSeqs: [],
    blocks: [],
    blockSeqs: [],
    copies: [],
    counted: true,
    countRule: 'one model call',
    synthetic: false,
    toolCalls: [],
    isSidechain: e.isSidechain === true,
  };
  st.turns.push(turn);
  if (messageId) {
    const list = st.byMessage.get(messageId);
    if (list) list.push(turn.index);
    else st.byMessage.set(messageId, [turn.index]);
  }
  return turn;
}

function touch(turn: Turn, e: TraceEvent): void {
  if (e.time === undefined) return;
  if (turn.firstTime === undefined || e.time < turn.firstTime) turn.firstTime = e.time;
  if (turn.lastTime === undefined || e.time > turn.lastTime) turn.lastTime = e.time;
}

/** Finds the model call an assistant line belongs to, or starts one. */
function turnForAssistant(ctx: Ctx, st: TurnState, e: AssistantEvent): Turn {
  if (!e.messageId) {
    const key = sameLineKey(e);
    const again = key === undefined ? undefined : st.byLine.get(key);
    if (again) return again;
    const turn = newTurn(ctx, st, e, `line:${e.seq}`, undefined, e.requestId);
    if (key !== undefined) st.byLine.set(key, turn);
    return turn;
  }
  // `findCall` over the calls of this message id, walked in place: no arrays made per line.
  const candidates = st.byMessage.get(e.messageId) ?? [];
  for (const ti of candidates) {
    const t = st.turns[ti];
    if (t && isSameCall(turnIdentity(t), e)) return t;
  }
  return newTurn(ctx, st, e, callKey(e.messageId, e.requestId, candidates.length), e.messageId, e.requestId);
}

/**
 * Line copies come first in `copies` while lines are merged (stream and progress copies are added after). Made per
 * line and candidate: a plain literal, not a spread.
 */
const turnIdentity = (t: Turn): CallIdentity => ({
  requestId: t.requestId,
  isSidechain: t.isSidechain,
  firstUsage: t.copies[0]?.usage,
});

function mergeAssistant(ctx: Ctx, st: TurnState, e: AssistantEvent): void {
  const turn = turnForAssistant(ctx, st, e);
  const replay = ctx.eventReplayOf[e.seq] !== -1;
  turn.seqs.push(e.seq);
  ctx.eventTurn[e.seq] = turn.index;
  touch(turn, e);
  if (e.model && !turn.model) turn.model = e.model;
  if (e.synthetic) turn.synthetic = true;
  if (e.stopReason) turn.stopReason = e.stopReason;
  if (e.numberErrors && turn.usageError === undefined) turn.usageError = usageErrorOf(e.line, e.numberErrors);
  if (!replay) {
    const seen = blockKeys(st, turn);
    for (const b of e.blocks) {
      if (heldBefore(seen, b)) continue;
      turn.blocks.push(b);
      turn.blockSeqs.push(e.seq);
    }
  }
  if (e.usage) {
    const sidechainReplay = e.requestId !== undefined && turn.requestId !== undefined && e.requestId !== turn.requestId;
    const rule = replay
      ? REPEATED_UUID
      : sidechainReplay
        ? '/btw sidechain replay of this message under another request id'
        : 'split line of this message id';
    turn.copies.push({ seq: e.seq, via: 'line', usage: e.usage, chosen: false, rule });
  }
}

export function buildTurns(ctx: Ctx, acc: StreamAccumulator): { turns: Turn[]; looseCopies: LooseCopy[] } {
  const st: TurnState = { turns: [], byMessage: new Map(), byLine: new Map(), looseCopies: [] };
  const turnOfStart = new Map<number, Turn>();
  const progressCopies: { seq: number; messageId?: string; usage: Usage }[] = [];
  for (const e of ctx.events) {
    if (e.kind === 'assistant') mergeAssistant(ctx, st, e);
    else if (e.kind === 'stream') placeStreamEvent(ctx, st, acc, turnOfStart, e);
    else if (e.kind === 'progress' && e.embedded?.usage) {
      progressCopies.push({
        seq: e.seq,
        ...(e.embedded.messageId ? { messageId: e.embedded.messageId } : {}),
        usage: e.embedded.usage,
      });
    }
  }
  acc.close();
  ctx.diags.push(...acc.diagnostics);
  for (const t of st.turns) {
    if (t.stream) verdictOf(t.stream, t.blocks, t.seqs.length > 0, ctx.opts);
  }
  acc.cutFragments(ctx.events);
  for (const p of progressCopies) {
    const rule = 'agent_progress copy of a subagent message: never counted';
    const ti = p.messageId ? st.byMessage.get(p.messageId)?.[0] : undefined;
    const t = ti === undefined ? undefined : st.turns[ti];
    if (t) t.copies.push({ seq: p.seq, via: 'progress', usage: p.usage, chosen: false, rule });
    else st.looseCopies.push({ seq: p.seq, ...(p.messageId ? { messageId: p.messageId } : {}), usage: p.usage, rule });
  }
  return { turns: st.turns, looseCopies: st.looseCopies };
}

/** Puts a stream event in the model call of its message (the accumulator already rebuilt its content). */
function placeStreamEvent(
  ctx: Ctx,
  st: TurnState,
  acc: StreamAccumulator,
  turnOfStart: Map<number, Turn>,
  e: StreamEvent,
): void {
  const start = acc.startOf(e.seq);
  if (start < 0) return;
  let turn = turnOfStart.get(start);
  if (!turn) {
    const id = e.messageId ?? `stream:${e.seq}`;
    const first = st.byMessage.get(id)?.[0];
    turn = (first === undefined ? undefined : st.turns[first]) ?? newTurn(ctx, st, e, `msg:${id}`, id, undefined);
    turnOfStart.set(start, turn);
    if (e.model && !turn.model) turn.model = e.model;
    const rebuild = acc.rebuilds.get(start);
    if (rebuild && !turn.stream) turn.stream = rebuild;
  }
  turn.streamSeqs.push(e.seq);
  ctx.eventTurn[e.seq] = turn.index;
  touch(turn, e);
}

/** A rule's words are one of a few: each said once, not once per copy (ten thousand copies kept as many strings). */
const keptRules: string[] = [];
const droppedRules = new Map<string, string>();

function keptRule(n: number): string {
  const said = keptRules[n];
  if (said !== undefined) return said;
  // Joined, not a template: one flat string, not a pair of pieces.
  const rule = ['kept: most output tokens of ', String(n), n === 1 ? ' copy' : ' copies'].join('');
  if (n < 256) keptRules[n] = rule;
  return rule;
}

/** Every rule a copy starts with is a constant of this file, so the words said here are few. */
function droppedRule(rule: string): string {
  let said = droppedRules.get(rule);
  if (said === undefined) droppedRules.set(rule, (said = ['dropped: ', rule].join('')));
  return said;
}

/**
 * Usage counts once per model call: the copy with the most output tokens wins (early split lines carry a
 * placeholder; stream `message_delta` usage is cumulative and is one more copy). Progress copies never count.
 */
export function chooseUsage(t: Turn): void {
  if (t.stream?.usage)
    t.copies.push({
      seq: t.stream.startSeq,
      via: 'stream',
      usage: t.stream.usage,
      chosen: false,
      rule: 'stream copy (message_start overlaid with message_delta)',
    });
  if (t.usageError === undefined && t.stream?.usageError !== undefined) t.usageError = t.stream.usageError;
  // Read before the rules are rewritten below ("kept: …" replaces what the kept copy was).
  const onlyRepeats =
    t.seqs.length > 0 && t.seqs.every((s) => t.copies.find((c) => c.seq === s)?.rule === REPEATED_UUID);
  const counting = t.copies.filter((c) => c.via !== 'progress');
  // A call with an unsound copy keeps none: which copy would have won cannot be known.
  const best = t.usageError === undefined ? chooseCopy(t.copies) : undefined;
  if (best) {
    best.chosen = true;
    best.rule = keptRule(counting.length);
    t.usage = best.usage;
  }
  for (const c of counting) if (c !== best) c.rule = droppedRule(c.rule);
  const uncounted = uncountedReason(t.synthetic, best !== undefined, t.usageError);
  if (uncounted) {
    t.counted = false;
    t.countRule = uncounted;
  } else if (onlyRepeats) {
    t.countRule = 'only copies of lines from another file; counted once here';
  }
}
