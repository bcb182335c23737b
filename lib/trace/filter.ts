import { agentMatches } from './agent-names';
import { searchText, summarize, toolCallsOf, toolNamesOf } from './describe';
import { changesFile } from './model/derived-effects';
import type { Trace } from './model/types';
import type { EventKind, TraceEvent } from './types';

/** One term of the filter language: `key:value`, `-key:value`, `dur>5s`, or free text. */
export interface FilterTerm {
  readonly key?: string;
  readonly op: ':' | '>' | '<';
  readonly value: string;
  readonly negate: boolean;
  /** Where the term is in the query: `query.slice(start, end)` is what was typed. */
  readonly start: number;
  readonly end: number;
}

export const EVENT_KINDS: readonly EventKind[] = [
  'user',
  'assistant',
  'tool-result',
  'stream',
  'result',
  'system',
  'permission-denied',
  'hook',
  'progress',
  'control',
  'meta',
  'eval',
  'unknown',
];

/** The filter's property names, with their values where they are a fixed set: what the filter box completes. */
export const FILTER_KEYS: readonly {
  readonly key: string;
  readonly help: string;
  readonly values?: readonly string[];
}[] = [
  { key: 'kind', help: 'event kind', values: EVENT_KINDS },
  { key: 'tool', help: 'tool name (Bash, Edit, …)' },
  {
    key: 'status',
    help: 'error, ok, denied, incomplete, interrupted',
    values: ['error', 'ok', 'denied', 'incomplete', 'interrupted'],
  },
  { key: 'decision', help: 'permission decision of the tool call', values: ['allow', 'deny', 'unknown'] },
  { key: 'agent', help: 'main, or a subagent’s name, type, description or id' },
  { key: 'model', help: 'model id (substring)' },
  {
    key: 'has',
    help: 'diff, error, thinking, image, document, usage, stream',
    values: ['diff', 'error', 'thinking', 'image', 'document', 'usage', 'stream'],
  },
  { key: 'dur', help: 'duration, e.g. dur>5s, dur<200ms' },
  { key: 'session', help: 'session id prefix' },
  { key: 'line', help: 'source line number' },
];

const KEYS = new Set(FILTER_KEYS.map((k) => k.key));

/** Splits the query into terms; quoted phrases stay whole. Unknown keys become free text. */
export function parseFilter(query: string): FilterTerm[] {
  const terms: FilterTerm[] = [];
  const re = /(-?)(?:([a-z]+)([:<>]))?("([^"]*)"|\S+)/gi;
  for (const m of query.matchAll(re)) {
    const negate = m[1] === '-';
    const key = m[2]?.toLowerCase();
    const op = m[3];
    const raw = m[5] ?? m[4] ?? '';
    const at = { start: m.index, end: m.index + m[0].length };
    if (key && (op === ':' || op === '>' || op === '<') && KEYS.has(key))
      terms.push({ key, op, value: raw, negate, ...at });
    else terms.push({ op: ':', value: `${key ? `${m[2] ?? ''}${op ?? ''}` : ''}${raw}`, negate, ...at });
  }
  return terms;
}

export function parseDuration(v: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(v.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  return m[2] === 'ms' ? n : m[2] === 'm' ? n * 60_000 : n * 1000;
}

const changesFileAt = (trace: Trace, c: number): boolean => {
  const call = trace.toolCalls[c];
  return call !== undefined && changesFile(call);
};

/** Facts about an event the filter needs from the model. */
interface EventFacts {
  readonly calls: readonly number[];
}

function durationOf(e: TraceEvent, trace: Trace, facts: EventFacts): number | undefined {
  for (const ci of facts.calls) {
    const c = trace.toolCalls[ci];
    if (c?.requestedAt !== undefined && c.result?.time !== undefined) return c.result.time - c.requestedAt;
  }
  if (e.kind === 'result') return e.durationMs;
  if (e.kind === 'system') return e.durationMs;
  return trace.turns[trace.eventTurn[e.seq] ?? -1]?.durationMs;
}

function isError(e: TraceEvent): boolean {
  switch (e.kind) {
    case 'tool-result':
      return e.results.some((r) => r.isError);
    case 'result':
      return e.isError || e.subtype.startsWith('error');
    case 'assistant':
      return e.synthetic || e.error !== undefined;
    case 'stream':
      return e.event === 'error';
    case 'hook':
      return e.outcome === 'error' || e.outcome === 'blocked';
    case 'permission-denied':
    case 'unknown':
      return true;
    case 'control':
      return e.error !== undefined;
    case 'eval':
      return e.passed === false || e.transportError !== undefined;
    default:
      return false;
  }
}

function matchTerm(t: FilterTerm, e: TraceEvent, trace: Trace, facts: EventFacts): boolean {
  const v = t.value.toLowerCase();
  switch (t.key) {
    case undefined:
      return v === '' || summarize(e).toLowerCase().includes(v) || searchText(e).toLowerCase().includes(v);
    case 'kind':
      return e.kind === v || (v.length >= 3 && e.kind.startsWith(v));
    case 'tool':
      return toolNamesOf(e, trace).some((n) => n.toLowerCase() === v || n.toLowerCase().startsWith(v));
    case 'status': {
      if (v === 'error') return isError(e);
      if (v === 'ok') return !isError(e);
      if (v === 'denied')
        return e.kind === 'permission-denied' || facts.calls.some((c) => trace.toolCalls[c]?.permission === 'denied');
      if (v === 'incomplete') return trace.turns[trace.eventTurn[e.seq] ?? -1]?.stream?.verdict === 'incomplete';
      if (v === 'interrupted') return trace.responses[trace.eventResponse[e.seq] ?? -1]?.end === 'interrupted';
      return false;
    }
    case 'decision': {
      // A value the box flags as unknown matches nothing, as an unknown status does (not the calls with no decision).
      const want = v.startsWith('allow')
        ? 'allowed'
        : v.startsWith('den')
          ? 'denied'
          : v === 'unknown'
            ? 'unknown'
            : undefined;
      return want !== undefined && facts.calls.some((c) => trace.toolCalls[c]?.permission === want);
    }
    case 'agent': {
      const a = trace.agents[trace.eventAgent[e.seq] ?? -1];
      if (!a) return false;
      return agentMatches(trace, a.index, v);
    }
    case 'model': {
      const t2 = trace.turns[trace.eventTurn[e.seq] ?? -1];
      const model =
        (e.kind === 'assistant' ? e.model : undefined) ??
        t2?.model ??
        (e.kind === 'system' ? e.model : undefined) ??
        '';
      return model.toLowerCase().includes(v);
    }
    case 'has':
      if (v === 'diff')
        return facts.calls.some((c) => changesFileAt(trace, c)) || (e.kind === 'eval' && e.workspaceDiff !== undefined);
      if (v === 'error') return isError(e);
      if (v === 'thinking')
        return e.kind === 'assistant' && e.blocks.some((b) => b.type === 'thinking' || b.type === 'redacted_thinking');
      if (v === 'image')
        return (
          (e.kind === 'user' && e.images > 0) ||
          (e.kind === 'tool-result' && e.results.some((r) => r.images > 0)) ||
          (e.kind === 'assistant' && e.blocks.some((b) => b.type === 'image'))
        );
      if (v === 'document')
        return (
          (e.kind === 'user' && (e.media ?? []).some((m) => m.kind === 'document')) ||
          (e.kind === 'tool-result' && e.results.some((r) => (r.media ?? []).some((m) => m.kind === 'document'))) ||
          (e.kind === 'assistant' && e.blocks.some((b) => b.type === 'document'))
        );
      if (v === 'usage')
        return (e.kind === 'assistant' && e.usage !== undefined) || (e.kind === 'stream' && e.usage !== undefined);
      if (v === 'stream') return trace.turns[trace.eventTurn[e.seq] ?? -1]?.stream !== undefined;
      return false;
    case 'dur': {
      const limit = parseDuration(t.value);
      const d = durationOf(e, trace, facts);
      if (limit === undefined || d === undefined) return false;
      return t.op === '<' ? d < limit : t.op === '>' ? d > limit : d === limit;
    }
    case 'session':
      return (e.sessionId ?? trace.sessions[trace.agents[trace.eventAgent[e.seq] ?? -1]?.session ?? -1]?.id ?? '')
        .toLowerCase()
        .startsWith(v);
    case 'line':
      return String(e.line) === v;
    default:
      return false;
  }
}

/** Compiles a query into a predicate over events. All terms must match (negated ones must not). */
export function compileFilter(query: string, trace: Trace): ((e: TraceEvent) => boolean) | undefined {
  const terms = parseFilter(query);
  if (terms.length === 0) return undefined;
  return (e) => {
    const facts: EventFacts = { calls: toolCallsOf(e, trace) };
    for (const t of terms) if (matchTerm(t, e, trace, facts) === t.negate) return false;
    return true;
  };
}

/** Completion for the word being typed: property names, then their values. */
export function completeFilter(word: string): string[] {
  const neg = word.startsWith('-') ? '-' : '';
  const w = word.slice(neg.length).toLowerCase();
  const colon = w.indexOf(':');
  if (colon < 0) return FILTER_KEYS.filter((k) => k.key.startsWith(w)).map((k) => `${neg}${k.key}:`);
  const key = FILTER_KEYS.find((k) => k.key === w.slice(0, colon));
  const prefix = w.slice(colon + 1);
  return (key?.values ?? []).filter((v) => v.startsWith(prefix)).map((v) => `${neg}${key?.key ?? ''}:${v}`);
}
