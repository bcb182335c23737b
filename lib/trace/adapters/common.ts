import { fullLength } from './cut';
import type { ContentBlock, PatchHunk, PermissionBehavior, SideEffect, ToolResultBlock, Usage } from '../types';
import { isMediaBlock, mediaFrom, readFileMedia, type MediaInfo } from '../media';
import { readUsage } from './numbers';
import { Fast, type RawBlock } from './schemas';

export { timeFrom } from './time';

/** How much text an event keeps; the details view re-reads the raw line for the rest. */
export interface NormalizeOptions {
  readonly clamp: number;
  /** Returns one shared copy of a repeated string (session ids); a load supplies its own. */
  readonly intern?: (s: string) => string;
  /** The load's copy of a long text it has kept before (a file read twice, a command run again); undefined the first
   *  time, when the text is noted. */
  readonly earlier?: (s: string) => string | undefined;
  /** Assistant events get no content blocks (the stats fast path reads none; lines are validated all the same). */
  readonly noBlocks?: boolean;
  /** Counts the characters of the text events keep (each string `clampText` gives): the browser's heap estimate. */
  readonly kept?: { chars: number };
  /** The line's tool outputs were cut (lib/fast/clip.ts): their NULs are the marks `fullLength` reads. A whole line's
   *  text is its own, NULs and all. */
  readonly cut?: boolean;
}

/** A per-load interner: many lines repeat the same session id, and JSON.parse makes a new string each time. */
export function withInterner(opts: NormalizeOptions): NormalizeOptions {
  const seen = new Map<string, string>();
  return {
    ...opts,
    intern: (s) => {
      const v = seen.get(s);
      if (v !== undefined) return v;
      seen.set(s, s);
      return s;
    },
  };
}

/**
 * The options with long texts shared (`earlier`): a session reads the same file and runs the same command again and
 * again. Only for a read whose events keep their texts (the workbench's, a one-shot load of the full model): the texts
 * met are held until the options go, so a load that drops them (`loupe stats`'s lean events) would keep them all.
 */
export function withSharedTexts(opts: NormalizeOptions): NormalizeOptions {
  return { ...opts, earlier: longTexts() };
}

/** Texts shorter than this are not looked up: too few repeat to pay for it. */
export const SHARE_MIN = 512;
/** Texts kept per bucket: past it (texts of one length that differ where the hash does not look: a file edited in
 *  place, a status polled), a new one is not kept, so that a text is never compared whole with more than these. */
const BUCKET_MAX = 8;

/**
 * One copy of each long text, by value. Not a `Map` keyed by the texts: V8 hashes a string of more than 16,383
 * characters by its length alone, so every tool output cut at the 16,384 the model keeps would fall in one bucket.
 * Texts are bucketed by a hash of their length and 64 characters spread over them, then compared whole.
 */
export function longTexts(): (s: string) => string | undefined {
  const buckets = new Map<number, string[]>();
  return (s) => {
    if (s.length < SHARE_MIN) return undefined;
    let h = Math.imul(s.length, 0x9e3779b1);
    const step = s.length >>> 6;
    for (let i = 0; i < s.length; i += step) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    const bucket = buckets.get(h);
    if (bucket === undefined) {
      buckets.set(h, [s]);
      return undefined;
    }
    for (const t of bucket) if (t === s) return t;
    if (bucket.length < BUCKET_MAX) bucket.push(s);
    return undefined;
  };
}

export const DEFAULT_NORMALIZE: NormalizeOptions = { clamp: 16_384 };

/** A stream delta's fragment is kept this long on its event once the rebuild has used it whole. */
export const FRAGMENT_KEEP = 256;

export function clampText(text: string, opts: NormalizeOptions): string {
  const out = text.length > opts.clamp ? detach(text.slice(0, opts.clamp)) : text;
  if (opts.kept) opts.kept.chars += out.length;
  return out;
}

/** A tool output as its result keeps it: clamped, and the load's earlier copy of the same text where there is one. */
function keptOutput(text: string, opts: NormalizeOptions): string {
  const out = text.length > opts.clamp ? detach(text.slice(0, opts.clamp)) : text;
  const earlier = opts.earlier?.(out);
  if (earlier !== undefined) return earlier;
  if (opts.kept) opts.kept.chars += out.length;
  return out;
}

/** The longest word `hookWord` shares. */
const WORD_MAX = 64;

/** A short word the lines repeat (a hook's event or name) as the load's one copy of it; JSON.parse makes one per line. */
export const hookWord = (s: string | null | undefined, opts: NormalizeOptions): string | undefined =>
  s === null || s === undefined ? undefined : opts.intern && s.length <= WORD_MAX ? opts.intern(s) : s;

/**
 * A copy of a slice that no longer points into the string it was cut from: V8 keeps the whole parent of a sliced
 * string alive, so a 16 KB preview of a 2 MB tool output would otherwise hold the 2 MB.
 */
export function detach(slice: string): string {
  return slice.length < 13 ? slice : (' ' + slice).slice(1);
}

/**
 * Strings nested in tool inputs are clamped too (a Write of a whole file should not live twice in memory). A value
 * with nothing to clamp is returned as it is (most inputs: no copy to make and collect); one with something is copied
 * where it changed, as plain objects and arrays.
 */
export function clampDeep(value: unknown, opts: NormalizeOptions, depth = 0): unknown {
  if (typeof value === 'string') return clampText(value, opts);
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const c = clampDeep(v, opts, depth + 1);
      if (out) out.push(c);
      else if (c !== v) (out = value.slice(0, i)).push(c);
    }
    return out ?? value;
  }
  const keys = Object.keys(value);
  let out: Record<string, unknown> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] ?? '';
    const v: unknown = Reflect.get(value, k);
    const c = clampDeep(v, opts, depth + 1);
    // An own "__proto__" key sets the copy's prototype, as it always has: only a copy reads it that way.
    if (!out && (c !== v || k === '__proto__')) {
      out = {};
      for (let j = 0; j < i; j++) {
        const kj = keys[j] ?? '';
        out[kj] = Reflect.get(value, kj);
      }
    }
    if (out) out[k] = c;
  }
  return out ?? (Object.getPrototypeOf(value) === Object.prototype ? value : { ...value });
}

/** A usage object's counts when they are all sound, else none (progress copies are never counted: no errors kept). */
export function parseUsage(value: unknown): Usage | undefined {
  return readUsage(value, 'usage').usage;
}

/** `at`: where the blocks are in their line (`message.content`), so a block's data can be found again. */
export function blocksFrom(raw: readonly RawBlock[], opts: NormalizeOptions, at?: string): ContentBlock[] {
  // A block's place is only named for the blocks that need it (a string per text block would cost on a hot path).
  // Made by `map`, the list has room for its blocks only: one grown by `push` keeps room for 17, 64 bytes more.
  return raw.map((b, i) =>
    blockFrom(b, opts, at !== undefined && (b.type === 'image' || b.type === 'document') ? `${at}[${i}]` : undefined),
  );
}

export function blockFrom(b: RawBlock, opts: NormalizeOptions, at?: string): ContentBlock {
  switch (b.type) {
    case 'text': {
      const r = Fast.TextBlock.safeParse(b);
      if (!r.success) break;
      const text = clampText(r.data.text, opts);
      return text.length < r.data.text.length
        ? { type: 'text', text, truncated: r.data.text.length }
        : { type: 'text', text };
    }
    case 'thinking': {
      const r = Fast.ThinkingBlock.safeParse(b);
      if (!r.success) break;
      const text = clampText(r.data.thinking, opts);
      const hasSignature = typeof r.data.signature === 'string' && r.data.signature.length > 0;
      return text.length < r.data.thinking.length
        ? { type: 'thinking', text, hasSignature, truncated: r.data.thinking.length }
        : { type: 'thinking', text, hasSignature };
    }
    case 'redacted_thinking':
      return { type: 'redacted_thinking' };
    case 'tool_use':
    case 'server_tool_use':
    case 'mcp_tool_use': {
      const r = Fast.ToolUseBlock.safeParse(b);
      if (!r.success) break;
      return {
        type: 'tool_use',
        id: r.data.id,
        name: r.data.name,
        input: clampDeep(r.data.input ?? {}, opts),
        server: b.type !== 'tool_use',
      };
    }
    case 'image': {
      const r = Fast.ImageBlock.safeParse(b);
      const mediaType = r.success ? (r.data.source?.media_type ?? undefined) : undefined;
      const media = mediaFrom(b, at ?? '', opts.clamp);
      return { type: 'image', ...(mediaType ? { mediaType } : {}), ...(media ? { media } : {}) };
    }
    case 'document': {
      const media = mediaFrom(b, at ?? '', opts.clamp);
      if (media) return { type: 'document', media };
      break;
    }
    default:
      if (b.type.endsWith('_tool_result')) {
        const id = typeof b['tool_use_id'] === 'string' ? b['tool_use_id'] : undefined;
        return id
          ? { type: 'server_tool_result', blockType: b.type, toolUseId: id }
          : { type: 'server_tool_result', blockType: b.type };
      }
  }
  return { type: 'other', blockType: b.type };
}

/** Joined text of the text blocks in a tool_result's content (string or blocks), and its images and documents. */
function resultText(
  content: string | readonly RawBlock[] | null | undefined,
  at: string,
  opts: NormalizeOptions,
): { text: string; images: number; media: MediaInfo[] } {
  if (typeof content === 'string') return { text: content, images: 0, media: [] };
  if (!content) return { text: '', images: 0, media: [] };
  const parts: string[] = [];
  const refs: string[] = [];
  const media: MediaInfo[] = [];
  let images = 0;
  for (const [i, b] of content.entries()) {
    if (isMediaBlock(b)) {
      if (b.type === 'image') images += 1;
      const m = mediaFrom(b, `${at}[${i}]`, opts.clamp);
      if (m) media.push(m);
    } else if (b.type === 'tool_reference') {
      // ToolSearch answers with the tools it loaded, one block each, and no text.
      const name = b['tool_name'];
      refs.push(typeof name === 'string' ? name : '?');
    } else {
      const t = Fast.TextBlock.safeParse(b);
      if (t.success) parts.push(t.data.text);
    }
  }
  if (refs.length > 0) parts.push(`tool_reference: ${refs.join(', ')}`);
  return { text: parts.join('\n'), images, media };
}

export interface UserContent {
  readonly text: string;
  readonly textLength: number;
  readonly images: number;
  readonly media: MediaInfo[];
  readonly results: ToolResultBlock[];
}

/** `at`: where the content is in its line (`message.content`), so a block's data can be found again. */
export function userContentFrom(
  content: string | readonly RawBlock[],
  opts: NormalizeOptions,
  at = 'message.content',
): UserContent {
  if (typeof content === 'string') {
    const clean = stripAnsi(content);
    return { text: clampText(clean, opts), textLength: clean.length, images: 0, media: [], results: [] };
  }
  const texts: string[] = [];
  let images = 0;
  const media: MediaInfo[] = [];
  const results: ToolResultBlock[] = [];
  for (const [i, b] of content.entries()) {
    if (b.type === 'tool_result') {
      const r = Fast.ToolResultBlock.safeParse(b);
      if (!r.success) continue;
      const { text: rawText, images: img, media: rm } = resultText(r.data.content, `${at}[${i}].content`, opts);
      // Terminal output keeps its escape codes in the Raw tab; everywhere else they are noise.
      const text = stripAnsi(rawText);
      results.push({
        toolUseId: r.data.tool_use_id,
        isError: r.data.is_error === true,
        text: keptOutput(text, opts),
        // A tool output cut by the workbench's load (lib/fast/clip.ts) says how long it was.
        textLength: opts.cut ? fullLength(text) : text.length,
        images: img,
        ...(rm.length > 0 ? { media: rm } : {}),
      });
    } else if (isMediaBlock(b)) {
      if (b.type === 'image') images += 1;
      const m = mediaFrom(b, `${at}[${i}]`, opts.clamp);
      if (m) media.push(m);
    } else {
      const t = Fast.TextBlock.safeParse(b);
      if (t.success) texts.push(t.data.text);
    }
  }
  const text = stripAnsi(texts.join('\n'));
  // Kept with the event: a copy has room for its items only (grown by `push`, a list keeps room for 17).
  return { text: clampText(text, opts), textLength: text.length, images, media: exact(media), results: exact(results) };
}

/** `list`, or a copy with room for its items only when `push` left it more (an empty list has none). */
function exact<T>(list: T[]): T[] {
  return list.length === 0 ? list : list.slice();
}

function hunksFrom(
  raw: readonly { oldStart: number; oldLines: number; newStart: number; newLines: number; lines: readonly string[] }[],
  opts: NormalizeOptions,
): PatchHunk[] {
  let budget = opts.clamp * 4;
  const out: PatchHunk[] = [];
  for (const h of raw) {
    const lines: string[] = [];
    for (const l of h.lines) {
      if (budget <= 0) break;
      budget -= l.length + 1;
      lines.push(clampText(l, opts));
    }
    out.push({
      oldStart: h.oldStart,
      oldLines: h.oldLines,
      newStart: h.newStart,
      newLines: h.newLines,
      lines: exact(lines),
    });
    if (budget <= 0) break;
  }
  return exact(out);
}

/** Reduces a `toolUseResult` / `tool_use_result` to the side effect the viewer shows. */
export function sideEffectFrom(
  value: unknown,
  opts: NormalizeOptions,
  resultText?: string,
  at = 'toolUseResult',
): SideEffect | undefined {
  if (value === undefined || value === null) return undefined;
  // The structured output often repeats the result text (Bash stdout, error strings): keep one copy.
  const same = (s: string): string => {
    const c = clampText(s, opts);
    return resultText !== undefined && c === resultText ? resultText : c;
  };
  if (typeof value === 'string') return { type: 'text', text: same(value) };
  if (Array.isArray(value)) return blocksEffect(value, opts, at, same) ?? { type: 'other', keys: [] };
  if (typeof value !== 'object') return { type: 'other', keys: [] };
  const read = readFileMedia(value, at);
  if (read) return { type: 'media', text: '', media: [read] };
  // Each shape is tried only when its required key is there: a failed safeParse builds an error object per issue,
  // which costs more than the parse itself on a hot path.
  const edit = 'filePath' in value ? Fast.SideEffectEdit.safeParse(value) : undefined;
  if (edit?.success && (edit.data.structuredPatch || edit.data.type === 'create')) {
    const patch = edit.data.structuredPatch ? hunksFrom(edit.data.structuredPatch, opts) : [];
    const created = edit.data.type === 'create';
    const full: PatchHunk[] =
      created && patch.length === 0 && typeof edit.data.content === 'string'
        ? [createHunk(edit.data.content, opts)]
        : patch;
    const base = { type: 'file-edit' as const, filePath: edit.data.filePath, patch: full, created };
    return typeof edit.data.userModified === 'boolean' ? { ...base, userModified: edit.data.userModified } : base;
  }
  const bash = 'stdout' in value ? Fast.SideEffectBash.safeParse(value) : undefined;
  if (bash?.success) {
    const exit = bash.data.exitCode ?? bash.data.returnCode;
    const base = {
      type: 'bash' as const,
      stdout: same(bash.data.stdout),
      stderr: clampText(bash.data.stderr ?? '', opts),
      interrupted: bash.data.interrupted === true,
    };
    return typeof exit === 'number' ? { ...base, exitCode: exit } : base;
  }
  const agent = 'agentId' in value || 'totalToolUseCount' in value ? Fast.SideEffectAgent.safeParse(value) : undefined;
  if (agent?.success && (agent.data.agentId || agent.data.totalToolUseCount !== undefined)) {
    const parts: string[] = [];
    for (const b of agent.data.content ?? []) {
      const t = Fast.TextBlock.safeParse(b);
      if (t.success) parts.push(t.data.text);
    }
    return {
      type: 'agent',
      ...(agent.data.agentId ? { agentId: agent.data.agentId } : {}),
      ...(agent.data.status ? { status: agent.data.status } : {}),
      ...(typeof agent.data.totalTokens === 'number' ? { totalTokens: agent.data.totalTokens } : {}),
      ...(typeof agent.data.totalToolUseCount === 'number' ? { totalToolUseCount: agent.data.totalToolUseCount } : {}),
      ...(typeof agent.data.totalDurationMs === 'number' ? { totalDurationMs: agent.data.totalDurationMs } : {}),
      text: clampText(parts.join('\n'), opts),
    };
  }
  const readText = 'file' in value ? Fast.SideEffectRead.safeParse(value) : undefined;
  if (readText?.success) {
    const f = readText.data.file;
    return {
      type: 'read',
      filePath: f.filePath,
      ...(typeof f.numLines === 'number' ? { numLines: f.numLines } : {}),
      ...(typeof f.startLine === 'number' ? { startLine: f.startLine } : {}),
      ...(typeof f.totalLines === 'number' ? { totalLines: f.totalLines } : {}),
    };
  }
  return { type: 'other', keys: Object.keys(value).slice(0, 20) };
}

/** A structured output that is content blocks (an MCP tool's result): their text and images, as the model got them. */
function blocksEffect(
  value: readonly unknown[],
  opts: NormalizeOptions,
  at: string,
  same: (s: string) => string,
): SideEffect | undefined {
  if (value.length === 0) return undefined;
  const texts: string[] = [];
  const media: MediaInfo[] = [];
  for (const [i, b] of value.entries()) {
    const m = mediaFrom(b, `${at}[${i}]`, opts.clamp);
    if (m) media.push(m);
    else {
      const t = Fast.TextBlock.safeParse(b);
      if (!t.success) return undefined;
      texts.push(t.data.text);
    }
  }
  return { type: 'media', text: same(stripAnsi(texts.join('\n'))), media };
}

function createHunk(content: string, opts: NormalizeOptions): PatchHunk {
  const lines = clampText(content, opts).split('\n');
  return { oldStart: 0, oldLines: 0, newStart: 1, newLines: lines.length, lines: lines.map((l) => `+${l}`) };
}

// CSI sequences (colours, cursor, private modes like `ESC[?2026h`) and OSC sequences (titles, hyperlinks).
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;
/** The escape sequences `stripAnsi` removes, as a regex source (redaction joins the text between them). */
export const ANSI_SOURCE = ANSI.source;

export function stripAnsi(text: string): string {
  return text.includes('\u001b') ? text.replace(ANSI, '') : text;
}

/** A field's text: a string, or the strings and text blocks of a list (a hook's additional context is a list of strings). */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const parts: string[] = [];
    for (const b of value) {
      if (typeof b === 'string') {
        parts.push(b);
        continue;
      }
      const t = Fast.TextBlock.safeParse(b);
      if (t.success) parts.push(t.data.text);
    }
    return parts.join('\n');
  }
  return undefined;
}

export function behaviorOf(value: string | null | undefined): PermissionBehavior | undefined {
  return value === 'allow' || value === 'deny' || value === 'ask' || value === 'defer' ? value : undefined;
}

/** A PreToolUse decision inside a hook's JSON output (a string holding JSON, or the object itself). */
export function hookDecisionFrom(output: unknown): { decision?: PermissionBehavior; reason?: string } {
  let value: unknown = output;
  if (typeof output === 'string') {
    const trimmed = output.trim();
    if (!trimmed.startsWith('{')) return {};
    try {
      value = JSON.parse(trimmed);
    } catch {
      return {};
    }
  }
  const r = Fast.HookOutput.safeParse(value);
  if (!r.success) return {};
  const specific = r.data.hookSpecificOutput;
  const decision =
    behaviorOf(specific?.permissionDecision) ?? (r.data.decision === 'block' ? 'deny' : behaviorOf(r.data.decision));
  const reason = specific?.permissionDecisionReason ?? r.data.reason ?? undefined;
  return { ...(decision ? { decision } : {}), ...(reason ? { reason } : {}) };
}

export function isBlockArray(value: unknown): value is RawBlock[] {
  return Array.isArray(value) && value.every(Fast.Block.is);
}

/** Keeps only defined values, so optional fields are absent rather than `undefined`. */
export function compact<T extends object>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined && v !== null) out[k] = v;
  // Same keys minus the undefined ones: structurally still a T.
  return out as T;
}
