import { agentFilterValue, agentLabels, agentNames } from './agent-names';
import { closest } from './closest';
import { EVENT_KINDS, FILTER_KEYS, parseDuration, parseFilter } from './filter';
import type { Trace } from './model/types';

// Checking a filter query against what a trace holds, so a typo is flagged with what was meant instead of quietly
// matching nothing.

const KEYS: readonly string[] = FILTER_KEYS.map((k) => k.key);

/** What the filter can name in one trace: the values of its open-ended properties. */
export interface FilterVocabulary {
  readonly tools: readonly string[];
  readonly models: readonly string[];
  /** What `agent:` matches within: the lanes' labels (`alice · Research the plan`), names and types. */
  readonly agentWords: readonly string[];
  /** …and what it matches the start of: agent ids. */
  readonly agentIds: readonly string[];
  /** The word `agent:` takes for each lane (`main`, `alice`, an id): what to suggest. */
  readonly agentValues: readonly string[];
  readonly sessions: readonly string[];
  /** The highest line number of any file in the trace: `line:` past it matches nothing. */
  readonly lastLine?: number;
}

export function filterVocabulary(trace: Trace): FilterVocabulary {
  const models = new Set<string>();
  for (const t of trace.turns) if (t.model) models.add(t.model);
  for (const e of trace.events) if ((e.kind === 'assistant' || e.kind === 'system') && e.model) models.add(e.model);
  const sub = trace.agents.filter((a) => a.kind !== 'main');
  const words = new Set(agentLabels(trace));
  for (const a of sub) {
    const n = agentNames(trace, a);
    if (n.name) words.add(n.name);
    if (n.type) words.add(n.type);
  }
  return {
    tools: [...new Set(trace.toolCalls.map((c) => c.name))].sort(),
    models: [...models].sort(),
    agentWords: [...words],
    agentIds: [...new Set(sub.flatMap((a) => (a.agentId ? [a.agentId] : [])))],
    agentValues: [...new Set(trace.agents.map((a) => agentFilterValue(trace, a.index)))],
    sessions: trace.sessions.map((s) => s.id),
    lastLine: trace.events.reduce((max, e) => Math.max(max, e.line), 0),
  };
}

/** A term of the query that cannot match as the person meant, with what they probably meant. */
export interface FilterIssue {
  /** The term's place in the query. */
  readonly start: number;
  readonly end: number;
  /** What is wrong, with the term's parts in backticks: "Unknown kind `tool_result`". */
  readonly message: string;
  /** Terms that could take its place, best first: `text` is what to show, `term` what goes in the query. */
  readonly suggestions: readonly { readonly text: string; readonly term: string }[];
  /** The suggestions are near misses ("did you mean"), not just every valid value ("one of"). */
  readonly close: boolean;
}

const termText = (neg: string, key: string, op: string, value: string): string =>
  `${neg}${key}${op}${/\s/.test(value) ? `"${value}"` : value}`;
const lower = (xs: readonly string[]): string[] => xs.map((x) => x.toLowerCase());

/** The terms of a query that name an unknown property or a value nothing in the trace has; empty when all is well. */
export function checkFilter(query: string, vocab: FilterVocabulary): FilterIssue[] {
  const issues: FilterIssue[] = [];
  for (const t of parseFilter(query)) {
    const neg = t.negate ? '-' : '';
    const at = { start: t.start, end: t.end };
    const values = (key: string, op: string, list: readonly string[]) =>
      list.map((v) => ({ text: v, term: termText(neg, key, op, v) }));
    /** An issue for a value of `key`: the closest of `valid`, or (when none is close) all of them up to `max`. */
    const badValue = (key: string, message: string, valid: readonly string[], max = 13) => {
      const near = closest(t.value, valid);
      const list = near.length > 0 ? near : valid.slice(0, max);
      issues.push({ ...at, message, suggestions: values(key, ':', list), close: near.length > 0 });
    };
    if (t.key === undefined) {
      // Quoted text is searched as typed.
      if (query.slice(t.start + neg.length, t.end).startsWith('"')) continue;
      const m = /^([a-z]+)([:<>])(.*)$/is.exec(t.value);
      // A URL or a time of day is text that happens to hold a colon.
      if (!m || /^\/\/|^\d/.test(m[3] ?? '')) continue;
      const [, key = '', op = ':', value = ''] = m;
      const known = FILTER_KEYS.find((k) => k.key === key.toLowerCase());
      if (known) {
        const list = known.values ?? openValues(known.key, vocab);
        issues.push({
          ...at,
          message: `\`${key}${op}\` needs a value`,
          suggestions: values(known.key, op, list.slice(0, 13)),
          close: false,
        });
        continue;
      }
      const near = closest(key, [...KEYS]);
      issues.push({
        ...at,
        message: `Unknown property \`${key}\` (searched as text)`,
        suggestions: (near.length > 0 ? near : [...KEYS]).map((k) => ({
          text: `${k}${op}`,
          term: termText(neg, k, op, value),
        })),
        close: near.length > 0,
      });
      continue;
    }
    const v = t.value.toLowerCase();
    const key = t.key;
    if (t.op !== ':' && key !== 'dur') {
      issues.push({
        ...at,
        message: `\`${key}${t.op}\` does not compare: only \`dur\` takes > or <`,
        suggestions: values(key, ':', [t.value]),
        close: true,
      });
      continue;
    }
    if (v === '' && key !== 'dur') {
      const list = FILTER_KEYS.find((k) => k.key === key)?.values ?? openValues(key, vocab);
      issues.push({
        ...at,
        message: `\`${key}:\` needs a value`,
        suggestions: values(key, ':', list.slice(0, 13)),
        close: false,
      });
      continue;
    }
    switch (key) {
      case 'kind':
        if (!EVENT_KINDS.some((k) => k === v || (v.length >= 3 && k.startsWith(v))))
          badValue(key, `Unknown kind \`${t.value}\``, EVENT_KINDS);
        break;
      case 'status':
      case 'has': {
        const valid = FILTER_KEYS.find((k) => k.key === key)?.values ?? [];
        if (!valid.includes(v)) badValue(key, `Unknown ${key} \`${t.value}\``, valid);
        break;
      }
      case 'decision':
        if (!v.startsWith('allow') && !v.startsWith('den') && v !== 'unknown')
          badValue(key, `Unknown decision \`${t.value}\``, ['allow', 'deny', 'unknown']);
        break;
      case 'dur':
        if (parseDuration(t.value) === undefined)
          issues.push({
            ...at,
            message: `\`${t.value || '(nothing)'}\` is not a duration`,
            suggestions: ['dur>5s', 'dur<200ms', 'dur>1m'].map((x) => ({ text: x, term: `${neg}${x}` })),
            close: false,
          });
        break;
      case 'line':
        if (!/^\d+$/.test(v))
          issues.push({
            ...at,
            message: `\`line:\` takes a line number, not \`${t.value}\``,
            suggestions: [],
            close: false,
          });
        else if (vocab.lastLine !== undefined && (Number(v) < 1 || Number(v) > vocab.lastLine))
          issues.push({
            ...at,
            message: `No line ${v} in this trace: its files have lines 1 to ${vocab.lastLine}`,
            suggestions: [],
            close: false,
          });
        break;
      case 'tool':
        if (vocab.tools.length === 0)
          issues.push({ ...at, message: 'No tool calls in this trace', suggestions: [], close: false });
        else if (!lower(vocab.tools).some((n) => n === v || n.startsWith(v)))
          badValue(key, `No tool \`${t.value}\` in this trace`, vocab.tools, 8);
        break;
      case 'model':
        if (!lower(vocab.models).some((n) => n.includes(v)))
          badValue(key, `No model \`${t.value}\` in this trace`, vocab.models, 8);
        break;
      case 'agent':
        // As `agentMatches` reads it: within a label, name or type, or at the start of an id.
        if (
          v !== 'main' &&
          !lower(vocab.agentWords).some((n) => n.includes(v)) &&
          !lower(vocab.agentIds).some((n) => n.startsWith(v))
        )
          badValue(key, `No agent \`${t.value}\` in this trace`, openValues('agent', vocab), 8);
        break;
      case 'session':
        if (!lower(vocab.sessions).some((n) => n.startsWith(v)))
          badValue(key, `No session \`${t.value}\` in this trace`, openValues('session', vocab), 8);
        break;
    }
  }
  return issues;
}

/** The values a property without a fixed set takes in this trace, as the filter would write them. */
function openValues(key: string, vocab: FilterVocabulary): readonly string[] {
  switch (key) {
    case 'tool':
      return vocab.tools;
    case 'model':
      return vocab.models;
    case 'agent':
      return [...new Set([...vocab.agentValues, ...vocab.agentWords.filter((w) => !/\s/.test(w))])];
    case 'session':
      return vocab.sessions.map((id) => id.slice(0, 8));
    default:
      return [];
  }
}
