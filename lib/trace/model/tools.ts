import { lineRef } from '../line-types';
import type {
  ControlEvent,
  HookEvent,
  PermissionDeniedEvent,
  ProgressEvent,
  ResultEvent,
  ToolResultEvent,
  TraceEvent,
} from '../types';
import type { Diagnostic } from '../types';
import { deriveChanges } from './derived-effects';
import type { PermissionEvidence, ToolCall, Turn } from './types';

// The tool-call chain: request (tool_use) → permission evidence → tool_result → side effect, joined by tool_use_id.
// A side effect the file did not record is derived from the request (derived-effects.ts).

/** Texts Claude Code and the SDK put in a tool_result when a call was refused (FORMATS.md §2.12, §3.11). */
const REJECTION = [/The user doesn't want to proceed with this tool use/i, /^(Error: )?User rejected tool use/i];
const DENIAL = [
  /requires approval/,
  /Permission to use/,
  // "…to use WebSearch, but…", "…to read from ~/.claude/CLAUDE.md, but…", "…to write to …"
  /requested permissions to .* but you haven't granted it/,
  /was blocked\. For security/,
  /permission (was )?denied by (a |the )?(hook|rule|policy|user)/i,
  /blocked by (a |the )?(PreToolUse )?hook/i,
];

export function denialKind(text: string): 'rejection-text' | 'denial-text' | undefined {
  if (REJECTION.some((r) => r.test(text))) return 'rejection-text';
  if (DENIAL.some((r) => r.test(text))) return 'denial-text';
  return undefined;
}

export interface ToolIndex {
  readonly calls: ToolCall[];
  readonly byId: Map<string, number>;
}

/** Every client-side tool_use of every turn, in turn and block order (numbered later, see `indexToolCalls`). */
export function collectToolCalls(
  turns: readonly Turn[],
  events: readonly TraceEvent[],
  eventAgent: Int32Array,
): ToolCall[] {
  const calls: ToolCall[] = [];
  const seen = new Set<string>();
  for (const turn of turns) {
    let slot = 0;
    turn.blocks.forEach((b, i) => {
      if (b.type !== 'tool_use' || b.server || seen.has(b.id)) return;
      seen.add(b.id);
      const requestSeq = turn.blockSeqs[i] ?? turn.seqs[0] ?? 0;
      const time = events[requestSeq]?.time;
      calls.push({
        index: calls.length,
        id: b.id,
        name: b.name,
        input: b.input,
        turn: turn.index,
        requestSeq,
        agent: eventAgent[requestSeq] ?? turn.agent,
        session: turn.session,
        slot: slot++,
        duplicateResults: [],
        permission: 'unknown',
        evidence: [],
        hooks: [],
        progress: [],
        ...(time !== undefined ? { requestedAt: time } : {}),
      });
    });
  }
  return calls;
}

/** Indexes numbered calls by id and lists each turn's calls in block order. */
export function indexToolCalls(calls: ToolCall[], turns: readonly Turn[]): ToolIndex {
  const byId = new Map<string, number>();
  for (const c of calls) {
    byId.set(c.id, c.index);
    turns[c.turn]?.toolCalls.push(c.index);
  }
  for (const t of turns) t.toolCalls.sort((a, b) => (calls[a]?.slot ?? 0) - (calls[b]?.slot ?? 0));
  return { calls, byId };
}

function attachResult(idx: ToolIndex, e: ToolResultEvent, diags: Diagnostic[]): void {
  e.results.forEach((r, i) => {
    const ci = idx.byId.get(r.toolUseId);
    const call = ci === undefined ? undefined : idx.calls[ci];
    if (!call) {
      diags.push({
        code: 'orphan-tool-result',
        severity: 'warning',
        message: `tool_result for ${r.toolUseId}, which no loaded tool_use requested`,
        src: lineRef(e),
        seq: e.seq,
        consumesLine: false,
      });
      return;
    }
    if (call.result) {
      call.duplicateResults.push(e.seq);
      diags.push({
        code: 'duplicate-tool-result',
        severity: 'warning',
        message: `a second tool_result for ${call.name} ${r.toolUseId}`,
        src: lineRef(e),
        seq: e.seq,
        consumesLine: false,
      });
      return;
    }
    call.result = {
      seq: e.seq,
      isError: r.isError,
      text: r.text,
      textLength: r.textLength,
      ...(e.time !== undefined ? { time: e.time } : {}),
      ...(r.media ? { media: r.media } : {}),
    };
    // One result per line is what producers write; a line with several gives its structured output to the first.
    if (i === 0 && e.sideEffect) call.sideEffect = e.sideEffect;
    if (r.isError) {
      const kind = denialKind(r.text);
      if (kind)
        call.evidence.push({
          kind,
          behavior: 'deny',
          seq: e.seq,
          detail: firstLine(r.text),
          ...(e.time !== undefined ? { time: e.time } : {}),
        });
    } else {
      call.evidence.push({
        kind: 'tool-ran',
        behavior: 'allow',
        seq: e.seq,
        detail: 'the tool ran and returned a result',
        ...(e.time !== undefined ? { time: e.time } : {}),
      });
    }
  });
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

function push(idx: ToolIndex, toolUseId: string | undefined, ev: PermissionEvidence): void {
  if (!toolUseId) return;
  const ci = idx.byId.get(toolUseId);
  const call = ci === undefined ? undefined : idx.calls[ci];
  if (call) call.evidence.push(ev);
}

/** Walks the events once, joining results, hooks, progress and every kind of permission evidence to their calls. */
export function joinToolEvidence(idx: ToolIndex, events: readonly TraceEvent[], diags: Diagnostic[]): void {
  const controlRequests = new Map<string, ControlEvent>();
  const hookTools = hookToolIds(events);
  for (const e of events) {
    switch (e.kind) {
      case 'tool-result':
        attachResult(idx, e, diags);
        break;
      case 'control':
        joinControl(idx, e, controlRequests);
        break;
      case 'hook': {
        const call = ownerOf(idx, e, hookTools);
        if (call) {
          call.hooks.push(e.seq);
          joinHook(call, e);
        }
        break;
      }
      case 'progress':
        ownerOf(idx, e, hookTools)?.progress.push(e.seq);
        break;
      case 'permission-denied':
        joinDenied(idx, e);
        break;
      case 'result':
        joinResultDenials(idx, e);
        break;
      default:
        break;
    }
  }
  for (const call of idx.calls) decide(call);
  // The last link of the chain where the file lacks it: the side effect, rebuilt from the request.
  deriveChanges(idx.calls);
}

/** SDK hook frames of one run share a `hook_id`; the tool call id may be on only one of them. */
function hookToolIds(events: readonly TraceEvent[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of events)
    if (e.kind === 'hook' && e.hookId && e.toolUseId && !out.has(e.hookId)) out.set(e.hookId, e.toolUseId);
  return out;
}

/**
 * The tool call a hook or progress line belongs to. Claude Code names it in `toolUseID` (hooks, hook_progress) or in
 * `parentToolUseID` (bash_progress and agent_progress, whose own `toolUseID` is a progress id); SDK frames in
 * `tool_use_id` (there `parent_tool_use_id` names the subagent's spawning call, not the frame's call).
 */
function ownerOf(
  idx: ToolIndex,
  e: HookEvent | ProgressEvent,
  hookTools: ReadonlyMap<string, string>,
): ToolCall | undefined {
  const sdk = e.kind === 'hook' ? e.via === 'system' : e.progressType === 'tool_progress';
  const own = e.toolUseId ?? (e.kind === 'hook' && e.hookId ? hookTools.get(e.hookId) : undefined);
  return callOf(idx, own) ?? (sdk ? undefined : callOf(idx, e.parentToolUseId));
}

function callOf(idx: ToolIndex, id: string | undefined): ToolCall | undefined {
  const ci = id === undefined ? undefined : idx.byId.get(id);
  return ci === undefined ? undefined : idx.calls[ci];
}

function joinControl(idx: ToolIndex, e: ControlEvent, requests: Map<string, ControlEvent>): void {
  const t = e.time !== undefined ? { time: e.time } : {};
  if (e.frame === 'request' && e.subtype === 'can_use_tool') {
    if (e.requestId) requests.set(e.requestId, e);
    push(idx, e.toolUseId, {
      kind: 'control-request',
      behavior: 'ask',
      seq: e.seq,
      detail: `can_use_tool asked for ${e.toolName ?? 'a tool'}`,
      ...t,
    });
  } else if (e.frame === 'response' && e.requestId) {
    const req = requests.get(e.requestId);
    const toolUseId = req?.toolUseId ?? e.toolUseId;
    if (!req && !e.toolUseId) return;
    const behavior = e.behavior ?? (e.subtype === 'error' ? 'deny' : undefined);
    const detail =
      behavior === 'deny'
        ? `denied by the SDK host${e.message ? `: ${e.message}` : ''}`
        : behavior === 'allow'
          ? 'allowed by the SDK host'
          : `control response ${e.subtype ?? ''}`;
    push(idx, toolUseId, { kind: 'control-response', ...(behavior ? { behavior } : {}), seq: e.seq, detail, ...t });
  }
}

function joinHook(call: ToolCall, e: HookEvent): void {
  if (!e.decision || (e.hookEvent && e.hookEvent !== 'PreToolUse')) return;
  call.evidence.push({
    kind: 'hook',
    behavior: e.decision,
    seq: e.seq,
    detail:
      `PreToolUse hook ${e.hookName ?? ''} said ${e.decision}${e.decisionReason ? `: ${e.decisionReason}` : ''}`.replace(
        '  ',
        ' ',
      ),
    ...(e.time !== undefined ? { time: e.time } : {}),
  });
}

function joinDenied(idx: ToolIndex, e: PermissionDeniedEvent): void {
  push(idx, e.toolUseId, {
    kind: 'permission-denied',
    behavior: 'deny',
    seq: e.seq,
    detail: e.message || `permission_denied (${e.reasonType ?? 'no reason given'})`,
    ...(e.time !== undefined ? { time: e.time } : {}),
  });
}

function joinResultDenials(idx: ToolIndex, e: ResultEvent): void {
  for (const d of e.permissionDenials) {
    push(idx, d.toolUseId, {
      kind: 'result-denial',
      behavior: 'deny',
      seq: e.seq,
      detail: `listed in result.permission_denials (${d.toolName})`,
    });
  }
}

const EXPLICIT: ReadonlySet<string> = new Set(['control-response', 'hook', 'permission-denied', 'result-denial']);

/** A deny anywhere wins; then an explicit allow; then the fact that the tool ran; otherwise unknown. */
function decide(call: ToolCall): void {
  const ev = call.evidence;
  let i = ev.findIndex((x) => x.behavior === 'deny');
  if (i >= 0) {
    call.permission = 'denied';
  } else {
    i = ev.findIndex((x) => x.behavior === 'allow' && EXPLICIT.has(x.kind));
    if (i < 0) i = ev.findIndex((x) => x.behavior === 'allow');
    if (i >= 0) call.permission = 'allowed';
  }
  if (i >= 0) call.decidedBy = i;
  const decided = ev.find((x) => x.kind === 'control-response' && x.time !== undefined);
  if (decided?.time !== undefined) call.decidedAt = decided.time;
}
