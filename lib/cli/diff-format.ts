import type { CallDigest, CallPair, Comparison, Mark, Metrics, MetricsDelta, ResponsePair } from '../compare';
import { formatUsd } from '../trace/money';
import { count, cutText, formatInt } from '../trace/text-order';
import { formatDuration } from '../view/rowview';
import { fitTable } from './format';

// `loupe diff` as text: the two runs, the first divergence, the totals side by side with B − A, the aligned responses,
// and the calls of the response where the runs part, A's beside B's. Fitted to `width` columns (80 by default).

/** One character per mark, in the left margin of each aligned row. */
export const MARK_SIGN: Record<Mark, string> = { same: '=', changed: '~', 'only-a': '-', 'only-b': '+' };

/** Responses listed before the table says how many more there are (`--json` has them all). */
const RESPONSE_CAP = 50;
const CALL_CAP = 60;

const signed = (n: number, f: (x: number) => string = formatInt): string =>
  n > 0 ? `+${f(n)}` : n < 0 ? `-${f(-n)}` : f(0);
const signedUsd = (n: number | null, none = 'unknown'): string => (n === null ? none : signed(n, formatUsd));
const signedMs = (n: number | null): string => (n === null ? '—' : n === 0 ? '0' : signed(n, formatDuration));

function cost(m: Metrics): string {
  return m.unpriced.length > 0 ? `${formatUsd(m.computedUsd)}+?` : formatUsd(m.computedUsd);
}

function totalsTable(a: Metrics, b: Metrics, d: MetricsDelta, width: number): string {
  const rows: string[][] = [
    ['', 'A', 'B', 'B − A'],
    ['model calls', formatInt(a.modelCalls), formatInt(b.modelCalls), signed(d.modelCalls)],
    ['input tokens', formatInt(a.input), formatInt(b.input), signed(d.input)],
    ['output tokens', formatInt(a.output), formatInt(b.output), signed(d.output)],
    ['cache write', formatInt(a.cacheWrite), formatInt(b.cacheWrite), signed(d.cacheWrite)],
    ['cache read', formatInt(a.cacheRead), formatInt(b.cacheRead), signed(d.cacheRead)],
    ['cost computed', cost(a), cost(b), signedUsd(d.computedUsd)],
    [
      'cost reported',
      a.reportedUsd === undefined ? '—' : formatUsd(a.reportedUsd),
      b.reportedUsd === undefined ? '—' : formatUsd(b.reportedUsd),
      signedUsd(d.reportedUsd, '—'),
    ],
    [
      'wall time',
      a.wallMs === undefined ? '—' : formatDuration(a.wallMs),
      b.wallMs === undefined ? '—' : formatDuration(b.wallMs),
      signedMs(d.wallMs),
    ],
    ['tool calls', formatInt(a.toolCalls), formatInt(b.toolCalls), signed(d.toolCalls)],
    ['tool errors', formatInt(a.toolErrors), formatInt(b.toolErrors), signed(d.toolErrors)],
    ['denials', formatInt(a.denials), formatInt(b.denials), signed(d.denials)],
  ];
  return fitTable(rows, [0], { width });
}

function callCounts(calls: readonly CallPair[]): string {
  const n = (m: Mark): number => calls.filter((c) => c.mark === m).length;
  return `${n('same')}/${n('changed')}/${n('only-a')}/${n('only-b')}`;
}

function responsesTable(c: Comparison, width: number): string {
  const rows: string[][] = [['', 'A', 'B', '=/~/-/+', 'Δ calls', 'Δ cost', 'prompt']];
  for (const r of c.responses.slice(0, RESPONSE_CAP)) {
    const x = r.a === undefined ? undefined : c.a.responses[r.a];
    const y = r.b === undefined ? undefined : c.b.responses[r.b];
    const prompt = (x ?? y)?.prompt.replace(/\s+/g, ' ').trim() ?? '';
    const other = r.by === 'position' && y ? ` / ${y.prompt.replace(/\s+/g, ' ').trim()}` : '';
    rows.push([
      MARK_SIGN[r.mark],
      x ? String(x.index + 1) : '—',
      y ? String(y.index + 1) : '—',
      callCounts(r.calls),
      signed(r.delta.modelCalls),
      signedUsd(r.delta.computedUsd),
      (prompt || '(no prompt)') + other,
    ]);
  }
  const more = c.responses.length - RESPONSE_CAP;
  return (
    fitTable(rows, [0, 6], { width, shrink: 6 }) +
    (more > 0 ? `\n… ${count(more, 'more response')} (--json lists all)` : '')
  );
}

const callText = (d: CallDigest | undefined): string =>
  d ? `${d.name} ${d.summary}${d.outcome === 'ok' ? '' : ` [${d.outcome}]`}` : '';

/** The calls of one aligned response, A's and B's in two columns. */
function callsSideBySide(c: Comparison, r: ResponsePair, width: number): string {
  const col = Math.max(12, Math.floor((width - 5) / 2));
  const x = r.a === undefined ? undefined : c.a.responses[r.a];
  const y = r.b === undefined ? undefined : c.b.responses[r.b];
  const lines = r.calls.slice(0, CALL_CAP).map((p) => {
    const left = cutText(callText(p.a === undefined ? undefined : x?.calls[p.a]), col).padEnd(col);
    const right = cutText(callText(p.b === undefined ? undefined : y?.calls[p.b]), col);
    return `${MARK_SIGN[p.mark]} ${left} │ ${right}`.trimEnd();
  });
  const more = r.calls.length - CALL_CAP;
  if (more > 0) lines.push(`… ${count(more, 'more call')} (--json lists all)`);
  return lines.length > 0 ? lines.join('\n') : '  (no tool calls on either side)';
}

/** `A  …/project  (2 responses, …)`: the path cut from its start when the line would pass the width. */
function runLine(side: string, r: Comparison['a'], width: number): string {
  const about = `  (${count(r.responses.length, 'response')}, ${count(r.totals.modelCalls, 'model call')}, ${count(r.totals.toolCalls, 'tool call')}; task ${r.verdict.task})`;
  const room = Math.max(12, width - side.length - 2 - about.length);
  // Too long: its last path segments that fit (`…/run-a.jsonl`), else its end.
  const parts = r.name.split('/');
  let name = r.name;
  for (let i = 1; name.length > room && i < parts.length; i++) name = `…/${parts.slice(i).join('/')}`;
  if (name.length > room) name = `…${r.name.slice(r.name.length - room + 1)}`;
  return cutText(`${side}  ${name}${about}`, width);
}

export function formatDiff(c: Comparison, width = 80): string {
  const out = [runLine('A', c.a, width), runLine('B', c.b, width), ''];
  const f = c.firstDivergence;
  out.push(
    f ? `first divergence: ${f.what}` : 'no divergence: the same prompts and the same tool calls, in the same order',
    '',
  );
  out.push(totalsTable(c.totals.a, c.totals.b, c.totals.delta, width), '');
  out.push('responses (= same, ~ changed, - only in A, + only in B; calls =/~/-/+)', responsesTable(c, width));
  const r = f ? c.responses[f.pair] : undefined;
  if (r) {
    const x = r.a === undefined ? undefined : c.a.responses[r.a];
    const y = r.b === undefined ? undefined : c.b.responses[r.b];
    out.push(
      '',
      cutText(
        `calls of response A${x ? x.index + 1 : '—'} / B${y ? y.index + 1 : '—'}, where the runs part (A │ B):`,
        width,
      ),
    );
    out.push(callsSideBySide(c, r, width));
  }
  return out.join('\n');
}
