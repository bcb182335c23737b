import type { ToolCall, Trace, Turn } from '../trace/model/types';
import { costOf, DEFAULT_PRICES, type PriceTable } from '../trace/pricing/pricing';
import { agentLabel, computeStats, countedTurns, round6 } from '../trace/stats';
import { responseRows } from '../trace/turns';
import { inputSummary } from '../trace/describe';
import { withMedia } from '../trace/media';
import { cutText } from '../trace/text-order';
import { verdictOf } from '../trace/verdict';
import { emptyMetrics, type Metrics } from './metrics';
import { hash53, inputText, signatureOf } from './signature';

// What one run brings to a comparison: its responses (prompt, metrics, tool calls with their signatures) and totals.
// Small and plain (structured-cloned out of a trace worker); the alignment needs nothing else.

/** How long a prompt, an input or a result is kept for showing; signatures are taken over the whole input. */
const PROMPT_CHARS = 2000;
const INPUT_CHARS = 4000;
const RESULT_CHARS = 2000;
const SUMMARY_CHARS = 200;

export type CallOutcome = 'ok' | 'error' | 'denied' | 'no result';

export interface CallDigest {
  /** `ToolCall.index`: its number in request-time order across the run. */
  readonly index: number;
  /** The tool_use id, which finds the call among its line's (`details`). */
  readonly id: string;
  readonly name: string;
  readonly agent: string;
  /** The input in one line (its command, path or pattern), cut for showing. */
  readonly summary: string;
  /** Tool name and a hash of the normalized input: equal signatures are the same call. */
  readonly signature: string;
  /** The input as pretty JSON (keys sorted), cut for showing. */
  readonly input: string;
  readonly outcome: CallOutcome;
  readonly result?: string;
  /** The request line's event seq: the details of the call, asked of the run's worker. */
  readonly requestSeq: number;
}

export interface ResponseDigest {
  readonly index: number;
  /**
   * The prompt's text, cut for showing, its images and documents named first by their figures (`[image/png 512x512,
   * 5 KB] what is this?`, never their data): they are part of what was asked. `''` for a response opened by no prompt.
   */
  readonly prompt: string;
  /** A hash of the whole prompt with its media's figures, whitespace-normalized: equal keys are the same prompt. */
  readonly promptKey: string;
  readonly promptSeq?: number;
  readonly end: string;
  readonly metrics: Metrics;
  readonly calls: readonly CallDigest[];
}

export interface VerdictDigest {
  readonly protocol: string;
  readonly task: 'passed' | 'failed' | 'unknown';
  readonly failure?: string;
  readonly reason: string;
  readonly results: readonly string[];
}

export interface RunDigest {
  readonly name: string;
  readonly sources: readonly string[];
  readonly responses: readonly ResponseDigest[];
  readonly totals: Metrics;
  readonly verdict: VerdictDigest;
}

const normalizeText = (s: string): string => s.replace(/\s+/g, ' ').trim();

function outcomeOf(c: ToolCall): CallOutcome {
  if (c.permission === 'denied') return 'denied';
  if (!c.result) return 'no result';
  return c.result.isError ? 'error' : 'ok';
}

function callDigest(trace: Trace, c: ToolCall): CallDigest {
  return {
    index: c.index,
    id: c.id,
    name: c.name,
    agent: agentLabel(trace, c.agent),
    summary: cutText(inputSummary(c.input).replace(/\s+/g, ' ').trim(), SUMMARY_CHARS),
    signature: signatureOf(c.name, c.input),
    input: cutText(inputText(c.input), INPUT_CHARS),
    outcome: outcomeOf(c),
    ...(c.result ? { result: cutText(c.result.text, RESULT_CHARS) } : {}),
    requestSeq: c.requestSeq,
  };
}

function addTurn(m: Metrics, t: Turn, prices: PriceTable, unpriced: Set<string>): void {
  const u = t.usage;
  if (!u) return;
  m.modelCalls += 1;
  m.input += u.input;
  m.output += u.output;
  m.cacheWrite += u.cacheCreation;
  m.cacheRead += u.cacheRead;
  const cost = costOf(u, t.model, prices);
  if (!cost.priced) unpriced.add(t.model ?? '(no model)');
  m.computedUsd += cost.usd;
}

function addCall(m: Metrics, c: CallDigest): void {
  m.toolCalls += 1;
  if (c.outcome === 'error') m.toolErrors += 1;
  if (c.outcome === 'denied') m.denials += 1;
}

/** The run's digest: one entry per response (in the model's order), with its calls in request order. */
export function digestOf(trace: Trace, name: string, prices: PriceTable = DEFAULT_PRICES): RunDigest {
  const rows = responseRows(trace, prices);
  const metrics = trace.responses.map(() => emptyMetrics());
  const unpriced = trace.responses.map(() => new Set<string>());
  for (const t of countedTurns(trace)) {
    const m = metrics[t.response];
    const u = unpriced[t.response];
    if (m && u) addTurn(m, t, prices, u);
  }
  const calls: CallDigest[][] = trace.responses.map(() => []);
  for (const c of [...trace.toolCalls].sort((x, y) => x.index - y.index)) {
    const r = trace.turns[c.turn]?.response ?? -1;
    calls[r]?.push(callDigest(trace, c));
  }
  const responses = trace.responses.map((r, i): ResponseDigest => {
    const m = metrics[i] ?? emptyMetrics();
    for (const c of calls[i] ?? []) addCall(m, c);
    const row = rows[i];
    if (row?.durationMs !== undefined) m.wallMs = row.durationMs;
    // Already the response's own share: the step from the session's previous result where results are running totals.
    if (row?.reportedUsd !== undefined) m.reportedUsd = round6(row.reportedUsd);
    m.computedUsd = round6(m.computedUsd);
    m.unpriced = [...(unpriced[i] ?? [])].sort();
    const p = r.promptSeq === undefined ? undefined : trace.events[r.promptSeq];
    const text = p?.kind === 'user' ? withMedia(p.text, p.media, 'first') : '';
    return {
      index: r.index,
      prompt: cutText(text, PROMPT_CHARS),
      promptKey: hash53(normalizeText(text)),
      ...(r.promptSeq !== undefined ? { promptSeq: r.promptSeq } : {}),
      end: r.end,
      metrics: m,
      calls: calls[i] ?? [],
    };
  });
  return {
    name,
    sources: trace.sources.map((s) => s.name),
    responses,
    totals: totalsOf(trace, prices),
    verdict: verdictDigest(trace),
  };
}

function totalsOf(trace: Trace, prices: PriceTable): Metrics {
  const s = computeStats(trace, prices);
  return {
    modelCalls: s.apiMessages,
    input: s.tokens.input,
    output: s.tokens.output,
    cacheWrite: s.tokens.cacheCreation,
    cacheRead: s.tokens.cacheRead,
    computedUsd: s.cost.computedUsd,
    unpriced: [...s.cost.unpricedModels],
    ...(s.cost.reportedUsd !== null ? { reportedUsd: s.cost.reportedUsd } : {}),
    ...(s.durationMs !== undefined ? { wallMs: s.durationMs } : {}),
    toolCalls: s.toolCalls.requested,
    // As each response counts them (`outcomeOf`): a denied call's error result is its denial, not also an error.
    toolErrors: trace.toolCalls.filter((c) => outcomeOf(c) === 'error').length,
    denials: s.toolCalls.denied,
  };
}

function verdictDigest(trace: Trace): VerdictDigest {
  const v = verdictOf(trace);
  return {
    protocol: v.protocol.status,
    task: v.task.status,
    ...(v.task.failure ? { failure: v.task.failure } : {}),
    reason: v.task.reason,
    results: v.results.map((r) => `${r.subtype}${r.isError ? ' (is_error)' : ''}`),
  };
}
