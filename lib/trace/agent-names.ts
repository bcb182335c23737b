import type { Agent, Trace } from './model/types';

// What an agent lane is called: the spawning Agent/Task call's `name` and `description`, the `.meta.json` sidecar's
// `agentType` and `description`, then the call's `subagent_type`; the id only when nothing better is known, or to
// tell two lanes of the same name apart. One label everywhere: timeline, agent picker, Stats tables, CLI.

export interface AgentNames {
  /** The Agent call's `name` (e.g. `alice`). */
  readonly name?: string;
  readonly description?: string;
  /** `agentType` from the sidecar, or the call's `subagent_type`. */
  readonly type?: string;
  /** The agent id, shortened. */
  readonly shortId: string;
}

const SHORT_ID = 12;

function inputString(trace: Trace, call: number | undefined, key: string): string | undefined {
  const input = call === undefined ? undefined : trace.toolCalls[call]?.input;
  if (typeof input !== 'object' || input === null) return undefined;
  const v: unknown = Reflect.get(input, key);
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

export function agentNames(trace: Trace, a: Agent): AgentNames {
  const id = a.agentId ?? a.parentToolUseId ?? a.key;
  const name = inputString(trace, a.spawnCall, 'name');
  const description = inputString(trace, a.spawnCall, 'description') ?? a.description;
  const type = a.agentType ?? inputString(trace, a.spawnCall, 'subagent_type');
  return {
    ...(name ? { name } : {}),
    ...(description ? { description } : {}),
    ...(type ? { type } : {}),
    shortId: id.length > SHORT_ID ? id.slice(0, SHORT_ID) : id,
  };
}

function baseLabel(trace: Trace, a: Agent): string {
  if (a.kind === 'main')
    return trace.sessions.length > 1 ? `main (${trace.sessions[a.session]?.id.slice(0, 8) ?? '?'})` : 'main';
  if (a.kind === 'compaction') return compactionLabel(trace, a);
  const n = agentNames(trace, a);
  const head = n.name ?? n.type ?? a.kind;
  return n.description ? `${head} · ${n.description}` : `${head} ${n.shortId}`;
}

/** `compaction (auto)`: the model call that summarized the conversation; numbered when a trace has several. */
function compactionLabel(trace: Trace, a: Agent): string {
  const all = trace.agents.filter((x) => x.kind === 'compaction');
  const boundary = a.compactBoundarySeq === undefined ? undefined : trace.events[a.compactBoundarySeq];
  const trigger = boundary?.kind === 'system' ? boundary.compact?.trigger : undefined;
  const n = all.length > 1 ? ` ${all.indexOf(a) + 1}` : '';
  return `compaction${n}${trigger ? ` (${trigger})` : ''}`;
}

const cache = new WeakMap<Trace, readonly string[]>();

/** Labels of all agents, computed once per trace: two lanes with the same label get their ids added. */
export function agentLabels(trace: Trace): readonly string[] {
  const hit = cache.get(trace);
  if (hit) return hit;
  const base = trace.agents.map((a) => baseLabel(trace, a));
  const seen = new Map<string, number>();
  for (const l of base) seen.set(l, (seen.get(l) ?? 0) + 1);
  const labels = trace.agents.map((a, i) => {
    const l = base[i] ?? '?';
    return a.kind !== 'main' && (seen.get(l) ?? 0) > 1 && l.includes(' · ')
      ? `${l} (${agentNames(trace, a).shortId})`
      : l;
  });
  cache.set(trace, labels);
  return labels;
}

export function agentLabel(trace: Trace, index: number): string {
  return agentLabels(trace)[index] ?? '?';
}

const typeCounts = new WeakMap<Trace, ReadonlyMap<string, number>>();

/** How many subagent lanes have each type. */
function lanesOfType(trace: Trace): ReadonlyMap<string, number> {
  const hit = typeCounts.get(trace);
  if (hit) return hit;
  const counts = new Map<string, number>();
  for (const a of trace.agents) {
    const type = a.kind === 'main' || a.kind === 'compaction' ? undefined : agentNames(trace, a).type;
    if (type) counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  typeCounts.set(trace, counts);
  return counts;
}

/** A word `agent:` can take as it is: no spaces. */
const oneWord = (s: string | undefined): s is string => s !== undefined && !/\s/.test(s);

/** The word `agent:` takes for this lane: `main`, its name, its type when no other lane has it, or its id. */
export function agentFilterValue(trace: Trace, index: number): string {
  const a = trace.agents[index];
  if (!a) return '';
  if (a.kind === 'main') return 'main';
  if (a.kind === 'compaction') return 'compaction';
  const n = agentNames(trace, a);
  if (oneWord(n.name)) return n.name;
  if (oneWord(n.type) && lanesOfType(trace).get(n.type) === 1) return n.type;
  return n.shortId;
}

function matchesNow(trace: Trace, a: Agent, v: string): boolean {
  if (v === 'main') return a.kind === 'main';
  const n = agentNames(trace, a);
  const has = (s: string | undefined): boolean => s !== undefined && s.toLowerCase().includes(v);
  return has(agentLabel(trace, a.index)) || has(n.name) || has(n.type) || (a.agentId ?? '').toLowerCase().startsWith(v);
}

const matchCache = new WeakMap<Trace, Map<string, Uint8Array>>();

/** True when `agent:<v>` (lower case) names this lane: main, its name, type, description or label, or its id. */
export function agentMatches(trace: Trace, index: number, v: string): boolean {
  let byValue = matchCache.get(trace);
  if (!byValue) matchCache.set(trace, (byValue = new Map()));
  let hits = byValue.get(v);
  if (!hits) {
    hits = Uint8Array.from(trace.agents, (a) => (matchesNow(trace, a, v) ? 1 : 0));
    byValue.set(v, hits);
  }
  return hits[index] === 1;
}
