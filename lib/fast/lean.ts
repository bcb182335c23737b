import { timeFrom } from '../trace/adapters/common';
import { isoMillisBytes } from '../trace/adapters/time';
import { oneHourPart, readUsage, writtenOf } from '../trace/adapters/numbers';
import { sameLineKey, usageErrorOf } from '../trace/model/calls';
import type { AssistantRecord } from '../trace/line-records';
import type { Usage } from '../trace/types';
import { COUNT, KIND, LINE, SLOT, USAGE_MASK, USAGE_SLOT, USAGE_STATE, type ScanWasm } from './scan-wasm';

// The record of a Claude Code assistant line read straight off its bytes. The WebAssembly reader (wasm/assistant.ts)
// checks the whole line as JSON.parse would and finds the fields the stats use; this side decodes just those strings
// (ids, model, timestamp) and parses just the usage object, where the full path decodes the whole line, JSON.parses it
// into objects and normalizes them. The reader gives up on anything it is not sure of (an escaped key, a field of an
// unexpected type, content that is not an array of blocks, invalid JSON), and so does this side (a top-level `type`
// other than "assistant"); the caller then takes the full path. When it gives a record, that record is the full
// path's, `recordOf(normalizeLine(JSON.parse(line)))`: lean.test.ts checks both on real lines and on mutations.

const ASSISTANT = new TextEncoder().encode('assistant');
const PROGRESS = new TextEncoder().encode('progress');
const DECODER = new TextDecoder();

/**
 * A Claude Code progress line that holds an assistant message (a subagent's, in `data.message`: the candidate search
 * finds it), as the full path sees it: valid JSON, no record (a progress event is never counted), its session id.
 */
export interface ProgressLine {
  readonly kind: 'progress';
  readonly sessionId?: string;
}

/**
 * Reads assistant lines of one scan. It remembers the last text of each field, which consecutive lines repeat
 * (session id, model, and the message and request ids of a call's split lines), so that it decodes few strings.
 */
export class LeanAssistantReader {
  private readonly last: (string | undefined)[] = [];
  private readonly lastBytes: (Uint8Array | undefined)[] = [];
  private readonly lastLength: number[] = [];
  private lastUsage: Usage | undefined;

  constructor(
    private readonly wasm: ScanWasm,
    private readonly decoder: TextDecoder,
    private readonly intern?: (s: string) => string,
  ) {}

  /**
   * The record of the line `buf[s, e)` at byte `offset` of its file; for a progress line (which adds no record), its
   * session id; undefined when the full path must read it.
   */
  read(buf: Uint8Array, s: number, e: number, offset: number): AssistantRecord | ProgressLine | undefined {
    const w = this.wasm;
    if (!w.holds(buf)) return undefined;
    const found = w.readLine(buf, s, e);
    if (found === LINE.other && this.isType(SLOT.type, PROGRESS))
      return { kind: 'progress', sessionId: this.sessionId() };
    if (found !== LINE.assistant || !this.isType(SLOT.type, ASSISTANT)) return undefined;
    const slots = w.slots;
    let usage: Usage | undefined = slots[USAGE_STATE] === 1 ? this.plainUsage() : undefined;
    let errors: readonly string[] | undefined;
    if (!usage) {
      const us = slots[USAGE_SLOT * 4] ?? -1;
      const read = readUsage(
        us < 0 ? undefined : JSON.parse(this.decoder.decode(w.bytes.subarray(us, slots[USAGE_SLOT * 4 + 1]))),
        'message.usage',
      );
      usage = read.usage;
      errors = read.errors;
    }
    const messageId = this.string(SLOT.messageId);
    const model = this.string(SLOT.model);
    const rec: AssistantRecord = {
      kind: 'assistant',
      offset,
      sessionId: this.sessionId(),
      time: this.time(),
      messageId,
      requestId: this.string(SLOT.requestId) ?? this.string(SLOT.requestIdSnake),
      model,
      usage,
      synthetic: model === '<synthetic>' || this.kind(SLOT.isApiError) === KIND.true,
      isSidechain: this.kind(SLOT.isSidechain) === KIND.true,
      sub: this.isSub() ? true : undefined,
      // Every record of this reader has the field (one object shape for the merge), most never set (see FileScanner).
      lastTime: undefined,
      bestUsage: undefined,
    };
    // Read only where `sameLineKey` reads it: lines with no message id.
    const uuid = messageId ? undefined : this.string(SLOT.uuid);
    const keyed = uuid !== undefined && sameLineKey({ messageId, uuid }) !== undefined;
    // Both rare: most lines have a message id and a sound usage.
    return keyed || errors
      ? { ...rec, ...(errors ? { usageError: usageErrorOf(0, errors) } : {}), ...(keyed ? { uuid } : {}) }
      : rec;
  }

  /** Off the main thread, as `isSubagentLine` reads the line's `isSidechain`, `agentId` and `parent_tool_use_id`. */
  private isSub(): boolean {
    const side = this.kind(SLOT.isSidechain);
    if (side === KIND.true) return true;
    return (side !== KIND.false && this.nonEmpty(SLOT.agentId)) || this.nonEmpty(SLOT.parentToolUseId);
  }

  /** The slot holds a string of at least one character (its bounds include the quotes). */
  private nonEmpty(slot: number): boolean {
    const slots = this.wasm.slots;
    return this.kind(slot) === KIND.string && (slots[slot * 4 + 2] ?? 0) - (slots[slot * 4 + 1] ?? 0) > 2;
  }

  /** The line's timestamp, read off its bytes when it is in `toISOString`'s form (nearly always: no string made). */
  private time(): number | undefined {
    if (this.kind(SLOT.timestamp) !== KIND.string) return undefined;
    const slots = this.wasm.slots;
    if (!slots[SLOT.timestamp * 4 + 3]) {
      const s = (slots[SLOT.timestamp * 4 + 1] ?? 0) + 1;
      const fast = isoMillisBytes(this.wasm.bytes, s, (slots[SLOT.timestamp * 4 + 2] ?? 0) - 1 - s);
      if (fast !== undefined) return fast;
    }
    return timeFrom(this.string(SLOT.timestamp));
  }

  /** The usage the reader found plain (every count a whole number in digits), as `readUsage` reads it; undefined
   *  when a required count is missing (the full reading then says so). */
  private plainUsage(): Usage | undefined {
    const mask = this.wasm.slots[USAGE_MASK] ?? 0;
    if ((mask & 3) !== 3) return undefined;
    const c = this.wasm.counts;
    const hasCacheSplit = (mask & ((1 << COUNT.cache5m) | (1 << COUNT.cache1h))) !== 0;
    const cacheCreation = writtenOf(
      mask & (1 << COUNT.cacheCreation) ? (c[COUNT.cacheCreation] ?? 0) : undefined,
      mask & (1 << COUNT.cache5m) ? (c[COUNT.cache5m] ?? 0) : undefined,
      mask & (1 << COUNT.cache1h) ? (c[COUNT.cache1h] ?? 0) : undefined,
    );
    const input = c[COUNT.input] ?? 0;
    const output = c[COUNT.output] ?? 0;
    const cache1h =
      hasCacheSplit && mask & (1 << COUNT.cache1h) ? oneHourPart(cacheCreation, c[COUNT.cache1h] ?? 0) : 0;
    const cache5m = cacheCreation - cache1h;
    const cacheRead = mask & (1 << COUNT.cacheRead) ? (c[COUNT.cacheRead] ?? 0) : 0;
    const webSearch = mask & (1 << COUNT.webSearch) ? (c[COUNT.webSearch] ?? 0) : 0;
    // The lines of one call repeat its usage (Claude Code splits a message into a line per content block): they share
    // one object (usage is read-only), so that the records a scan keeps until the merge are fewer objects for the GC.
    const u = this.lastUsage;
    if (
      u !== undefined &&
      u.input === input &&
      u.output === output &&
      u.cacheCreation === cacheCreation &&
      u.cache5m === cache5m &&
      u.cache1h === cache1h &&
      u.cacheRead === cacheRead &&
      u.webSearch === webSearch &&
      u.hasCacheSplit === hasCacheSplit
    )
      return u;
    const usage: Usage = { input, output, cacheCreation, cache5m, cache1h, cacheRead, webSearch, hasCacheSplit };
    this.lastUsage = usage;
    return usage;
  }

  private kind(slot: number): number {
    return this.wasm.slots[slot * 4] ?? KIND.absent;
  }

  /** The line's session id, as the adapters read it (`sessionId`, else `session_id`, when a string). */
  private sessionId(): string | undefined {
    const sid = this.string(SLOT.sessionId) ?? this.string(SLOT.sessionIdSnake);
    return sid !== undefined && this.intern ? this.intern(sid) : sid;
  }

  /** The string slot's text is `word` (compared as bytes, unless escaped). */
  private isType(slot: number, word: Uint8Array): boolean {
    if (this.kind(slot) !== KIND.string) return false;
    const slots = this.wasm.slots;
    const s = (slots[slot * 4 + 1] ?? 0) + 1;
    const e = (slots[slot * 4 + 2] ?? 0) - 1;
    if (slots[slot * 4 + 3]) return this.string(slot) === DECODER.decode(word);
    if (e - s !== word.length) return false;
    const bytes = this.wasm.bytes;
    for (let k = 0; k < word.length; k++) if (bytes[s + k] !== word[k]) return false;
    return true;
  }

  /** A string slot's text (undefined unless a string), reusing the slot's last text when its bytes repeat. */
  private string(slot: number): string | undefined {
    if (this.kind(slot) !== KIND.string) return undefined;
    const slots = this.wasm.slots;
    const bytes = this.wasm.bytes;
    const s = slots[slot * 4 + 1] ?? 0;
    const e = slots[slot * 4 + 2] ?? 0;
    if (slots[slot * 4 + 3]) {
      const v: unknown = JSON.parse(this.decoder.decode(bytes.subarray(s, e)));
      return typeof v === 'string' ? v : undefined;
    }
    const len = e - s - 2;
    let prev = this.lastBytes[slot];
    if (prev && this.lastLength[slot] === len) {
      let k = 0;
      while (k < len && prev[k] === bytes[s + 1 + k]) k++;
      if (k === len) return this.last[slot];
    }
    // The slot's bytes are kept in a buffer of its own, reused from line to line (no copy made per line).
    if (!prev || prev.length < len) {
      prev = new Uint8Array(Math.max(64, len));
      this.lastBytes[slot] = prev;
    }
    const view = bytes.subarray(s + 1, e - 1);
    prev.set(view);
    const text = this.decoder.decode(view);
    this.lastLength[slot] = len;
    this.last[slot] = text;
    return text;
  }
}
