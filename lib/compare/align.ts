import { diffArrays } from 'diff';
import type { CallDigest, RunDigest } from './digest';
import { deltaOf, type Metrics, type MetricsDelta } from './metrics';

// Two runs lined up: responses by prompt (the same prompt text, else the same position among those left over), then
// the tool calls inside each pair of responses by a sequence alignment (keys unique to both anchor it, the `diff`
// package's Myers `diffArrays` aligns between anchors) over their signatures (tool name + normalized input). Calls left over between matches are paired by tool name (a second
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

type Step =
  | { readonly kind: 'equal'; readonly a: number; readonly b: number }
  | { readonly kind: 'gap'; readonly as: number[]; readonly bs: number[] };

/** Indices of the longest strictly increasing subsequence of `xs` (patience sorting, O(n log n)). */
function increasing(xs: readonly number[]): number[] {
  const tails: number[] = [];
  const prev: number[] = new Array<number>(xs.length).fill(-1);
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i] ?? 0;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((xs[tails[mid] ?? 0] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1] ?? -1;
    tails[lo] = i;
  }
  const out: number[] = [];
  for (let i = tails[tails.length - 1] ?? -1; i >= 0; i = prev[i] ?? -1) out.push(i);
  return out.reverse();
}

/**
 * Anchors: the keys that occur exactly once in each run, kept where their order agrees (patience diff). Runs that
 * differ in a share of their entries would cost Myers O(N·D), quadratic; between anchors the gaps are short.
 */
function anchors(a: readonly number[], b: readonly number[]): [number, number][] {
  const seen = new Map<number, { a: number; ai: number; b: number; bi: number }>();
  a.forEach((k, i) => {
    const s = seen.get(k);
    if (s) s.a += 1;
    else seen.set(k, { a: 1, ai: i, b: 0, bi: -1 });
  });
  b.forEach((k, j) => {
    const s = seen.get(k);
    if (!s) return;
    s.b += 1;
    s.bi = j;
  });
  const pairs: [number, number][] = [];
  for (const s of seen.values()) if (s.a === 1 && s.b === 1) pairs.push([s.ai, s.bi]);
  pairs.sort((x, y) => x[0] - y[0]);
  return increasing(pairs.map((p) => p[1])).map((i) => pairs[i] ?? [0, 0]);
}

/** Myers (the `diff` package's `diffArrays`) over a slice of each run, its steps appended to `out`. */
function myers(
  a: readonly number[],
  b: readonly number[],
  a0: number,
  a1: number,
  b0: number,
  b1: number,
  out: Step[],
): void {
  if (a0 === a1 && b0 === b1) return;
  let i = a0;
  let j = b0;
  let gap: { kind: 'gap'; as: number[]; bs: number[] } | undefined;
  const last = out[out.length - 1];
  if (last?.kind === 'gap') gap = last;
  for (const c of diffArrays(a.slice(a0, a1), b.slice(b0, b1))) {
    if (!c.added && !c.removed) {
      gap = undefined;
      for (let k = 0; k < c.count; k++) out.push({ kind: 'equal', a: i++, b: j++ });
      continue;
    }
    if (!gap) out.push((gap = { kind: 'gap', as: [], bs: [] }));
    for (let k = 0; k < c.count; k++) (c.removed ? gap.as : gap.bs).push(c.removed ? i++ : j++);
  }
}

/**
 * The two key sequences lined up: runs of equal keys, and between them the gaps (what A has there, what B has there).
 * Keys are interned to numbers (each comparison one `===`); keys unique to both sides anchor the alignment where
 * their order agrees, and Myers aligns what lies between anchors, so runs that mostly agree align in near-linear time.
 */
export function alignKeys(keysA: readonly string[], keysB: readonly string[]): Step[] {
  // The common case, two runs that agree here: no interning, no anchors, no Myers.
  if (keysA.length === keysB.length && keysA.every((k, i) => k === keysB[i]))
    return keysA.map((_, i) => ({ kind: 'equal', a: i, b: i }));
  const ids = new Map<string, number>();
  const id = (k: string): number => {
    let n = ids.get(k);
    if (n === undefined) ids.set(k, (n = ids.size));
    return n;
  };
  const a = keysA.map(id);
  const b = keysB.map(id);
  const out: Step[] = [];
  let i = 0;
  let j = 0;
  for (const [ai, bi] of anchors(a, b)) {
    myers(a, b, i, ai, j, bi, out);
    out.push({ kind: 'equal', a: ai, b: bi });
    i = ai + 1;
    j = bi + 1;
  }
  myers(a, b, i, a.length, j, b.length, out);
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
      out.push({
        a: s.a,
        b: s.b,
        mark: same ? 'same' : 'changed',
        ...(same ? {} : { why: `outcome ${x?.outcome ?? '?'} → ${y?.outcome ?? '?'}` }),
      });
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

function pairOf(
  a: RunDigest,
  b: RunDigest,
  i: number | undefined,
  j: number | undefined,
  by: ResponsePair['by'],
): ResponsePair {
  const x = i === undefined ? undefined : a.responses[i];
  const y = j === undefined ? undefined : b.responses[j];
  const calls = alignCalls(x?.calls ?? [], y?.calls ?? []);
  const mark: Mark = !x
    ? 'only-b'
    : !y
      ? 'only-a'
      : x.promptKey === y.promptKey && calls.every((c) => c.mark === 'same')
        ? 'same'
        : 'changed';
  return {
    ...(i !== undefined ? { a: i } : {}),
    ...(j !== undefined ? { b: j } : {}),
    mark,
    by,
    calls,
    delta: deltaOf(x?.metrics, y?.metrics),
  };
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

/** Every place that differs, in order: a response pair (`call` absent: its prompts differ, or one run lacks it) or a call pair. */
export function differences(responses: readonly ResponsePair[]): { readonly pair: number; readonly call?: number }[] {
  const out: { pair: number; call?: number }[] = [];
  responses.forEach((r, pair) => {
    if (r.mark === 'same') return;
    // A response one run lacks is one difference, not one per call it made.
    if (r.mark !== 'changed') return void out.push({ pair });
    if (r.by === 'position') out.push({ pair });
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
