import * as z from 'zod';
import { DEFAULT_NORMALIZE } from '../adapters/common';
import type { DerivedChange, DerivedTool, KnownContent, ToolCall } from './types';

// Side effects rebuilt from the request. Claude Code 2.1.1xx subagent files often record no `toolUseResult`, so an
// Edit, MultiEdit, Write or NotebookEdit that succeeded shows no patch. What it changed is in its request; what the
// file held before is in the trace too when an earlier Read or Write of the same path showed it (and the Edits since
// are applied to that). Only successful calls are derived: a failed call changed nothing.

export interface EditOp {
  readonly oldString: string;
  readonly newString: string;
  readonly replaceAll: boolean;
}

export type FileRequest =
  | { readonly tool: 'Edit' | 'MultiEdit'; readonly filePath: string; readonly edits: readonly EditOp[] }
  | { readonly tool: 'Write'; readonly filePath: string; readonly content: string }
  | {
      readonly tool: 'NotebookEdit';
      readonly filePath: string;
      readonly cell?: string;
      readonly mode: string;
      readonly source: string;
      readonly cellType?: string;
    }
  | { readonly tool: 'Read'; readonly filePath: string; readonly offset?: number; readonly limit?: number };

const Edit = z.object({ old_string: z.string(), new_string: z.string(), replace_all: z.boolean().nullish() });
const EditInput = Edit.extend({ file_path: z.string() });
const MultiEditInput = z.object({ file_path: z.string(), edits: z.array(Edit) });
const WriteInput = z.object({ file_path: z.string(), content: z.string() });
const NotebookEditInput = z.object({
  notebook_path: z.string(),
  new_source: z.string().nullish(),
  cell_id: z.string().nullish(),
  cell_number: z.number().nullish(),
  cell_type: z.string().nullish(),
  edit_mode: z.string().nullish(),
});
const ReadInput = z.object({ file_path: z.string(), offset: z.number().nullish(), limit: z.number().nullish() });

const op = (e: z.infer<typeof Edit>): EditOp => ({
  oldString: e.old_string,
  newString: e.new_string,
  replaceAll: e.replace_all === true,
});

/** The tools `fileRequestOf` reads a request of. */
const FILE_TOOLS: ReadonlySet<string> = new Set(['Edit', 'MultiEdit', 'Write', 'NotebookEdit', 'Read']);

/** The file request of a call of Claude Code's file tools, or undefined for any other call. */
export function fileRequestOf(name: string, input: unknown): FileRequest | undefined {
  // Without its path the schema fails anyway; said here without zod, whose failure builds an error (a lean input of
  // `loupe stats` never has the path).
  const path = name === 'NotebookEdit' ? 'notebook_path' : 'file_path';
  if (typeof input !== 'object' || input === null || typeof Reflect.get(input, path) !== 'string') return undefined;
  switch (name) {
    case 'Edit': {
      const r = EditInput.safeParse(input);
      return r.success ? { tool: 'Edit', filePath: r.data.file_path, edits: [op(r.data)] } : undefined;
    }
    case 'MultiEdit': {
      const r = MultiEditInput.safeParse(input);
      return r.success ? { tool: 'MultiEdit', filePath: r.data.file_path, edits: r.data.edits.map(op) } : undefined;
    }
    case 'Write': {
      const r = WriteInput.safeParse(input);
      return r.success ? { tool: 'Write', filePath: r.data.file_path, content: r.data.content } : undefined;
    }
    case 'NotebookEdit': {
      const r = NotebookEditInput.safeParse(input);
      if (!r.success) return undefined;
      const d = r.data;
      const cell = d.cell_id ?? (typeof d.cell_number === 'number' ? `#${d.cell_number}` : undefined);
      return {
        tool: 'NotebookEdit',
        filePath: d.notebook_path,
        mode: d.edit_mode ?? 'replace',
        source: d.new_source ?? '',
        ...(cell !== undefined ? { cell } : {}),
        ...(d.cell_type ? { cellType: d.cell_type } : {}),
      };
    }
    case 'Read': {
      const r = ReadInput.safeParse(input);
      if (!r.success) return undefined;
      return {
        tool: 'Read',
        filePath: r.data.file_path,
        ...(typeof r.data.offset === 'number' ? { offset: r.data.offset } : {}),
        ...(typeof r.data.limit === 'number' ? { limit: r.data.limit } : {}),
      };
    }
    default:
      return undefined;
  }
}

/** A string the parser cut at its clamp is not the whole value: it cannot stand for a file's content. */
export const isClamped = (s: string): boolean => s.length >= DEFAULT_NORMALIZE.clamp;

/** Applies edits the way the Edit tool does; undefined when the text does not hold an old_string exactly once. */
export function applyEdits(text: string, edits: readonly EditOp[]): string | undefined {
  let out = text;
  for (const e of edits) {
    if (e.oldString === '' || isClamped(e.oldString) || isClamped(e.newString)) return undefined;
    const at = out.indexOf(e.oldString);
    if (at < 0) return undefined;
    if (e.replaceAll) out = out.split(e.oldString).join(e.newString);
    else if (out.indexOf(e.oldString, at + e.oldString.length) >= 0) return undefined;
    else out = out.slice(0, at) + e.newString + out.slice(at + e.oldString.length);
  }
  return out;
}

/** Claude Code's Read output: `     N→line` (older versions: `     N\tline`), then notes such as system reminders. */
const NUMBERED = /^ *(\d+)(?:→|\t)([^]*)$/;
/** Claude Code cuts Read lines at 2000 characters and reads 2000 lines unless told otherwise. */
const READ_LINE_MAX = 2000;
const READ_DEFAULT_LIMIT = 2000;

export function parseNumbered(text: string): { startLine: number; lines: string[] } | undefined {
  const lines: string[] = [];
  let start = 0;
  for (const raw of text.split('\n')) {
    const m = NUMBERED.exec(raw);
    const n = m ? Number(m[1]) : NaN;
    if (!m || (lines.length > 0 && n !== start + lines.length)) break;
    if (lines.length === 0) start = n;
    lines.push(m[2] ?? '');
  }
  return lines.length > 0 ? { startLine: start, lines } : undefined;
}

/** What a successful Read showed of a file, from its result text and its recorded line counts. */
export function readContent(call: ToolCall, req: Extract<FileRequest, { tool: 'Read' }>): KnownContent | undefined {
  const res = call.result;
  if (!res) return undefined;
  const parsed = parseNumbered(res.text);
  if (!parsed) {
    return /file exists but the contents are empty|file is empty/i.test(res.text)
      ? { text: '', startLine: 1, complete: true, fromCall: call.index, editsSince: 0 }
      : undefined;
  }
  const clamped = res.textLength > res.text.length;
  const long = parsed.lines.some((l) => l.length >= READ_LINE_MAX);
  const counts = call.sideEffect?.type === 'read' ? call.sideEffect : undefined;
  const whole =
    counts?.numLines !== undefined && counts.totalLines !== undefined
      ? counts.numLines >= counts.totalLines && parsed.lines.length === counts.numLines
      : req.limit === undefined && parsed.lines.length < READ_DEFAULT_LIMIT;
  const complete = parsed.startLine === 1 && whole && !clamped && !long;
  // A clamped result may end in the middle of a line: keep only whole lines.
  const lines = clamped ? parsed.lines.slice(0, -1) : parsed.lines;
  if (lines.length === 0) return undefined;
  return { text: lines.join('\n'), startLine: parsed.startLine, complete, fromCall: call.index, editsSince: 0 };
}

/** Calls in the order their results came: the order the files changed in, across agents. */
function inResultOrder(calls: readonly ToolCall[]): ToolCall[] {
  const done = calls.filter((c) => c.result !== undefined);
  const timed = done.every((c) => c.result?.time !== undefined);
  const key = (c: ToolCall): number => (timed ? (c.result?.time ?? 0) : (c.result?.seq ?? 0));
  // Only the file tools' calls are walked: sorted alone (the sort is stable), not with every other call.
  return done
    .filter((c) => FILE_TOOLS.has(c.name))
    .sort((a, b) => key(a) - key(b) || (a.result?.seq ?? 0) - (b.result?.seq ?? 0));
}

const CREATED = /created successfully|new file created|^File created/i;

/**
 * Sets `derived` on every successful Edit, MultiEdit, Write and NotebookEdit call that recorded no patch, with the
 * file's content before it where the trace shows it. Walks the calls in the order their results arrived, keeping the
 * last known content of each path: a Read shows it, a Write sets it, an Edit changes it (recorded or not).
 */
export function deriveChanges(calls: readonly ToolCall[]): void {
  const known = new Map<string, Known>();
  for (const c of inResultOrder(calls)) {
    const req = fileRequestOf(c.name, c.input);
    if (!req || !c.result || c.result.isError) continue;
    const path = req.filePath;
    const found = known.get(path);
    const recorded = c.sideEffect?.type === 'file-edit';
    const derive = (tool: DerivedTool, created: boolean, base?: KnownContent): void => {
      if (recorded) return;
      const change: DerivedChange = { tool, filePath: path, created, ...(base ? { before: base } : {}) };
      c.derived = change;
    };
    switch (req.tool) {
      case 'Read':
        known.set(path, { read: c, req, prior: found });
        break;
      case 'Edit':
      case 'MultiEdit': {
        const creates = req.tool === 'Edit' && req.edits[0]?.oldString === '';
        if (creates) {
          derive(req.tool, true);
          const content = req.edits[0]?.newString ?? '';
          if (isClamped(content)) known.delete(path);
          else known.set(path, { text: content, startLine: 1, complete: true, fromCall: c.index, editsSince: 0 });
          break;
        }
        // A recorded patch shows the change: the content before it is worked out only if a later change needs it.
        if (recorded) known.set(path, { base: found, edits: req.edits });
        else {
          const before = settled(found);
          derive(req.tool, false, before);
          known.set(path, { base: before, edits: req.edits });
        }
        break;
      }
      case 'Write': {
        const created = CREATED.test(c.result.text) || (c.sideEffect?.type === 'file-edit' && c.sideEffect.created);
        const before = created || recorded ? undefined : settled(found);
        derive('Write', created, before?.complete ? before : undefined);
        if (isClamped(req.content)) known.delete(path);
        else known.set(path, { text: req.content, startLine: 1, complete: true, fromCall: c.index, editsSince: 0 });
        break;
      }
      case 'NotebookEdit':
        derive('NotebookEdit', false);
        known.delete(path);
        break;
    }
  }
}

/**
 * What a path is known to hold: its content, or what it was worked out from, left until a change without a recorded
 * patch asks (`settled`). Most Reads are never followed by such a change, and parsing each Read's numbered lines and
 * applying each recorded Edit to them was most of the model's time on the tool calls.
 */
type Known = KnownContent | PendingRead | PendingEdit;

interface PendingRead {
  readonly read: ToolCall;
  readonly req: Extract<FileRequest, { tool: 'Read' }>;
  /** What was known before the Read: still the content when the Read shows none (`readContent` undefined). */
  readonly prior: Known | undefined;
}

/** An Edit's changes to what `base` stands for: nothing known when there is no base or they do not apply. */
interface PendingEdit {
  readonly base: Known | undefined;
  readonly edits: readonly EditOp[];
}

/** The content `k` stands for: Reads parsed from the latest back to one that shows the file, Edits applied since. */
function settled(k: Known | undefined): KnownContent | undefined {
  const edits: (readonly EditOp[])[] = [];
  let at = k;
  while (at !== undefined && !('text' in at)) {
    if ('read' in at) at = readContent(at.read, at.req) ?? at.prior;
    else {
      edits.push(at.edits);
      at = at.base;
    }
  }
  let out: KnownContent | undefined = at;
  for (let i = edits.length - 1; i >= 0 && out !== undefined; i--) {
    const text = applyEdits(out.text, edits[i] ?? []);
    out = text === undefined ? undefined : { ...out, text, editsSince: out.editsSince + 1 };
  }
  return out;
}

/** True when the call changed a file, by its recorded patch or by its request. */
export function changesFile(c: ToolCall): boolean {
  return c.sideEffect?.type === 'file-edit' || c.derived !== undefined;
}

/** The path a changing call wrote. */
export function changedPath(c: ToolCall): string | undefined {
  return c.sideEffect?.type === 'file-edit' ? c.sideEffect.filePath : c.derived?.filePath;
}
