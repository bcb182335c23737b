import { outranks, sameLineKey, usageErrorOf } from './model/calls';
import { commandSummary } from './describe';
import { cutText } from './text-order';
import { withMedia } from './media';
import { isSubagentLine } from './main-thread';
import { fileIdentity } from './parse';
import type { ModelUsageRecord, TraceEvent, Usage } from './types';

// What the stats need of one line, kept per file in line order. The fast path (`lib/fast`) makes these from the few
// lines its prefilter lets through; `traceSessions` (`session-summary.ts`) and `fromTrace` make the same from a full
// model's events, so the two can be compared and the workbench names a session as the library does.

export type StreamFrame = 'message_start' | 'message_delta' | 'message_stop';

interface Base {
  /** Byte offset of the line in the (decompressed) file. */
  readonly offset: number;
  /** The line's own session id; lines without one borrow the previous one of their file. */
  readonly sessionId?: string;
  readonly time?: number;
  /**
   * The line is a subagent's or a sidechain's (`isSubagentLine`): it counts toward cost and the span of work, never
   * toward its session's first prompt, start or end. (Every line of a subagent's own file is; the merge knows those by
   * their names.)
   */
  readonly sub?: true;
}

export interface AssistantRecord extends Base {
  readonly kind: 'assistant';
  readonly messageId?: string;
  readonly requestId?: string;
  readonly model?: string;
  readonly usage?: Usage;
  /** The line's first unsound usage number (the call is then not counted). */
  readonly usageError?: string;
  /** Only for a line with no message id: its uuid, which a copy of the line repeats (see `sameLineKey`). */
  readonly uuid?: string;
  readonly synthetic: boolean;
  readonly isSidechain: boolean;
  /**
   * Set when the scan folded the next lines of the same call into this record (Claude Code's split lines, a line per
   * content block, with the same ids and usage): the latest of their times; `time` is then the earliest. The merge
   * reads the record as it would read those lines.
   */
  readonly lastTime?: number;
  /**
   * Set when the folded lines' usage differ (a call's early split lines carry a placeholder output): of `usage` (the
   * first line's) and the folded lines' usage, the one `outranks` keeps, in line order. The merge reads it as the copy
   * those lines offer; `usage` stays the first copy, which `isSameCall` compares.
   */
  readonly bestUsage?: Usage;
}

export interface StreamRecord extends Base {
  readonly kind: 'stream';
  readonly frame: StreamFrame;
  readonly parentToolUseId?: string;
  readonly messageId?: string;
  readonly model?: string;
  readonly usage?: Partial<Usage>;
  readonly usageError?: string;
}

export interface ResultRecord extends Base {
  readonly kind: 'result';
  readonly totalCostUsd?: number;
  /** What the result reports (see `lib/trace/model/reconcile.ts`): the main loop's usage, per model, turns. */
  readonly usage?: Usage;
  readonly modelUsage?: readonly ModelUsageRecord[];
  readonly numTurns?: number;
}

/** The first prompt of a file (looked for in its first lines only). */
export interface PromptRecord extends Base {
  readonly kind: 'prompt';
  readonly text: string;
  /** A slash command or `!` line (`/init`, `/review 12`): its session's first prompt only if it has no typed one. */
  readonly command?: true;
}

/**
 * Another line that changed the session id lines borrow (only where the fast path parsed it); with `time`, a line
 * whose time widens its session's span and nothing else: one before the file's first prompt (the meta and command
 * lines a session starts with), or one near the file's end (the hook and system lines after its last call, see
 * `TAIL_BYTES`).
 */
export interface SessionRecord extends Base {
  readonly kind: 'session';
}

export type LineRecord = AssistantRecord | StreamRecord | ResultRecord | PromptRecord | SessionRecord;

const FRAMES = new Set<string>(['message_start', 'message_delta', 'message_stop']);

/** How long a first prompt is kept. */
export const PROMPT_CHARS = 200;

/** Claude Code's IDE context sent along with a typed prompt (the file open, the lines selected): not what was typed. */
const IDE_CONTEXT = /<ide_(opened_file|selection|diagnostics)>[\s\S]*?<\/ide_\1>/g;

/**
 * What a prompt's author gave: its images and documents by their figures (`[image/png 512x512, 5 KB] …`, first, so
 * a narrow table still shows them), then its text without the IDE context blocks. A prompt of nothing but IDE
 * context keeps it, rather than reading blank.
 */
export function typedPrompt(text: string, media: Parameters<typeof withMedia>[1]): string {
  const typed = text.replace(IDE_CONTEXT, ' ').trim();
  return withMedia(typed || text, media, 'first');
}

/** A prompt on one line, whitespace collapsed, cut to `PROMPT_CHARS`. */
export function shortPrompt(text: string): string {
  const flat = text
    .slice(0, PROMPT_CHARS * 4)
    .replace(/\s+/g, ' ')
    .trim();
  return cutText(flat, PROMPT_CHARS);
}

/** Whether `recordOf` makes a record of the event: an assistant line, a result, a message frame of a stream. */
export function makesRecord(e: TraceEvent): boolean {
  return e.kind === 'assistant' || e.kind === 'result' || (e.kind === 'stream' && FRAMES.has(e.event));
}

/** The record of an event the stats depend on; undefined for the rest (prompts are chosen by the caller). */
export function recordOf(e: TraceEvent): LineRecord | undefined {
  // Most lines make none (a stream's deltas): those are answered before anything is made.
  if (!makesRecord(e)) return undefined;
  const base = { offset: e.offset, sessionId: e.sessionId, time: e.time, ...subOf(e) };
  switch (e.kind) {
    case 'assistant':
      return {
        kind: 'assistant',
        ...base,
        messageId: e.messageId,
        requestId: e.requestId,
        model: e.model,
        usage: e.usage,
        ...(e.numberErrors ? { usageError: usageErrorOf(e.line, e.numberErrors) } : {}),
        ...(sameLineKey(e) !== undefined ? { uuid: e.uuid } : {}),
        synthetic: e.synthetic,
        isSidechain: e.isSidechain === true,
      };
    case 'stream':
      return {
        kind: 'stream',
        ...base,
        frame:
          e.event === 'message_start'
            ? 'message_start'
            : e.event === 'message_delta'
              ? 'message_delta'
              : 'message_stop',
        parentToolUseId: e.parentToolUseId,
        messageId: e.messageId,
        model: e.model,
        usage: e.usage,
        ...(e.numberErrors ? { usageError: usageErrorOf(e.line, e.numberErrors) } : {}),
      };
    case 'result':
      return {
        kind: 'result',
        ...base,
        totalCostUsd: e.totalCostUsd,
        ...(e.usage !== undefined ? { usage: e.usage } : {}),
        ...(e.modelUsage.length > 0 ? { modelUsage: e.modelUsage } : {}),
        ...(e.numTurns !== undefined ? { numTurns: e.numTurns } : {}),
      };
    default:
      return undefined;
  }
}

/** `{ sub: true }` for a line off the main thread (as the full model's lanes read it, without its file's agent). */
function subOf(e: TraceEvent): { sub?: true } {
  return isSubagentLine(e, undefined) ? { sub: true } : {};
}

/** A line that only widens its session's span (see `SessionRecord`). */
function spanRecord(e: TraceEvent): SessionRecord {
  // Set key by key, not spread: an SDK stream makes one a line.
  const r: { -readonly [K in keyof SessionRecord]: SessionRecord[K] } = { kind: 'session', offset: e.offset };
  if (e.sessionId !== undefined) r.sessionId = e.sessionId;
  if (e.time !== undefined) r.time = e.time;
  if (isSubagentLine(e, undefined)) r.sub = true;
  return r;
}

/** The first-prompt record of a user event, when it is a typed prompt on the main thread (a subagent's task is not). */
export function promptOf(e: TraceEvent): PromptRecord | undefined {
  if (e.kind !== 'user' || e.role !== 'prompt' || isSubagentLine(e, undefined)) return undefined;
  return {
    kind: 'prompt',
    offset: e.offset,
    sessionId: e.sessionId,
    time: e.time,
    text: shortPrompt(typedPrompt(e.text, e.media)),
  };
}

const TYPED_COMMAND = /<(command-name|bash-input)>/;

/**
 * The stand-in first prompt of a session started by a slash command (`/init`, `/review 12`) or a `!` line: Claude
 * Code records those as command lines, not prompts, and such a session may have no typed prompt at all.
 */
export function commandPromptOf(e: TraceEvent): PromptRecord | undefined {
  if (e.kind !== 'user' || e.role !== 'command' || !TYPED_COMMAND.test(e.text) || isSubagentLine(e, undefined))
    return undefined;
  const text = shortPrompt(commandSummary(e.text));
  return text
    ? { kind: 'prompt', offset: e.offset, sessionId: e.sessionId, time: e.time, text, command: true }
    : undefined;
}

/**
 * Keeps the records of a file's events in order: the events the stats depend on, a marker wherever another line
 * changes the session id later lines borrow, and first prompts. A file's first prompts are looked for in its first
 * lines only (`window`): the first prompt of each session, until one of the file's own session (named by the file, as
 * Claude Code names session files; any, for a file not so named) ends the search. A resumed session's file starts with
 * copies of the earlier session's lines, prompts included.
 */
export class RecordSink {
  readonly records: LineRecord[] = [];
  firstSessionId: string | undefined;
  /** Still looking for the file's first prompt. */
  open = true;
  /**
   * Every timestamped line widens its session's span, not only the calls' and the first lines' (an SDK stream, whose
   * calls' lines carry no time; see `STREAM_PATTERNS`).
   */
  spanAll = false;
  private lastSessionId: string | undefined;
  private readonly prompted = new Set<string | undefined>();
  /** Sessions whose first command was kept, in case no prompt follows. */
  private readonly commanded = new Set<string | undefined>();
  private readonly ownSession: string | undefined;
  private readonly agentFile: boolean;
  private readonly window: PromptWindow;
  /** A recording document's own prompt (its header, before any message): the prompt of the session that follows. */
  private headerPrompt: string | undefined;

  /**
   * `name`: the file's name. A file named by its session (`<id>.jsonl`) looks for that session's prompt. A subagent's
   * own file (`agent-<id>.jsonl`, `subagents/…`) keeps none: its first prompt is its agent's task, never its
   * session's, and only ends the first lines (whose times widen the span of work).
   */
  constructor(name: string, window: PromptWindow = PROMPT_WINDOW) {
    const id = fileIdentity(name);
    this.ownSession = id.fileSessionId;
    this.agentFile = id.fileAgentId !== undefined;
    this.window = window;
  }

  /**
   * `add` for a line outside the search for a first prompt that adds only its span record (`spanAll`: every line of an
   * SDK stream that makes no record of its own, a million status frames): its session ids are noted as `add` notes
   * them, and true is returned instead of the record (the caller widens the span from the line itself). False for any
   * other line, which is left to `add`.
   */
  addSpan(e: TraceEvent): boolean {
    if (!this.spanAll || e.time === undefined || this.headerPrompt !== undefined || e.kind === 'meta') return false;
    if (makesRecord(e) || (this.open && inPromptWindow(e, this.window))) return false;
    const sid = e.sessionId;
    if (sid !== undefined) {
      if (this.firstSessionId === undefined) this.firstSessionId = sid;
      this.lastSessionId = sid;
    }
    return true;
  }

  add(e: TraceEvent): void {
    const sid = e.sessionId;
    if (sid !== undefined && this.firstSessionId === undefined) this.firstSessionId = sid;
    if (e.kind === 'meta' && e.metaType === 'recording' && e.path === '$' && e.text !== 'recording')
      this.headerPrompt = e.text;
    else if (
      this.headerPrompt !== undefined &&
      sid !== undefined &&
      !this.prompted.has(sid) &&
      !isSubagentLine(e, undefined)
    ) {
      this.prompted.add(sid);
      this.records.push({
        kind: 'prompt',
        offset: e.offset,
        sessionId: sid,
        time: e.time,
        text: shortPrompt(this.headerPrompt),
      });
      this.headerPrompt = undefined;
    }
    const early = this.open && inPromptWindow(e, this.window);
    const prompt = early ? promptOf(e) : undefined;
    if (prompt && !this.prompted.has(sid)) {
      this.prompted.add(sid);
      this.records.push(prompt);
      if (this.ownSession === undefined || sid === this.ownSession) this.open = false;
    } else {
      const command = early && !this.prompted.has(sid) && !this.commanded.has(sid) ? commandPromptOf(e) : undefined;
      const rec = command ?? recordOf(e);
      if (command) this.commanded.add(sid);
      if (rec) this.records.push(rec);
      else if ((early || this.spanAll) && e.time !== undefined) this.records.push(spanRecord(e));
      else if (sid !== undefined && sid !== this.lastSessionId)
        this.records.push({ kind: 'session', offset: e.offset, sessionId: sid });
      if (early && this.agentFile && e.kind === 'user' && e.role === 'prompt') this.open = false;
    }
    if (sid !== undefined) this.lastSessionId = sid;
  }

  /**
   * A line that starts in the file's last `TAIL_BYTES`, parsed: its time widens its session's span (see
   * `SessionRecord`). Only a line that names its session: these records come after the file's others, where a line
   * without one would borrow the wrong session.
   */
  end(e: TraceEvent): void {
    if (e.time !== undefined && e.sessionId !== undefined) this.addRecord(spanRecord(e));
  }

  /** A line outside the first lines that adds no record (`recordOf` gives none): what `add` keeps of it. */
  addUncounted(sid: string | undefined, offset: number): void {
    if (sid === undefined) return;
    if (this.firstSessionId === undefined) this.firstSessionId = sid;
    if (sid !== this.lastSessionId) this.records.push({ kind: 'session', offset, sessionId: sid });
    this.lastSessionId = sid;
  }

  addRecord(rec: LineRecord): void {
    const sid = rec.sessionId;
    if (sid !== undefined && this.firstSessionId === undefined) this.firstSessionId = sid;
    this.records.push(rec);
    if (sid !== undefined) this.lastSessionId = sid;
  }
}

export interface PromptWindow {
  readonly lines: number;
  readonly bytes: number;
  readonly lineBytes: number;
}

/** Lines 1..200 that start within the file's first MiB and are at most 256 KiB long. */
export const PROMPT_WINDOW: PromptWindow = { lines: 200, bytes: 1 << 20, lineBytes: 256 << 10 };

export function inPromptWindow(
  src: { readonly line: number; readonly offset: number; readonly length: number },
  w: PromptWindow = PROMPT_WINDOW,
): boolean {
  return src.line >= 1 && src.line <= w.lines && src.offset < w.bytes && src.length <= w.lineBytes;
}

/**
 * Folds the assistant line `r` into `p`, the last of `records`, when it is the next split line of the same call (Claude
 * Code writes a line per content block, each with the message's ids and usage: 2.5 lines per call in generated
 * sessions), so that a scan keeps a third of the objects until the merge. The merge would join the line to `p`'s call
 * (same ids, sidechain flag and input counts, so the same `isSameCall` answers) and change only the call's and
 * session's time spans, which `p` then carries (`time`, `lastTime`), and the usage the call keeps: of the lines' usage,
 * the one `outranks` keeps in line order (`bestUsage`; most output wins, the first on a tie, which is the same whether
 * chained line by line or over the folded lines at once). `p` must be the scan's own (the lean reader's, not yet seen
 * by anyone): it is widened in place. False when the two differ in anything else the merge reads.
 */
export function foldSplitLine(records: readonly LineRecord[], p: AssistantRecord, r: AssistantRecord): boolean {
  const pu = p.usage;
  const ru = r.usage;
  if (
    records[records.length - 1] !== p ||
    !r.messageId ||
    r.messageId !== p.messageId ||
    ru === undefined ||
    pu === undefined ||
    (ru !== pu && (ru.input !== pu.input || ru.cacheRead !== pu.cacheRead || ru.cacheCreation !== pu.cacheCreation)) ||
    r.requestId !== p.requestId ||
    r.model !== p.model ||
    r.sessionId !== p.sessionId ||
    r.synthetic !== p.synthetic ||
    r.isSidechain !== p.isSidechain ||
    r.sub !== p.sub ||
    r.usageError !== undefined ||
    p.usageError !== undefined ||
    r.bestUsage !== undefined ||
    r.time === undefined ||
    p.time === undefined
  )
    return false;
  const span = p as { time?: number; lastTime?: number; bestUsage?: Usage };
  span.lastTime = Math.max(p.lastTime ?? p.time, r.time);
  span.time = Math.min(p.time, r.time);
  const best = p.bestUsage ?? pu;
  if (ru !== best && outranks(ru, best)) span.bestUsage = ru;
  return true;
}
