import { clampDeep, type NormalizeOptions } from '../adapters/common';
import { lineRef } from '../line-types';
import type { ContentBlock, Diagnostic, StreamEvent, TraceEvent, Usage } from '../types';
import { usageErrorOf } from './calls';
import type { RebuiltBlock, StreamRebuild } from './types';
import { count } from '../text-order';

/** V8 cuts a string of this many characters or more as a reference into the one it is cut from. */
const SLICE_MIN = 13;

// Rebuilds a message from its stream_event deltas, by content block index (never arrival order), following the
// accumulation rules of the Anthropic SDK's MessageStream (FORMATS.md §1.3).

export function startStream(e: StreamEvent, messageId: string): StreamRebuild {
  const s: StreamRebuild = {
    messageId,
    startSeq: e.seq,
    deltaCount: 0,
    blocks: [],
    verdict: 'incomplete',
    eventsAfterStop: 0,
    ...(e.time !== undefined ? { startTime: e.time } : {}),
    ...(e.ttftMs !== undefined ? { ttftMs: e.ttftMs } : {}),
  };
  // message_start may arrive with content already filled in: assign those by index too.
  (e.blocks ?? []).forEach((b, i) => setBlock(s, i, b));
  if (e.usage) s.usage = overlay(undefined, e.usage);
  if (e.numberErrors) s.usageError = usageErrorOf(e.line, e.numberErrors);
  return s;
}

function emptyBlock(index: number): RebuiltBlock {
  return { index, type: 'text', text: '', inputJson: '', hasSignature: false, stopped: false };
}

function setBlock(s: StreamRebuild, index: number, b: ContentBlock): void {
  const block = emptyBlock(index);
  block.type = b.type;
  if (b.type === 'text' || b.type === 'thinking') block.text = b.text;
  if (b.type === 'thinking') block.hasSignature = b.hasSignature;
  if (b.type === 'tool_use') {
    block.id = b.id;
    block.name = b.name;
    block.type = b.server ? 'server_tool_use' : 'tool_use';
  }
  s.blocks[index] = block;
}

function blockAt(s: StreamRebuild, index: number): RebuiltBlock {
  let b = s.blocks[index];
  if (!b) {
    b = emptyBlock(index);
    s.blocks[index] = b;
  }
  return b;
}

/**
 * Applies one stream event (after message_start) to the rebuild. Returns where a text or thinking delta's fragment
 * starts in its block's text, else -1.
 */
export function applyStreamEvent(s: StreamRebuild, e: StreamEvent): number {
  const index = e.index ?? 0;
  switch (e.event) {
    case 'content_block_start':
      if (e.blocks?.[0]) setBlock(s, index, e.blocks[0]);
      else blockAt(s, index);
      return -1;
    case 'content_block_delta': {
      s.deltaCount += 1;
      if (s.firstDeltaTime === undefined && e.time !== undefined) s.firstDeltaTime = e.time;
      const b = blockAt(s, index);
      const f = e.fragment ?? '';
      switch (e.deltaType) {
        case 'input_json_delta':
          // Concatenate now, parse at content_block_stop: fragments are not JSON on their own.
          b.inputJson += f;
          return -1;
        case 'signature_delta':
          b.hasSignature = true;
          return -1;
        case 'citations_delta':
          return -1;
        default: {
          const at = b.text.length;
          b.text += f;
          return at;
        }
      }
    }
    case 'content_block_stop': {
      const b = blockAt(s, index);
      b.stopped = true;
      finishInput(b);
      return -1;
    }
    case 'message_delta':
      if (e.stopReason) s.stopReason = e.stopReason;
      if (e.usage) s.usage = overlay(s.usage, e.usage);
      if (e.numberErrors && s.usageError === undefined) s.usageError = usageErrorOf(e.line, e.numberErrors);
      return -1;
    case 'message_stop':
      s.stopSeq = e.seq;
      return -1;
    default:
      return -1;
  }
}

function finishInput(b: RebuiltBlock): void {
  if (b.type !== 'tool_use' && b.type !== 'server_tool_use') return;
  if (b.inputJson.trim() === '') {
    b.input = {};
    return;
  }
  try {
    b.input = JSON.parse(b.inputJson);
    // Parsed: the concatenated text is not needed again (the input object says the same).
    b.inputJson = '';
  } catch (err) {
    b.inputError = err instanceof Error ? err.message : 'invalid JSON';
  }
}

/** message_delta usage is cumulative: overwrite the fields it carries, never add. */
export function overlay(base: Usage | undefined, patch: Partial<Usage>): Usage {
  return {
    input: patch.input ?? base?.input ?? 0,
    output: patch.output ?? base?.output ?? 0,
    cacheCreation: patch.cacheCreation ?? base?.cacheCreation ?? 0,
    cache5m: patch.cache5m ?? base?.cache5m ?? 0,
    cache1h: patch.cache1h ?? base?.cache1h ?? 0,
    cacheRead: patch.cacheRead ?? base?.cacheRead ?? 0,
    webSearch: patch.webSearch ?? base?.webSearch ?? 0,
    hasCacheSplit: patch.hasCacheSplit ?? base?.hasCacheSplit ?? false,
  };
}

/** Parses tool inputs still open at the end (no content_block_stop ever came). */
export function closeStream(s: StreamRebuild): void {
  for (const b of s.blocks) if (b && !b.stopped && b.input === undefined) finishInput(b);
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!sameJson(Reflect.get(a, k), Reflect.get(b, k))) return false;
  }
  return true;
}

/**
 * Compares the rebuilt blocks with the completed message's blocks. Completed text may be clamped by the parser, so
 * only the kept prefix is compared.
 */
export function verdictOf(
  s: StreamRebuild,
  completed: readonly ContentBlock[],
  hasCompleted: boolean,
  opts: NormalizeOptions,
): void {
  if (!hasCompleted) {
    s.verdict = 'incomplete';
    s.detail =
      s.stopSeq === undefined
        ? 'the stream never reached message_stop and no completed message arrived'
        : 'no completed assistant message arrived for this message id';
    return;
  }
  const rebuilt = s.blocks.filter((b): b is RebuiltBlock => b !== undefined);
  if (rebuilt.length !== completed.length) {
    s.verdict = 'mismatch';
    s.detail = `${count(rebuilt.length, 'block')} rebuilt from deltas, ${completed.length} in the completed message`;
    return;
  }
  for (let i = 0; i < rebuilt.length; i++) {
    const r = rebuilt[i];
    const c = completed[i];
    if (!r || !c) continue;
    const problem = compareBlock(r, c, opts);
    if (problem) {
      s.verdict = 'mismatch';
      s.detail = `block ${r.index}: ${problem}`;
      return;
    }
  }
  s.verdict = 'match';
  s.detail = s.stopSeq === undefined ? 'blocks match, but the stream never reached message_stop' : undefined;
}

/**
 * What differs between a rebuilt block and the completed one, if anything. A rebuilt text or input equal to the
 * completed one is then made the completed one's value: the model keeps one copy of the message, not two (the
 * rebuilt text is a chain of the deltas' fragments until compared, then a flat copy).
 */
function compareBlock(r: RebuiltBlock, c: ContentBlock, opts: NormalizeOptions): string | undefined {
  const type = r.type === 'server_tool_use' ? 'tool_use' : r.type;
  if (type !== c.type) return `type ${r.type} rebuilt, ${c.type} completed`;
  if (c.type === 'text' || c.type === 'thinking') {
    const full = c.truncated === undefined;
    const same = full ? r.text === c.text : r.text.startsWith(c.text);
    if (!same) {
      let at = 0;
      while (at < r.text.length && r.text[at] === c.text[at]) at++;
      return `text differs at character ${at} (${r.text.length} rebuilt, ${c.truncated ?? c.text.length} completed)`;
    }
    if (full) r.text = c.text;
    return undefined;
  }
  if (c.type === 'tool_use') {
    if (r.id !== c.id) return `tool_use id ${r.id ?? '?'} rebuilt, ${c.id} completed`;
    if (r.inputError) return `tool input deltas are not valid JSON (${r.inputError})`;
    // Equal as rebuilt (nothing in it long enough to be clamped): shared. Otherwise compared as the parser clamps.
    if (sameJson(r.input, c.input)) r.input = c.input;
    else if (!sameJson(clampDeep(r.input, opts), c.input)) return 'tool input differs';
  }
  return undefined;
}

interface OpenState {
  readonly start: number;
  readonly rebuild: StreamRebuild | undefined;
  stopped: boolean;
}

/**
 * Rebuilds streams while lines arrive, so a delta's full fragment is used once and need not be kept. Partial streams
 * are keyed by (source, session, parent_tool_use_id): parallel subagents interleave theirs. A second stream of a
 * message id already streamed (a file loaded twice, a resumed session) is followed but not replayed.
 */
export class StreamAccumulator {
  /** Rebuilds by the seq of their message_start. */
  readonly rebuilds = new Map<number, StreamRebuild>();
  readonly diagnostics: Diagnostic[] = [];
  private readonly open = new Map<string, OpenState>();
  private readonly seen = new Set<string>();
  private startOfSeq = new Int32Array(1024).fill(-1);
  /** With `cut`: each text or thinking delta applied, its seq then where its fragment starts in the block's text. */
  private cuts: Int32Array | undefined;
  private cutCount = 0;

  /** `cut`: fragments are cut from their block's text once the model is built (`cutFragments`). */
  constructor(cut = false) {
    if (cut) this.cuts = new Int32Array(2048);
  }

  /** The message_start seq of the stream an event belongs to, or -1. */
  startOf(seq: number): number {
    return seq < this.startOfSeq.length ? (this.startOfSeq[seq] ?? -1) : -1;
  }

  private mark(seq: number, start: number): void {
    if (seq >= this.startOfSeq.length) {
      const next = new Int32Array(Math.max(seq + 1, this.startOfSeq.length * 2)).fill(-1);
      next.set(this.startOfSeq);
      this.startOfSeq = next;
    }
    this.startOfSeq[seq] = start;
  }

  // The stream of the previous event: consecutive deltas almost always continue it, so its key is not rebuilt.
  private last: { source: number; session: string | undefined; parent: string | undefined; key: string } | undefined;

  private keyOf(e: StreamEvent): string {
    const l = this.last;
    if (l && l.source === e.source && l.session === e.sessionId && l.parent === e.parentToolUseId) return l.key;
    const key = `${e.source}|${e.sessionId ?? ''}|${e.parentToolUseId ?? ''}`;
    this.last = { source: e.source, session: e.sessionId, parent: e.parentToolUseId, key };
    return key;
  }

  apply(e: StreamEvent): void {
    const key = this.keyOf(e);
    if (e.event === 'message_start') {
      const id = e.messageId ?? `stream:${e.seq}`;
      const copy = this.seen.has(id);
      this.seen.add(id);
      const rebuild = copy ? undefined : startStream(e, id);
      if (rebuild) this.rebuilds.set(e.seq, rebuild);
      this.open.set(key, { start: e.seq, rebuild, stopped: copy });
      this.mark(e.seq, e.seq);
      return;
    }
    const o = this.open.get(key);
    if (!o) {
      if (e.event !== 'ping')
        this.diagnostics.push({
          code: 'orphan-stream-event',
          severity: 'warning',
          message: `${e.event} with no message_start before it`,
          src: lineRef(e),
          seq: e.seq,
          consumesLine: false,
        });
      return;
    }
    this.mark(e.seq, o.start);
    if (!o.rebuild) return;
    if (o.stopped) {
      o.rebuild.eventsAfterStop += 1;
      if (o.rebuild.eventsAfterStop === 1) {
        this.diagnostics.push({
          code: 'event-after-message-stop',
          severity: 'error',
          message: `${e.event} after message_stop of ${o.rebuild.messageId} without a new message_start`,
          src: lineRef(e),
          seq: e.seq,
          consumesLine: false,
        });
      }
      return;
    }
    const at = applyStreamEvent(o.rebuild, e);
    if (at >= 0 && this.cuts && (e.fragment?.length ?? 0) >= SLICE_MIN) this.noteCut(e.seq, at);
    if (e.event === 'message_stop') o.stopped = true;
  }

  private noteCut(seq: number, at: number): void {
    let cuts = this.cuts;
    if (!cuts) return;
    if (this.cutCount * 2 + 2 > cuts.length) {
      const next = new Int32Array(cuts.length * 2);
      next.set(cuts);
      this.cuts = cuts = next;
    }
    cuts[this.cutCount * 2] = seq;
    cuts[this.cutCount * 2 + 1] = at;
    this.cutCount += 1;
  }

  /**
   * Each text and thinking fragment (of 13 characters or more) becomes the same characters cut from its block's
   * text, which the model keeps anyway (the completed message's text when they match, else the rebuilt one): V8
   * keeps such a cut as a reference into the text (20 bytes), not a copy (12 bytes and one a character, or two).
   * Run once the blocks were compared (`verdictOf`), with the events by seq. A fragment that is not found where it
   * was appended (its block was started again) stays as it is.
   */
  cutFragments(events: readonly TraceEvent[]): void {
    const cuts = this.cuts;
    this.cuts = undefined;
    if (!cuts) return;
    let start = -1;
    let rebuild: StreamRebuild | undefined;
    for (let k = 0; k < this.cutCount; k++) {
      const seq = cuts[k * 2] ?? -1;
      const at = cuts[k * 2 + 1] ?? 0;
      const e = events[seq];
      if (e?.kind !== 'stream' || e.seq !== seq) continue;
      const f = e.fragment;
      if (f === undefined) continue;
      // Consecutive deltas are of one stream, mostly.
      if (this.startOf(seq) !== start) {
        start = this.startOf(seq);
        rebuild = this.rebuilds.get(start);
      }
      const text = rebuild?.blocks[e.index ?? 0]?.text;
      if (text === undefined || !text.startsWith(f, at)) continue;
      (e as { fragment?: string }).fragment = text.slice(at, at + f.length);
    }
    this.cutCount = 0;
  }

  /** Parses tool inputs still open at the end (no content_block_stop ever came). */
  close(): void {
    for (const r of this.rebuilds.values()) closeStream(r);
  }
}
