import type { Normalized, SourceFormat } from '../types';
import { clampText, textOf, type NormalizeOptions } from './common';
import { u, type RawObject } from './messages';
import { AgentMetaSchema, EvalArtifactSchema, RecordingSchema, TestResultSchema } from './schemas';
import { normalizeSdkLine } from './sdk-stream';
import { normalizeClaudeCodeLine } from './claude-code';

// JSON documents: an array of SDK messages, an evaluation artifact, or a recording of `{message, …timestamp}` items.
// Each message is one record; a document header (prompt, eval verdict) is one more record.

export interface DocumentRecord {
  readonly path: string;
  readonly event?: Normalized;
  readonly problem?: string;
}

function isObject(v: unknown): v is RawObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function looksLikeDocument(doc: unknown): boolean {
  if (Array.isArray(doc)) return true;
  return isObject(doc) && Array.isArray(doc['messages']) && typeof doc['type'] !== 'string';
}

function isEvalArtifact(doc: RawObject): boolean {
  return ['testResult', 'workspaceDiff', 'transportError', 'toolCalls', 'results'].some((k) => k in doc);
}

function normalizeMessage(value: unknown, path: string, timestamp: unknown, opts: NormalizeOptions): DocumentRecord {
  if (!isObject(value)) return { path, problem: 'not an object' };
  const ccLike = 'parentUuid' in value || 'sessionId' in value;
  const withTime = timestamp !== undefined && !('timestamp' in value) ? { ...value, timestamp } : value;
  const event = ccLike ? normalizeClaudeCodeLine(withTime, opts) : normalizeSdkLine(withTime, opts);
  return { path, event };
}

/** Recording items carry time as an ISO `timestamp` or a `relativeTimestamp` in ms from the recording's start. */
function itemTime(item: RawObject, start: number | undefined): unknown {
  if (typeof item['timestamp'] === 'string' || typeof item['timestamp'] === 'number') return item['timestamp'];
  const rel = item['relativeTimestamp'];
  if (typeof rel === 'number' && start !== undefined) return start + rel;
  return undefined;
}

function recordedAt(doc: RawObject): number | undefined {
  const meta = doc['metadata'];
  if (!isObject(meta)) return undefined;
  const at = meta['recordedAt'];
  const t = typeof at === 'string' ? Date.parse(at) : NaN;
  return Number.isNaN(t) ? undefined : t;
}

function records(doc: unknown, opts: NormalizeOptions): { format: SourceFormat; items: DocumentRecord[] } {
  if (Array.isArray(doc)) {
    const items = doc.map((m, i) => {
      if (isObject(m) && 'message' in m && isObject(m['message']) && typeof m['type'] !== 'string') {
        return normalizeMessage(m['message'], `[${i}].message`, itemTime(m, undefined), opts);
      }
      return normalizeMessage(m, `[${i}]`, undefined, opts);
    });
    return { format: 'json-array', items };
  }
  if (!isObject(doc)) return { format: 'unknown', items: [{ path: '$', problem: 'not a JSON document of messages' }] };
  if (isEvalArtifact(doc)) {
    const r = EvalArtifactSchema.safeParse(doc);
    if (!r.success) return { format: 'unknown', items: [{ path: '$', problem: 'evaluation artifact without messages' }] };
    const a = r.data;
    const items: DocumentRecord[] = a.messages.map((m, i) => normalizeMessage(m, `messages[${i}]`, undefined, opts));
    const seen = new Set(a.messages.map((m) => (isObject(m) && typeof m['uuid'] === 'string' ? m['uuid'] : '')));
    (a.results ?? []).forEach((m, i) => {
      // Result frames listed apart from the messages are records too, unless they repeat one.
      if (isObject(m) && m['type'] === 'result' && !(typeof m['uuid'] === 'string' && seen.has(m['uuid']))) {
        items.push(normalizeMessage(m, `results[${i}]`, undefined, opts));
      }
    });
    items.push({ path: '$', event: evalEvent(a, opts) });
    return { format: 'eval-artifact', items };
  }
  const rec = RecordingSchema.safeParse(doc);
  if (rec.success) {
    const start = recordedAt(doc);
    const items = rec.data.messages.map((m, i) => normalizeMessage(m.message, `messages[${i}].message`, itemTime(m, start), opts));
    const prompt = textOf(doc['prompt']);
    items.unshift({
      path: '$',
      event: { kind: 'meta', metaType: 'recording', text: prompt ? clampText(prompt, opts) : 'recording', time: start },
    });
    return { format: 'recording', items };
  }
  const items = (Array.isArray(doc['messages']) ? doc['messages'] : []).map((m, i) => normalizeMessage(m, `messages[${i}]`, undefined, opts));
  return { format: 'json-array', items };
}

function evalEvent(a: { sessionId?: string | null; toolCalls?: unknown[] | null; transportError?: unknown; workspaceDiff?: unknown; testResult?: unknown }, opts: NormalizeOptions): Normalized {
  const t = TestResultSchema.safeParse(a.testResult);
  let passed: boolean | undefined;
  let testSummary: string | undefined;
  if (typeof a.testResult === 'boolean') passed = a.testResult;
  else if (t.success) {
    const status = t.data.status?.toLowerCase();
    passed = u(t.data.passed) ?? u(t.data.success) ?? u(t.data.ok) ?? (status ? ['pass', 'passed', 'success', 'ok'].includes(status) : undefined);
    testSummary = u(t.data.summary) ?? u(t.data.output) ?? u(t.data.status);
  } else if (typeof a.testResult === 'string') testSummary = a.testResult;
  const diff = typeof a.workspaceDiff === 'string' ? a.workspaceDiff : a.workspaceDiff ? JSON.stringify(a.workspaceDiff) : undefined;
  const transport = typeof a.transportError === 'string' ? a.transportError : a.transportError ? JSON.stringify(a.transportError) : undefined;
  return {
    kind: 'eval',
    sessionId: u(a.sessionId),
    passed,
    testSummary: testSummary ? clampText(testSummary, opts) : undefined,
    workspaceDiff: diff ? clampText(diff, { clamp: Math.max(opts.clamp, 65_536) }) : undefined,
    transportError: transport ? clampText(transport, opts) : undefined,
    toolCallCount: a.toolCalls ? a.toolCalls.length : undefined,
  };
}

function agentMeta(doc: RawObject, opts: NormalizeOptions): Normalized {
  const r = AgentMetaSchema.safeParse(doc);
  const m = r.success ? r.data : {};
  return {
    kind: 'meta',
    metaType: 'agent-meta',
    text: clampText([u(m.agentType), u(m.description)].filter(Boolean).join(': ') || 'subagent metadata', opts),
    agentMeta: { agentType: u(m.agentType), description: u(m.description), toolUseId: u(m.toolUseId), parentAgentId: u(m.parentAgentId) },
  };
}

export const normalizeDocument = { records, agentMeta };
