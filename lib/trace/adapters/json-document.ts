import type { SourceFormat, TraceEvent } from '../types';
import { clampText, textOf, type NormalizeOptions } from './common';
import { u, type Head, type RawObject } from './messages';
import { AgentMetaSchema, EvalArtifactSchema, RecordingSchema, TestResultSchema } from './schemas';
import { normalizeSdkLine } from './sdk-stream';
import { normalizeClaudeCodeLine } from './claude-code';

// JSON documents: an array of SDK messages, an evaluation artifact, or a recording of `{message, …timestamp}` items.
// Each message is one record; a document header (the recording's prompt, the eval verdict) is one more record.

export type DocumentItem =
  | { readonly path: string; readonly type: 'message'; readonly value: unknown; readonly time?: unknown }
  | {
      readonly path: string;
      readonly type: 'recording-header';
      readonly prompt?: string;
      readonly time?: number;
      readonly fields: readonly (readonly [string, unknown])[];
    }
  | { readonly path: string; readonly type: 'eval'; readonly artifact: EvalFields }
  | { readonly path: string; readonly type: 'invalid'; readonly problem: string };

interface EvalFields {
  readonly sessionId?: string | null;
  readonly toolCalls?: unknown[] | null;
  readonly transportError?: unknown;
  readonly workspaceDiff?: unknown;
  readonly testResult?: unknown;
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

const message = (path: string, value: unknown, time?: unknown): DocumentItem => ({
  path,
  type: 'message',
  value,
  ...(time !== undefined ? { time } : {}),
});

/**
 * Wrapped items in the order of their explicit `index` when every item has a distinct one (a recorder may write
 * them as they arrive, not as they were produced); in the document's order otherwise. Paths keep the file position.
 */
function byIndex<T>(wrapped: readonly unknown[], items: T[]): T[] {
  const idx = wrapped.map((w) =>
    isObject(w) && isObject(w['message']) && typeof w['index'] === 'number' && Number.isFinite(w['index'])
      ? w['index']
      : undefined,
  );
  if (idx.some((i) => i === undefined) || new Set(idx).size !== idx.length) return items;
  return items
    .map((item, i) => ({ item, at: idx[i] ?? i }))
    .sort((a, b) => a.at - b.at)
    .map((x) => x.item);
}

/** Lists a document's records in order, without normalizing them yet. */
export function documentItems(doc: unknown): { format: SourceFormat; items: DocumentItem[] } {
  if (Array.isArray(doc)) {
    const items = doc.map((m, i) =>
      isObject(m) && isObject(m['message']) && typeof m['type'] !== 'string'
        ? message(`[${i}].message`, m['message'], itemTime(m, undefined))
        : message(`[${i}]`, m),
    );
    return { format: 'json-array', items: byIndex(doc, items) };
  }
  if (!isObject(doc))
    return { format: 'unknown', items: [{ path: '$', type: 'invalid', problem: 'not a JSON document of messages' }] };
  if (isEvalArtifact(doc)) {
    const r = EvalArtifactSchema.safeParse(doc);
    if (!r.success)
      return {
        format: 'unknown',
        items: [{ path: '$', type: 'invalid', problem: 'evaluation artifact without messages' }],
      };
    const a = r.data;
    const items: DocumentItem[] = a.messages.map((m, i) => message(`messages[${i}]`, m));
    const seen = new Set(a.messages.map((m) => (isObject(m) && typeof m['uuid'] === 'string' ? m['uuid'] : '')));
    (a.results ?? []).forEach((m, i) => {
      // Result frames listed apart from the messages are records too, unless they repeat one.
      if (isObject(m) && m['type'] === 'result' && !(typeof m['uuid'] === 'string' && seen.has(m['uuid'])))
        items.push(message(`results[${i}]`, m));
    });
    items.push({ path: '$', type: 'eval', artifact: a });
    return { format: 'eval-artifact', items };
  }
  const rec = RecordingSchema.safeParse(doc);
  if (rec.success) {
    const start = recordedAt(doc);
    const items: DocumentItem[] = byIndex(
      rec.data.messages,
      rec.data.messages.map((m, i) => message(`messages[${i}].message`, m.message, itemTime(m, start))),
    );
    const prompt = textOf(doc['prompt']);
    const fields = ['metadata', 'result'].flatMap((block) => {
      const b = doc[block];
      return isObject(b) ? Object.entries(b).map(([k, v]) => [`${block}.${k}`, v] as const) : [];
    });
    items.unshift({
      path: '$',
      type: 'recording-header',
      ...(prompt ? { prompt } : {}),
      ...(start !== undefined ? { time: start } : {}),
      fields,
    });
    return { format: 'recording', items };
  }
  const list: unknown[] = Array.isArray(doc['messages']) ? doc['messages'] : [];
  return { format: 'json-array', items: list.map((m, i) => message(`messages[${i}]`, m)) };
}

/** Normalizes one record; undefined for a record that is not an object (the caller makes it a diagnostic). */
export function normalizeItem(item: DocumentItem, opts: NormalizeOptions, h: Head): TraceEvent | undefined {
  switch (item.type) {
    case 'invalid':
      return undefined;
    case 'recording-header':
      return {
        seq: h.seq,
        source: h.src.source,
        line: h.src.line,
        offset: h.src.offset,
        length: h.src.length,
        path: h.path,
        kind: 'meta',
        metaType: 'recording',
        text: item.prompt ? clampText(item.prompt, opts) : 'recording',
        time: item.time,
        ...(item.fields.length > 0 ? { documentFields: documentFields(item.fields, opts) } : {}),
      };
    case 'eval':
      return evalEvent(item.artifact, opts, h);
    case 'message': {
      const value = item.value;
      if (!isObject(value)) return undefined;
      const withTime = item.time !== undefined && !('timestamp' in value) ? { ...value, timestamp: item.time } : value;
      const ccLike = 'parentUuid' in value || 'sessionId' in value;
      return ccLike ? normalizeClaudeCodeLine(withTime, opts, h) : normalizeSdkLine(withTime, opts, h);
    }
  }
}

/** A recording's `metadata` and `result` fields as text: a string as it is, anything else as JSON; long ones clamped. */
function documentFields(fields: readonly (readonly [string, unknown])[], opts: NormalizeOptions): [string, string][] {
  return fields
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => [k, clampText(typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)), opts)]);
}

function evalEvent(a: EvalFields, opts: NormalizeOptions, h: Head): TraceEvent {
  const t = TestResultSchema.safeParse(a.testResult);
  let passed: boolean | undefined;
  let testSummary: string | undefined;
  if (typeof a.testResult === 'boolean') passed = a.testResult;
  else if (t.success) {
    const status = t.data.status?.toLowerCase();
    passed =
      u(t.data.passed) ??
      u(t.data.success) ??
      u(t.data.ok) ??
      (status ? ['pass', 'passed', 'success', 'ok'].includes(status) : undefined);
    testSummary = u(t.data.summary) ?? u(t.data.output) ?? u(t.data.status);
  } else if (typeof a.testResult === 'string') testSummary = a.testResult;
  const diff =
    typeof a.workspaceDiff === 'string'
      ? a.workspaceDiff
      : a.workspaceDiff
        ? JSON.stringify(a.workspaceDiff)
        : undefined;
  const transport =
    typeof a.transportError === 'string'
      ? a.transportError
      : a.transportError
        ? JSON.stringify(a.transportError)
        : undefined;
  return {
    seq: h.seq,
    source: h.src.source,
    line: h.src.line,
    offset: h.src.offset,
    length: h.src.length,
    path: h.path,
    kind: 'eval',
    sessionId: u(a.sessionId),
    passed,
    testSummary: testSummary ? clampText(testSummary, opts) : undefined,
    workspaceDiff: diff ? clampText(diff, { clamp: Math.max(opts.clamp, 65_536) }) : undefined,
    transportError: transport ? clampText(transport, opts) : undefined,
    toolCallCount: a.toolCalls ? a.toolCalls.length : undefined,
  };
}

export function agentMetaEvent(doc: RawObject, opts: NormalizeOptions, h: Head): TraceEvent {
  const r = AgentMetaSchema.safeParse(doc);
  const m = r.success ? r.data : {};
  return {
    seq: h.seq,
    source: h.src.source,
    line: h.src.line,
    offset: h.src.offset,
    length: h.src.length,
    path: h.path,
    kind: 'meta',
    metaType: 'agent-meta',
    text: clampText([u(m.agentType), u(m.description)].filter(Boolean).join(': ') || 'subagent metadata', opts),
    agentMeta: {
      agentType: u(m.agentType),
      description: u(m.description),
      toolUseId: u(m.toolUseId),
      parentAgentId: u(m.parentAgentId),
    },
  };
}
