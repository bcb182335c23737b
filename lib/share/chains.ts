/**
 * The texts a reader of a shared trace can rebuild from several JSON strings, as chains of the strings they are
 * joined from. Redaction scans each chain as one text, so that a secret cut into pieces is found and every piece of
 * it is replaced, in the line that holds it.
 *
 * - A streamed content block: the text of its `content_block_start` (or `message_start`) followed by every
 *   `text_delta`/`thinking_delta` fragment, per stream (file, `session_id`, `parent_tool_use_id`) and content block
 *   index, exactly as `lib/trace/model/stream.ts` rebuilds it for the Stream tab; `input_json_delta` fragments form
 *   a separate chain read as JSON (the tool input the viewer parses from them).
 * - The text and thinking blocks of one message: the blocks of a `content` array, and for an assistant message the
 *   blocks of every line with the same `message.id` (Claude Code writes one line per block; the model merges them).
 * - A run of lines that are not JSON (a plain-text file, a pretty-printed document): joined with line breaks.
 * - A string with terminal escape sequences: the viewer strips them (`stripAnsi`), joining the text between them.
 *
 * Pure and isomorphic: no DOM, no Node, no module-level mutable state.
 */

import { ANSI_SOURCE } from '../trace/adapters/common';
import { rawOffsets, type StringSlot } from './json-strings';

export interface Segment {
  /** 0-based index into the lines given to the collector. */
  readonly line: number;
  readonly slot: StringSlot;
  /** The part of the slot's decoded text this segment is, when not all of it. */
  readonly part?: { readonly start: number; readonly text: string };
}

const segText = (s: Segment): string => s.part?.text ?? s.slot.text;

export interface Chain {
  /** `text`: the joined strings are read as text. `json`: they are JSON source (tool input deltas). */
  readonly mode: 'text' | 'json';
  /** Put between two segments in the joined text (a line break between plain-text lines, else nothing). */
  readonly sep: string;
  /** The object key the text belongs to, for secret-like field names (`text`, `thinking`, …). */
  readonly key: string | null;
  readonly segments: Segment[];
}

/** A piece of a secret in one line: raw offsets `[from, to)` in that line. */
export interface Piece {
  readonly line: number;
  readonly from: number;
  readonly to: number;
  readonly slot: StringSlot;
  /** Offsets within the slot's decoded text. */
  readonly valueFrom: number;
  readonly valueTo: number;
}

type Json = Record<string, unknown>;

function isObj(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

interface BlockChains {
  text: Chain;
  json: Chain;
}

const newChain = (mode: Chain['mode'], key: string | null, sep = ''): Chain => ({ mode, sep, key, segments: [] });
const newBlock = (key: string | null = 'text'): BlockChains => ({
  text: newChain('text', key),
  json: newChain('json', 'input'),
});

/** Where this line's strings go: a path → the chain its string is appended to. */
type Wanted = Map<string, Chain>;

const CONTENT_TEXT = /^(.*\/content)\/\d+\/(text|thinking)$/;

/**
 * Collects chains while a caller walks the lines in order: `line(i, parsed)` before the strings of line i are
 * offered with `offer(slot)`, then `finish()` once. Only chains that join two strings or more are returned (and
 * every tool-input chain, whose single string is still JSON inside JSON).
 */
export class ChainCollector {
  private readonly all: Chain[] = [];
  /** Open streams: stream key → content block index → its chains. */
  private readonly streams = new Map<string, Map<number, BlockChains>>();
  /** Text blocks of an assistant message, by message id (across lines). */
  private readonly messages = new Map<string, Chain>();
  private rawRun: Chain | undefined;
  private lineIndex = -1;
  private wanted: Wanted = new Map();
  /** For lines outside streams: content arrays of this line by their path (or the message's chain). */
  private contentChains: ((prefix: string) => Chain) | undefined;
  private closeAfterLine: (() => void) | undefined;

  /** Starts line `i`; `parsed` is its JSON value, or undefined when the line is not JSON. */
  line(i: number, text: string, parsed: unknown): void {
    this.lineIndex = i;
    this.wanted = new Map();
    this.contentChains = undefined;
    this.closeAfterLine = undefined;
    if (parsed === undefined) {
      if (text.trim() === '') return;
      if (!this.rawRun) {
        this.rawRun = newChain('text', null, '\n');
        this.all.push(this.rawRun);
      }
      const slot: StringSlot = {
        kind: 'raw',
        text,
        rawStart: 0,
        rawEnd: text.length,
        escaped: false,
        key: null,
        path: null,
      };
      this.rawRun.segments.push({ line: i, slot });
      return;
    }
    this.rawRun = undefined;
    if (!isObj(parsed)) return;
    if (parsed['type'] === 'stream_event' && isObj(parsed['event'])) {
      this.streamLine(parsed, parsed['event']);
      return;
    }
    const message = parsed['message'];
    const messageId = parsed['type'] === 'assistant' && isObj(message) ? str(message['id']) : undefined;
    const local = new Map<string, Chain>();
    this.contentChains = (prefix) => {
      if (prefix === '/message/content' && messageId !== undefined) {
        let c = this.messages.get(messageId);
        if (!c) {
          c = newChain('text', 'text');
          this.messages.set(messageId, c);
          this.all.push(c);
        }
        return c;
      }
      let c = local.get(prefix);
      if (!c) {
        c = newChain('text', 'text');
        local.set(prefix, c);
        this.all.push(c);
      }
      return c;
    };
  }

  /** Offers one string of the current line (in document order). */
  offer(slot: StringSlot): void {
    if (slot.text.includes('\u001b')) this.ansi(slot);
    if (slot.kind !== 'value' || slot.path === null) return;
    const target = this.wanted.get(slot.path);
    if (target) {
      target.segments.push({ line: this.lineIndex, slot });
      return;
    }
    if (!this.contentChains) return;
    const m = CONTENT_TEXT.exec(slot.path);
    if (m?.[1] !== undefined) this.contentChains(m[1]).segments.push({ line: this.lineIndex, slot });
  }

  /** Ends the current line. */
  endLine(): void {
    this.closeAfterLine?.();
    this.closeAfterLine = undefined;
  }

  /** The chains worth scanning as one text. */
  finish(): Chain[] {
    this.endLine();
    return this.all.filter((c) => c.segments.length >= 2 || (c.mode === 'json' && c.segments.length === 1));
  }

  /** The text between the escape sequences of one string, as the viewer shows it once they are stripped. */
  private ansi(slot: StringSlot): void {
    const chain = newChain('text', slot.key);
    const re = new RegExp(ANSI_SOURCE, 'g');
    let at = 0;
    const push = (end: number): void => {
      if (end > at)
        chain.segments.push({ line: this.lineIndex, slot, part: { start: at, text: slot.text.slice(at, end) } });
    };
    for (let m = re.exec(slot.text); m !== null; m = re.exec(slot.text)) {
      push(m.index);
      at = m.index + m[0].length;
    }
    push(slot.text.length);
    this.all.push(chain);
  }

  private streamLine(line: Json, ev: Json): void {
    const key = `${str(line['session_id']) ?? ''}|${str(line['parent_tool_use_id']) ?? ''}`;
    const index = typeof ev['index'] === 'number' ? ev['index'] : 0;
    const open = (): Map<number, BlockChains> => {
      let m = this.streams.get(key);
      if (!m) {
        m = new Map();
        this.streams.set(key, m);
      }
      return m;
    };
    const startBlock = (m: Map<number, BlockChains>, i: number, blockKey: string | null): BlockChains => {
      const b = newBlock(blockKey);
      this.all.push(b.text, b.json);
      m.set(i, b);
      return b;
    };
    switch (ev['type']) {
      case 'message_start': {
        const m = new Map<number, BlockChains>();
        this.streams.set(key, m);
        const msg = ev['message'];
        const content = isObj(msg) && Array.isArray(msg['content']) ? msg['content'] : [];
        content.forEach((b: unknown, j) => {
          const field = seedField(b);
          const chains = startBlock(m, j, field ?? 'text');
          if (field) this.wanted.set(`/event/message/content/${j}/${field}`, chains.text);
        });
        return;
      }
      case 'content_block_start': {
        const field = seedField(ev['content_block']);
        const chains = startBlock(open(), index, field ?? 'text');
        if (field) this.wanted.set(`/event/content_block/${field}`, chains.text);
        return;
      }
      case 'content_block_delta': {
        const delta = ev['delta'];
        if (!isObj(delta)) return;
        // The fragment the model takes: the first of these that is a string (sdk-stream.ts), appended to the text
        // unless the delta type says it is tool input JSON, a signature or a citation.
        const field = ['text', 'thinking', 'partial_json', 'signature'].find((f) => typeof delta[f] === 'string');
        if (!field) return;
        const type = str(delta['type']);
        if (type === 'signature_delta' || type === 'citations_delta') return;
        const m = open();
        const chains = m.get(index) ?? startBlock(m, index, field === 'thinking' ? 'thinking' : 'text');
        this.wanted.set(`/event/delta/${field}`, type === 'input_json_delta' ? chains.json : chains.text);
        return;
      }
      case 'message_stop':
        this.closeAfterLine = () => this.streams.delete(key);
        return;
      default:
        return;
    }
  }
}

/** The string field a content block seeds its rebuilt text with (`text` or `thinking`), if any. */
function seedField(b: unknown): 'text' | 'thinking' | undefined {
  if (!isObj(b)) return undefined;
  if (b['type'] === 'text' && typeof b['text'] === 'string') return 'text';
  if (b['type'] === 'thinking' && typeof b['thinking'] === 'string') return 'thinking';
  return undefined;
}

/** The joined text of a chain and where each segment starts in it. */
export function joinChain(chain: Chain): { text: string; starts: number[] } {
  const starts: number[] = [];
  let text = '';
  chain.segments.forEach((s, k) => {
    if (k > 0) text += chain.sep;
    starts.push(text.length);
    text += segText(s);
  });
  return { text, starts };
}

/**
 * The pieces of `[from, to)` of a chain's joined text, one per segment it touches, as raw offsets in their lines.
 * Separators belong to no line and are skipped.
 */
export function piecesOf(
  lines: readonly string[],
  chain: Chain,
  starts: readonly number[],
  from: number,
  to: number,
): Piece[] {
  const out: Piece[] = [];
  chain.segments.forEach((seg, k) => {
    const s0 = starts[k] ?? 0;
    const s1 = s0 + segText(seg).length;
    const a = Math.max(from, s0);
    const b = Math.min(to, s1);
    if (b <= a) return;
    const line = lines[seg.line] ?? '';
    const off = (seg.part?.start ?? 0) - s0;
    const [rawFrom = seg.slot.rawStart, rawTo = seg.slot.rawEnd] = rawOffsets(line, seg.slot, [a + off, b + off]);
    out.push({ line: seg.line, from: rawFrom, to: rawTo, slot: seg.slot, valueFrom: a + off, valueTo: b + off });
  });
  return out;
}
