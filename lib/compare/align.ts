import { diffArrays } from 'diff';
import type { CallDigest, RunDigest } from './digest';
import { deltaOf, type Metrics, type MetricsDelta } from './metrics';

// Two runs lined up: responses by prompt (the same prompt text, else the same position among those left over), then
// the tool calls inside each pair of responses by a Myers alignment (the `diff` package's `diffArrays`) over their
// signatures (tool name + normalized input). Calls left over between matches are paired by tool name (a second
// alignment over the names: the same tool asked for something else), and the rest are one side's only.

export type Mark = 'same' | 'changed' | 'only-a' | 'only-b';

/** Indices into the two responses' `calls`. */
export interface CallPair {
  readonly a?: number;
  readonly b?: number;
  readonly mark: Mark;
  /** What differs, for a changed pair: `input`, `outcome ok → error`. */
  readonly why?: string;
}

/** Indices into the two runs' `responses`. */
export interface ResponsePair {
  readonly a?: number;
  readonly b?: number;
  readonly mark: Mark;
  /** How the two were paired: by the same prompt, or by position where the prompts differ. */
  readonly by: 'prompt' | 'position' | 'one side';
  readonly calls: readonly CallPair[];
  readonly delta: MetricsDelta;
}

export interface Divergence {
  /** Index into `responses`, and into its `calls` when a call is where the runs part. */
  readonly pair: number;
  readonly call?: number;
  /** In words: where and how the runs part. */
  readonly what: string;
}

export interface Comparison {
  readonly a: RunDigest;
  readonly b: RunDigest;
  readonly responses: readonly ResponsePair[];
  readonly firstDivergence: Divergence | null;
  readonly totals: { readonly a: Metrics; readonly b: Metrics; readonly delta: MetricsDelta };
}

type Step = { readonly kind: 'equal'; readonly a: number; readonly b: number } | { readonly kind: 'gap'; readonly as: number[]; readonly bs: number[] };

/**
 * Myers over the keys (interned to numbers, so each comparison is one `===`): runs of equal keys, and between them
 * the gaps (what A has there, what B has there). O((N+M)·D) for D differences: linear for runs that mostly agree.
 */
export function alignKeys(a: readonly string[], b: readonly string[]): Step[] {
  const ids = new Map<string, number>();
  const id = (k: string): number => {
    let n = ids.get(k);
    if (n === undefined) ids.set(k, (n = ids.size));
    return n;
  };
  const changes = diffArrays(a.map(id), b.map(id));
  const out: Step[] = [];
  let i = 0;
  let j = 0;
  let gap: { kind: 'gap'; as: number[]; bs: number[] } | undefined;
  for (const c of changes) {
    if (!c.added && !c.removed) {
      gap = undefined;
      for (let k = 0; k < c.count; k++) out.push({ kind: 'equal', a: i++, b: j++ });
      continue;
    }
    if (!gap) out.push((gap = { kind: 'gap', as: [], bs: [] }));
    for (let k = 0; k < c.count; k++) (c.removed ? gap.as : gap.bs).push(c.removed ? i++ : j++);
  }
  return out;
}

function alignCalls(a: readonly CallDigest[], b: readonly CallDigest[]): CallPair[] {
  const out: CallPair[] = [];
  for (const s of alignKeys(
    a.map((c) => c.signature),
    b.map((c) => c.signature),
  )) {
    if (s.kind === 'equal') {
      const x = a[s.a];
      const y = b[s.b];
      const same = x?.outcome === y?.outcome;
      out.push({ a: s.a, b: s.b, mark: same ? 'same' : 'changed', ...(same ? {} : { why: `outcome ${x?.outcome ?? '?'} → ${y?.outcome ?? '?'}` }) });
      continue;
    }
    // The gap: the same tool asked for something else is a changed call; the rest belong to one side.
    const names = alignKeys(
      s.as.map((i) => a[i]?.name ?? ''),
      s.bs.map((j) => b[j]?.name ?? ''),
    );
    for (const n of names) {
      if (n.kind === 'equal') out.push({ a: s.as[n.a] ?? -1, b: s.bs[n.b] ?? -1, mark: 'changed', why: 'input' });
      else {
        for (const i of n.as) out.push({ a: s.as[i] ?? -1, mark: 'only-a' });
        for (const j of n.bs) out.push({ b: s.bs[j] ?? -1, mark: 'only-b' });
      }
    }
  }
  return out;
}

function pairOf(a: RunDigest, b: RunDigest, i: number | undefined, j: number | undefined, by: ResponsePair['by']): ResponsePair {
  const x = i === undefined ? undefined : a.responses[i];
  const y = j === undefined ? undefined : b.responses[j];
  const calls = alignCalls(x?.calls ?? [], y?.calls ?? []);
  const mark: Mark = !x ? 'only-b' : !y ? 'only-a' : x.promptKey === y.promptKey && calls.every((c) => c.mark === 'same') ? 'same' : 'changed';
  return { ...(i !== undefined ? { a: i } : {}), ...(j !== undefined ? { b: j } : {}), mark, by, calls, delta: deltaOf(x?.metrics, y?.metrics) };
}

/** The two runs lined up, with the first place they part and the deltas per response and in total. */
export function compareRuns(a: RunDigest, b: RunDigest): Comparison {
  const responses: ResponsePair[] = [];
  for (const s of alignKeys(
    a.responses.map((r) => r.promptKey),
    b.responses.map((r) => r.promptKey),
  )) {
    if (s.kind === 'equal') {
      responses.push(pairOf(a, b, s.a, s.b, 'prompt'));
      continue;
    }
    // Prompts that differ: paired by their position in the gap, the rest one side's only.
    const n = Math.max(s.as.length, s.bs.length);
    for (let k = 0; k < n; k++) {
      const i = s.as[k];
      const j = s.bs[k];
      responses.push(pairOf(a, b, i, j, i !== undefined && j !== undefined ? 'position' : 'one side'));
    }
  }
  return {
    a,
    b,
    responses,
    firstDivergence: firstDivergence(a, b, responses),
    totals: { a: a.totals, b: b.totals, delta: deltaOf(a.totals, b.totals) },
  };
}

/** Every place that differs, in order: a response pair (`call` absent when its prompts differ or it is one side's) or a call pair. */
export function differences(responses: readonly ResponsePair[]): { readonly pair: number; readonly call?: number }[] {
  const out: { pair: number; call?: number }[] = [];
  responses.forEach((r, pair) => {
    if (r.mark === 'same') return;
    if (r.mark !== 'changed' || r.by === 'position') out.push({ pair });
    r.calls.forEach((c, call) => {
      if (c.mark !== 'same') out.push({ pair, call });
    });
  });
  return out;
}

const quote = (s: string, n = 60): string => {
  const one = s.replace(/\s+/g, ' ').trim();
  return `"${one.length > n ? `${one.slice(0, n - 1)}…` : one}"`;
};

function callName(c: CallDigest | undefined): string {
  return c ? `${c.name} #${c.index + 1}` : '?';
}

function firstDivergence(a: RunDigest, b: RunDigest, responses: readonly ResponsePair[]): Divergence | null {
  const first = differences(responses)[0];
  if (!first) return null;
  const r = responses[first.pair];
  if (!r) return null;
  const x = r.a === undefined ? undefined : a.responses[r.a];
  const y = r.b === undefined ? undefined : b.responses[r.b];
  const where = `response ${x ? `A${x.index + 1}` : '—'} / ${y ? `B${y.index + 1}` : '—'}`;
  if (first.call === undefined) {
    const what = !x
      ? `only B has response ${(y?.index ?? 0) + 1} (${quote(y?.prompt ?? '')})`
      : !y
        ? `only A has response ${x.index + 1} (${quote(x.prompt)})`
        : `${where}: the prompts differ (${quote(x.prompt, 30)} vs ${quote(y.prompt, 30)})`;
    return { pair: first.pair, what };
  }
  const c = r.calls[first.call];
  const ca = c?.a === undefined ? undefined : x?.calls[c.a];
  const cb = c?.b === undefined ? undefined : y?.calls[c.b];
  const what =
    c?.mark === 'only-a'
      ? `${where}: A calls ${callName(ca)} where B does not`
      : c?.mark === 'only-b'
        ? `${where}: B calls ${callName(cb)} where A does not`
        : `${where}: ${callName(ca)} vs ${callName(cb)}, ${c?.why === 'input' ? 'the input differs' : (c?.why ?? 'they differ')}`;
  return { pair: first.pair, call: first.call, what };
}
